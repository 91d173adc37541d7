// One temporary directory per e2e run: the servers' data directories and pid files go in it, and
// global-setup's teardown kills whatever is left and removes it, whatever happened to the tests.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const SERVER_PID_SUFFIX = '.server-pid';

export function createRunDir(): string {
  return mkdtempSync(join(tmpdir(), 'expediente-e2e-'));
}

export function removeRunDir(runDir: string): void {
  let entries: string[];
  try {
    entries = readdirSync(runDir);
  } catch {
    return;
  }
  for (const entry of entries.filter((name) => name.endsWith(SERVER_PID_SUFFIX))) {
    const pid = Number(readFileSync(join(runDir, entry), 'utf8'));
    if (!Number.isInteger(pid) || pid <= 0) continue;
    try {
      // Each server was started in its own process group (detached): end the whole group.
      process.kill(-pid, 'SIGKILL');
      console.warn(`[e2e] killed a server left running (pid ${pid})`);
    } catch {
      // Already gone.
    }
  }
  rmSync(runDir, { recursive: true, force: true });
}

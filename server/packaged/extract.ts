// Writes the binary's files to DATA_DIR/runtime/<content hash>/ once, and reuses them afterwards:
// native code must be a file on disk to be loaded, and the client and migrations are served and
// read from disk like under `npm start`. The directory is private (0700), written under a temporary
// name and renamed into place (a killed extraction leaves no half directory behind its final name).
// Other versions' directories are removed by the server once it holds DATA_DIR's lock, never by a
// command: a command of another version may run beside a server that still reads its own.
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { unpackArchive } from './asset-archive';

/** Files holding code: checked against the archive at every start, since they run in the process. */
const CHECKED_AT_START = /\.(node|cjs)$/;
const RUNTIME_DIR = 'runtime';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** The extracted directory for `archive` under `parentDir` (made if missing), written when missing or altered. */
export function extractArchive(archive: Buffer, parentDir: string): string {
  const runtimeRoot = join(parentDir, RUNTIME_DIR);
  // A new DATA_DIR gets the mode the server gives it (secrets.ts ensureDataDir), not the umask's.
  mkdirSync(parentDir, { recursive: true, mode: 0o700 });
  mkdirSync(runtimeRoot, { recursive: true, mode: 0o700 });
  chmodSync(runtimeRoot, 0o700);
  const hash = sha256(archive).slice(0, 16);
  const target = join(runtimeRoot, hash);
  const files = unpackArchive(archive);
  if (existsSync(target) && !intact(target, files)) rmSync(target, { recursive: true, force: true });
  if (!existsSync(target)) {
    const staging = join(runtimeRoot, `.${hash}.${process.pid}`);
    rmSync(staging, { recursive: true, force: true });
    mkdirSync(staging, { mode: 0o700 });
    for (const { path, contents } of files) {
      const file = join(staging, path);
      mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
      writeFileSync(file, contents, { mode: 0o600 });
    }
    try {
      renameSync(staging, target);
    } catch (error) {
      // Another process of this version (a backup started with the server, say) extracted it first.
      rmSync(staging, { recursive: true, force: true });
      if (!existsSync(target)) throw error;
    }
  }
  return target;
}

function intact(dir: string, files: Array<{ path: string; contents: Buffer }>): boolean {
  return files
    .filter(({ path }) => CHECKED_AT_START.test(path))
    .every(({ path, contents }) => {
      const file = join(dir, path);
      return existsSync(file) && sha256(readFileSync(file)) === sha256(contents);
    });
}

/** Removes every other version's directory beside `keep` (an extracted directory), and extractions killed half way. */
export function pruneOtherVersions(keep: string): void {
  const runtimeRoot = dirname(keep);
  for (const name of readdirSync(runtimeRoot)) {
    if (name === basename(keep)) continue;
    // Another binary's extraction under way right now (its temporary name ends with its pid) is left alone.
    if (name.startsWith('.') && isRunning(name)) continue;
    rmSync(join(runtimeRoot, name), { recursive: true, force: true });
  }
}

function isRunning(stagingName: string): boolean {
  const pid = Number(stagingName.split('.').pop());
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

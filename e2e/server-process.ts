// The real server as a child process for the browser journeys: `tsx server/index.ts` on a free port and
// a fresh data directory in the run directory, with only the settings the journeys choose.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { inject } from 'vitest';
import { repoRoot } from '../scripts/client-build';
import { CONFIG_VARIABLES } from '../server/config';
import { writeTestCatalog } from '../server/test/test-catalog';
import { SERVER_PID_SUFFIX } from './run-dir';

const STARTUP_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 10_000;
const READY_LINE = /^Expediente listening at (https?:\/\/\S+)\s*$/;

/** The server as a child process, whatever state its practice is in. */
export interface ServerProcess {
  /** Base URL without a trailing slash, e.g. http://127.0.0.1:41234 */
  url: string;
  dataDir: string;
  /** The server's output so far (stdout and stderr), to print when a test fails. */
  output(): string;
  stop(): Promise<void>;
  /** How the test process calls this server's API: fetch, or one that trusts its own authority (https-practice.ts). */
  fetch: typeof fetch;
}

export interface StartOptions {
  /** A data directory made beforehand in the run directory (the e2e teardown removes it), e.g. with a certificate in it. */
  dataDir?: string;
  /** For the API calls of the harness (the administrator's registration, callApiAs...); the global fetch by default. */
  fetch?: typeof fetch;
}

// The server's own settings (API.md "Process and configuration"): a developer's shell must not
// leak a TLS certificate or a fixed secret into the journeys, so they run on the defaults.
const SERVER_SETTINGS = new Set(CONFIG_VARIABLES);

/**
 * Every journey's practice is encrypted (API.md "Encryption at rest"), made at its first start
 * under this passphrase, as a practice whose service is given one in a credential. A journey of the
 * set-up page starts without it (`PASSPHRASE: ''`, startServerProcess).
 */
export const E2E_PASSPHRASE = 'frase de las pruebas del navegador';

/** The test process's environment minus vitest's own variables and the server's settings. */
function serverEnv(dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (key.startsWith('VITEST') || SERVER_SETTINGS.has(key)) continue;
    env[key] = value;
  }
  // Every journey signs up several people from 127.0.0.1 within a minute; the flood cap has its own test.
  return { ...env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'production', AUTH_REQUESTS_PER_MINUTE: '10000', PASSPHRASE: E2E_PASSPHRASE };
}

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** SIGKILL for the server and the node process tsx runs it in: they share a process group. */
function killGroup(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/**
 * Starts `tsx server/index.ts` on a free port and a fresh DATA_DIR; resolves once it listens.
 * The data directory and a pid file live in the run directory that global-setup made, so its
 * teardown can still kill the server and remove the data if a test file never calls stop().
 */
export async function startServerProcess(extraEnv: NodeJS.ProcessEnv = {}, options: StartOptions = {}): Promise<ServerProcess> {
  const runDir = inject('e2eRunDir');
  const dataDir = options.dataDir ?? mkdtempSync(join(runDir, 'data-'));
  const send = options.fetch ?? fetch;
  // The small diagnosis catalog of the server's tests, not whatever data/catalog holds on this machine
  // (the real one is not in the repository): journeys name its codes.
  const catalogDir = writeTestCatalog(join(runDir, 'catalog'));
  const child = spawn(join(repoRoot, 'node_modules', '.bin', 'tsx'), ['server/index.ts'], {
    cwd: repoRoot,
    env: { ...serverEnv(dataDir), CATALOG_DIR: catalogDir, ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so one signal reaches tsx and the node process it starts.
    detached: true,
  });
  const pidFile = join(runDir, `${child.pid}${SERVER_PID_SUFFIX}`);
  if (child.pid !== undefined) writeFileSync(pidFile, String(child.pid));

  let stdout = '';
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  // Reading every line keeps the pipe drained for the life of the server.
  const lines = createInterface({ input: child.stdout! });

  const cleanup = () => {
    rmSync(pidFile, { force: true });
    rmSync(dataDir, { recursive: true, force: true });
  };

  let url: string;
  try {
    url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`the server did not print "Expediente listening at ..." within ${STARTUP_TIMEOUT_MS} ms`)),
        STARTUP_TIMEOUT_MS,
      );
      lines.on('line', (line) => {
        stdout += line + '\n';
        const match = READY_LINE.exec(line);
        if (match?.[1]) {
          clearTimeout(timer);
          resolve(match[1].replace(/\/$/, ''));
        }
      });
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      // 'close' rather than 'exit': by then all of stderr has been read, so the report is complete.
      child.once('close', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`the server exited (${code ?? signal}) before it was listening`));
      });
    });
  } catch (error) {
    killGroup(child);
    await waitForExit(child, STOP_TIMEOUT_MS);
    cleanup();
    const reason = error instanceof Error ? error.message : String(error);
    console.error(`Server start-up failed: ${reason}\n--- stdout ---\n${stdout}--- stderr ---\n${stderr}`);
    throw new Error(`Server start-up failed: ${reason}\n${stderr}`, { cause: error });
  }

  let stopped = false;
  return {
    url,
    dataDir,
    output: () => `--- stdout ---\n${stdout}--- stderr ---\n${stderr}`,
    fetch: send,
    async stop() {
      if (stopped) return;
      stopped = true;
      // tsx passes SIGTERM on to the server, which closes gracefully and exits.
      child.kill('SIGTERM');
      if (!(await waitForExit(child, STOP_TIMEOUT_MS))) {
        console.error(`The server did not exit within ${STOP_TIMEOUT_MS} ms of SIGTERM; killing it.`);
        killGroup(child);
        await waitForExit(child, STOP_TIMEOUT_MS);
      }
      cleanup();
    },
  };
}

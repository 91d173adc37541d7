// For the tests of what happens when the server starts (data-dir-lock.test.ts, startup-keys.test.ts,
// locked-start.test.ts): the real entry point, server/index.ts, as a child process on a given
// DATA_DIR and any free port, run by `node --import tsx` directly so that a signal reaches the server
// itself. A new practice starts encrypted under FIXTURE_PASSPHRASE unless the test says otherwise
// (`PASSPHRASE: ''` starts it locked, to be set up in the browser).
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { CONFIG_VARIABLES } from './config';

const entry = fileURLToPath(new URL('./index.ts', import.meta.url));
export const READY_LINE = /^Expediente listening at (https?:\/\/\S+)\s*$/;
const STARTUP_TIMEOUT_MS = 15_000;

/** The practice passphrase of the servers these tests start, unless a test gives its own. */
export const FIXTURE_PASSPHRASE = 'frase de la consulta de pruebas';

export type StartOutcome =
  | {
      kind: 'listening';
      url: string;
      server: ChildProcess;
      stdout: () => string;
      stderr: () => string;
      /** Resolves when the server prints another line matching `pattern` (a locked server that opened says where it listens again). */
      nextLine: (pattern: RegExp) => Promise<string>;
    }
  | { kind: 'exited'; code: number | null; stdout: string; stderr: string };

const started = new Set<ChildProcess>();

/** Starts the server and resolves once it listens or has exited, whichever comes first. */
export function startServer(dataDir: string, env: Record<string, string> = {}): Promise<StartOutcome> {
  const own: NodeJS.ProcessEnv = {};
  // A developer's own settings (a fixed secret, TLS, MASTER_KEY) must not leak into these starts.
  for (const [key, value] of Object.entries(process.env)) if (!CONFIG_VARIABLES.includes(key) && !key.startsWith('VITEST')) own[key] = value;
  const server = spawn(process.execPath, ['--import', 'tsx', entry], {
    env: { ...own, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', PASSPHRASE: FIXTURE_PASSPHRASE, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.add(server);
  let stdout = '';
  let stderr = '';
  server.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const lines = createInterface({ input: server.stdout! });
  const nextLine = (pattern: RegExp) =>
    new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the server printed no line like ${pattern} within ${STARTUP_TIMEOUT_MS} ms\n${stdout}${stderr}`)), STARTUP_TIMEOUT_MS);
      const onLine = (line: string) => {
        if (!pattern.test(line)) return;
        clearTimeout(timer);
        lines.off('line', onLine);
        resolve(line);
      };
      lines.on('line', onLine);
    });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server neither listened nor exited within ${STARTUP_TIMEOUT_MS} ms\n${stdout}${stderr}`)), STARTUP_TIMEOUT_MS);
    lines.on('line', (line) => {
      stdout += `${line}\n`;
      const url = READY_LINE.exec(line)?.[1];
      if (!url) return;
      clearTimeout(timer);
      resolve({ kind: 'listening', url, server, stdout: () => stdout, stderr: () => stderr, nextLine });
    });
    // 'close' rather than 'exit': by then everything it printed has been read.
    server.once('close', (code) => {
      clearTimeout(timer);
      resolve({ kind: 'exited', code, stdout, stderr });
    });
  });
}

/** Sends the signal and resolves with the exit code (null when the signal itself ended it). */
export function stopServer(server: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  return new Promise((resolve) => {
    if (server.exitCode !== null || server.signalCode !== null) return resolve(server.exitCode);
    server.once('exit', (code) => resolve(code));
    server.kill(signal);
  });
}

/** For afterEach: no server outlives its test, whatever the test did. */
export async function stopAllServers(): Promise<void> {
  await Promise.all([...started].map((server) => stopServer(server, 'SIGKILL')));
  started.clear();
}

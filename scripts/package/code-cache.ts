// The code cache the binary starts from (server/packaged/loader.ts): recorded from a start of the
// binary built without one, on an empty DATA_DIR given a passphrase (a new encrypted practice, as a
// service with its credential starts), once it has answered /api/health, so it holds every function
// a start compiles, not only the bundle's top level.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { CODE_CACHE_OUT_VARIABLE } from '../../server/packaged/sea-assets';

const START_TIMEOUT_MS = 120_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts `binary` in `workDir`, waits for its health, has it write its code cache, stops it; the cache's file. */
export async function recordCodeCache(binary: string, workDir: string): Promise<string> {
  const dataDir = mkdtempSync(join(workDir, 'recording-'));
  const cacheFile = join(workDir, 'server.cache');
  // Nothing of the packager's own environment (TLS, backups, keys): the start of a new practice.
  const env = {
    PATH: process.env.PATH ?? '',
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'error',
    PASSPHRASE: 'frase de la grabación del arranque',
    [CODE_CACHE_OUT_VARIABLE]: cacheFile,
  };
  const child = spawn(binary, [], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let exitCode: number | null | undefined;
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', (code) => resolve(void (exitCode = code))));
  const fail = (why: string) => new Error(`Recording the start-up code cache: ${why}\n${output}`);
  try {
    const deadline = Date.now() + START_TIMEOUT_MS;
    let url: string | undefined;
    while (!url) {
      if (exitCode !== undefined) throw fail(`the binary exited (${exitCode}) before listening.`);
      if (Date.now() > deadline) throw fail('the binary did not listen in time.');
      url = /listening at (\S+)/.exec(output)?.[1];
      await pause(20);
    }
    const health = await fetch(`${url}/api/health`);
    if (health.status !== 200) throw fail(`/api/health answered ${health.status}.`);
    child.kill('SIGUSR2');
    while (!existsSync(cacheFile)) {
      if (exitCode !== undefined) throw fail(`the binary exited (${exitCode}) before writing its cache.`);
      if (Date.now() > deadline) throw fail('the binary did not write its cache in time.');
      await pause(20);
    }
    if (readFileSync(cacheFile).length === 0) throw fail('the cache is empty.');
    return cacheFile;
  } finally {
    if (exitCode === undefined) child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

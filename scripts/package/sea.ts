// Node's single executable application, in its three steps: the preparation blob from a
// sea-config.json, a copy of this very node binary, and the blob injected into the copy (postject).
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../build-state.mjs';

/** The fuse Node looks for to know a blob was injected (the value Node's documentation gives). */
const SEA_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

/** Quiet when it works (postject prints harmless warnings about ELF note names); its output when not. */
export function runOrThrow(command: string, args: string[]): void {
  const result = spawnSync(command, args, { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal}):\n${result.stdout}${result.stderr}`);
  }
}

/** Writes the executable `output` running `script` (a file) with the named `assets` (files) inside. */
export function buildExecutable(workDir: string, script: string, assets: Record<string, string>, output: string): void {
  const config = join(workDir, 'sea-config.json');
  const blob = join(workDir, 'sea-prep.blob');
  writeFileSync(
    config,
    JSON.stringify({ main: script, output: blob, disableExperimentalSEAWarning: true, useCodeCache: true, useSnapshot: false, assets }),
  );
  runOrThrow(process.execPath, ['--experimental-sea-config', config]);
  copyFileSync(process.execPath, output);
  chmodSync(output, 0o755);
  const postject = join(repoRoot, 'node_modules', 'postject', 'dist', 'cli.js');
  runOrThrow(process.execPath, [postject, output, 'NODE_SEA_BLOB', blob, '--sentinel-fuse', SEA_FUSE]);
}

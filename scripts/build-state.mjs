// Whether dist/ is older than what it is built from. Plain JavaScript, so that `npm start` can ask
// before loading any build tool: on a built install it starts the compiled server straight away.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('..', import.meta.url));
export const clientDistDir = join(repoRoot, 'dist', 'client');
/** The build's manifest: which chunks each page imports (Vite's `build.manifest`). */
export const clientManifest = join(clientDistDir, '.vite', 'manifest.json');
export const serverDistDir = join(repoRoot, 'dist', 'server');
export const serverBundle = join(serverDistDir, 'index.js');

const clientIndex = join(clientDistDir, 'index.html');
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.vite']);

/** Tests and their helpers are not part of what is built. */
function isTestFile(path) {
  const rel = relative(repoRoot, path).split(sep).join('/');
  return /\.test\.[^/]+$/.test(rel) || /^(client\/src|server)\/test(\/|$)/.test(rel);
}

/** Newest modification time (ms) of the non-test files under `dir` (or of the file `dir`); 0 when there are none. */
function newestMtime(dir) {
  if (!existsSync(dir)) return 0;
  if (statSync(dir).isFile()) return statSync(dir).mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (isTestFile(path)) continue;
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) newest = Math.max(newest, newestMtime(path));
    } else if (entry.isFile()) {
      newest = Math.max(newest, statSync(path).mtimeMs);
    }
  }
  return newest;
}

/** Whether `output` is older than any of `inputs` (paths relative to the repository), the lockfile and this file. */
function olderThanInputs(output, inputs) {
  const builtAt = statSync(output).mtimeMs;
  const newest = Math.max(
    ...[...inputs, 'package-lock.json', 'scripts/build-state.mjs'].map((input) => newestMtime(join(repoRoot, input))),
  );
  return newest > builtAt;
}

/** Why the client must be (re)built, or null when dist/client is up to date. */
export function clientStaleReason() {
  if (!existsSync(clientIndex)) return 'dist/client/index.html is missing';
  if (!existsSync(`${clientIndex}.br`) || !existsSync(clientManifest)) return 'dist/client predates its compressed copies';
  return olderThanInputs(clientIndex, ['client', 'shared', 'scripts/client-build.ts'])
    ? 'client sources changed since the last build'
    : null;
}

/** Why the server must be (re)compiled, or null when dist/server is up to date. */
export function serverStaleReason() {
  if (!existsSync(serverBundle)) return 'dist/server/index.js is missing';
  return olderThanInputs(serverBundle, ['server', 'shared', 'scripts/server-build.mjs'])
    ? 'server sources changed since the last build'
    : null;
}

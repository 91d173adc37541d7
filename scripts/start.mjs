// `npm start`: the compiled server, built first only when dist/ is missing or older than its
// sources. Plain JavaScript with nothing to transpile, so a built install starts straight away;
// the build tools (tsx, Vite, esbuild) run, when they must, in a child process that ends before the
// server starts. The server applies the migrations and prints the URL it serves.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { clientStaleReason, repoRoot, serverBundle, serverStaleReason } from './build-state.mjs';

if (clientStaleReason() !== null || serverStaleReason() !== null) {
  const build = spawnSync(process.execPath, ['--import', 'tsx', join(repoRoot, 'scripts', 'build.ts'), '--if-stale'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

try {
  const { main } = await import(pathToFileURL(serverBundle).href);
  await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

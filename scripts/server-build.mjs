// Compiles the server ahead of time into dist/server/index.js, so that `npm start` runs plain
// JavaScript: esbuild bundles server/ and shared/ into one ES module and leaves every package
// external, to be loaded from node_modules as usual.
import { mkdirSync, renameSync, utimesSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, join, relative, sep } from 'node:path';
import { repoRoot, serverBundle, serverDistDir, serverStaleReason } from './build-state.mjs';

const entry = join(repoRoot, 'server', 'index.ts');

/**
 * Every module keeps its own location: `import.meta.url` in a bundled module becomes the URL of its
 * source file (relative to the bundle, so the folder can move), so paths such as the drizzle/
 * migrations or dist/client resolve exactly as they do under tsx. The entry keeps the bundle's own
 * URL, so `node dist/server/index.js` still knows it is the entry point.
 * @type {import('esbuild').Plugin}
 */
const sourceLocations = {
  name: 'source-locations',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (args.path === entry || args.path.includes(`${sep}node_modules${sep}`)) return undefined;
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const fromBundle = relative(serverDistDir, args.path).split(sep).join('/');
      return {
        contents: source.replaceAll('import.meta.url', `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`),
        loader: 'ts',
      };
    });
  },
};

/**
 * Compiles the server when dist/server is missing or older than its sources (or always, with
 * `force`). The files are written beside their final names and renamed into place, so a server
 * starting at the same moment never reads half a file.
 * @param {(line: string) => void} [log]
 * @param {boolean} [force]
 */
export async function ensureServerBuilt(log = console.log, force = false) {
  const reason = force ? 'asked for' : serverStaleReason();
  if (reason === null) return;
  log(`Compiling the server into dist/server (${reason})...`);
  const startedAt = new Date();
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [entry],
    outfile: serverBundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    packages: 'external',
    // For `node --enable-source-maps` when a stack trace should name the TypeScript lines.
    sourcemap: 'linked',
    plugins: [sourceLocations],
    write: false,
    logLevel: 'warning',
  });
  mkdirSync(serverDistDir, { recursive: true });
  // The map first, the bundle last: the bundle's date says when the build is complete.
  const outputs = [...result.outputFiles].sort((a, b) => Number(a.path === serverBundle) - Number(b.path === serverBundle));
  for (const output of outputs) {
    const staging = join(serverDistDir, `.${basename(output.path)}.${process.pid}`);
    writeFileSync(staging, output.contents);
    renameSync(staging, output.path);
  }
  // Stamped with the build's start, so a source saved while esbuild was running counts as newer.
  utimesSync(serverBundle, startedAt, startedAt);
}

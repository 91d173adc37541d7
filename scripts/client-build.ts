// Builds the React client into dist/client when it is missing or older than its sources, so that
// `npm start` and the browser journeys always serve the code in the working tree. The build goes to
// a staging folder first, gets brotli and gzip copies of its text files for the server to send as
// they are, and is then moved in, so a concurrent build never pulls files from under a running server.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync, utimesSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { clientDistDir, clientManifest, clientStaleReason, repoRoot } from './build-state.mjs';

export { clientDistDir, clientManifest, repoRoot };

const builtIndex = join(clientDistDir, 'index.html');
const viteConfig = join(repoRoot, 'client', 'vite.config.ts');

/** Every file below `dir`, as paths relative to it. */
function filesUnder(dir: string, prefix = ''): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(join(dir, prefix), { withFileTypes: true })) {
    const rel = prefix ? join(prefix, entry.name) : entry.name;
    if (entry.isDirectory()) files.push(...filesUnder(dir, rel));
    else files.push(rel);
  }
  return files;
}

// Text the browser downloads; images and fonts are compressed already.
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;
// Below this, compression saves less than a packet; index.html is always compressed all the same.
const MIN_COMPRESSED_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip, level 9) beside every text file
 * worth compressing, for @fastify/static's `preCompressed` to send by Accept-Encoding. Built once,
 * so the slowest, smallest settings cost nothing at request time.
 */
export async function writeCompressedCopies(dir: string): Promise<void> {
  const files = filesUnder(dir).filter((file) => !file.startsWith('.') && COMPRESSIBLE.test(file));
  await Promise.all(
    files.map(async (file) => {
      const path = join(dir, file);
      const bytes = await readFile(path);
      if (bytes.length < MIN_COMPRESSED_BYTES && file !== 'index.html') return;
      const [br, gz] = await Promise.all([
        brotli(bytes, {
          params: {
            [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
            [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
            [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        }),
        gzipAsync(bytes, { level: zlibConstants.Z_BEST_COMPRESSION }),
      ]);
      await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
    }),
  );
}

// Old hashed assets stay this long after a newer build, for pages and servers still using them.
const OLD_ASSET_GRACE_MS = 60 * 60 * 1000;

/**
 * Moves a finished build into dist/client without ever emptying it: a server that is running
 * (`npm start`, another test run) keeps finding index.html and the hashed chunks its open pages
 * still ask for. New assets arrive first and index.html last, each by an atomic rename.
 */
function publish(staging: string, startedAt: Date): void {
  const files = filesUnder(staging);
  const isIndex = (file: string) => file === 'index.html' || file.startsWith('index.html.');
  const ordered = [...files.filter((file) => !isIndex(file)), ...files.filter((file) => isIndex(file) && file !== 'index.html'), 'index.html'];
  for (const file of ordered) {
    const target = join(clientDistDir, file);
    mkdirSync(dirname(target), { recursive: true });
    renameSync(join(staging, file), target);
  }
  // Stamped with the build's start, so a source saved while Vite was running counts as newer.
  utimesSync(builtIndex, startedAt, startedAt);
  const fresh = new Set(files);
  // A file outside assets/ keeps its name from build to build: a compressed copy this build did
  // not write would be an older version of it.
  for (const file of files) {
    if (file.startsWith('assets/') || /\.(?:br|gz)$/.test(file)) continue;
    for (const copy of [`${file}.br`, `${file}.gz`]) {
      if (!fresh.has(copy)) rmSync(join(clientDistDir, copy), { force: true });
    }
  }
  const assetsDir = join(clientDistDir, 'assets');
  if (!existsSync(assetsDir)) return;
  const cutoff = Date.now() - OLD_ASSET_GRACE_MS;
  for (const file of filesUnder(clientDistDir, 'assets')) {
    const path = join(clientDistDir, file);
    if (!fresh.has(file) && statSync(path).mtimeMs < cutoff) rmSync(path, { force: true });
  }
}

export async function ensureClientBuilt(log: (line: string) => void = console.log, force = false): Promise<void> {
  const reason = force ? 'asked for' : clientStaleReason();
  if (reason === null) return;
  if (!existsSync(viteConfig)) throw new Error(`Cannot build the client: ${viteConfig} does not exist.`);
  log(`Building the client into dist/client (${reason})...`);

  // Vite bakes process.env.NODE_ENV into the bundle; under vitest it is "test", which would ship
  // React's development build. The served client is always a production build.
  const previousNodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  mkdirSync(join(repoRoot, 'dist'), { recursive: true });
  const staging = mkdtempSync(join(repoRoot, 'dist', '.client-staging-'));
  const startedAt = new Date();
  try {
    const { build } = await import('vite');
    await build({ configFile: viteConfig, logLevel: 'warn', build: { outDir: staging, emptyOutDir: true } });
    if (!existsSync(join(staging, 'index.html'))) throw new Error('The client build finished without an index.html.');
    await writeCompressedCopies(staging);
    publish(staging, startedAt);
  } finally {
    if (previousNodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = previousNodeEnv;
    rmSync(staging, { recursive: true, force: true });
  }
}

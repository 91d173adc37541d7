// `npm run package`: dist/expediente-linux-x64, one executable holding the server, its commands,
// the built client, the migrations, the diagnosis catalog and the native addons. Copy it
// alone to a machine with no Node and run it (README, "Install on a practice machine"; docs/operations.md).
import { mkdirSync, mkdtempSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { repoRoot } from './build-state.mjs';
import { ARCHIVE_ASSET, CODE_CACHE_ASSET, SERVER_BUNDLE_ASSET } from '../server/packaged/sea-assets';
import { assertCatalogIn, collectAssets, SHARED_CATALOG_DIR } from './package/assets';
import { bundleLoader, bundleServer, bundleSqliteDriver } from './package/bundle';
import { recordCodeCache } from './package/code-cache';
import { buildExecutable, runOrThrow } from './package/sea';

export const packagedBinary = join(repoRoot, 'dist', `expediente-${process.platform}-${process.arch}`);

export interface PackageOptions {
  /** The diagnosis catalog to carry (SHARED_CATALOG_DIR by default), or null for none. */
  catalogDir?: string | null;
  log?: (line: string) => void;
}

export async function packageBinary({ catalogDir = SHARED_CATALOG_DIR, log = console.log }: PackageOptions = {}): Promise<string> {
  // Before anything is built: a binary without its catalog would refuse every diagnosis code.
  if (catalogDir !== null) assertCatalogIn(catalogDir);
  // The client (and the compiled server, harmlessly) when missing or stale, as npm start would.
  log('Building the client and the server where stale...');
  runOrThrow(process.execPath, ['--import', 'tsx', join(repoRoot, 'scripts', 'build.ts'), '--if-stale']);

  const work = mkdtempSync(join(tmpdir(), 'expediente-package-'));
  try {
    log('Bundling the server...');
    const loader = join(work, 'loader.cjs');
    writeFileSync(loader, await bundleLoader());
    const serverBundle = join(work, SERVER_BUNDLE_ASSET);
    writeFileSync(serverBundle, await bundleServer());
    const archive = collectAssets(await bundleSqliteDriver(), catalogDir);
    const archiveFile = join(work, ARCHIVE_ASSET);
    writeFileSync(archiveFile, archive);
    log(catalogDir ? `With the diagnosis catalog of ${catalogDir}.` : 'Without a diagnosis catalog (--without-catalog): the binary refuses every diagnosis code until CATALOG_DIR names one.');
    const assets = { [ARCHIVE_ASSET]: archiveFile, [SERVER_BUNDLE_ASSET]: serverBundle };
    log('Writing the executable, starting it once to record its code cache, and writing it again with the cache...');
    const uncached = join(work, 'expediente-uncached');
    buildExecutable(work, loader, assets, uncached);
    const codeCache = await recordCodeCache(uncached, work);
    mkdirSync(join(repoRoot, 'dist'), { recursive: true });
    // Built beside its final name and renamed, so a copy taken meanwhile is never half a binary.
    const staging = `${packagedBinary}.${process.pid}`;
    buildExecutable(work, loader, { ...assets, [CODE_CACHE_ASSET]: codeCache }, staging);
    renameSync(staging, packagedBinary);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  log(`Wrote ${packagedBinary} (${(statSync(packagedBinary).size / 1024 / 1024).toFixed(1)} MB).`);
  return packagedBinary;
}

const USAGE = 'Usage: npm run package [-- --catalog DIR | --without-catalog]   (the catalog of ../shared/catalog by default)';

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { catalog: { type: 'string' }, 'without-catalog': { type: 'boolean', default: false } } });
  if (values.catalog && values['without-catalog']) {
    console.error(USAGE);
    process.exit(2);
  }
  packageBinary({ catalogDir: values['without-catalog'] ? null : resolve(values.catalog ?? SHARED_CATALOG_DIR) }).catch((error: unknown) => {
    console.error(`Packaging failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  });
}

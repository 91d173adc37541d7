// What the binary carries besides its script, as one archive (server/packaged/asset-archive.ts):
// the built client, the migrations, the diagnosis catalog (unless built --without-catalog), the search's
// synonyms, and the native addons with the integrity check's own copy of better-sqlite3.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { clientDistDir, repoRoot } from '../build-state.mjs';
import { CATALOG_FILES } from '../../server/services/diagnosis-catalog-loader';
import { SYNONYMS_FILE } from '../../server/services/diagnosis-synonyms';
import { migrationsFolder } from '../../server/db/client';
import { packArchive } from '../../server/packaged/asset-archive';

const requireFromRepo = createRequire(join(repoRoot, 'package.json'));

/** Every file under `dir`, named `prefix/<its path under dir>`. */
function filesUnder(dir: string, prefix: string): Array<{ path: string; contents: Buffer }> {
  const files: Array<{ path: string; contents: Buffer }> = [];
  const walk = (current: string) => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const path = join(current, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) files.push({ path: `${prefix}/${relative(dir, path).split(sep).join('/')}`, contents: readFileSync(path) });
    }
  };
  walk(dir);
  return files;
}

/** The addon file a package built into its build/Release. */
function addonOf(packageName: string, file: string): Buffer {
  const path = join(dirname(requireFromRepo.resolve(`${packageName}/package.json`)), 'build', 'Release', file);
  if (!existsSync(path) || !statSync(path).isFile()) throw new Error(`${path} is missing: run npm install (it builds ${packageName}'s addon).`);
  return readFileSync(path);
}

/** Where the catalog is taken from unless told otherwise: the openly licensed files beside the repository. */
export const SHARED_CATALOG_DIR = join(repoRoot, '..', 'shared', 'catalog');

/** Packaging was asked for a catalog that is not there: a binary without one refuses every diagnosis code. */
export class CatalogMissing extends Error {}

/** Throws CatalogMissing unless `catalogDir` holds both languages' lists. */
export function assertCatalogIn(catalogDir: string): void {
  const missing = Object.values(CATALOG_FILES).filter((file) => !existsSync(join(catalogDir, file)));
  if (missing.length > 0) {
    throw new CatalogMissing(
      `No diagnosis catalog in ${catalogDir} (${missing.join(', ')} missing): a binary without one refuses every diagnosis code. ` +
        'Put the catalog there, name another with --catalog DIR, or build without one with --without-catalog.',
    );
  }
}

function catalogFiles(catalogDir: string): Array<{ path: string; contents: Buffer }> {
  assertCatalogIn(catalogDir);
  return filesUnder(catalogDir, 'catalog');
}

/** `catalogDir`: the diagnosis catalog to carry, or null to build without one (asked for by name). */
export function collectAssets(sqliteDriver: string, catalogDir: string | null): Buffer {
  const files = [
    ...filesUnder(clientDistDir, 'client'),
    ...filesUnder(migrationsFolder, 'drizzle'),
    ...(catalogDir === null ? [] : catalogFiles(catalogDir)),
    // Part of the code's release, not of the catalog: a binary without a catalog carries it too.
    { path: 'diagnosis-synonyms.tsv', contents: readFileSync(SYNONYMS_FILE) },
    { path: 'addons/better_sqlite3.node', contents: addonOf('better-sqlite3', 'better_sqlite3.node') },
    { path: 'addons/argon2.node', contents: addonOf('argon2', 'argon2.node') },
    { path: 'addons/sqlite-driver.cjs', contents: Buffer.from(sqliteDriver) },
  ];
  return packArchive(files);
}

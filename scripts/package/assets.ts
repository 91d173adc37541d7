// What the binary carries besides its script, as one archive (server/packaged/asset-archive.ts):
// the built client, the migrations, the diagnosis catalog when there is one, and the native addons
// with the integrity check's own copy of better-sqlite3.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { clientDistDir, repoRoot } from '../build-state.mjs';
import { defaultCatalogDir } from '../../server/config';
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

export interface PackagedFiles {
  archive: Buffer;
  /** The catalog directory packed, or null when there was none. */
  catalogDir: string | null;
}

export function collectAssets(sqliteDriver: string): PackagedFiles {
  const catalogDir = defaultCatalogDir();
  const withCatalog = existsSync(join(catalogDir, 'cie10-es.tsv'));
  const files = [
    ...filesUnder(clientDistDir, 'client'),
    ...filesUnder(migrationsFolder, 'drizzle'),
    ...(withCatalog ? filesUnder(catalogDir, 'catalog') : []),
    { path: 'addons/better_sqlite3.node', contents: addonOf('better-sqlite3', 'better_sqlite3.node') },
    { path: 'addons/argon2.node', contents: addonOf('argon2', 'argon2.node') },
    { path: 'addons/sqlite-driver.cjs', contents: Buffer.from(sqliteDriver) },
  ];
  return { archive: packArchive(files), catalogDir: withCatalog ? catalogDir : null };
}

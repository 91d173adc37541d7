// `npm run package`: dist/expediente-linux-x64, one executable holding the server, its commands,
// the built client, the migrations, the catalog (when there is one) and the native addons. Copy it
// alone to a machine with no Node and run it (README, "Install on a practice machine").
import { mkdirSync, mkdtempSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ARCHIVE_ASSET } from '../server/packaged/asset-archive';
import { repoRoot } from './build-state.mjs';
import { collectAssets } from './package/assets';
import { bundleServer, bundleSqliteDriver } from './package/bundle';
import { buildExecutable, runOrThrow } from './package/sea';

export const packagedBinary = join(repoRoot, 'dist', `expediente-${process.platform}-${process.arch}`);

export async function packageBinary(log: (line: string) => void = console.log): Promise<string> {
  // The client (and the compiled server, harmlessly) when missing or stale, as npm start would.
  log('Building the client and the server where stale...');
  runOrThrow(process.execPath, ['--import', 'tsx', join(repoRoot, 'scripts', 'build.ts'), '--if-stale']);

  const work = mkdtempSync(join(tmpdir(), 'expediente-package-'));
  try {
    log('Bundling the server...');
    const script = join(work, 'expediente.cjs');
    writeFileSync(script, await bundleServer());
    const { archive, catalogDir } = collectAssets(await bundleSqliteDriver());
    const archiveFile = join(work, ARCHIVE_ASSET);
    writeFileSync(archiveFile, archive);
    log(catalogDir ? `With the diagnosis catalog of ${catalogDir}.` : 'Without a diagnosis catalog (none found): the binary starts without one, like npm start.');
    log('Writing the executable...');
    mkdirSync(join(repoRoot, 'dist'), { recursive: true });
    // Built beside its final name and renamed, so a copy taken meanwhile is never half a binary.
    const staging = `${packagedBinary}.${process.pid}`;
    buildExecutable(work, script, { [ARCHIVE_ASSET]: archiveFile }, staging);
    renameSync(staging, packagedBinary);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  log(`Wrote ${packagedBinary} (${(statSync(packagedBinary).size / 1024 / 1024).toFixed(1)} MB).`);
  return packagedBinary;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  packageBinary().catch((error: unknown) => {
    console.error(`Packaging failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  });
}

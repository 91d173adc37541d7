// The packaged binary's server bundle (`npm run package`; loader.ts compiles and runs it): extracts
// its files, points the server at them, and runs what was asked for, the server by default. Every
// command is the npm script's own code, loaded only after the extraction, because loading
// better-sqlite3 or argon2 loads their native addons.
import { existsSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extractArchive, pruneOtherVersions } from './extract';
import { setAddonDir } from './native-addons';
import { setRuntimePaths } from './runtime-paths';
import { ARCHIVE_ASSET, seaAssets } from './sea-assets';

declare const EXPEDIENTE_VERSION: string;

const HELP = `Expediente ${EXPEDIENTE_VERSION}: medical records for small practices.

Usage:
  expediente [--no-backup]                 serve (PORT, HOST, DATA_DIR... as for npm start); an older
                                           DATA_DIR is backed up (BACKUP_PASSPHRASE) before it is
                                           migrated, or with --no-backup migrated without a backup
  expediente backup --out FILE [--data-dir DIR]
  expediente restore FILE --data-dir DIR [--force]
  expediente demo [--data-dir DIR]
  expediente audit-verify
  expediente tls --host NAME [--ip ADDRESS]...
  expediente --version | --help

Configuration is by environment variables, as described in the README.`;

/** The npm scripts each command runs, loaded on demand. */
const COMMANDS: Record<string, () => Promise<unknown>> = {
  backup: () => import('../../scripts/backup'),
  restore: () => import('../../scripts/restore'),
  demo: () => import('../../scripts/demo'),
  'audit-verify': () => import('../../scripts/audit-verify'),
  tls: () => import('../../scripts/tls'),
};

function loadArchive(): Buffer {
  return Buffer.from(seaAssets().getRawAsset(ARCHIVE_ASSET));
}

/**
 * DATA_DIR/runtime for the server and for commands on an existing DATA_DIR; a private directory
 * under the system's temporary one when DATA_DIR does not exist (a restore into a new directory,
 * say), so that no ./data appears where none was asked for.
 */
function extractionParent(command: string | undefined): string {
  const dataDir = process.env.DATA_DIR ?? './data';
  const serves = command === undefined || command === 'demo';
  if (serves || (existsSync(dataDir) && statSync(dataDir).isDirectory())) return dataDir;
  return join(tmpdir(), `expediente-${process.getuid?.() ?? 'user'}`);
}

async function run(): Promise<void> {
  const args = process.argv.slice(2);
  // `--no-backup` belongs to serving: migrate an older DATA_DIR without a backup first (upgrade-backup.ts).
  const noBackup = args[0] === '--no-backup';
  const [command, ...rest] = noBackup ? args.slice(1) : args;
  if (noBackup && command !== undefined) {
    console.error(`--no-backup goes alone: expediente --no-backup\n\n${HELP}`);
    process.exitCode = 2;
    return;
  }
  if (command === '--version' || command === '-v') return void console.log(EXPEDIENTE_VERSION);
  if (command === '--help' || command === '-h' || command === 'help') return void console.log(HELP);
  if (command !== undefined && !(command in COMMANDS)) {
    console.error(`Unknown command: ${command}\n\n${HELP}`);
    process.exitCode = 2;
    return;
  }

  const extracted = extractArchive(loadArchive(), extractionParent(command));
  setAddonDir(join(extracted, 'addons'));
  setRuntimePaths({
    clientDir: join(extracted, 'client'),
    migrationsFolder: join(extracted, 'drizzle'),
    // Built without a catalog, the directory is missing and the server's warning names it.
    catalogDir: join(extracted, 'catalog'),
    sqliteDriver: join(extracted, 'addons', 'sqlite-driver.cjs'),
  });

  if (command === undefined) {
    const { backUpBeforeMigrating, UpgradeRefused } = await import('./upgrade-backup');
    try {
      await backUpBeforeMigrating({
        dataDir: process.env.DATA_DIR ?? './data',
        migrationsFolder: join(extracted, 'drizzle'),
        version: EXPEDIENTE_VERSION,
        noBackup,
        env: process.env,
        log: console.log,
      });
    } catch (error) {
      if (!(error instanceof UpgradeRefused)) throw error;
      console.error(error.message);
      process.exitCode = 1;
      return;
    }
    const { main } = await import('../index');
    await main();
    // Listening, so holding DATA_DIR's lock: no other server of this DATA_DIR reads the other versions.
    pruneOtherVersions(extracted);
    return;
  }
  // The scripts read their arguments with parseArgs, which skips argv's first two entries.
  process.argv = [process.argv[0]!, command, ...rest];
  await COMMANDS[command]!();
}

run().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

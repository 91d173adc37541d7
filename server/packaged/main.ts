// The packaged binary's server bundle (`npm run package`; loader.ts compiles and runs it): extracts
// its files, points the server at them, and runs what was asked for, the server by default. Every
// command is the npm script's own code, loaded only after the extraction, because loading
// better-sqlite3 or argon2 loads their native addons.
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extractArchive, pruneOtherVersions } from './extract';
import { setAddonDir } from './native-addons';
import { setRuntimePaths } from './runtime-paths';
import { practiceText } from '../practice-messages/practice-text';
import { release } from '../release';
import { ARCHIVE_ASSET, seaAssets } from './sea-assets';

/** The commands (server/commands/, which the npm scripts run too), loaded on demand. */
const COMMANDS: Record<string, () => Promise<unknown>> = {
  backup: () => import('../commands/backup'),
  restore: () => import('../commands/restore'),
  demo: () => import('../commands/demo'),
  'audit-verify': () => import('../commands/audit-verify'),
  tls: () => import('../commands/tls'),
  encrypt: () => import('../commands/encrypt'),
  'change-passphrase': () => import('../commands/change-passphrase'),
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

/** What `parent` and its runtime directory held before this start unpacked anything there. */
function entriesOf(parent: string): { parent: boolean; runtime: string[] | null } {
  const runtime = join(parent, 'runtime');
  return { parent: existsSync(parent), runtime: existsSync(runtime) ? readdirSync(runtime) : null };
}

function undoExtraction(parent: string, before: { parent: boolean; runtime: string[] | null }): void {
  const runtime = join(parent, 'runtime');
  if (before.runtime === null) rmSync(runtime, { recursive: true, force: true });
  else for (const entry of readdirSync(runtime)) if (!before.runtime.includes(entry)) rmSync(join(runtime, entry), { recursive: true, force: true });
  if (!before.parent) rmSync(parent, { recursive: true, force: true });
}

async function run(): Promise<void> {
  const args = process.argv.slice(2);
  // `--no-backup` belongs to serving: migrate an older DATA_DIR without a backup first (upgrade-backup.ts).
  const noBackup = args[0] === '--no-backup';
  const [command, ...rest] = noBackup ? args.slice(1) : args;
  const text = practiceText();
  const help = text.binaryHelp({ release: release() });
  if (noBackup && command !== undefined) {
    console.error(`${text.binaryNoBackupAlone}\n\n${help}`);
    process.exitCode = 2;
    return;
  }
  if (command === '--version' || command === '-v') return void console.log(release());
  if (command === '--help' || command === '-h' || command === 'help') return void console.log(help);
  if (command !== undefined && !(command in COMMANDS)) {
    console.error(`${text.binaryUnknownCommand({ command })}\n\n${help}`);
    process.exitCode = 2;
    return;
  }

  const parent = extractionParent(command);
  const before = entriesOf(parent);
  const extracted = extractArchive(loadArchive(), parent);
  setAddonDir(join(extracted, 'addons'));
  setRuntimePaths({
    clientDir: join(extracted, 'client'),
    migrationsFolder: join(extracted, 'drizzle'),
    postgresMigrationsFolder: join(extracted, 'drizzle', 'postgres'),
    // Built without a catalog, the directory is missing and the server's warning names it.
    catalogDir: join(extracted, 'catalog'),
    synonymsFile: join(extracted, 'diagnosis-synonyms.tsv'),
    sqliteDriver: join(extracted, 'addons', 'sqlite-driver.cjs'),
  });

  if (command === undefined) {
    const dataDir = process.env.DATA_DIR ?? './data';
    const { backUpBeforeMigrating, upgradeFinished, UpgradeRefused } = await import('./upgrade-backup');
    const { unlockFromConfiguration } = await import('../encryption/unlock-for-command');
    const { readPracticeKeyFile } = await import('../encryption/practice-key');
    const { practiceKeyOf } = await import('../encryption/unlocked-practices');
    // An encrypted practice's data are read (and backed up before an upgrade) under its key.
    await unlockFromConfiguration(dataDir);
    const backUp = () => backUpBeforeMigrating({ dataDir, migrationsFolder: join(extracted, 'drizzle'), release: release(), noBackup, env: process.env, log: console.log });
    const finished = (made: NonNullable<Awaited<ReturnType<typeof backUp>>>) => upgradeFinished(made, { dataDir, release: release(), binary: process.execPath, env: process.env });
    // A practice that starts locked is read (and backed up before it migrates) once the browser has opened it.
    if (readPracticeKeyFile(dataDir) && !practiceKeyOf(dataDir)) {
      const { main } = await import('../index');
      await main({
        beforeOpeningUnlocked: async () => {
          const made = await backUp();
          if (made) console.log(finished(made));
        },
      });
      pruneOtherVersions(extracted);
      return;
    }
    let upgrade;
    try {
      upgrade = await backUp();
    } catch (error) {
      if (!(error instanceof UpgradeRefused)) throw error;
      // Refused, the DATA_DIR is left as it was found: without the files this start unpacked into it.
      undoExtraction(parent, before);
      console.error(error.message);
      process.exitCode = 1;
      return;
    }
    const { main } = await import('../index');
    await main();
    if (upgrade) console.log(finished(upgrade));
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

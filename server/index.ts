// Start: read the configuration, take DATA_DIR's lock, decide what the practice key allows
// (encryption/practice-at-start.ts), then listen with the practice's app, or, for a practice locked
// or still to be set up, with the locked server (locked/locked-app.ts) until it is opened, when the
// app takes its place on the same port. Close gracefully on a signal.
// The lock is held from before the practice key is read or made until the server stops: two starts
// on one DATA_DIR must never each make a key. A second server, a damaged key file, or a key missing
// while data need it (startup-keys.ts) throws, and the message is printed with exit code 1.
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { loadConfig, type Config } from './config';
import { lockDataDir, type DataDirLock } from './data-dir-lock';
import { passphraseFrom } from './encryption/passphrase-source';
import { practiceAtStart, type PracticeAtStart } from './encryption/practice-at-start';
import { rememberPracticeKey } from './encryption/unlocked-practices';
import { listenAndSay } from './listen';
import { buildLockedApp, type LockedApp } from './locked/locked-app';
import { UnlockEvents, writeUnlockEvents } from './locked/unlock-events';
import { practiceText } from './practice-messages/practice-text';
import { ensureDataDir } from './secrets';

type Logger = { level: string };

/** Where the start is: locked and waiting, opening (the app being built), or serving the practice. */
type Phase = { kind: 'locked'; app: FastifyInstance } | { kind: 'opening'; served: Promise<FastifyInstance | undefined> } | { kind: 'open'; app: FastifyInstance };

export interface MainOptions {
  /**
   * Run once the practice key is known and before the database is opened (and migrated), when the
   * practice was opened from the locked server: the single binary's pre-upgrade backup, which could
   * not read a locked practice at start.
   */
  beforeOpeningUnlocked?: () => Promise<void>;
}

export async function main({ beforeOpeningUnlocked }: MainOptions = {}): Promise<void> {
  const config = loadConfig();
  ensureDataDir(config.dataDir);
  const logger: Logger = { level: process.env.LOG_LEVEL ?? 'warn' };
  const lock = await lockDataDir(config.dataDir);
  const events = new UnlockEvents();
  let closing = false;

  let phase: Phase;
  try {
    const practice = await practiceAtStart({ dataDir: config.dataDir, passphrase: passphraseFrom(config.passphraseSource), databaseElsewhere: Boolean(config.databaseUrl) });
    tellAtStart(practice, config.dataDir, events);
    if (practice.state === 'locked' || practice.state === 'to-set-up') {
      const locked = await buildLockedApp({ config, practice, events, logger });
      const { url, port } = await listenAndSay(locked.app, config, config.port);
      const text = practiceText();
      console.log(practice.state === 'locked' ? text.practiceLocked({ url }) : text.practiceToSetUp({ url, dataDir: config.dataDir }));
      phase = { kind: 'locked', app: locked.app };
      void openWhenUnlocked(locked, port).catch((error: unknown) => {
        console.error(error instanceof Error ? error.message : error);
        process.exit(1);
      });
    } else {
      const app = await buildApp({ config, logger, dataDirLock: lock });
      await listenAndSay(app, config, config.port);
      phase = { kind: 'open', app };
    }
  } catch (error) {
    // The app releases the lock itself when it was built; otherwise it is let go here (a second release does nothing).
    await lock.release();
    throw error;
  }

  /** The locked server steps aside for the practice's app, on the port it had; its attempts go to the trail. */
  async function openWhenUnlocked(locked: LockedApp, port: number): Promise<void> {
    const opened = await locked.opened;
    let served!: (app: FastifyInstance | undefined) => void;
    phase = { kind: 'opening', served: new Promise((resolve) => (served = resolve)) };
    try {
      await locked.app.close();
      rememberPracticeKey(config.dataDir, opened.masterKey);
      const text = practiceText();
      console.log(opened.how === 'setUp' ? text.practiceSetUp : text.practiceOpened({ how: opened.how }));
      await beforeOpeningUnlocked?.();
      const app = await openPractice(config, logger, lock, events);
      if (!closing) await listenAndSay(app, config, port);
      phase = { kind: 'open', app };
      served(app);
    } catch (error) {
      served(undefined);
      throw error;
    }
  }

  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal} received, closing`);
    try {
      if (phase.kind === 'locked') {
        await phase.app.close();
        await lock.release();
      } else {
        // The app releases DATA_DIR's lock when it closes (app.ts).
        const app = phase.kind === 'open' ? phase.app : await phase.served;
        await app?.close();
      }
    } finally {
      // 1 when the close was forced by a lost DATA_DIR lock (data-dir-lock.ts).
      process.exit(process.exitCode ?? 0);
    }
  };
  process.on('SIGTERM', () => void close('SIGTERM'));
  process.on('SIGINT', () => void close('SIGINT'));
}

/** The practice's app on the key just given, with what happened at the locked door in its audit trail. */
async function openPractice(config: Config, logger: Logger, lock: DataDirLock, events: UnlockEvents): Promise<FastifyInstance> {
  const app = await buildApp({ config, logger, dataDirLock: lock });
  try {
    await writeUnlockEvents(app.deps.db, events.list());
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
}

/** What the practice is told at start: a new practice's recovery key (this once), a plain practice's risk, a refused passphrase. */
function tellAtStart(practice: PracticeAtStart, dataDir: string, events: UnlockEvents): void {
  const text = practiceText();
  if (practice.state === 'created') console.log(text.practiceCreated({ dataDir, recoveryKey: practice.recoveryKey }));
  if (practice.state === 'plain') console.warn(text.practiceNotEncrypted({ dataDir, passphraseUnused: practice.passphraseUnused }));
  if (practice.state === 'locked' && practice.passphraseRefused) {
    // Never the passphrase itself: only that the configured one did not open the key.
    console.warn(text.practicePassphraseRefused({ dataDir }));
    events.attempt(null, 'configuration', 'failure');
  }
}

const isEntryPoint = process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'));
if (isEntryPoint) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}

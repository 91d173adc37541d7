// `npm run restore -- FILE --data-dir DIR [--force]`: checks the whole archive in a directory beside
// DIR, then puts it in DIR's place, encrypted under a practice key (server/backup/restore.ts). With
// --database-url URL (or DATABASE_URL), the data go into that empty PostgreSQL database and DIR
// receives the keys (server/backup/restore-into-postgres.ts). Stop
// the server that uses DIR first. The backup passphrase comes from BACKUP_PASSPHRASE or the
// terminal; the practice's, when one is needed, from PASSPHRASE_FILE, PASSPHRASE or the terminal
// (typed twice for a new practice key), or its recovery key from RECOVERY_KEY or, with
// --recovery-key, the terminal. --new-practice-key makes a new practice key even when the archive
// carries the backed-up practice's. --unencrypted restores an archive of a plain practice as it was,
// for going back to a release from before encryption (the command an upgrade names says so).
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { obtainPassphrase } from '../backup/passphrase';
import { restoreBackup } from '../backup/restore';
import { databaseLabel } from '../backup/restore-into-postgres';
import { currentCredential, newPracticePassphrase } from '../encryption/practice-credentials';
import { unlockForCommand } from '../encryption/unlock-for-command';
import { practiceText } from '../practice-messages/practice-text';

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      'data-dir': { type: 'string' },
      'database-url': { type: 'string' },
      force: { type: 'boolean', default: false },
      'recovery-key': { type: 'boolean', default: false },
      'new-practice-key': { type: 'boolean', default: false },
      unencrypted: { type: 'boolean', default: false },
    },
  });
  const text = practiceText();
  const dataDir = values['data-dir'];
  if (positionals.length !== 1 || !dataDir) {
    console.error(text.restoreUsage);
    return 2;
  }
  const recoveryKey = values['recovery-key'];
  const databaseUrl = values['database-url'] ?? (process.env.DATABASE_URL || undefined);
  // Replacing an encrypted practice keeps its key: opened first, so a wrong passphrase costs no unpacking.
  if (values.force && !values.unencrypted && existsSync(dataDir)) await unlockForCommand(dataDir, { recoveryKey });
  const passphrase = await obtainPassphrase(process.env, { confirm: false });
  const summary = await restoreBackup({
    archive: positionals[0]!,
    dataDir,
    passphrase,
    force: values.force,
    masterKey: process.env.MASTER_KEY || undefined,
    practice: {
      credential: async (need) =>
        need === 'archive' ? currentCredential(process.env, { recoveryKey }) : { passphrase: await newPracticePassphrase(process.env, 'PASSPHRASE') },
      newKey: values['new-practice-key'],
    },
    unencrypted: values.unencrypted,
    databaseUrl,
  });
  const { createdAt, writtenBy, patients, documents, auditChain } = summary;
  console.log(text.restoreDone({ createdAt, writtenBy, dataDir: summary.dataDir, patients, documents, auditChain, seconds: (summary.ms / 1000).toFixed(1) }));
  if (databaseUrl) console.log(text.restoreIntoPostgres({ database: databaseLabel(databaseUrl), dataDir: summary.dataDir }));
  if (summary.replacedDir) console.log(text.restoreReplaced({ dir: summary.replacedDir }));
  if (summary.documentKey === 'master-key') console.log(text.restoreMasterKey);
  if (summary.documentKey === 'left-out-of-plain-archive') console.log(text.restorePlainNoKeys);
  if (summary.olderData) console.log(text.restoreOlderData);
  if (summary.practiceKey === 'kept') console.log(text.restorePracticeKeyKept({ dataDir: summary.dataDir }));
  if (summary.practiceKey === 'archive') console.log(text.restorePracticeKeyFromArchive);
  if (summary.practiceKey === 'new') console.log(text.restorePracticeKeyNew);
  if (summary.practiceKey === 'none') console.log(text.restoreUnencrypted);
  if (summary.recoveryKey) console.log(text.recoveryKeyShownOnce({ recoveryKey: summary.recoveryKey }));
  console.log(text.restoreSignInAgain);
  return 0;
}

main().then(
  (code) => (process.exitCode = code),
  (error: Error) => {
    console.error(practiceText().restoreFailed({ reason: error.message }));
    process.exitCode = 1;
  },
);

// `npm run restore -- FILE --data-dir DIR [--force]`: checks the whole archive in a directory beside
// DIR, then puts it in DIR's place. Stop the server that uses DIR first.
import { parseArgs } from 'node:util';
import { obtainPassphrase } from '../server/backup/passphrase';
import { restoreBackup } from '../server/backup/restore';
import { practiceText } from '../server/practice-messages/practice-text';

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { 'data-dir': { type: 'string' }, force: { type: 'boolean', default: false } },
  });
  const text = practiceText();
  const dataDir = values['data-dir'];
  if (positionals.length !== 1 || !dataDir) {
    console.error(text.restoreUsage);
    return 2;
  }
  const passphrase = await obtainPassphrase(process.env, { confirm: false });
  const summary = await restoreBackup({ archive: positionals[0]!, dataDir, passphrase, force: values.force, masterKey: process.env.MASTER_KEY || undefined });
  const { createdAt, writtenBy, patients, documents, auditChain } = summary;
  console.log(text.restoreDone({ createdAt, writtenBy, dataDir: summary.dataDir, patients, documents, auditChain, seconds: (summary.ms / 1000).toFixed(1) }));
  if (summary.replacedDir) console.log(text.restoreReplaced({ dir: summary.replacedDir }));
  if (summary.documentKey === 'master-key') console.log(text.restoreMasterKey);
  if (summary.documentKey === 'left-out-of-plain-archive') console.log(text.restorePlainNoKeys);
  if (summary.olderData) console.log(text.restoreOlderData);
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

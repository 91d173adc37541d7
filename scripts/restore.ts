// `npm run restore -- FILE --data-dir DIR [--force]`: checks the whole archive in a directory beside
// DIR, then puts it in DIR's place. Stop the server that uses DIR first.
import { parseArgs } from 'node:util';
import { obtainPassphrase } from '../server/backup/passphrase';
import { restoreBackup } from '../server/backup/restore';

const USAGE = 'Usage: npm run restore -- FILE --data-dir DIR [--force]   (passphrase from BACKUP_PASSPHRASE or the terminal)';

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { 'data-dir': { type: 'string' }, force: { type: 'boolean', default: false } },
  });
  const dataDir = values['data-dir'];
  if (positionals.length !== 1 || !dataDir) {
    console.error(USAGE);
    return 2;
  }
  const passphrase = await obtainPassphrase(process.env, { confirm: false });
  const summary = await restoreBackup({ archive: positionals[0]!, dataDir, passphrase, force: values.force, masterKey: process.env.MASTER_KEY || undefined });
  console.log(
    `Restored the backup of ${summary.createdAt} into ${summary.dataDir}: ${summary.patients} patients, ${summary.documents} documents ` +
      `(every blob checked), audit chain ${summary.auditChain}, in ${(summary.ms / 1000).toFixed(1)} s.`,
  );
  if (summary.replacedDir) console.log(`The directory's previous contents are in ${summary.replacedDir}.`);
  if (summary.documentKey === 'master-key') console.log('The documents are encrypted with MASTER_KEY: start the server with the same MASTER_KEY.');
  if (summary.documentKey === 'left-out-of-plain-archive') console.log('This plain archive holds no keys: put the document-key and audit-key files (or MASTER_KEY) back yourself.');
  console.log('Sessions from before the backup no longer work: everyone signs in again.');
  return 0;
}

main().then(
  (code) => (process.exitCode = code),
  (error: Error) => {
    console.error(`Restore failed, nothing was written: ${error.message}`);
    process.exitCode = 1;
  },
);

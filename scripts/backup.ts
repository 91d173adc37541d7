// `npm run backup -- --out FILE [--data-dir DIR]`: an encrypted archive of DATA_DIR, taken while the
// server runs. The passphrase comes from BACKUP_PASSPHRASE or is asked for at the terminal.
// `--plain` (an archive anyone can read, without the keys) also needs --i-understand-this-is-unencrypted.
import { parseArgs } from 'node:util';
import { createBackup } from '../server/backup/backup';
import { obtainPassphrase } from '../server/backup/passphrase';

const USAGE = 'Usage: npm run backup -- --out FILE [--data-dir DIR]   (DATA_DIR by default; passphrase from BACKUP_PASSPHRASE or the terminal)';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      out: { type: 'string' },
      'data-dir': { type: 'string' },
      plain: { type: 'boolean', default: false },
      'i-understand-this-is-unencrypted': { type: 'boolean', default: false },
    },
  });
  if (!values.out) {
    console.error(USAGE);
    return 2;
  }
  if (values.plain && !values['i-understand-this-is-unencrypted']) {
    console.error('--plain writes patients\' records unencrypted: refused. Add --i-understand-this-is-unencrypted if that is really what you want.');
    return 2;
  }
  const plain = values.plain;
  const passphrase = plain ? '' : await obtainPassphrase(process.env, { confirm: true });
  const summary = await createBackup(
    { dataDir: values['data-dir'] ?? process.env.DATA_DIR ?? './data', outFile: values.out, passphrase, masterKey: process.env.MASTER_KEY || undefined },
    { plain },
  );
  const mb = (summary.bytes / 1024 / 1024).toFixed(1);
  console.log(
    `Wrote ${summary.file}${plain ? ' (UNENCRYPTED, without the keys)' : ''}: ${summary.patients} patients, ${summary.documents} documents, ` +
      `${summary.rows} rows in ${summary.tables} tables, ${mb} MB, in ${(summary.ms / 1000).toFixed(1)} s.`,
  );
  return 0;
}

main().then(
  (code) => (process.exitCode = code),
  (error: Error) => {
    console.error(`Backup failed: ${error.message}`);
    process.exitCode = 1;
  },
);

// `npm run change-passphrase -- [--data-dir DIR] [--recovery-key]`: a new practice passphrase for an
// encrypted DATA_DIR (server/encryption/change-passphrase.ts), also while its server runs. The
// current passphrase comes from PASSPHRASE_FILE, PASSPHRASE or the terminal, or the recovery key from
// RECOVERY_KEY or, with --recovery-key, the terminal; the new one from NEW_PASSPHRASE or typed twice.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { changePracticePassphrase } from '../server/encryption/change-passphrase';
import { currentCredential, newPracticePassphrase } from '../server/encryption/practice-credentials';
import { practiceText } from '../server/practice-messages/practice-text';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { 'data-dir': { type: 'string' }, 'recovery-key': { type: 'boolean', default: false }, help: { type: 'boolean', default: false } },
  });
  const text = practiceText();
  if (values.help) {
    console.log(text.changePassphraseUsage);
    return 0;
  }
  const env = process.env;
  const dataDir = resolve(values['data-dir'] ?? env.DATA_DIR ?? './data');
  await changePracticePassphrase({
    dataDir,
    current: () => currentCredential(env, { recoveryKey: values['recovery-key'] }),
    next: () => newPracticePassphrase(env, 'NEW_PASSPHRASE'),
  });
  console.log(text.changePassphraseDone({ dataDir }));
  return 0;
}

main().then(
  (code) => (process.exitCode = code),
  (error: Error) => {
    console.error(practiceText().changePassphraseFailed({ reason: error.message }));
    process.exitCode = 1;
  },
);

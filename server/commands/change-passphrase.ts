// `npm run change-passphrase -- [--data-dir DIR] [--recovery-key] [--new-recovery-key]`: a new practice
// passphrase for an encrypted DATA_DIR (server/encryption/change-passphrase.ts), or with
// --new-recovery-key a new recovery key in place of the old one, also while its server runs. The
// current passphrase comes from PASSPHRASE_FILE, PASSPHRASE or the terminal, or the recovery key from
// RECOVERY_KEY or, with --recovery-key, the terminal; the new one from NEW_PASSPHRASE or typed twice.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { changePracticePassphrase, newPracticeRecoveryKey } from '../encryption/change-passphrase';
import { currentCredential, newPracticePassphrase } from '../encryption/practice-credentials';
import { practiceText } from '../practice-messages/practice-text';

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    'recovery-key': { type: 'boolean', default: false },
    'new-recovery-key': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});

async function main(): Promise<number> {
  const text = practiceText();
  if (values.help) {
    console.log(text.changePassphraseUsage);
    return 0;
  }
  const env = process.env;
  const dataDir = resolve(values['data-dir'] ?? env.DATA_DIR ?? './data');
  const current = () => currentCredential(env, { recoveryKey: values['recovery-key'] });
  if (values['new-recovery-key']) {
    const recoveryKey = await newPracticeRecoveryKey({ dataDir, current });
    console.log(text.recoveryKeyShownOnce({ recoveryKey }));
    console.log(text.newRecoveryKeyDone({ dataDir }));
    return 0;
  }
  await changePracticePassphrase({ dataDir, current, next: () => newPracticePassphrase(env, 'NEW_PASSPHRASE') });
  console.log(text.changePassphraseDone({ dataDir }));
  return 0;
}

main().then(
  (code) => (process.exitCode = code),
  (error: Error) => {
    const text = practiceText();
    console.error((values['new-recovery-key'] ? text.newRecoveryKeyFailed : text.changePassphraseFailed)({ reason: error.message }));
    process.exitCode = 1;
  },
);

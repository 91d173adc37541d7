// The practice's messages for `npm run change-passphrase`: a new passphrase or recovery key for the
// practice key; in English. The same keys as es/, checked by the type.
import type { changePassphrase as spanish } from '../es/change-passphrase';

export const changePassphrase: typeof spanish = {
  changePassphraseUsage:
    'Usage: npm run change-passphrase -- [--data-dir DIR] [--recovery-key] [--new-recovery-key]   (the current passphrase from PASSPHRASE_FILE, PASSPHRASE or the terminal, ' +
    'or the recovery key from RECOVERY_KEY; the new one from NEW_PASSPHRASE or typed twice; --new-recovery-key replaces the recovery key instead, and shows the new one once)',
  changePassphraseNotEncrypted: ({ dataDir }) => `${dataDir} is not encrypted: there is no passphrase to change (npm run encrypt encrypts it). Nothing was changed.`,
  changePassphraseDone: ({ dataDir }) =>
    `The practice passphrase of ${dataDir} is changed: the old one no longer opens it, the recovery key still does. ` +
    'Put the new one where the server reads it at start (PASSPHRASE_FILE or PASSPHRASE); a server running now goes on.',
  changePassphraseFailed: ({ reason }) => `The passphrase was not changed: ${reason}`,
  newRecoveryKeyDone: ({ dataDir }) =>
    `${dataDir} has a new recovery key, the one above: the old one no longer opens it; the passphrase is as it was. Print the new key and keep it apart.`,
  newRecoveryKeyFailed: ({ reason }) => `The recovery key was not replaced: ${reason}`,
};

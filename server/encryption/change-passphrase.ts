// `npm run change-passphrase`: the master key wrapped again under a new practice passphrase
// (practice-key.ts rewrapPassphrase). Only DATA_DIR/practice-key changes, replaced whole in one
// rename (atomic-file.ts), so it may run beside a server, which holds the master key itself and goes
// on. The old passphrase no longer opens the file; the recovery key's wrap is left as it was.
// With `--new-recovery-key`, the other wrap is replaced instead: a lost or exposed recovery key stops
// opening the practice and a new one is shown once; the passphrase stays as it was.
import { practiceText } from '../practice-messages/practice-text';
import { openPracticeKey, wrongCredentialMessage, type PracticeCredential } from './practice-credentials';
import { readPracticeKeyFile, rewrapPassphrase, rewrapRecoveryKey, writePracticeKeyFile, type Argon2Params } from './practice-key';

/** Nothing was changed; the message says why. */
export class PassphraseNotChanged extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PassphraseNotChanged';
  }
}

export interface ChangePassphraseOptions {
  dataDir: string;
  /** The current passphrase, or the recovery key. */
  current: () => Promise<PracticeCredential>;
  /** The new passphrase, asked only once the current one has opened the key. */
  next: () => Promise<string>;
  /** Tests only: a cheaper derivation; production wraps under PRODUCTION_ARGON2. */
  argon2?: Argon2Params;
}

export async function changePracticePassphrase(options: ChangePassphraseOptions): Promise<void> {
  const file = readPracticeKeyFile(options.dataDir);
  if (!file) throw new PassphraseNotChanged(practiceText().changePassphraseNotEncrypted({ dataDir: options.dataDir }));
  const credential = await options.current();
  const masterKey = await openPracticeKey(file, credential);
  if (!masterKey) throw new PassphraseNotChanged(wrongCredentialMessage(credential, options.dataDir));
  writePracticeKeyFile(options.dataDir, await rewrapPassphrase(file, masterKey, await options.next(), options.argon2));
}

/**
 * A new recovery key for an encrypted DATA_DIR, opened by its passphrase or by the recovery key it has
 * now: the old recovery key no longer opens it. Returns the new one, to be shown this once.
 */
export async function newPracticeRecoveryKey(options: Pick<ChangePassphraseOptions, 'dataDir' | 'current'>): Promise<string> {
  const file = readPracticeKeyFile(options.dataDir);
  if (!file) throw new PassphraseNotChanged(practiceText().changePassphraseNotEncrypted({ dataDir: options.dataDir }));
  const credential = await options.current();
  const masterKey = await openPracticeKey(file, credential);
  if (!masterKey) throw new PassphraseNotChanged(wrongCredentialMessage(credential, options.dataDir));
  const rewrapped = rewrapRecoveryKey(file, masterKey);
  writePracticeKeyFile(options.dataDir, rewrapped.file);
  return rewrapped.recoveryKey;
}

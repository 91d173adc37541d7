// What a start finds in DATA_DIR and does about the practice key (API.md "Encryption at rest"),
// given the passphrase the configuration holds, if any (passphrase-source.ts):
//   - a practice key and a passphrase that opens it: the key is remembered, the practice opens;
//   - a practice key and no passphrase, or one that does not open it: locked, until the unlock page
//     is given the passphrase or the recovery key;
//   - no practice key but a database: a plain practice of an earlier release, served as it is
//     (encrypted by `npm run encrypt`, never behind the practice's back);
//   - neither: a new practice, made now when there is a passphrase (its recovery key to show
//     once), else locked to be set up in the browser.
// The caller holds DATA_DIR's lock: two starts must never each make a key for the same directory.
import { existsSync } from 'node:fs';
import { AUDIT_KEY_FILE } from '../audit/audit-key';
import { join } from 'node:path';
import { MIN_PRACTICE_PASSPHRASE_LENGTH } from '../../shared/constants';
import { practiceText } from '../practice-messages/practice-text';
import { setUpPracticeKey } from './new-practice-key';
import { openWithPassphrase, PRODUCTION_ARGON2, readPracticeKeyFile, type Argon2Params, type PracticeKeyFile } from './practice-key';
import { practiceKeyOf, rememberPracticeKey } from './unlocked-practices';

export const DATABASE_FILE = 'expediente.db';

export type PracticeAtStart =
  /** Encrypted and opened with the configured passphrase. */
  | { state: 'open' }
  /** A new practice made with the configured passphrase: its recovery key, to show this once. */
  | { state: 'created'; recoveryKey: string }
  /** An earlier release's practice, not encrypted; `passphraseUnused` when one was configured all the same. */
  | { state: 'plain'; passphraseUnused: boolean }
  /** Encrypted, waiting for its passphrase or recovery key; `passphraseRefused` when the configured one did not open it. */
  | { state: 'locked'; keyFile: PracticeKeyFile; passphraseRefused: boolean }
  /** New, waiting for a passphrase to be chosen in the browser. */
  | { state: 'to-set-up' };

/** A new practice's passphrase that is too short to guard a copied disk: the start stops, nothing is made. */
export class WeakPassphraseError extends Error {
  constructor() {
    super(practiceText().practicePassphraseTooShort({ min: MIN_PRACTICE_PASSPHRASE_LENGTH }));
    this.name = 'WeakPassphraseError';
  }
}

export interface PracticeAtStartOptions {
  dataDir: string;
  /** The configured passphrase (PASSPHRASE_FILE's or PASSPHRASE), if any. */
  passphrase: string | undefined;
  /** How a new practice's key is wrapped; tests pass lighter parameters. */
  argon2?: Argon2Params;
  /**
   * The practice's database is not in DATA_DIR (a clinic network's PostgreSQL, DATABASE_URL): DATA_DIR
   * holds its keys alone, so keys in the clear there (no practice key) are a plain practice's.
   */
  databaseElsewhere?: boolean;
}

export async function practiceAtStart({ dataDir, passphrase, argon2 = PRODUCTION_ARGON2, databaseElsewhere = false }: PracticeAtStartOptions): Promise<PracticeAtStart> {
  // A damaged key file throws (PracticeKeyFileError): it is the only way to the data, never replaced.
  const keyFile = readPracticeKeyFile(dataDir);
  if (keyFile) {
    // Already opened by this process (the single binary unlocks before its pre-upgrade backup): argon2 once is enough.
    if (practiceKeyOf(dataDir)) return { state: 'open' };
    const masterKey = passphrase === undefined ? null : await openWithPassphrase(keyFile, passphrase);
    if (!masterKey) return { state: 'locked', keyFile, passphraseRefused: passphrase !== undefined };
    rememberPracticeKey(dataDir, masterKey);
    return { state: 'open' };
  }
  const plainData = existsSync(join(dataDir, DATABASE_FILE)) || (databaseElsewhere && existsSync(join(dataDir, AUDIT_KEY_FILE)));
  if (plainData) return { state: 'plain', passphraseUnused: passphrase !== undefined };
  if (passphrase === undefined) return { state: 'to-set-up' };
  if (passphrase.length < MIN_PRACTICE_PASSPHRASE_LENGTH) throw new WeakPassphraseError();
  // Written before anything is encrypted under it: a start that dies now leaves a key and no data.
  const { recoveryKey } = await setUpPracticeKey(dataDir, passphrase, argon2);
  return { state: 'created', recoveryKey };
}

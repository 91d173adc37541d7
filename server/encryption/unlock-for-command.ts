// A command's way into an encrypted DATA_DIR (backup, restore over it, audit:verify, the binary's
// start): its practice key opened with the passphrase or the recovery key (practice-credentials.ts)
// and remembered for this process, so that every file there opens as the server's do. A plain
// DATA_DIR needs nothing. A wrong passphrase is refused in the practice's language; the command
// says so and exits 1.
import { join } from 'node:path';
import { practiceText } from '../practice-messages/practice-text';
import { isPlainDatabaseFile } from './database-file';
import { configuredPassphrase, currentCredential, openPracticeKey, wrongCredentialMessage } from './practice-credentials';
import { openWithPassphrase, readPracticeKeyFile } from './practice-key';
import { practiceKeyOf, rememberPracticeKey } from './unlocked-practices';

/** The practice stays locked: the message says why and what to do. */
export class PracticeLocked extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PracticeLocked';
  }
}

export interface CommandUnlockOptions {
  env?: NodeJS.ProcessEnv;
  /** --recovery-key: ask for the recovery key rather than the passphrase. */
  recoveryKey?: boolean;
}

/** Opens DATA_DIR's practice key for this process; 'plain' when the practice has none. */
export async function unlockForCommand(dataDir: string, options: CommandUnlockOptions = {}): Promise<'plain' | 'encrypted'> {
  const env = options.env ?? process.env;
  const file = readPracticeKeyFile(dataDir);
  if (!file) return 'plain';
  if (!practiceKeyOf(dataDir)) {
    const credential = await currentCredential(env, options);
    const masterKey = await openPracticeKey(file, credential);
    if (!masterKey) throw new PracticeLocked(wrongCredentialMessage(credential, dataDir, env));
    rememberPracticeKey(dataDir, masterKey);
  }
  assertEncryptionFinished(dataDir, env);
  return 'encrypted';
}

/**
 * A practice key beside a database still in the clear is an `npm run encrypt` stopped between its
 * last two steps: the key file is written, the encrypted copy not yet in place. Running it again
 * finishes it; nothing else should touch the data meanwhile.
 */
export function assertEncryptionFinished(dataDir: string, env: NodeJS.ProcessEnv = process.env): void {
  if (isPlainDatabaseFile(join(dataDir, 'expediente.db'))) throw new PracticeLocked(practiceText(env).encryptionUnfinished({ dataDir }));
}

/**
 * The binary's start, before the server's own: opens the practice key with PASSPHRASE_FILE or
 * PASSPHRASE when they are set, so that the data can be backed up before an upgrade. Without them,
 * or with a wrong one, the practice stays locked and the server's start says what to do.
 */
export async function unlockFromConfiguration(dataDir: string, env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  if (practiceKeyOf(dataDir)) return true;
  const file = readPracticeKeyFile(dataDir);
  const passphrase = configuredPassphrase(env);
  if (!file || passphrase === undefined) return false;
  const masterKey = await openWithPassphrase(file, passphrase);
  if (masterKey) rememberPracticeKey(dataDir, masterKey);
  return masterKey !== null;
}

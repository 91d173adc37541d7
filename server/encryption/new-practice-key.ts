// A new practice's key, set up once: made, written to DATA_DIR/practice-key and remembered for this
// process, so that the database and key files made next are encrypted from their first byte. The
// recovery key is returned to be shown once (it is stored nowhere).
import { createPracticeKey, PRODUCTION_ARGON2, writePracticeKeyFile, type Argon2Params } from './practice-key';
import { rememberPracticeKey } from './unlocked-practices';

export async function setUpPracticeKey(dataDir: string, passphrase: string, params: Argon2Params = PRODUCTION_ARGON2): Promise<{ recoveryKey: string }> {
  const { masterKey, file, recoveryKey } = await createPracticeKey(passphrase, params);
  writePracticeKeyFile(dataDir, file);
  rememberPracticeKey(dataDir, masterKey);
  return { recoveryKey };
}

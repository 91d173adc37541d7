// Encrypted practices for tests: a practice key under a cheap derivation (the file records its own
// parameters, so everything that opens it works as in production), written into DATA_DIR and
// remembered by this process as a server's start or a command's unlock would.
import type { PracticeChoice } from '../backup/restore';
import { createPracticeKey, writePracticeKeyFile, type Argon2Params } from '../encryption/practice-key';
import { rememberPracticeKey } from '../encryption/unlocked-practices';

export const TEST_ARGON2: Argon2Params = { memoryCost: 1024, timeCost: 1, parallelism: 1 };
export const TEST_PRACTICE_PASSPHRASE = 'frase de la consulta de prueba';

/** What a restore is told when the restored practice needs a key: this passphrase, for the archive's key or a new one. */
export const practiceForTests = (passphrase = TEST_PRACTICE_PASSPHRASE, options: Omit<PracticeChoice, 'credential'> = {}): PracticeChoice => ({
  credential: () => Promise.resolve({ passphrase }),
  argon2: TEST_ARGON2,
  ...options,
});

/** Gives DATA_DIR (existing, without a database yet) a practice key and unlocks it in this process. */
export async function encryptedPracticeForTests(dataDir: string, passphrase = TEST_PRACTICE_PASSPHRASE): Promise<{ masterKey: Buffer; recoveryKey: string }> {
  const { masterKey, file, recoveryKey } = await createPracticeKey(passphrase, TEST_ARGON2);
  writePracticeKeyFile(dataDir, file);
  rememberPracticeKey(dataDir, masterKey);
  return { masterKey, recoveryKey };
}

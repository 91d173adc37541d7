// The practice authority's private key as the practice keeps it, away from the server: PKCS#8 PEM
// encrypted under a passphrase (PBES2: PBKDF2 with HMAC-SHA256, AES-256-CBC), the standard form that
// OpenSSL opens too (`openssl pkey -in FILE`), so the practice never depends on this program to read it.
import { createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { writeFileAtomically } from '../atomic-file';
import { practiceText } from '../practice-messages/practice-text';

/**
 * As for backups. OpenSSL derives the key with only 2,048 PBKDF2 rounds, so the passphrase's length,
 * not the derivation's cost, is what holds off guessing by whoever finds the file.
 */
export const CA_KEY_MIN_PASSPHRASE_LENGTH = 12;
export const CA_KEY_FILE_MODE = 0o600;

const ENCRYPTED_PEM_HEADER = '-----BEGIN ENCRYPTED PRIVATE KEY-----';

/** Whether a file's text is a key in the form this module writes (whatever its passphrase). */
export function isEncryptedKeyPem(text: string): boolean {
  return text.trimStart().startsWith(ENCRYPTED_PEM_HEADER);
}

/** The plaintext PKCS#8 PEM `keyPem`, encrypted under `passphrase` for the key file. */
export function encryptCaKey(keyPem: string, passphrase: string): string {
  if ([...passphrase].length < CA_KEY_MIN_PASSPHRASE_LENGTH) {
    throw new Error(practiceText().tlsPassphraseTooShort({ min: CA_KEY_MIN_PASSPHRASE_LENGTH }));
  }
  return createPrivateKey(keyPem).export({ format: 'pem', type: 'pkcs8', cipher: 'aes-256-cbc', passphrase }) as string;
}

/** The key file's key as plaintext PKCS#8 PEM, in memory only. `keyFile` names the file in messages. */
export function decryptCaKey(fileText: string, passphrase: string, keyFile: string): string {
  // An unencrypted key would open under any passphrase, so the form is checked, not only the passphrase.
  if (!isEncryptedKeyPem(fileText)) throw new Error(practiceText().tlsCaKeyNotEncrypted({ keyFile }));
  try {
    return createPrivateKey({ key: fileText, format: 'pem', passphrase }).export({ format: 'pem', type: 'pkcs8' }) as string;
  } catch (error) {
    // CBC's padding lets a wrong passphrase through now and then, to fail when the key is parsed
    // instead: every failure here is the same answer to the practice.
    throw new Error(practiceText().tlsWrongPassphrase({ keyFile }), { cause: error });
  }
}

/**
 * Writes the key file whole or not at all, for the practice's user alone, then reads it back and
 * opens it: a key that cannot be opened must be found now, while the key it holds is still at hand.
 */
export function writeCaKeyFile(keyFile: string, keyPem: string, passphrase: string): void {
  writeFileAtomically(keyFile, encryptCaKey(keyPem, passphrase), CA_KEY_FILE_MODE);
  decryptCaKey(readFileSync(keyFile, 'utf8'), passphrase, keyFile);
}

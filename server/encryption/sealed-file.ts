// The key files of an encrypted practice (the JWT secret, the audit, document and TOTP keys) are
// kept sealed by the practice key: "sealed-1:" then base64 of IV | AES-256-GCM ciphertext | tag,
// with the file's name as associated data, so that one key file copied over another is refused
// like an altered one. A copied DATA_DIR then holds none of them in the clear.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { keyFor } from './practice-key';

const PREFIX = 'sealed-1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export const isSealed = (text: string): boolean => text.startsWith(PREFIX);

export function sealKeyFile(masterKey: Buffer, fileName: string, value: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyFor(masterKey, 'key-files'), iv);
  cipher.setAAD(Buffer.from(fileName));
  const sealed = Buffer.concat([iv, cipher.update(value, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${PREFIX}${sealed.toString('base64')}`;
}

/** The value sealed in a key file's text; null when it was sealed by another key, for another file, or altered. */
export function openKeyFile(masterKey: Buffer, fileName: string, text: string): string | null {
  const bytes = Buffer.from(text.slice(PREFIX.length), 'base64');
  if (!isSealed(text) || bytes.length < IV_BYTES + TAG_BYTES) return null;
  const decipher = createDecipheriv('aes-256-gcm', keyFor(masterKey, 'key-files'), bytes.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(fileName));
  decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

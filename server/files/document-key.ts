// The key that encrypts uploaded documents: MASTER_KEY, or a key file generated once into
// DATA_DIR (mode 0600). It is never stored in the database. Whether a missing key file may be made
// anew is decided at start (startup-keys.ts): never while documents encrypted with it exist.
import { readOrCreateSecret, type ReadSecretOptions } from '../secrets';

export const DOCUMENT_KEY_FILE = 'document-key';
const KEY_BYTES = 32;

export function parseMasterKey(value: string): Buffer {
  const trimmed = value.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (key.length !== KEY_BYTES) throw new Error('MASTER_KEY must be 32 bytes, written as 64 hex digits or in base64');
  return key;
}

/** The key file's text as a key; anything but 32 bytes is a damaged file, which AES would refuse anyway. */
export const decodeDocumentKey = (text: string): Buffer => Buffer.from(text, 'base64url');
export const isDocumentKeyText = (text: string): boolean => decodeDocumentKey(text).length === KEY_BYTES;

/** MASTER_KEY, or DATA_DIR/document-key, made on first use when there is none (see startup-keys.ts). */
export function loadDocumentKey(masterKey: string | undefined, dataDir: string, options: ReadSecretOptions = {}): Buffer {
  if (masterKey) return parseMasterKey(masterKey);
  return decodeDocumentKey(readOrCreateSecret(dataDir, DOCUMENT_KEY_FILE, KEY_BYTES, { ...options, isValid: isDocumentKeyText }));
}

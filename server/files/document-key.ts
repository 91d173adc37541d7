// The key that encrypts uploaded documents: MASTER_KEY, or a key file generated once into
// DATA_DIR (mode 0600). It is never stored in the database.
import { readOrCreateSecret } from '../secrets';

export const DOCUMENT_KEY_FILE = 'document-key';

export function parseMasterKey(value: string): Buffer {
  const trimmed = value.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (key.length !== 32) throw new Error('MASTER_KEY must be 32 bytes, written as 64 hex digits or in base64');
  return key;
}

export function loadDocumentKey(masterKey: string | undefined, dataDir: string): Buffer {
  if (masterKey) return parseMasterKey(masterKey);
  return Buffer.from(readOrCreateSecret(dataDir, DOCUMENT_KEY_FILE, 32), 'base64url');
}

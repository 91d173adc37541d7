// For tests: a blob as installs wrote them before blobs were bound to their row
// ("EXP1" | IV | AES-256-GCM ciphertext without associated data | tag), written independently
// of BlobStore so that the old format stays pinned even as the store's own writer changes.
import { createCipheriv, randomBytes } from 'node:crypto';

export function legacyBlob(key: Buffer, plaintext: Buffer): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([Buffer.from('EXP1'), iv, ciphertext, cipher.getAuthTag()]);
}

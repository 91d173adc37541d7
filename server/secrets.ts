// Secrets that are generated once into DATA_DIR when the environment does not give them.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function ensureDataDir(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
}

/**
 * Reads DATA_DIR/<fileName>, creating it with a fresh random value (mode 0600) the first time.
 * The exclusive flag makes two processes starting at once agree on one secret.
 */
export function readOrCreateSecret(dataDir: string, fileName: string, bytes = 48): string {
  const path = join(dataDir, fileName);
  try {
    writeFileSync(path, randomBytes(bytes).toString('base64url'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = readFileSync(path, 'utf8').trim();
  if (secret.length < 32) throw new Error(`${path} holds too short a secret; delete it to generate a new one`);
  return secret;
}

// TOTP seeds at rest (API.md "Account changes that need the password again"): whoever holds a copy
// of the database alone must not be able to make every account's codes, so each seed is stored
// sealed with AES-256-GCM under a key kept outside the database (DATA_DIR/totp-key, made and
// guarded as the document key is: startup-keys.ts), bound to its account (the user id is the
// associated data: a sealed seed copied onto another account's row does not open). A seed stored
// before seeds were sealed is sealed at the next start (sealPlainSeeds).
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Db, DbOrTx } from '../../db/engine';
import { inTransaction } from '../../db/in-transaction';
import { rawGet, rawRows, rawRun } from '../../db/raw-sql';

export const TOTP_KEY_FILE = 'totp-key';
/** Sealed seeds start with this; a seed in base32 never can (no lower case, no dot). */
const SEALED_PREFIX = 'v1.';
const IV_BYTES = 12;

export interface TotpSeal {
  seal(userId: number, secret: string): string;
  /** The seed of a stored value; throws when it was altered, moved or sealed under another key. */
  open(userId: number, stored: string): string;
}

const associatedData = (userId: number) => Buffer.from(`totp-seed:${userId}`, 'utf8');
export const isSealedSeed = (stored: string): boolean => stored.startsWith(SEALED_PREFIX);

export function totpSeal(key: Buffer): TotpSeal {
  return {
    seal(userId, secret) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(associatedData(userId));
      const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return `${SEALED_PREFIX}${iv.toString('base64url')}.${sealed.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}`;
    },
    open(userId, stored) {
      const [iv, sealed, tag] = stored.slice(SEALED_PREFIX.length).split('.');
      if (!isSealedSeed(stored) || !iv || sealed === undefined || !tag) throw new Error('The stored TOTP seed is not sealed.');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url')).setAAD(associatedData(userId));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

/** Rows whose seed is sealed: a key file lost while they exist must stop the start (startup-keys.ts). */
export const countSealedSeeds = async (db: DbOrTx): Promise<number> =>
  Number((await rawGet<{ n: number }>(db, `select count(*) as n from totp_secrets where secret like '${SEALED_PREFIX}%'`))?.n ?? 0);

/**
 * Seals every seed still stored in the clear (a database from before seeds were sealed), in one
 * transaction; on SQLite the old values' pages are overwritten (secure_delete is on, db/client.ts).
 */
export async function sealPlainSeeds(db: Db, seal: TotpSeal): Promise<number> {
  return inTransaction(db, async (tx) => {
    const plain = await rawRows<{ userId: number; secret: string }>(tx, `select user_id as "userId", secret from totp_secrets where secret not like '${SEALED_PREFIX}%'`);
    for (const row of plain) await rawRun(tx, 'update totp_secrets set secret = ? where user_id = ? and secret = ?', [seal.seal(row.userId, row.secret), row.userId, row.secret]);
    return plain.length;
  });
}

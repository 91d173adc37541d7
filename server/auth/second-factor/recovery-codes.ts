// Recovery codes: ten single-use codes shown once when TOTP is enabled, for the day the phone is lost.
import { createHash, randomInt } from 'node:crypto';

export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const HALF = 5;

/** xxxxx-xxxxx, lowercase letters and digits: 10 characters from 36, about 52 bits each. */
export function newRecoveryCodes(): string[] {
  const half = () => Array.from({ length: HALF }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => `${half()}-${half()}`);
}

/**
 * The stored form of a code, as recoveryCodeSchema leaves it (no dash, lowercase). SHA-256 rather
 * than argon2, on purpose:
 * - the codes are random, not chosen by a person, so there is no dictionary to slow down; and a
 *   database that leaks them leaks the TOTP secret beside them (an authenticator needs it in the
 *   clear), so a slower hash here would protect nothing the thief does not already hold; a code
 *   alone, without the password (argon2id), opens nothing;
 * - a fast, unsalted hash is looked up by the index in one query, where argon2 would have to try
 *   up to ten slow hashes per guess, on the small thread pool that sign-ins share (DESIGN.md).
 */
export function recoveryCodeHash(normalizedCode: string): string {
  return createHash('sha256').update(normalizedCode).digest('hex');
}

/** A code as shown, in its stored form: the dash and case are forgiven as the schema forgives them. */
export const normalizeRecoveryCode = (code: string): string => code.replace(/[\s-]+/g, '').toLowerCase();

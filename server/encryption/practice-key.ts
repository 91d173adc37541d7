// The practice key (API.md "Encryption at rest"): one random 32-byte master key encrypts everything
// under DATA_DIR (the database through SQLite3MultipleCiphers, the key files sealed by sealed-file.ts,
// the documents through the document key it seals). It is stored only wrapped, in
// DATA_DIR/practice-key, twice:
//   - by the practice passphrase, through argon2id (64 MiB, 3 passes: stronger than the passwords'
//     19 MiB and 2, since a stolen disk lets an attacker guess offline, without any sign-in limit);
//   - by the recovery key, 32 random bytes shown once at set-up in Crockford's base32, to be printed
//     and kept apart; being random, it needs no slow derivation, only HKDF.
// Each wrap is AES-256-GCM with its purpose as associated data, so a wrap cannot be passed off as the
// other, and a wrong passphrase is told by the tag, never by a stored hash of the key. Neither the
// passphrase nor the recovery key is ever written in DATA_DIR.
import argon2 from 'argon2';
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomically } from '../atomic-file';

export const PRACTICE_KEY_FILE = 'practice-key';
const FORMAT = 'expediente-practice-key';
const KEY_BYTES = 32;
const SALT_BYTES = 16;
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface Argon2Params {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/** What a new practice key is wrapped with: OWASP's first argon2id option raised to 64 MiB and 3 passes. */
export const PRODUCTION_ARGON2: Argon2Params = { memoryCost: 65_536, timeCost: 3, parallelism: 1 };
/** What a reader accepts: a key file cannot ask for gigabytes of memory or minutes of work. */
const MAX_ARGON2: Argon2Params = { memoryCost: 1_048_576, timeCost: 16, parallelism: 8 };

interface Wrap {
  salt: string;
  iv: string;
  /** The master key's AES-256-GCM ciphertext followed by its tag, base64. */
  wrapped: string;
}

export interface PracticeKeyFile {
  format: typeof FORMAT;
  version: 1;
  passphrase: Wrap & { kdf: 'argon2id' } & Argon2Params;
  recovery: Wrap & { kdf: 'hkdf-sha256' };
}

/** The key file is there but is not one this server can read: never replaced, since it is the only way to the data. */
export class PracticeKeyFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PracticeKeyFileError';
  }
}

const purposeOf = (kind: 'passphrase' | 'recovery') => Buffer.from(`${FORMAT} 1 ${kind}`);

function seal(kek: Buffer, masterKey: Buffer, kind: 'passphrase' | 'recovery', salt: Buffer): Wrap {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', kek, iv);
  cipher.setAAD(purposeOf(kind));
  const wrapped = Buffer.concat([cipher.update(masterKey), cipher.final(), cipher.getAuthTag()]);
  return { salt: salt.toString('base64'), iv: iv.toString('base64'), wrapped: wrapped.toString('base64') };
}

/** The master key, or null when the tag does not hold: a wrong passphrase or recovery key. */
function unseal(kek: Buffer, wrap: Wrap, kind: 'passphrase' | 'recovery'): Buffer | null {
  const bytes = Buffer.from(wrap.wrapped, 'base64');
  if (bytes.length !== KEY_BYTES + TAG_BYTES) return null;
  const decipher = createDecipheriv('aes-256-gcm', kek, Buffer.from(wrap.iv, 'base64'));
  decipher.setAAD(purposeOf(kind));
  decipher.setAuthTag(bytes.subarray(KEY_BYTES));
  try {
    return Buffer.concat([decipher.update(bytes.subarray(0, KEY_BYTES)), decipher.final()]);
  } catch {
    return null;
  }
}

const passphraseKek = (passphrase: string, salt: Buffer, params: Argon2Params): Promise<Buffer> =>
  argon2.hash(passphrase.normalize('NFC'), { type: argon2.argon2id, ...params, salt, hashLength: KEY_BYTES, raw: true });

const recoveryKek = (recoveryKey: Buffer, salt: Buffer): Buffer => Buffer.from(hkdfSync('sha256', recoveryKey, salt, purposeOf('recovery'), KEY_BYTES));

// Crockford's base32: no I, L, O or U, so what is read off paper is typed back without doubt.
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** The recovery key as printed: 52 characters of base32 in groups of four. */
export function formatRecoveryKey(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let text = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      text += CROCKFORD[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) text += CROCKFORD[(value << (5 - bits)) & 31];
  return text.match(/.{1,4}/g)!.join('-');
}

/** The recovery key as typed: case, spaces and dashes ignored, O read as 0 and I or L as 1; null when it cannot be one. */
export function parseRecoveryKey(typed: string): Buffer | null {
  const text = typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (text.length !== Math.ceil((KEY_BYTES * 8) / 5)) return null;
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of text) {
    const digit = CROCKFORD.indexOf(char);
    if (digit < 0) return null;
    value = ((value << 5) | digit) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return bytes.length === KEY_BYTES ? Buffer.from(bytes) : null;
}

async function wrapWithPassphrase(masterKey: Buffer, passphrase: string, params: Argon2Params): Promise<PracticeKeyFile['passphrase']> {
  const salt = randomBytes(SALT_BYTES);
  return { kdf: 'argon2id', ...params, ...seal(await passphraseKek(passphrase, salt, params), masterKey, 'passphrase', salt) };
}

/** A new practice's key: the master key, its file, and the recovery key to show once. */
export async function createPracticeKey(passphrase: string, params: Argon2Params = PRODUCTION_ARGON2): Promise<{ masterKey: Buffer; file: PracticeKeyFile; recoveryKey: string }> {
  const masterKey = randomBytes(KEY_BYTES);
  const recovery = randomBytes(KEY_BYTES);
  const recoverySalt = randomBytes(SALT_BYTES);
  const file: PracticeKeyFile = {
    format: FORMAT,
    version: 1,
    passphrase: await wrapWithPassphrase(masterKey, passphrase, params),
    recovery: { kdf: 'hkdf-sha256', ...seal(recoveryKek(recovery, recoverySalt), masterKey, 'recovery', recoverySalt) },
  };
  return { masterKey, file, recoveryKey: formatRecoveryKey(recovery) };
}

/** The master key wrapped by a new passphrase; the recovery key's wrap stays as it was. */
export async function rewrapPassphrase(file: PracticeKeyFile, masterKey: Buffer, newPassphrase: string, params: Argon2Params = PRODUCTION_ARGON2): Promise<PracticeKeyFile> {
  return { ...file, passphrase: await wrapWithPassphrase(masterKey, newPassphrase, params) };
}

/**
 * A new recovery key for the same master key: its wrap replaced, the passphrase's left as it was.
 * For a set-up that stopped before its recovery key was shown (encrypt-practice.ts), and for a
 * practice whose recovery key was lost or seen by others (change-passphrase.ts).
 */
export function rewrapRecoveryKey(file: PracticeKeyFile, masterKey: Buffer): { file: PracticeKeyFile; recoveryKey: string } {
  const recovery = randomBytes(KEY_BYTES);
  const salt = randomBytes(SALT_BYTES);
  return { file: { ...file, recovery: { kdf: 'hkdf-sha256', ...seal(recoveryKek(recovery, salt), masterKey, 'recovery', salt) } }, recoveryKey: formatRecoveryKey(recovery) };
}

export async function openWithPassphrase(file: PracticeKeyFile, passphrase: string): Promise<Buffer | null> {
  const { memoryCost, timeCost, parallelism } = file.passphrase;
  const kek = await passphraseKek(passphrase, Buffer.from(file.passphrase.salt, 'base64'), { memoryCost, timeCost, parallelism });
  return unseal(kek, file.passphrase, 'passphrase');
}

export function openWithRecoveryKey(file: PracticeKeyFile, typed: string): Buffer | null {
  const recovery = parseRecoveryKey(typed);
  if (!recovery) return null;
  return unseal(recoveryKek(recovery, Buffer.from(file.recovery.salt, 'base64')), file.recovery, 'recovery');
}

const withinLimits = (params: Argon2Params) =>
  [params.memoryCost, params.timeCost, params.parallelism].every((n) => Number.isInteger(n) && n > 0) &&
  params.memoryCost <= MAX_ARGON2.memoryCost &&
  params.timeCost <= MAX_ARGON2.timeCost &&
  params.parallelism <= MAX_ARGON2.parallelism &&
  params.memoryCost >= 8 * params.parallelism;

const isWrap = (value: unknown): value is Wrap =>
  typeof value === 'object' && value !== null && ['salt', 'iv', 'wrapped'].every((field) => typeof (value as Record<string, unknown>)[field] === 'string');

/** DATA_DIR's practice key file; null when the practice has none (a plain or a new practice). */
export function readPracticeKeyFile(dataDir: string): PracticeKeyFile | null {
  let text: string;
  try {
    text = readFileSync(join(dataDir, PRACTICE_KEY_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new PracticeKeyFileError(`${join(dataDir, PRACTICE_KEY_FILE)} cannot be read: ${(error as Error).message}`);
  }
  return parsePracticeKeyFile(text, join(dataDir, PRACTICE_KEY_FILE));
}

/** A practice key file's text (DATA_DIR's, or the copy a backup archive carries), checked; `where` names it in errors. */
export function parsePracticeKeyFile(text: string, where: string): PracticeKeyFile {
  let parsed: PracticeKeyFile;
  try {
    parsed = JSON.parse(text) as PracticeKeyFile;
  } catch {
    throw new PracticeKeyFileError(`${where} is damaged (not JSON)`);
  }
  const valid =
    parsed.format === FORMAT &&
    parsed.version === 1 &&
    isWrap(parsed.passphrase) &&
    parsed.passphrase.kdf === 'argon2id' &&
    withinLimits(parsed.passphrase) &&
    isWrap(parsed.recovery) &&
    parsed.recovery.kdf === 'hkdf-sha256';
  if (!valid) throw new PracticeKeyFileError(`${where} is not a practice key this release can read`);
  return parsed;
}

export function writePracticeKeyFile(dataDir: string, file: PracticeKeyFile): void {
  writeFileAtomically(join(dataDir, PRACTICE_KEY_FILE), `${JSON.stringify(file, null, 2)}\n`, 0o600);
}

/** A key for one use of the master key (the database, the key files), so that none is used twice. */
export const keyFor = (masterKey: Buffer, purpose: 'database' | 'key-files'): Buffer =>
  Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), `expediente ${purpose}`, KEY_BYTES));

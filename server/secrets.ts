// Secrets kept as files in DATA_DIR when the environment does not give them (the JWT secret, the
// audit key, the document key). Each is written whole or not at all, mode 0600 (atomic-file.ts), and
// its mode is checked whenever it is read: a key file others could read is tightened, and said so,
// because the warning is the only sign that a copy may already have been taken. A file that is
// empty or too short counts as missing; one that is there but cannot be read is never replaced.
// In an encrypted practice each is sealed by the practice key (encryption/sealed-file.ts): written
// sealed, and a plain one left from before the encryption is sealed in place the first time it is read.
import { randomBytes } from 'node:crypto';
import { closeSync, fchmodSync, fstatSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { writeFileAtomically } from './atomic-file';
import { isSealed, openKeyFile, sealKeyFile } from './encryption/sealed-file';
import { practiceKeyOf } from './encryption/unlocked-practices';
import { practiceText } from './practice-messages/practice-text';

/** Fewer characters than this is not a secret this server made (48 random bytes, or 32 for the document key). */
export const MIN_SECRET_LENGTH = 32;

export type Warn = (message: string) => void;

export type SecretFile =
  | { ok: true; value: string }
  /**
   * `problem` completes "<path> ..." ("is missing", "is empty"); `replaceable` is false when the
   * file is there but could not be read, which a new secret must not paper over.
   */
  | { ok: false; problem: string; replaceable: boolean };

export interface ReadSecretOptions {
  warn?: Warn;
  /** A stricter test than the length, for secrets with a format (the document key's 32 bytes). */
  isValid?: (value: string) => boolean;
}

export function ensureDataDir(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
}

export function readSecretFile(path: string, options: ReadSecretOptions = {}): SecretFile {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { ok: false, problem: practiceText().keyMissing, replaceable: true };
    return unreadable(error);
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return { ok: false, problem: practiceText().keyNotAFile, replaceable: false };
    tightenMode(fd, stat.mode, path, options.warn ?? console.warn);
    const text = readFileSync(fd, 'utf8').trim();
    const masterKey = practiceKeyOf(dirname(path));
    if (isSealed(text) && !masterKey) return { ok: false, problem: practiceText().keySealed, replaceable: false };
    const value = isSealed(text) ? openKeyFile(masterKey!, basename(path), text) : text;
    if (value === null) return { ok: false, problem: practiceText().keySealedByAnother, replaceable: false };
    if (masterKey && !isSealed(text) && value.length >= MIN_SECRET_LENGTH) writeFileAtomically(path, sealKeyFile(masterKey, basename(path), value), 0o600);
    if (value === '') return { ok: false, problem: practiceText().keyEmpty, replaceable: true };
    if (value.length < MIN_SECRET_LENGTH || (options.isValid && !options.isValid(value))) {
      return { ok: false, problem: practiceText().keyDamaged, replaceable: true };
    }
    return { ok: true, value };
  } catch (error) {
    return unreadable(error);
  } finally {
    closeSync(fd);
  }
}

/**
 * A key file's value, read as readSecretFile reads it but changing nothing (no mode tightened,
 * nothing sealed in place): for the commands that run beside a server and only read (backup,
 * audit:verify). Throws with the file's problem.
 */
export function peekSecretFile(path: string): string {
  const text = readFileSync(path, 'utf8').trim();
  if (!isSealed(text)) return text;
  const masterKey = practiceKeyOf(dirname(path));
  const value = masterKey ? openKeyFile(masterKey, basename(path), text) : null;
  if (value === null) throw new Error(`${path} ${masterKey ? practiceText().keySealedByAnother : practiceText().keySealed}`);
  return value;
}

/** A fresh random secret in DATA_DIR/<fileName>, replacing whatever unusable file was there. */
export function createSecret(dataDir: string, fileName: string, bytes = 48): string {
  const value = randomBytes(bytes).toString('base64url');
  const masterKey = practiceKeyOf(dataDir);
  writeFileAtomically(join(dataDir, fileName), masterKey ? sealKeyFile(masterKey, fileName, value) : value, 0o600);
  return value;
}

/**
 * Reads DATA_DIR/<fileName>, creating it with a fresh random value the first time. Only for secrets
 * whose loss costs nothing stored (the JWT secret: everyone signs in again), or once the caller knows
 * nothing depends on the old value (startup-keys.ts decides that for the audit and document keys).
 */
export function readOrCreateSecret(dataDir: string, fileName: string, bytes = 48, options: ReadSecretOptions = {}): string {
  const path = join(dataDir, fileName);
  const found = readSecretFile(path, options);
  if (found.ok) return found.value;
  if (!found.replaceable) throw new Error(practiceText().keyLeftAsIs({ path, problem: found.problem }));
  return createSecret(dataDir, fileName, bytes);
}

function unreadable(error: unknown): SecretFile {
  const code = (error as NodeJS.ErrnoException).code;
  return { ok: false, problem: practiceText().keyUnreadable({ code: code ?? (error as Error).message }), replaceable: false };
}

function tightenMode(fd: number, fullMode: number, path: string, warn: Warn): void {
  const mode = fullMode & 0o777;
  if ((mode & 0o077) === 0) return;
  const shown = mode.toString(8).padStart(4, '0');
  try {
    fchmodSync(fd, 0o600);
    warn(practiceText().keyTightened({ path, mode: shown }));
  } catch (error) {
    warn(practiceText().keyCannotTighten({ path, mode: shown, code: String((error as NodeJS.ErrnoException).code ?? error) }));
  }
}

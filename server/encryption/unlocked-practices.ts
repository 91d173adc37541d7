// The practice keys this process holds: a DATA_DIR's master key, once unwrapped at start (or by the
// unlock page, or by a command given the passphrase), is kept here in memory, by the directory, so
// that everything that opens a file there — the server's connection, its workers, the integrity
// check, a backup's snapshot, the key files — opens it with the key and needs no key passed through
// every layer. Never written anywhere; gone with the process.
import { dirname, resolve } from 'node:path';
import { keyFor } from './practice-key';

const masterKeys = new Map<string, Buffer>();

export function rememberPracticeKey(dataDir: string, masterKey: Buffer): void {
  masterKeys.set(resolve(dataDir), masterKey);
}

export function forgetPracticeKey(dataDir: string): void {
  masterKeys.delete(resolve(dataDir));
}

/** The master key of an unlocked DATA_DIR; undefined for a plain practice (or one this process has not unlocked). */
export const practiceKeyOf = (dataDir: string): Buffer | undefined => masterKeys.get(resolve(dataDir));

/**
 * The database's cipher, named whole: SQLite3MultipleCiphers keeps no record of it in the file, so a
 * default changed by a later release of the library must not change what opens it. AEGIS-256 (an
 * authenticated cipher, IETF CFRG draft) runs on the processor's AES instructions. Measured CPU for
 * each 4 KiB page written to the WAL and copied back by the checkpoint, above a plain database's
 * (scripts/bench/cipher-cost.ts): AEGIS-256 0.9 µs, ChaCha20-Poly1305 (the library's default)
 * 9.5–9.8 µs, SQLCipher's AES-256-CBC with HMAC-SHA512 14.8–15.7 µs, AES-256-CBC without
 * authentication 5.6–6.2 µs. Under the record read's load, server CPU per request was 109–121 % of
 * the plain practice's with ChaCha20-Poly1305, 99–103 % with AEGIS-256 (README "Performance").
 */
const DATABASE_CIPHER = ["cipher = 'aegis'", "algorithm = 'aegis-256'"];

/**
 * The pragmas that open a database file in an unlocked DATA_DIR, in order: the cipher, then the
 * `PRAGMA key` (SQLite3MultipleCiphers' raw key, no derivation at each open); undefined for a plain
 * one. Statements, so that a worker thread, which shares no memory with this map, is handed them as text.
 */
export function databaseKeyPragmas(databasePath: string): string[] | undefined {
  const masterKey = practiceKeyOf(dirname(databasePath));
  return masterKey && [...DATABASE_CIPHER, `key = "x'${keyFor(masterKey, 'database').toString('hex')}'"`];
}

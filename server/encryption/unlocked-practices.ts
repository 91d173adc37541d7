// The practice keys this process holds: a DATA_DIR's master key, once unwrapped at start (or by the
// unlock page, or by a command given the passphrase), is kept here in memory, by the directory, so
// that everything that opens a file there — the server's connection, its workers, the integrity
// check, a backup's snapshot, the key files — opens it with the key and needs no key passed through
// every layer. Never written anywhere; gone with the process.
import { dirname, resolve } from 'node:path';
import { keyPragmas } from './database-cipher';
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
 * The pragmas that open a database file in an unlocked DATA_DIR, in order: the cipher, then the
 * `PRAGMA key` (SQLite3MultipleCiphers' raw key, no derivation at each open); undefined for a plain
 * one. Statements, so that a worker thread, which shares no memory with this map, is handed them as text.
 */
export function databaseKeyPragmas(databasePath: string): string[] | undefined {
  const masterKey = practiceKeyOf(dirname(databasePath));
  return masterKey && keyPragmas(keyFor(masterKey, 'database'));
}

// The database of an unlocked DATA_DIR, as every connection opens it (open-sqlite.ts): encrypted
// with the cipher named in unlocked-practices.ts, which the library's default does not open, and
// read by the server's worker threads (the WAL's checkpoints, reads in a worker) with that cipher too.
import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { keyFor } from '../encryption/practice-key';
import { forgetPracticeKey, rememberPracticeKey } from '../encryption/unlocked-practices';
import { openDatabase } from './client';
import { readInWorker } from './read-in-worker';
import { checkpointInWorker } from './wal-checkpoints';
import { engineOf, sqliteEngineOf } from './engine';

const dataDir = mkdtempSync(join(tmpdir(), 'expediente-encrypted-db-'));
const path = join(dataDir, 'expediente.db');
const masterKey = randomBytes(32);
afterAll(() => {
  forgetPracticeKey(dataDir);
  rmSync(dataDir, { recursive: true, force: true });
});

const NAME = 'Paciente Cifrada Sinnombre';

it('writes the database encrypted, the WAL copied back by the worker with the same cipher, and reads it in a worker', async () => {
  rememberPracticeKey(dataDir, masterKey);
  const db = openDatabase(path);
  const sqlite = sqliteEngineOf(db).writer;
  const failures: string[] = [];
  const checkpoints = checkpointInWorker(sqlite, (message) => failures.push(message));
  try {
    const insert = sqlite.prepare("insert into users (email, password_hash, type, name, lname, status, created_at) values (?, 'x', 'patient', ?, ?, 'active', '2026-01-01')");
    sqlite.transaction(() => {
      for (let n = 0; n < 2_000; n += 1) insert.run(`paciente${n}@example.org`, NAME, 'x'.repeat(1_000));
    })();
    // About 2 MB of WAL: the database file grows only when the worker's connection, which must
    // name the cipher to read and write it, copies them back.
    const sizeBefore = statSync(path).size;
    const deadline = Date.now() + 5_000;
    while (statSync(path).size < sizeBefore + 1_500_000 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(statSync(path).size).toBeGreaterThan(sizeBefore + 1_500_000);
    expect(await readInWorker(sqlite, 'select count(*) from users where name = ?', [NAME]).rows).toEqual([[2_000]]);
  } finally {
    await checkpoints.stop();
    await engineOf(db).close();
  }
  expect(failures).toEqual([]);
  expect(readFileSync(path).includes(NAME)).toBe(false);
  expect(readFileSync(path).includes('SQLite format 3')).toBe(false);
});

it('does not open without the key, nor with the key under the library default cipher', () => {
  const attempts: ((sqlite: Database.Database) => void)[] = [
    () => {},
    (sqlite) => sqlite.pragma(`key = "x'${keyFor(masterKey, 'database').toString('hex')}'"`),
  ];
  for (const keyed of attempts) {
    const sqlite = new Database(path, { readonly: true });
    try {
      keyed(sqlite);
      expect(() => sqlite.prepare('select count(*) from users').get()).toThrow(/not a database/);
    } finally {
      sqlite.close();
    }
  }
});

// What the tests of a practice's copies between SQLite and PostgreSQL (migrate-to-postgres, backups on
// PostgreSQL) make and must remove: directories (their practice keys forgotten) and databases on the
// test cluster, all removed after the file's tests, newest first; and a query's rows on a database.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll } from 'vitest';
import { forgetPracticeKey } from '../encryption/unlocked-practices';
import { freshPostgresDatabase, type FreshPostgresDatabase } from '../test/postgres-database';

/** Call at a test file's top level: its afterAll removes whatever the two makers made. */
export function temporaryPracticePlaces(prefix: string) {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });
  return {
    /** A new directory; the practice keys of it and of its `restored` child are forgotten at the end. */
    freshDir(): string {
      const dir = mkdtempSync(join(tmpdir(), prefix));
      cleanups.push(() => {
        forgetPracticeKey(dir);
        forgetPracticeKey(join(dir, 'restored'));
        rmSync(dir, { recursive: true, force: true });
      });
      return dir;
    },
    async freshDatabase(): Promise<FreshPostgresDatabase> {
      const database = await freshPostgresDatabase();
      cleanups.push(() => database.drop());
      return database;
    },
  };
}

export async function postgresRows<T = Record<string, unknown>>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

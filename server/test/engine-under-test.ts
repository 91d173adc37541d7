// The engine the integration suite runs on: SQLite (a fresh database file per test), or, in the
// server-postgres project of vitest.config.ts (EXPEDIENTE_TEST_ENGINE=postgres), a fresh PostgreSQL
// database per test, copied from the template database its global set-up migrated once
// (postgres-template.ts): the same tests, the same assertions, on both engines.
import { inject } from 'vitest';
import { openDatabase, type OpenOptions } from '../db/client';
import { engineOf, type Db, type EngineName } from '../db/engine';
import { postgresDatabase } from '../db/postgres-engine';
import { freshPostgresDatabase } from './postgres-database';

export const testEngine: EngineName = process.env.EXPEDIENTE_TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';

/** A fresh, migrated database on the engine under test; closing it (engineOf(db).close()) removes it. */
export async function openTestDatabase(options: OpenOptions = {}): Promise<Db> {
  if (testEngine === 'sqlite') return openDatabase(':memory:', options);
  const template = inject('postgresTemplate');
  if (!template) throw new Error('no PostgreSQL template database: run the PostgreSQL tests through their vitest project (server-postgres)');
  const fresh = await freshPostgresDatabase({ template });
  const db = postgresDatabase(fresh.url, options);
  const engine = engineOf(db);
  const close = engine.close.bind(engine);
  // Once, however often it is called: a test may close the database under a running app, whose own
  // close then closes it again (as SQLite's close allows), and pg's pool may be ended only once.
  let closed: Promise<void> | undefined;
  engine.close = () =>
    (closed ??= (async () => {
      await close();
      await fresh.drop();
    })());
  return db;
}

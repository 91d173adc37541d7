// A migrated PostgreSQL database for one test file: made before its tests, dropped after them.
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { freshPostgresDatabase, type FreshPostgresDatabase } from '../../test/postgres-database';
import { migratePostgres } from './migrate';

export interface MigratedPostgres {
  /** Valid inside the tests (after beforeAll). */
  pool: pg.Pool;
  database: FreshPostgresDatabase;
}

/** Registers the hooks; call it inside a describe that is skipped when PostgreSQL is not reachable. */
export function useMigratedPostgres(): MigratedPostgres {
  const handle = {} as MigratedPostgres;
  beforeAll(async () => {
    handle.database = await freshPostgresDatabase();
    handle.pool = new pg.Pool({ connectionString: handle.database.url, max: 4 });
    await migratePostgres(handle.pool);
  });
  afterAll(async () => {
    await handle.pool?.end();
    await handle.database?.drop();
  });
  return handle;
}


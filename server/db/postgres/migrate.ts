// Applies the PostgreSQL migrations (drizzle/postgres) to the clinic network's database. Several
// servers may start at once against one database: each waits for a session-level advisory lock before
// looking at what is applied, so the first migrates and the others find nothing left to do.
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { runtimePaths } from '../../packaged/runtime-paths';

/** Beside the sources; the packaged binary extracts them elsewhere and says where (runtime-paths.ts). */
export const postgresMigrationsFolder = fileURLToPath(new URL('../../../drizzle/postgres', import.meta.url));

/** The advisory lock's key, the same for every server of the network: "expediente migrations". */
export const MIGRATION_LOCK_KEY = 0x45_78_70_65_64_6d_69_67n; // "Expedmig", a bigint under 2^63

/**
 * Applies every migration the database lacks, one server at a time; resolves once the database is
 * fully migrated (by this server or by one that held the lock before it). The migrations run in one
 * transaction on the connection that holds the lock, which is released whatever happens.
 */
export async function migratePostgres(pool: pg.Pool, migrationsFolder = runtimePaths.postgresMigrationsFolder ?? postgresMigrationsFolder): Promise<void> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY.toString()]);
    try {
      await migrate(drizzle({ client }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY.toString()]);
    }
  } catch (error) {
    // A connection whose unlock failed may still hold the lock: it is closed rather than reused.
    broken = error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    client.release(broken);
  }
}

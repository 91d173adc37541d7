// The PostgreSQL migrations: applied again they change nothing, and servers starting together against
// one database apply them once (migratePostgres waits for the others under an advisory lock).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { freshPostgresDatabase, postgresUnreachable, type FreshPostgresDatabase } from '../../test/postgres-database';
import { migratePostgres, postgresMigrationsFolder } from './migrate';

const journal = JSON.parse(readFileSync(join(postgresMigrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };

const opened: { pools: pg.Pool[]; databases: FreshPostgresDatabase[] } = { pools: [], databases: [] };
afterEach(async () => {
  await Promise.all(opened.pools.splice(0).map((pool) => pool.end()));
  await Promise.all(opened.databases.splice(0).map((database) => database.drop()));
});

async function freshDatabase() {
  const database = await freshPostgresDatabase();
  opened.databases.push(database);
  const pool = () => {
    const made = new pg.Pool({ connectionString: database.url, max: 2 });
    opened.pools.push(made);
    return made;
  };
  return { database, pool };
}

const appliedMigrations = async (pool: pg.Pool) =>
  (await pool.query<{ hash: string }>('select hash from drizzle.__drizzle_migrations order by id')).rows.map((row) => row.hash);

describe.skipIf(await postgresUnreachable())('PostgreSQL migrations', () => {
  it('apply to an empty database, and applied again change nothing', async () => {
    const { pool } = await freshDatabase();
    const server = pool();
    await migratePostgres(server);
    const applied = await appliedMigrations(server);
    expect(applied).toHaveLength(journal.entries.length);
    const { rows: before } = await server.query<{ version: string }>('select version from access_version');

    await migratePostgres(server);

    expect(await appliedMigrations(server)).toEqual(applied);
    // The seed row is not written again (access_version keeps its one row and version).
    expect((await server.query('select version from access_version')).rows).toEqual(before);
  });

  it('are applied once when several servers start at the same moment', async () => {
    const { pool } = await freshDatabase();
    const servers = [pool(), pool(), pool()];

    await Promise.all(servers.map((server) => migratePostgres(server)));

    expect(await appliedMigrations(servers[0]!)).toHaveLength(journal.entries.length);
    expect((await servers[0]!.query('select count(*)::int as rows from access_version')).rows).toEqual([{ rows: 1 }]);
  });

  it('leave no lock behind, whether they succeed or fail', async () => {
    const { pool } = await freshDatabase();
    const server = pool();
    await migratePostgres(server);
    await expect(migratePostgres(server, join(postgresMigrationsFolder, 'no-such-folder'))).rejects.toThrow();
    const { rows } = await server.query<{ held: number }>(`select count(*)::int as held from pg_locks where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())`);
    expect(rows).toEqual([{ held: 0 }]);
  });
});

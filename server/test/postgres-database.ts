// A PostgreSQL database of its own for each test that needs one, on the test cluster
// (TEST_POSTGRES_URL, else the local cluster scripts/ci/postgres.sh sets up). Without a reachable
// cluster the PostgreSQL tests are skipped with the reason said once, except in CI, which must
// never skip them: there the first use fails instead.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const testPostgresUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://expediente:expediente@127.0.0.1:5432/postgres';

/** The cluster's URL with another database name (user, password, host and options kept). */
export function urlOfDatabase(name: string, clusterUrl = testPostgresUrl): string {
  const url = new URL(clusterUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function reachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: testPostgresUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch (error) {
    if (process.env.CI) throw new Error(`PostgreSQL not reachable at ${testPostgresUrl} (CI runs scripts/ci/postgres.sh first)`, { cause: error });
    console.warn(`PostgreSQL not reachable at ${testPostgresUrl}: start it with pg_ctlcluster 15 main start`);
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

let asked: Promise<boolean> | undefined;

/** Whether the test cluster answers (asked once per process, when first wanted); in CI, rejects instead of answering false. */
export const postgresReachable = (): Promise<boolean> => (asked ??= reachable());

/** For `describe.skipIf(await postgresUnreachable())`. */
export const postgresUnreachable = async () => !(await postgresReachable());

export interface FreshPostgresDatabase {
  name: string;
  url: string;
  /** Drops the database, closing whatever connections to it are still open. */
  drop: () => Promise<void>;
}

export interface FreshOptions {
  /** The new database's name; a random one by default. */
  name?: string;
  /** A database to copy (CREATE DATABASE … TEMPLATE): migrated once, copied for each test. */
  template?: string;
}

/** A new database on the test cluster: empty, or a copy of `template`. */
export async function freshPostgresDatabase(options: FreshOptions = {}): Promise<FreshPostgresDatabase> {
  const name = options.name ?? `expediente_test_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: testPostgresUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database "${name}"${options.template ? ` template "${options.template}"` : ''}`);
  return {
    name,
    url: urlOfDatabase(name),
    drop: () => admin(`drop database if exists "${name}" with (force)`),
  };
}

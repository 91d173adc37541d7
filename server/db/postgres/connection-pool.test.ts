// Against the test cluster: a pool for a URL naming several hosts connects to the first that takes
// writes, skipping hosts that do not answer, and says which hosts it tried when none does.
// (A standby skipped and then followed once promoted: server/network/standby.test.ts.)
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createServer } from 'node:net';
import pg from 'pg';
import { engineOf, type PostgresEngine } from '../engine';
import { inTransaction } from '../in-transaction';
import { postgresDatabase } from '../postgres-engine';
import { rawRun } from '../raw-sql';
import { postgresUnreachable, testPostgresUrl } from '../../test/postgres-database';
import { postgresPool } from './connection-pool';

/** A port on 127.0.0.1 where nothing listens (it was free a moment ago). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The test cluster's URL with `hosts` in place of its host and port. */
function urlWithHosts(hosts: string, query = 'target_session_attrs=read-write'): string {
  const url = new URL(testPostgresUrl);
  const userPart = `${url.username}${url.password ? `:${url.password}` : ''}@`;
  return `postgres://${userPart}${hosts}${url.pathname}?${query}`;
}

const clusterHost = () => new URL(testPostgresUrl).host;
const pools: pg.Pool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.end()));
});

describe.skipIf(await postgresUnreachable())('a pool for several PostgreSQL hosts', () => {
  it('connects to the first host that takes writes, past one that does not answer', async () => {
    const pool = postgresPool(urlWithHosts(`127.0.0.1:${await closedPort()},${clusterHost()}`));
    pools.push(pool);
    const { rows } = await pool.query<{ port: number; recovery: boolean }>('select inet_server_port() as port, pg_is_in_recovery() as recovery');
    expect(rows[0]).toEqual({ port: Number(new URL(testPostgresUrl).port || 5432), recovery: false });
    // Later connections go straight to the host found.
    const clients = await Promise.all([pool.connect(), pool.connect(), pool.connect()]);
    for (const client of clients) client.release();
    expect(pool.totalCount).toBe(3);
  });

  it('names every host it tried when none answers', async () => {
    const [first, second] = [await closedPort(), await closedPort()];
    const pool = postgresPool(urlWithHosts(`127.0.0.1:${first},127.0.0.1:${second}`));
    pools.push(pool);
    const failure = await pool.query('select 1').catch((error: unknown) => error as Error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toMatch(new RegExp(`no PostgreSQL host of DATABASE_URL takes writes \\(127\\.0\\.0\\.1:${first}: .*; 127\\.0\\.0\\.1:${second}: `));
  });

  it('keeps a URL with one host on node-postgres as it is', () => {
    const pool = postgresPool(testPostgresUrl);
    pools.push(pool);
    expect((pool as unknown as { Client: unknown }).Client).toBe(pg.Client);
  });

  it('fails the queries of a connection that dies while held, not the process, and drops it', async () => {
    const pool = postgresPool(testPostgresUrl);
    pools.push(pool);
    const held = await pool.connect();
    const { pid } = (await held.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!;
    await pool.query('select pg_terminate_backend($1)', [pid]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await expect(held.query('select 1')).rejects.toThrow();
    held.release();
    await vi.waitFor(() => expect(pool.totalCount).toBe(1));
  });

  it('drops a connection whose transaction was refused as read-only, so the next one is opened afresh', async () => {
    const db = postgresDatabase(urlWithHosts(clusterHost()), { connections: 2 });
    const engine = engineOf(db) as PostgresEngine;
    try {
      const refused = inTransaction(db, async (tx) => {
        await rawRun(tx, 'set transaction read only');
        await rawRun(tx, 'create table refused_as_read_only (id integer)');
      });
      await expect(refused).rejects.toThrow();
      expect(engine.pool.totalCount).toBe(0);
      await inTransaction(db, (tx) => rawRun(tx, 'select 1'));
      expect(engine.pool.totalCount).toBe(1);
    } finally {
      await engine.close();
    }
  });
});

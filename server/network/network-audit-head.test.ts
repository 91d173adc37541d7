// Two servers of a clinic network, run as a practice runs them, each seal the one audit trail into
// their own DATA_DIR/audit-head; `npm run audit:verify` with DATABASE_URL checks the trail against
// either head, whole or since the checkpoint, and finds rows cut from the end of the trail.
import { spawnSync } from 'node:child_process';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_PASSPHRASE, stopServer } from '../server-process.fixture';
import { postgresUnreachable } from '../test/postgres-database';
import { call, startNetwork, type Network, type NetworkServer } from './network.fixture';

const PASSWORD = 'clave-segura-9';
let counter = 0;

async function registerOn(server: NetworkServer): Promise<void> {
  const email = `head.${Date.now()}.${++counter}@network.test`;
  const answer = await call(server, 'POST', '/auth/register', { body: { name: 'Ana', lname: 'Ruiz', email, password: PASSWORD, type: 'patient' } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
}

describe.skipIf(await postgresUnreachable())('the sealed heads of a clinic network', () => {
  let network: Network;
  let a: NetworkServer;
  let b: NetworkServer;

  beforeAll(async () => {
    network = await startNetwork(2);
    [a, b] = network.servers as [NetworkServer, NetworkServer];
  }, 90_000);
  afterAll(() => network?.close());

  /** `npm run audit:verify` on the network's database against `server`'s head. */
  const verify = (server: NetworkServer, ...args: string[]) => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/audit-verify.ts', ...args], {
      env: { ...process.env, EXPEDIENTE_LANGUAGE: 'en', DATA_DIR: server.dataDir, DATABASE_URL: network.database.url, PASSPHRASE: FIXTURE_PASSPHRASE },
      encoding: 'utf8',
    });
    return { status: run.status, output: `${run.stdout}${run.stderr}` };
  };

  async function cutNewestRows(n: number): Promise<void> {
    const client = new pg.Client({ connectionString: network.database.url });
    await client.connect();
    try {
      // As a superuser can: the append-only triggers off for this one transaction.
      await client.query('begin');
      await client.query('set local session_replication_role = replica');
      await client.query('delete from audit_events where id in (select id from audit_events order by id desc limit $1)', [n]);
      await client.query('commit');
    } finally {
      await client.end();
    }
  }

  it('are written by each server at close, a head left behind verifies as well as the newest, and rows cut after them show', async () => {
    await registerOn(a);
    await registerOn(b);
    expect(await stopServer(b.process)).toBe(0);
    // B is down; A writes on, and its head at close seals those rows too.
    for (let i = 0; i < 3; i += 1) await registerOn(a);
    expect(await stopServer(a.process)).toBe(0);

    for (const server of [a, b]) {
      const whole = verify(server);
      expect(whole.output).toMatch(/Audit chain intact[\s\S]*Every row up to the sealed head/);
      expect(whole.status).toBe(0);
      const since = verify(server, '--since-checkpoint');
      expect(since.output).toContain('Audit chain intact since the checkpoint');
      expect(since.status).toBe(0);
    }
    // B's head is behind: the check since it recomputes the rows A wrote after it.
    expect(verify(b, '--since-checkpoint').output).toMatch(/intact since the checkpoint: [1-9]\d* rows after/);
    expect(verify(a, '--since-checkpoint').output).toMatch(/intact since the checkpoint: 0 rows after/);

    // The chain alone still holds without its newest rows; A's head, which sealed them, does not.
    await cutNewestRows(2);
    for (const args of [[], ['--since-checkpoint']]) {
      const cut = verify(a, ...args);
      expect(cut.output).toMatch(/Rows up to the sealed head are missing/);
      expect(cut.status).toBe(1);
    }
  }, 120_000);
});

// A clinic network whose PostgreSQL primary dies under writes: two servers write through a primary
// that waits for its synchronous hot standby; the primary is killed (kill -9), the standby promoted
// (pg_ctl promote), and the servers, given both hosts with target_session_attrs=read-write, go on
// against it by themselves — with every write they acknowledged before the primary died in it.
// Needs PostgreSQL's server programs (initdb, pg_basebackup); CI installs them (scripts/ci/postgres.sh).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { postgresPool } from '../db/postgres/connection-pool';
import { FIXTURE_PASSPHRASE, startServer, stopServer } from '../server-process.fixture';
import { call, NETWORK_KEY_FILES, type NetworkServer } from './network.fixture';
import { postgresBinaries, startStandbyCluster, type StandbyCluster } from './standby-cluster.fixture';

const bin = postgresBinaries();
if (!bin && process.env.CI) throw new Error('PostgreSQL server programs (initdb, pg_basebackup) not found: CI installs them with scripts/ci/postgres.sh');
if (!bin) console.warn('standby.test.ts skipped: no PostgreSQL server programs (initdb, pg_basebackup) under /usr/lib/postgresql or from pg_config');

const PASSWORD = 'clave-segura-9';
/** How long the servers may take to write again once the standby is promoted. */
const RECOVERY_BOUND_MS = 60_000;

/** `503 ×12, 500 ×3`: how many answers of each status (0: no answer at all). */
const tally = (statuses: number[]) =>
  [...new Set(statuses)].map((status) => `${status} ×${statuses.filter((other) => other === status).length}`).join(', ');

describe.skipIf(!bin)('a hot standby that takes over when the primary dies', () => {
  let cluster: StandbyCluster;
  const servers: NetworkServer[] = [];
  const dirs: string[] = [];
  let token: string;
  let idPatient: number;

  async function startOn(url: string, keysFrom?: NetworkServer): Promise<NetworkServer> {
    const dataDir = mkdtempSync(join(tmpdir(), 'expediente-standby-server-'));
    dirs.push(dataDir);
    for (const file of NETWORK_KEY_FILES) if (keysFrom && existsSync(join(keysFrom.dataDir, file))) copyFileSync(join(keysFrom.dataDir, file), join(dataDir, file));
    const outcome = await startServer(dataDir, { DATABASE_URL: url });
    if (outcome.kind !== 'listening') throw new Error(`a server did not start: ${outcome.stdout}${outcome.stderr}`);
    const server = { url: outcome.url, dataDir, process: outcome.server };
    servers.push(server);
    return server;
  }

  beforeAll(async () => {
    cluster = await startStandbyCluster(bin!);
    const a = await startOn(cluster.url);
    await startOn(cluster.url, a);
    const medic = await call(a, 'POST', '/auth/register', { body: { name: 'Marta', lname: 'Solís', email: 'marta@standby.test', password: PASSWORD, type: 'medic' } });
    expect(medic.status, JSON.stringify(medic.body)).toBe(201);
    token = medic.body.access_token;
    const patient = await call(a, 'POST', '/auth/register', {
      body: { name: 'Ana', lname: 'Ruiz', email: 'ana@standby.test', password: PASSWORD, type: 'patient', doctorEmail: 'marta@standby.test' },
    });
    expect(patient.status, JSON.stringify(patient.body)).toBe(201);
    const list = await call(a, 'GET', '/medics/my-patients', { token });
    idPatient = (list.body.patients as { idPatient: number }[])[0]!.idPatient;
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => stopServer(server.process, 'SIGKILL')));
    cluster?.remove();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('skips the standby while the primary lives: a read-only host is not where writes go', async () => {
    const pool = postgresPool(`postgres://expediente:expediente@127.0.0.1:${cluster.standbyPort},127.0.0.1:${cluster.primaryPort}/expediente?target_session_attrs=read-write`);
    try {
      const { rows } = await pool.query<{ port: number }>('select inet_server_port() as port');
      expect(rows[0]!.port).toBe(cluster.primaryPort);
    } finally {
      await pool.end();
    }
  });

  it('loses no acknowledged write when the primary is killed under writes, and both servers go on against the promoted standby', async () => {
    expect(cluster.syncState()).toBe('sync');
    const acknowledged: string[] = [];
    const failed: number[] = [];
    let promotedAt = Infinity;
    const writtenAfterPromotion = new Set<NetworkServer>();
    let stop = false;
    let written = 0;
    // Four writers, two per server, each one write at a time, until both servers have written again after the promotion.
    const writer = async (server: NetworkServer, name: string) => {
      for (let i = 0; !stop; i++) {
        const allergyName = `${name} ${i}`;
        const startedAt = Date.now();
        const answer = await call(server, 'POST', `/patients/${idPatient}/allergies`, { token, body: { allergyName } }).catch(() => undefined);
        if (answer?.status === 201) {
          acknowledged.push(allergyName);
          written++;
          if (startedAt > promotedAt) writtenAfterPromotion.add(server);
        } else {
          failed.push(answer?.status ?? 0);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
    };
    const [a, b] = servers as [NetworkServer, NetworkServer];
    const writers = [writer(a, 'A1'), writer(b, 'B1'), writer(a, 'A2'), writer(b, 'B2')];
    try {
      while (written < 40) await new Promise((resolve) => setTimeout(resolve, 20));
      cluster.killPrimary();
      const acknowledgedBeforeKill = acknowledged.length;
      // The servers find no host that takes writes until the standby is promoted.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      cluster.promoteStandby();
      promotedAt = Date.now();
      const deadline = promotedAt + RECOVERY_BOUND_MS;
      while (writtenAfterPromotion.size < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      console.info(
        `standby: ${acknowledgedBeforeKill} writes acknowledged before the kill, ${acknowledged.length} in all, ${failed.length} refused or dropped (${tally(failed)}); both servers wrote again ${Date.now() - promotedAt} ms after the promotion`,
      );
      expect([...writtenAfterPromotion].map((server) => server.url).sort()).toEqual([a.url, b.url].sort());
    } finally {
      stop = true;
      await Promise.all(writers);
    }
    // Every acknowledged write is there, read back through each server from the promoted standby.
    for (const server of [a, b]) {
      const detail = await call(server, 'GET', `/medics/patients/${idPatient}`, { token });
      expect(detail.status).toBe(200);
      const stored = new Set((detail.body.allergies as { allergyName: string }[]).map((row) => row.allergyName));
      expect(acknowledged.filter((name) => !stored.has(name))).toEqual([]);
    }
    for (const server of [a, b]) {
      const after = await call(server, 'POST', `/patients/${idPatient}/allergies`, { token, body: { allergyName: `Después ${server.url}` } });
      expect(after.status).toBe(201);
    }
    // The audit chain holds on the promoted database, as `npm run audit:verify` checks it.
    const verified = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/audit-verify.ts'], {
      env: { ...process.env, EXPEDIENTE_LANGUAGE: 'en', DATA_DIR: a.dataDir, DATABASE_URL: cluster.url, PASSPHRASE: FIXTURE_PASSPHRASE },
      encoding: 'utf8',
    });
    expect(verified.stdout, verified.stderr).toMatch(/intact/i);
    expect(verified.status).toBe(0);
  }, 180_000);
});

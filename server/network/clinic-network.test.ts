// Two servers of a clinic network on one PostgreSQL database, run as a practice runs them: whatever
// one server did alone when it was the only one (sign-ins, caches, the audit chain, prescription
// numbers) holds across both, and a server killed mid-write loses nothing it acknowledged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { FIXTURE_PASSPHRASE, stopServer } from '../server-process.fixture';
import { postgresUnreachable } from '../test/postgres-database';
import { call, startNetwork, type Network, type NetworkServer } from './network.fixture';
import pg from 'pg';

const PASSWORD = 'clave-segura-9';
let counter = 0;
const email = (who: string) => `${who}.${Date.now()}.${++counter}@network.test`;

/** Today as the servers' clock (this machine's) dates an appointment. */
const today = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

async function register(server: NetworkServer, type: 'medic' | 'patient', extra: Record<string, unknown> = {}) {
  const answer = await call(server, 'POST', '/auth/register', { body: { name: 'Ana', lname: 'Ruiz', email: email(type), password: PASSWORD, type, ...extra } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body as { access_token: string; user: { email: string; idUser: number } };
}

describe.skipIf(await postgresUnreachable())('a clinic network: two servers on one PostgreSQL database', () => {
  let network: Network;
  let a: NetworkServer;
  let b: NetworkServer;
  // The practice's first medic (its administrator, active at once), registered on server A.
  let medic: Awaited<ReturnType<typeof register>>;

  beforeAll(async () => {
    network = await startNetwork(2);
    [a, b] = network.servers as [NetworkServer, NetworkServer];
    medic = await register(a, 'medic', { name: 'Marta', lname: 'Solís' });
    const profile = await call(b, 'PATCH', '/medics/me', { token: medic.access_token, body: { specialty: 'Medicina familiar', licenseNumber: '12345678' } });
    expect(profile.status, JSON.stringify(profile.body)).toBe(200);
  }, 90_000);
  afterAll(() => network?.close());

  const database = () => new pg.Client({ connectionString: network.database.url });
  /** Straight from the database, as a check would read it (bigint columns come as text: no type parser here). */
  async function query<Row>(text: string, params: unknown[] = []): Promise<Row[]> {
    const client = database();
    await client.connect();
    try {
      return (await client.query(text, params)).rows as Row[];
    } finally {
      await client.end();
    }
  }

  const patientIdOf = async (patient: { user: { idUser: number } }) =>
    Number((await query<{ id: string }>('select id from patients where user_id = $1', [patient.user.idUser]))[0]!.id);

  it('signs a patient registered on one server in on the other', async () => {
    const patient = await register(a, 'patient');
    const signIn = await call(b, 'POST', '/auth/login', { body: { email: patient.user.email, password: PASSWORD } });
    expect(signIn.status).toBe(200);
    expect(signIn.body.user.email).toBe(patient.user.email);
  });

  it('shows a link made on one server on the other at once, whatever the other kept', async () => {
    const patient = await register(a, 'patient', { name: 'Lucía', lname: 'Vega' });
    const before = await call(b, 'GET', '/medics/my-patients', { token: medic.access_token });
    expect(before.status).toBe(200);
    const names = (answer: typeof before) => (answer.body.patients as { name: string; lname: string }[]).map((row) => `${row.name} ${row.lname}`);
    expect(names(before)).not.toContain('Lucía Vega');
    const linked = await call(a, 'POST', '/patients/me/link-doctor', { token: patient.access_token, body: { doctorEmail: medic.user.email } });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    const after = await call(b, 'GET', '/medics/my-patients', { token: medic.access_token });
    expect(names(after)).toContain('Lucía Vega');
  });

  it('adds failed sign-ins on both servers up to one limit', async () => {
    const patient = await register(a, 'patient');
    // Five wrong passwords for one account from one address, alternating between the servers.
    for (const server of [a, b, a, b, a]) {
      expect((await call(server, 'POST', '/auth/login', { body: { email: patient.user.email, password: 'wrong-password' } })).status).toBe(401);
    }
    // The limit is reached on both: even the right password waits now.
    for (const server of [b, a]) {
      const refused = await call(server, 'POST', '/auth/login', { body: { email: patient.user.email, password: PASSWORD } });
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('RATE_LIMITED');
    }
  });

  it('keeps one gapless audit chain under 200 audited writes at once, spread over both servers', async () => {
    const patient = await register(b, 'patient', { doctorEmail: medic.user.email });
    const idPatient = await patientIdOf(patient);
    const before = (await query<{ max: number }>('select max(id) as max from audit_events'))[0]!.max;
    const writes = Array.from({ length: 200 }, (_, i) =>
      call(i % 2 ? a : b, 'POST', `/patients/${idPatient}/allergies`, { token: medic.access_token, body: { allergyName: `Alergia ${i}` } }),
    );
    const answers = await Promise.all(writes);
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 201));
    const added = await query<{ id: number }>("select id from audit_events where id > $1 and action = 'allergies.add' order by id", [before]);
    expect(added).toHaveLength(200);
    const ids = (await query<{ id: string }>('select id from audit_events order by id')).map((row) => Number(row.id));
    expect(ids).toEqual(ids.map((_, i) => i + 1));
    const chainless = await query<{ n: number }>('select count(*) as n from audit_events where chain is null');
    expect(Number(chainless[0]!.n)).toBe(0);
    // And the chain holds, recomputed with the practice's key as `npm run audit:verify` does it.
    const verified = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/audit-verify.ts'], {
      env: { ...process.env, EXPEDIENTE_LANGUAGE: 'en', DATA_DIR: a.dataDir, DATABASE_URL: network.database.url, PASSPHRASE: FIXTURE_PASSPHRASE },
      encoding: 'utf8',
    });
    expect(verified.stdout, verified.stderr).toMatch(/intact/i);
    expect(verified.status).toBe(0);
  });

  it('numbers prescriptions issued on both servers at once uniquely and consecutively', async () => {
    const patient = await register(a, 'patient', { doctorEmail: medic.user.email });
    const idPatient = await patientIdOf(patient);
    const demographics = await call(a, 'PATCH', `/patients/${idPatient}`, { token: medic.access_token, body: { birthDate: '1974-03-04', documentNumber: '12345678Z' } });
    expect(demographics.status, JSON.stringify(demographics.body)).toBe(200);
    const visit = await call(b, 'POST', '/clinical-history', { token: medic.access_token, body: { idPatient, date: `${today()}T00:01`, motive: 'Faringitis' } });
    expect(visit.status, JSON.stringify(visit.body)).toBe(201);
    const idHistory = visit.body.idHistory ?? visit.body.id;
    const issued = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(i % 2 ? a : b, 'POST', `/clinical-history/${idHistory}/prescriptions`, { token: medic.access_token, body: { items: [{ drug: 'Paracetamol', strength: '1 g', form: 'comprimidos' }] } }),
      ),
    );
    expect(issued.map((answer) => answer.status), JSON.stringify(issued.find((answer) => answer.status !== 201)?.body)).toEqual(issued.map(() => 201));
    const numbers = issued.map((answer) => answer.body.number as string).sort();
    const sequence = numbers.map((number) => Number(number.split('-')[1]));
    expect(new Set(numbers).size).toBe(20);
    expect(sequence).toEqual(sequence.map((_, i) => sequence[0]! + i));
  });

  it('loses no acknowledged write when a server is killed under writes, and the other keeps serving', async () => {
    const patient = await register(a, 'patient', { doctorEmail: medic.user.email });
    const idPatient = await patientIdOf(patient);
    const acknowledged: string[] = [];
    const write = async (server: NetworkServer, name: string) => {
      try {
        const answer = await call(server, 'POST', `/patients/${idPatient}/allergies`, { token: medic.access_token, body: { allergyName: name } });
        if (answer.status === 201) acknowledged.push(name);
      } catch {
        // The killed server's connection dropped: not acknowledged, so nothing is owed.
      }
    };
    const victim = await network.addServer();
    const writes = Array.from({ length: 120 }, (_, i) => write(i % 2 ? victim : a, `Kill ${i}`));
    setTimeout(() => void stopServer(victim.process, 'SIGKILL'), 150);
    await Promise.all(writes);
    const stored = new Set((await query<{ allergy_name: string }>('select allergy_name from allergies where patient_id = $1', [idPatient])).map((row) => row.allergy_name));
    expect(acknowledged.filter((name) => !stored.has(name))).toEqual([]);
    expect(acknowledged.length).toBeGreaterThan(0);
    // The survivor goes on.
    const after = await call(a, 'POST', `/patients/${idPatient}/allergies`, { token: medic.access_token, body: { allergyName: 'Después' } });
    expect(after.status).toBe(201);
  });
});

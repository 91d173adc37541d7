// The record's lists are kept in memory between reads (recordListsAt); these check that a read
// never answers an old copy, whoever changed the record and however.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Session } from '../../shared/auth';
import { inTransaction } from '../db/in-transaction';
import { rawGet, rawRun } from '../db/raw-sql';
import { bearer, buildTestApp, register, uniqueEmail } from '../test/helpers';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

async function medicWithPatient(): Promise<{ medic: Session; idPatient: number }> {
  const medic = await register(app, { type: 'medic', email: uniqueEmail('medic') });
  const patient = await register(app, { type: 'patient', email: uniqueEmail('patient'), doctorEmail: medic.user.email });
  const { idPatient } = (await rawGet<{ idPatient: number }>(app.deps.db, 'select id as "idPatient" from patients where user_id = ?', [patient.user.idUser]))!;
  return { medic, idPatient };
}

const readRecord = async (medic: Session, idPatient: number) =>
  (await app.inject({ method: 'GET', url: `/api/medics/patients/${idPatient}`, headers: bearer(medic.access_token) })).json();

it('shows a change written straight into the database, not by the API, on the next read', async () => {
  const { medic, idPatient } = await medicWithPatient();
  expect((await readRecord(medic, idPatient)).allergies).toEqual([]);
  const { db } = app.deps;
  await rawRun(db, `insert into allergies (patient_id, allergy_name, created_at) values (?, 'Látex', '2026-01-01T00:00:00.000Z')`, [idPatient]);
  expect((await readRecord(medic, idPatient)).allergies).toEqual([expect.objectContaining({ allergyName: 'Látex' })]);
  await rawRun(db, `update allergies set reaction = 'Eritema' where patient_id = ?`, [idPatient]);
  expect((await readRecord(medic, idPatient)).allergies).toEqual([expect.objectContaining({ reaction: 'Eritema' })]);
  await rawRun(db, 'delete from allergies where patient_id = ?', [idPatient]);
  expect((await readRecord(medic, idPatient)).allergies).toEqual([]);
});

it('never answers a change that was rolled back', async () => {
  const { medic, idPatient } = await medicWithPatient();
  await readRecord(medic, idPatient);
  const { db } = app.deps;
  const versionText = 'select record_version as "recordVersion" from patients where id = ?';
  const { recordVersion } = (await rawGet<{ recordVersion: number }>(db, versionText, [idPatient]))!;
  await expect(
    inTransaction(db, async (tx) => {
      await rawRun(tx, `insert into vaccines (patient_id, vaccine_name, date, created_at) values (?, 'Fantasma', '2026-01-01', '2026-01-01T00:00:00.000Z')`, [idPatient]);
      throw new Error('roll back');
    }),
  ).rejects.toThrow('roll back');
  expect(await rawGet(db, versionText, [idPatient])).toEqual({ recordVersion });
  expect((await readRecord(medic, idPatient)).vaccines).toEqual([]);
});

it('gives each change a new version, so a read after it cannot match the copy from before', async () => {
  const { medic, idPatient } = await medicWithPatient();
  const versionOf = async () => (await rawGet<{ v: number }>(app.deps.db, 'select record_version as v from patients where id = ?', [idPatient]))!.v;
  const seen = new Set([await versionOf()]);
  for (let visit = 1; visit <= 5; visit += 1) {
    const added = await app.inject({
      method: 'POST',
      url: `/api/patients/${idPatient}/vitals`,
      headers: bearer(medic.access_token),
      payload: { date: `2026-0${visit}-01T09:00`, heartRate: 60 + visit },
    });
    expect(added.statusCode).toBe(201);
    seen.add(await versionOf());
    expect((await readRecord(medic, idPatient)).vitals).toHaveLength(visit);
  }
  expect(seen.size).toBe(6);
});

it('answers REST with the very JSON the tRPC procedure returns, also when the lists come from memory', async () => {
  const { medic, idPatient } = await medicWithPatient();
  await rawRun(
    app.deps.db,
    `insert into allergies (patient_id, allergy_name, reaction, created_at) values (?, 'Polen "de olivo"', 'Rinitis\nestacional', '2026-01-01T00:00:00.000Z')`,
    [idPatient],
  );
  const input = encodeURIComponent(JSON.stringify({ idPatient }));
  for (let read = 0; read < 2; read += 1) {
    const rest = await app.inject({ method: 'GET', url: `/api/medics/patients/${idPatient}`, headers: bearer(medic.access_token) });
    const trpc = await app.inject({ method: 'GET', url: `/trpc/medics.patientDetail?input=${input}`, headers: bearer(medic.access_token) });
    expect(rest.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(rest.body).toBe(JSON.stringify((trpc.json() as { result: { data: unknown } }).result.data));
  }
});

it('shows a change to the family history written straight into the database on the next read', async () => {
  const { medic, idPatient } = await medicWithPatient();
  expect((await readRecord(medic, idPatient)).familyHistory).toEqual([]);
  const { db } = app.deps;
  await rawRun(db, `insert into family_history (patient_id, relative, condition, created_at) values (?, 'Madre', 'Diabetes tipo 2', '2026-01-01T00:00:00.000Z')`, [idPatient]);
  expect((await readRecord(medic, idPatient)).familyHistory).toEqual([expect.objectContaining({ relative: 'Madre', condition: 'Diabetes tipo 2', notes: null })]);
  await rawRun(db, `update family_history set notes = 'Desde los 50' where patient_id = ?`, [idPatient]);
  expect((await readRecord(medic, idPatient)).familyHistory).toEqual([expect.objectContaining({ notes: 'Desde los 50' })]);
  await rawRun(db, 'delete from family_history where patient_id = ?', [idPatient]);
  expect((await readRecord(medic, idPatient)).familyHistory).toEqual([]);
});

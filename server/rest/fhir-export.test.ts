// GET /api/patients/:id/fhir and /api/patients/me/fhir (API.md "Export and API description"): who
// may export (the record read's rule), the file it answers as, and its audit event, written in the
// read's own transaction.
import type { Bundle, Patient } from '@medplum/fhirtypes';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../shared/auth';
import { sqliteEngineOf } from '../db/engine';
import { rawGet, rawRows, rawRun } from '../db/raw-sql';
import { FHIR_EXPORT_ACTION } from '../services/fhir-export';
import { testEngine } from '../test/engine-under-test';
import { bearer, buildTestApp, callerFor, errorOf, register, uniqueEmail } from '../test/helpers';

const now = new Date(2026, 5, 15, 10, 30);
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ now: () => now });
});
afterAll(() => app.close());

const get = (url: string, session: Session) => app.inject({ method: 'GET', url, headers: bearer(session.access_token) });

async function linkedPair() {
  const medic = await register(app, { type: 'medic', email: uniqueEmail('medic') });
  const patient = await register(app, { type: 'patient', email: uniqueEmail('patient'), doctorEmail: medic.user.email });
  const { idPatient } = (await rawGet<{ idPatient: number }>(app.deps.db, 'select id as "idPatient" from patients where user_id = ?', [patient.user.idUser]))!;
  return { medic, patient, idPatient };
}

interface AuditRow {
  action: string;
  outcome: string;
  patient_id: number | null;
  emergency: number;
  detail: string | null;
}
const exportEvents = (patientId: number) =>
  rawRows<AuditRow>(app.deps.db, 'select * from audit_events where action = ? and patient_id = ? order by id', [FHIR_EXPORT_ACTION, patientId]);

const patientOf = (bundle: Bundle) => bundle.entry![0]!.resource as Patient;

describe('GET /api/patients/:id/fhir', () => {
  it('answers a linked medic FHIR JSON as a file named by record number and day, never by name, and audits it once', async () => {
    const { medic, idPatient } = await linkedPair();
    const response = await get(`/api/patients/${idPatient}/fhir`, medic);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/fhir+json; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="expediente-${idPatient}-2026-06-15.fhir.json"; filename*=UTF-8''expediente-${idPatient}-2026-06-15.fhir.json`);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(patientOf(response.json()).identifier![0]!.value).toBe(String(idPatient));
    expect(await exportEvents(idPatient)).toEqual([expect.objectContaining({ outcome: 'success', emergency: 0 })]);
  });

  it('answers 404 to a medic not linked and to a patient asking for another, auditing the refusal, not an export', async () => {
    const { idPatient } = await linkedPair();
    const stranger = await register(app, { type: 'medic', email: uniqueEmail('stranger') });
    const otherPatient = await register(app, { type: 'patient', email: uniqueEmail('other') });
    for (const session of [stranger, otherPatient]) {
      const response = await get(`/api/patients/${idPatient}/fhir`, session);
      expect([response.statusCode, errorOf(response).code]).toEqual([404, 'PATIENT_NOT_FOUND']);
    }
    expect((await exportEvents(idPatient)).filter((event) => event.outcome === 'success')).toEqual([]);
    expect((await get('/api/patients/999999/fhir', stranger)).statusCode).toBe(404);
  });

  it('lets a patient export their own record by id, as the record read does', async () => {
    const { patient, idPatient } = await linkedPair();
    const response = await get(`/api/patients/${idPatient}/fhir`, patient);
    expect(response.statusCode).toBe(200);
  });

  it('lets a medic under emergency access export (a read), flagged with the reason for the patient', async () => {
    const { patient, idPatient } = await linkedPair();
    const responder = await register(app, { type: 'medic', email: uniqueEmail('er') });
    const reason = 'Paciente inconsciente en urgencias, sin familiares';
    const started = await app.inject({ method: 'POST', url: '/api/medics/emergency-access', headers: bearer(responder.access_token), payload: { patientEmail: patient.user.email, reason } });
    expect(started.statusCode).toBe(200);
    expect((await get(`/api/patients/${idPatient}/fhir`, responder)).statusCode).toBe(200);
    expect(await exportEvents(idPatient)).toEqual([expect.objectContaining({ outcome: 'success', emergency: 1, detail: reason })]);
  });
});

describe('GET /api/patients/me/fhir', () => {
  it("answers the caller's own record only, as an attachment, audited", async () => {
    const first = await linkedPair();
    const second = await linkedPair();
    const response = await get('/api/patients/me/fhir', second.patient);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/fhir+json; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="expediente-${second.idPatient}-2026-06-15\\.fhir\\.json"`));
    expect(patientOf(response.json()).identifier![0]!.value).toBe(String(second.idPatient));
    expect(await exportEvents(second.idPatient)).toHaveLength(1);
    expect(await exportEvents(first.idPatient)).toHaveLength(0);
    // The path takes no id: a query naming another's is ignored.
    const sneaky = await get(`/api/patients/me/fhir?idPatient=${first.idPatient}`, second.patient);
    expect(patientOf(sneaky.json()).identifier![0]!.value).toBe(String(second.idPatient));
  });

  it('answers 403 to a medic (it is a patient call)', async () => {
    const { medic } = await linkedPair();
    expect((await get('/api/patients/me/fhir', medic)).statusCode).toBe(403);
  });
});

/** Makes every insert of an export's audit event fail, until the function it answers is called. */
async function refuseExportEvents(): Promise<() => Promise<void>> {
  if (testEngine === 'sqlite') {
    // A temporary trigger lives on one connection: the writer's, where the audit insert runs.
    const sqlite = sqliteEngineOf(app.deps.db).writer;
    sqlite.exec("create temp trigger refuse_export before insert on audit_events when new.action = 'patient.fhirExport' begin select raise(abort, 'audit down'); end");
    return async () => void sqlite.exec('drop trigger temp.refuse_export');
  }
  const { db } = app.deps;
  await rawRun(
    db,
    "create function refuse_export() returns trigger language plpgsql as $$ begin if new.action = 'patient.fhirExport' then raise exception 'audit down'; end if; return new; end $$",
  );
  await rawRun(db, 'create trigger refuse_export before insert on audit_events for each row execute function refuse_export()');
  return async () => {
    await rawRun(db, 'drop trigger refuse_export on audit_events');
    await rawRun(db, 'drop function refuse_export()');
  };
}

describe('the tRPC procedures', () => {
  it('answer the same bundle, and write the audit event in the read transaction (a failed write leaves no export)', async () => {
    const { medic, patient, idPatient } = await linkedPair();
    const viaMedic = await callerFor(app, medic.access_token).patients.fhirExport({ idPatient });
    const viaPatient = await callerFor(app, patient.access_token).patients.myFhir();
    expect(viaPatient.entry!.map((entry) => entry.fullUrl)).toEqual(viaMedic.entry!.map((entry) => entry.fullUrl));
    expect(await exportEvents(idPatient)).toHaveLength(2);

    // The audit insert fails: the export must fail with it, not answer unaudited.
    const allowAgain = await refuseExportEvents();
    try {
      await expect(callerFor(app, medic.access_token).patients.fhirExport({ idPatient })).rejects.toThrow();
    } finally {
      await allowAgain();
    }
    expect(await exportEvents(idPatient)).toHaveLength(2);
  });
});

// GET /patients/:id/fhir and /patients/me/fhir: the record as a FHIR R4 Bundle (server/fhir/). An
// export is a read of the whole record, so it is read and audited in one transaction like the
// record read itself (readPatientDetail), flagged when done under emergency access. The record read
// carries only the newest of the long lists (API.md "Long histories"); the export reads every
// appointment, vital sign and lab result, page by page.
import type { Bundle } from '@medplum/fhirtypes';
import { auditedRead } from '../audit/record-audit';
import { AppError } from '../errors';
import { buildPatientBundle } from '../fhir/bundle';
import { installNamespace } from '../fhir/ids';
import { auditAs, type Caller, type PatientCaller } from './caller';
import type { DbOrTx } from '../db/client';
import { loadPatientRecord, type PatientRecord } from './patient-record';
import { loadWholeList } from './record-pages';

export const FHIR_EXPORT_ACTION = 'patient.fhirExport';

/** The record with its long lists whole (their counts and cursors then say nothing is left). */
export async function loadCompleteRecord(db: DbOrTx, patientId: number): Promise<PatientRecord | undefined> {
  const record = await loadPatientRecord(db, patientId);
  if (!record) return undefined;
  const history = record.historyNextCursor === null ? record.history : await loadWholeList(db, 'history', patientId);
  const vitals = record.vitalsNextCursor === null ? record.vitals : await loadWholeList(db, 'vitals', patientId);
  const labs = record.labsNextCursor === null ? record.labs : await loadWholeList(db, 'labs', patientId);
  return { ...record, history, vitals, labs, historyNextCursor: null, vitalsNextCursor: null, labsNextCursor: null };
}

/** The access rule has already admitted the caller to `patientId` (trpc/patient-scoped.ts). */
export async function exportPatientFhir(caller: Caller, patientId: number): Promise<Bundle> {
  return await auditedRead(caller.db, async (db) => {
    const record = await loadCompleteRecord(db, patientId);
    if (!record) throw new AppError('PATIENT_NOT_FOUND');
    const bundle = buildPatientBundle(record, await installNamespace(db), caller.now);
    await auditAs(caller, { action: FHIR_EXPORT_ACTION, outcome: 'success', patientId }, db);
    return bundle;
  });
}

/** The patient's own record: the id comes from the session, never from the request. */
export const exportOwnFhir = (caller: PatientCaller): Promise<Bundle> => exportPatientFhir(caller, caller.actor.patientId);

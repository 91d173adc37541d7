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
export function loadCompleteRecord(db: DbOrTx, patientId: number): PatientRecord | undefined {
  const record = loadPatientRecord(db, patientId);
  if (!record) return undefined;
  const history = record.historyNextCursor === null ? record.history : loadWholeList(db, 'history', patientId);
  const vitals = record.vitalsNextCursor === null ? record.vitals : loadWholeList(db, 'vitals', patientId);
  const labs = record.labsNextCursor === null ? record.labs : loadWholeList(db, 'labs', patientId);
  return { ...record, history, vitals, labs, historyNextCursor: null, vitalsNextCursor: null, labsNextCursor: null };
}

/** The access rule has already admitted the caller to `patientId` (trpc/patient-scoped.ts). */
export function exportPatientFhir(caller: Caller, patientId: number): Bundle {
  return auditedRead(caller.db, (db) => {
    const record = loadCompleteRecord(db, patientId);
    if (!record) throw new AppError('PATIENT_NOT_FOUND');
    const bundle = buildPatientBundle(record, installNamespace(db), caller.now);
    auditAs(caller, { action: FHIR_EXPORT_ACTION, outcome: 'success', patientId }, db);
    return bundle;
  });
}

/** The patient's own record: the id comes from the session, never from the request. */
export const exportOwnFhir = (caller: PatientCaller): Bundle => exportPatientFhir(caller, caller.actor.patientId);

// A medic unlinks a patient (API.md /medics/unlink-patient). Linking goes through the patient's
// consent: services/link-requests.ts.
import { and, eq } from 'drizzle-orm';
import { auditedTransaction, recordAudit } from '../audit/record-audit';
import { whoIs, type MedicCaller } from './caller';
import { medicPatients } from '../db/schema/index';
import { AppError } from '../errors';

export function unlinkPatient(caller: MedicCaller, patientId: number): void {
  const { medicId } = caller.actor;
  const who = whoIs(caller);
  auditedTransaction(caller.db, who, 'patients.unlink', patientId, (tx) => {
    const { changes } = tx
      .delete(medicPatients)
      .where(and(eq(medicPatients.medicId, medicId), eq(medicPatients.patientId, patientId)))
      .run();
    if (!changes) throw new AppError('PATIENT_NOT_FOUND', 'That patient is not linked to you.');
    recordAudit(tx, who, { action: 'patients.unlink', outcome: 'success', patientId });
  });
}

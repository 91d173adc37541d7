// A medic unlinks a patient (API.md /medics/unlink-patient). Linking goes through the patient's
// consent: services/link-requests.ts.
import { and, eq } from 'drizzle-orm';
import { auditedTransaction, recordAudit, type AuditActor } from '../audit/record-audit';
import type { Db } from '../db/client';
import { medicPatients } from '../db/schema/index';
import { AppError } from '../errors';

export function unlinkPatient(db: Db, who: AuditActor, medicId: number, patientId: number): void {
  auditedTransaction(db, who, 'patients.unlink', patientId, (tx) => {
    const { changes } = tx
      .delete(medicPatients)
      .where(and(eq(medicPatients.medicId, medicId), eq(medicPatients.patientId, patientId)))
      .run();
    if (!changes) throw new AppError('PATIENT_NOT_FOUND', 'That patient is not linked to you.');
    recordAudit(tx, who, { action: 'patients.unlink', outcome: 'success', patientId });
  });
}

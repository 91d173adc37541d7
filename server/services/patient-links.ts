// A medic unlinks a patient (API.md /medics/unlink-patient). Linking goes through the patient's
// consent: services/link-requests.ts.
import { and, eq } from 'drizzle-orm';
import { auditedChange } from './audited-change';
import type { MedicCaller } from './caller';
import { medicPatients } from '../db/schema/index';
import { AppError } from '../errors';

export function unlinkPatient(caller: MedicCaller, patientId: number): void {
  const { medicId } = caller.actor;
  auditedChange(caller, { action: 'patients.unlink', patientId }, (tx, succeeded) => {
    const { changes } = tx
      .delete(medicPatients)
      .where(and(eq(medicPatients.medicId, medicId), eq(medicPatients.patientId, patientId)))
      .run();
    if (!changes) throw new AppError('PATIENT_NOT_FOUND', 'That patient is not linked to you.');
    succeeded();
  });
}

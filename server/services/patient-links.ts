// A medic unlinks a patient (API.md /medics/unlink-patient). Linking goes through the patient's
// consent: services/link-requests.ts.
import { and, eq } from 'drizzle-orm';
import { auditedChange } from './audited-change';
import type { MedicCaller } from './caller';
import { medicPatients } from '../db/schema/index';
import { AppError } from '../errors';

export async function unlinkPatient(caller: MedicCaller, patientId: number): Promise<void> {
  const { medicId } = caller.actor;
  await auditedChange(caller, { action: 'patients.unlink', patientId }, async (tx, succeeded) => {
    const unlinked = await tx
      .delete(medicPatients)
      .where(and(eq(medicPatients.medicId, medicId), eq(medicPatients.patientId, patientId)))
      .returning({ patientId: medicPatients.patientId });
    if (!unlinked.length) throw new AppError('PATIENT_NOT_FOUND', 'That patient is not linked to you.');
    await succeeded();
  });
}

// A medic links an existing patient by email, or unlinks one (API.md /medics/link-patient, unlink-patient).
import { and, eq } from 'drizzle-orm';
import type { PatientListItem } from '../../shared/patients';
import { recordAudit, type AuditActor } from '../audit/record-audit';
import type { Db } from '../db/client';
import { medicPatients } from '../db/schema/index';
import { AppError } from '../errors';
import { isLinked } from './access';
import { findPatientByEmail, linkedPatientListItem } from './patient-queries';

export function linkPatientByEmail(
  db: Db,
  who: AuditActor,
  medicId: number,
  email: string,
): { message: string; patient: PatientListItem } {
  let patient: PatientListItem;
  try {
    patient = db.transaction((tx) => {
      const found = findPatientByEmail(tx, email);
      if (!found) throw new AppError('PATIENT_NOT_FOUND', 'No patient account has that email.');
      if (isLinked(tx, medicId, found.idPatient)) throw new AppError('ALREADY_LINKED');
      tx.insert(medicPatients).values({ medicId, patientId: found.idPatient }).run();
      return linkedPatientListItem(tx, medicId, found.idPatient)!;
    });
  } catch (error) {
    if (error instanceof AppError) recordAudit(db, who, { action: 'patients.link', outcome: 'failure', detail: error.code });
    throw error;
  }
  recordAudit(db, who, { action: 'patients.link', outcome: 'success', patientId: patient.idPatient });
  return { message: 'Patient linked', patient };
}

export function unlinkPatient(db: Db, who: AuditActor, medicId: number, patientId: number): void {
  const { changes } = db
    .delete(medicPatients)
    .where(and(eq(medicPatients.medicId, medicId), eq(medicPatients.patientId, patientId)))
    .run();
  recordAudit(db, who, { action: 'patients.unlink', outcome: changes ? 'success' : 'failure', patientId });
  if (!changes) throw new AppError('PATIENT_NOT_FOUND', 'That patient is not linked to you.');
}

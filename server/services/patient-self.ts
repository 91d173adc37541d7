// What a patient sees of themself (PatientSelf of API.md), and their links to doctors.
import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Doctor } from '../../shared/patients';
import type { AuditActor } from '../audit/record-audit';
import { recordAudit } from '../audit/record-audit';
import type { Db, DbOrTx } from '../db/client';
import { auditEvents, medicPatients, medics, users } from '../db/schema/index';
import { AppError } from '../errors';
import { loadPatientRecord } from './patient-record';
import { byEmail } from './users';
import { doctorColumns } from './columns';


export function listDoctorsOf(db: DbOrTx, patientId: number): Doctor[] {
  return db
    .select(doctorColumns)
    .from(medicPatients)
    .innerJoin(medics, eq(medics.id, medicPatients.medicId))
    .innerJoin(users, eq(users.id, medics.userId))
    .where(eq(medicPatients.patientId, patientId))
    .orderBy(asc(sql`${users.lname} collate nocase`), asc(sql`${users.name} collate nocase`))
    .all();
}

export function loadPatientSelf(db: DbOrTx, patientId: number) {
  const record = loadPatientRecord(db, patientId);
  if (!record) throw new AppError('PATIENT_NOT_FOUND');
  const { history, ...rest } = record;
  return { ...rest, doctors: listDoctorsOf(db, patientId), clinicalHistories: history };
}

export function linkDoctorByEmail(db: Db, who: AuditActor, patientId: number, email: string): { message: string; doctor: Doctor } {
  try {
    const doctor = db.transaction((tx) => {
      const found = tx.select(doctorColumns).from(medics).innerJoin(users, eq(users.id, medics.userId)).where(byEmail(email)).get();
      if (!found) throw new AppError('NOT_FOUND', 'No doctor is registered with that email.');
      const linked = tx
        .select({ one: medicPatients.medicId })
        .from(medicPatients)
        .where(and(eq(medicPatients.medicId, found.idMedic), eq(medicPatients.patientId, patientId)))
        .get();
      if (linked) throw new AppError('ALREADY_LINKED', 'That doctor is already linked to you.');
      tx.insert(medicPatients).values({ medicId: found.idMedic, patientId }).run();
      return found;
    });
    recordAudit(db, who, { action: 'doctors.link', outcome: 'success', patientId, detail: `medic ${doctor.idMedic}` });
    return { message: 'Doctor linked', doctor };
  } catch (error) {
    if (error instanceof AppError) recordAudit(db, who, { action: 'doctors.link', outcome: 'failure', patientId, detail: error.code });
    throw error;
  }
}

export function unlinkDoctor(db: Db, who: AuditActor, patientId: number, medicId: number): void {
  const { changes } = db
    .delete(medicPatients)
    .where(and(eq(medicPatients.medicId, medicId), eq(medicPatients.patientId, patientId)))
    .run();
  recordAudit(db, who, { action: 'doctors.unlink', outcome: changes ? 'success' : 'failure', patientId, detail: `medic ${medicId}` });
  if (!changes) throw new AppError('NOT_FOUND', 'That doctor is not linked to you.');
}

export const ACCESS_LOG_PAGE_SIZE = 20;

export interface AccessLogEvent {
  at: string;
  action: string;
  outcome: 'success' | 'failure' | 'denied';
  medic: { idMedic: number; name: string; lname: string } | null;
  detail: string | null;
}

/** Who read or changed this patient's record, newest first: everyone's events but the patient's own. */
export function accessLog(db: DbOrTx, patientId: number, patientUserId: number, page: number) {
  const where = and(eq(auditEvents.patientId, patientId), ne(auditEvents.actorUserId, patientUserId));
  const rows = db
    .select({
      at: auditEvents.at,
      action: auditEvents.action,
      outcome: auditEvents.outcome,
      detail: auditEvents.detail,
      idMedic: medics.id,
      name: users.name,
      lname: users.lname,
    })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorUserId))
    .leftJoin(medics, eq(medics.userId, users.id))
    .where(where)
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(ACCESS_LOG_PAGE_SIZE)
    .offset((page - 1) * ACCESS_LOG_PAGE_SIZE)
    .all();
  const total = db.select({ total: count() }).from(auditEvents).where(where).get()?.total ?? 0;
  const events: AccessLogEvent[] = rows.map((row) => ({
    at: row.at,
    action: row.action,
    outcome: row.outcome,
    medic: row.idMedic !== null && row.name !== null && row.lname !== null ? { idMedic: row.idMedic, name: row.name, lname: row.lname } : null,
    detail: row.detail,
  }));
  return { events, page, pageSize: ACCESS_LOG_PAGE_SIZE, total };
}

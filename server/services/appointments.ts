// Appointments (clinical histories). Past days stay as written: an appointment can be edited or
// deleted only while its day is today in the practice's time zone. Closing it is allowed any day,
// since that changes nothing that was written.
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { localDay } from '../../shared/dates';
import { endsAfterStart, type appointmentFields, type appointmentUpdateFields, type ClinicalHistory } from '../../shared/record';
import { recordAudit } from '../audit/record-audit';
import type { Actor } from '../auth/sessions';
import type { Db } from '../db/client';
import { clinicalHistories } from '../db/schema/index';
import { AppError } from '../errors';
import { auditActorOf, canAccessPatient } from './access';
import { historyColumns } from './columns';

type NewAppointment = z.output<typeof appointmentFields>;
type AppointmentChanges = z.output<typeof appointmentUpdateFields>;

export interface AppointmentCaller {
  db: Db;
  actor: Actor;
  ip: string;
  now: Date;
}


const findAppointment = (db: Db, idHistory: number): ClinicalHistory | undefined =>
  db.select(historyColumns).from(clinicalHistories).where(eq(clinicalHistories.id, idHistory)).get();

/** The appointment, if the caller may see its patient; a missing one and another's look alike. */
function accessibleAppointment(caller: AppointmentCaller, idHistory: number, action: string): ClinicalHistory {
  const appointment = findAppointment(caller.db, idHistory);
  if (appointment && canAccessPatient(caller.db, caller.actor, appointment.idPatient)) return appointment;
  recordAudit(caller.db, auditActorOf(caller.actor, caller.ip), {
    action,
    outcome: 'denied',
    patientId: appointment?.idPatient ?? null,
    detail: `appointment ${idHistory}`,
  });
  throw new AppError('NOT_FOUND', 'No such appointment.');
}

function assertEditableToday(caller: AppointmentCaller, appointment: ClinicalHistory, action: string): void {
  if (appointment.date.slice(0, 10) === localDay(caller.now)) return;
  recordAudit(caller.db, auditActorOf(caller.actor, caller.ip), {
    action,
    outcome: 'failure',
    patientId: appointment.idPatient,
    detail: 'APPOINTMENT_LOCKED',
  });
  throw new AppError('APPOINTMENT_LOCKED', 'Only appointments of today can be changed or deleted; past ones stay as written.');
}

/** The schema compares date and end when both are sent; one sent alone is compared with the stored other. */
function assertEndsAfterStart(appointment: ClinicalHistory, changes: AppointmentChanges): void {
  if (changes.date === undefined && changes.end === undefined) return;
  const start = changes.date ? changes.date.slice(11, 16) : appointment.start;
  const end = changes.end === undefined ? appointment.end : changes.end;
  if (endsAfterStart(start, end)) return;
  throw new AppError('VALIDATION_FAILED', 'Invalid input. end: The appointment must end after it starts', [
    { path: 'end', message: 'validation.endBeforeStart' },
  ]);
}

export function createAppointment(caller: AppointmentCaller, medicId: number, patientId: number, input: NewAppointment): ClinicalHistory {
  const row = caller.db
    .insert(clinicalHistories)
    .values({ patientId, medicId, ...input, start: input.date.slice(11, 16) })
    .returning({ id: clinicalHistories.id })
    .get();
  recordAudit(caller.db, auditActorOf(caller.actor, caller.ip), { action: 'appointment.create', outcome: 'success', patientId });
  return findAppointment(caller.db, row.id)!;
}

export function updateAppointment(caller: AppointmentCaller, idHistory: number, changes: AppointmentChanges): ClinicalHistory {
  const appointment = accessibleAppointment(caller, idHistory, 'appointment.update');
  const onlyClosing = Object.keys(changes).every((key) => key === 'closed');
  if (!onlyClosing) assertEditableToday(caller, appointment, 'appointment.update');
  assertEndsAfterStart(appointment, changes);
  const set = { ...changes, ...(changes.date ? { start: changes.date.slice(11, 16) } : {}) };
  if (Object.keys(set).length) caller.db.update(clinicalHistories).set(set).where(eq(clinicalHistories.id, idHistory)).run();
  recordAudit(caller.db, auditActorOf(caller.actor, caller.ip), {
    action: 'appointment.update',
    outcome: 'success',
    patientId: appointment.idPatient,
    detail: Object.keys(changes).join(',') || null,
  });
  return findAppointment(caller.db, idHistory)!;
}

export function deleteAppointment(caller: AppointmentCaller, idHistory: number): void {
  const appointment = accessibleAppointment(caller, idHistory, 'appointment.delete');
  assertEditableToday(caller, appointment, 'appointment.delete');
  caller.db.delete(clinicalHistories).where(eq(clinicalHistories.id, idHistory)).run();
  recordAudit(caller.db, auditActorOf(caller.actor, caller.ip), { action: 'appointment.delete', outcome: 'success', patientId: appointment.idPatient });
}

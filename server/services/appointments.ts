// Appointments (clinical histories), as NOM-004 asks of a note (API.md "A consultation that stays as
// it was written"). Past days stay as written: an appointment can be edited or deleted only while
// its day is today or later in the practice's time zone (a booked appointment can be moved or
// cancelled), and never moved onto a day that has passed, nor booked more than a year ahead.
// Closing it is allowed any day, since that changes nothing that was written; reopening only on its
// day. The note is its author's: another linked medic is refused (NOT_AUTHOR) and writes an
// addendum. One that holds a prescription or an addendum is never deleted: those are kept for good.
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { localDay } from '../../shared/dates';
import { endsAfterStart, type appointmentFields, type appointmentUpdateFields, type ClinicalHistory } from '../../shared/record';
import { refuse } from '../audit/record-audit';
import type { DbOrTx } from '../db/client';
import { clinicalHistories } from '../db/schema/index';
import { AppError } from '../errors';
import { patientAccess } from './access';
import { diagnosesToStore } from './appointment-diagnoses';
import { auditedChange } from './audited-change';
import { whoIs, type MedicCaller } from './caller';
import { historyColumnsOf } from './columns';
import type { AuditAction } from '../../shared/audit-actions';

type NewAppointment = z.output<typeof appointmentFields>;
type AppointmentChanges = z.output<typeof appointmentUpdateFields>;

const findAppointment = async (db: DbOrTx, idHistory: number): Promise<ClinicalHistory | undefined> =>
  (await db.select(historyColumnsOf(db)).from(clinicalHistories).where(eq(clinicalHistories.id, idHistory)))[0];

/**
 * The appointment, if the caller may change its patient's record. A missing one and another's look
 * alike (404); under emergency access the record is read-only (403), as for every other write.
 */
export async function writableAppointment(caller: MedicCaller, idHistory: number, action: AuditAction): Promise<ClinicalHistory> {
  const appointment = await findAppointment(caller.db, idHistory);
  const access = appointment ? await patientAccess(caller.db, caller.actor, appointment.idPatient, caller.now) : undefined;
  if (appointment && access?.kind === 'full') return appointment;
  if (appointment && access?.kind === 'emergency') {
    return await refuse(
      caller.db,
      whoIs(caller),
      { action, outcome: 'denied', patientId: appointment.idPatient, emergency: true, detail: access.reason },
      new AppError('FORBIDDEN', 'Emergency access is read-only: this record cannot be changed.'),
    );
  }
  return await refuse(
    caller.db,
    whoIs(caller),
    { action, outcome: 'denied', patientId: appointment?.idPatient ?? null, detail: `appointment ${idHistory}` },
    new AppError('NOT_FOUND', 'No such appointment.'),
  );
}

/** The appointment's medic alone writes its note, closes, reopens, moves or cancels it. */
async function assertAuthor(caller: MedicCaller, appointment: ClinicalHistory, action: AuditAction): Promise<void> {
  if (appointment.idMedic !== null && appointment.idMedic === caller.actor.medicId) return;
  await refuse(
    caller.db,
    whoIs(caller),
    { action, outcome: 'denied', patientId: appointment.idPatient, detail: 'NOT_AUTHOR' },
    new AppError('NOT_AUTHOR', "Only the medic who holds this appointment can change it; another medic adds an addendum."),
  );
}

/** The practice's day a year from `now`: no appointment is booked or moved beyond it. */
function lastBookableDay(now: Date): string {
  const limit = new Date(now);
  limit.setFullYear(limit.getFullYear() + 1);
  return localDay(limit);
}

function assertWithinAYear(caller: MedicCaller, date: string | undefined): void {
  if (date === undefined || date.slice(0, 10) <= lastBookableDay(caller.now)) return;
  throw new AppError('VALIDATION_FAILED', 'Invalid input. date: An appointment can be booked up to a year ahead', [
    { path: 'date', message: 'validation.appointmentTooFar' },
  ]);
}

// Calendar days as YYYY-MM-DD compare as text.
async function assertNotPast(caller: MedicCaller, appointment: ClinicalHistory, action: AuditAction): Promise<void> {
  if (appointment.date.slice(0, 10) >= localDay(caller.now)) return;
  await refuse(
    caller.db,
    whoIs(caller),
    { action, outcome: 'failure', patientId: appointment.idPatient, detail: 'APPOINTMENT_LOCKED' },
    new AppError('APPOINTMENT_LOCKED', 'Only appointments of today or later can be changed or deleted; past ones stay as written.'),
  );
}

/**
 * Moving an appointment onto a day that has passed would write into what is locked: the new date
 * is refused as invalid input (400), like any other date the form cannot take, and not as a
 * conflict with the stored appointment (which may still be moved elsewhere).
 */
function assertNotMovedIntoPast(caller: MedicCaller, changes: AppointmentChanges): void {
  if (changes.date === undefined || changes.date.slice(0, 10) >= localDay(caller.now)) return;
  throw new AppError('VALIDATION_FAILED', 'Invalid input. date: An appointment cannot be moved to a day before today', [
    { path: 'date', message: 'validation.appointmentInPast' },
  ]);
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

/** POST /clinical-history, once the access rule has let a linked medic through. */
export async function createAppointment(caller: MedicCaller, patientId: number, input: NewAppointment): Promise<ClinicalHistory> {
  assertWithinAYear(caller, input.date);
  const { diagnoses: _codes, ...fields } = input;
  const diagnosed = await diagnosesToStore(caller.db, input);
  return await auditedChange(caller, { action: 'appointment.create', patientId }, async (tx, succeeded) => {
    const [row] = await tx
      .insert(clinicalHistories)
      // Written now by the practice's clock: a note for a day already past is a late entry (columns.ts).
      .values({ patientId, medicId: caller.actor.medicId, ...fields, ...diagnosed, start: input.date.slice(11, 16), createdAt: caller.now.toISOString() })
      .returning({ id: clinicalHistories.id });
    await succeeded();
    return (await findAppointment(tx, row!.id))!;
  });
}

export async function updateAppointment(caller: MedicCaller, idHistory: number, changes: AppointmentChanges): Promise<ClinicalHistory> {
  const appointment = await writableAppointment(caller, idHistory, 'appointment.update');
  await assertAuthor(caller, appointment, 'appointment.update');
  // Closing changes nothing written, any day; reopening a past note would let it change again.
  const onlyClosing = Object.keys(changes).every((key) => key === 'closed') && changes.closed !== false;
  if (!onlyClosing) await assertNotPast(caller, appointment, 'appointment.update');
  assertNotMovedIntoPast(caller, changes);
  assertWithinAYear(caller, changes.date);
  if (movesToAnotherDay(appointment, changes)) await assertHoldsNothingKept(caller, appointment, 'appointment.update');
  assertEndsAfterStart(appointment, changes);
  const { diagnoses: _codes, ...fields } = changes;
  const set = { ...fields, ...(await diagnosesToStore(caller.db, changes)), ...(changes.date ? { start: changes.date.slice(11, 16) } : {}) };
  return await auditedChange(caller, { action: 'appointment.update', patientId: appointment.idPatient }, async (tx, succeeded) => {
    if (Object.keys(set).length) await tx.update(clinicalHistories).set(set).where(eq(clinicalHistories.id, idHistory));
    await succeeded({ detail: Object.keys(changes).join(',') || null });
    return (await findAppointment(tx, idHistory))!;
  });
}

/**
 * A prescription or an addendum is never deleted, so neither is the appointment that holds it (the
 * foreign keys would refuse it too, as a bare constraint error), nor is it moved to another day,
 * which would leave a prescription dated on a day that is not its appointment's: the medic is told
 * to void instead. Its time on the same day may still change.
 */
async function assertHoldsNothingKept(caller: MedicCaller, appointment: ClinicalHistory, action: AuditAction): Promise<void> {
  if (appointment.prescriptions.length === 0 && appointment.addenda.length === 0) return;
  await refuse(
    caller.db,
    whoIs(caller),
    { action, outcome: 'failure', patientId: appointment.idPatient, detail: 'APPOINTMENT_HAS_PRESCRIPTIONS' },
    new AppError(
      'APPOINTMENT_HAS_PRESCRIPTIONS',
      'This appointment holds prescriptions or addenda, which are kept for good, so it can be neither deleted nor moved to another day: void a prescription issued by mistake instead.',
    ),
  );
}

const movesToAnotherDay = (appointment: ClinicalHistory, changes: AppointmentChanges) =>
  changes.date !== undefined && changes.date.slice(0, 10) !== appointment.date.slice(0, 10);

export async function deleteAppointment(caller: MedicCaller, idHistory: number): Promise<void> {
  const appointment = await writableAppointment(caller, idHistory, 'appointment.delete');
  await assertAuthor(caller, appointment, 'appointment.delete');
  await assertNotPast(caller, appointment, 'appointment.delete');
  await assertHoldsNothingKept(caller, appointment, 'appointment.delete');
  await auditedChange(caller, { action: 'appointment.delete', patientId: appointment.idPatient }, async (tx, succeeded) => {
    await tx.delete(clinicalHistories).where(eq(clinicalHistories.id, idHistory));
    await succeeded();
  });
}

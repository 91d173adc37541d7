// When the record offers the writings that are kept for good (API.md "The clinical day"):
// a prescription is issued only on its appointment's day, voided only by its author on the day it was
// issued, and an appointment holding prescriptions or addenda is never deleted. The server decides;
// these only spare the doctor an action that would be refused. Days are the browser's, as
// isEditable's are: the practice-local day.
import { localDay } from '../../../../shared/dates';
import type { Prescription } from '../../../../shared/prescriptions';
import type { ClinicalHistory } from '../../../../shared/record';

/** Prescribing is for the appointment's own day only: not before it, not after. */
export const isToday = (appointment: Pick<ClinicalHistory, 'date'>, now = new Date()) => appointment.date.slice(0, 10) === localDay(now);

/**
 * Addenda amend what happened: a past or today's appointment. A booked future one has no note yet, and
 * an addendum would pin it to its day for good.
 */
export const mayAmend = (appointment: Pick<ClinicalHistory, 'date'>, now = new Date()) => appointment.date.slice(0, 10) <= localDay(now);

/** Whether it can still be voided by someone today: issued today and not voided yet. */
export const isVoidableToday = (prescription: Prescription, now = new Date()) =>
  prescription.voidedAt === null && prescription.issuedAt.slice(0, 10) === localDay(now);

/** Only its author may void it, on the day it was issued. */
export const mayVoid = (prescription: Prescription, idMedic: number | null, now = new Date()) =>
  idMedic !== null && prescription.medic.idMedic === idMedic && isVoidableToday(prescription, now);

/** Prescriptions and addenda are kept for good, and so is the appointment that holds them. */
export const holdsKeptWritings = (appointment: Pick<ClinicalHistory, 'prescriptions' | 'addenda'>) =>
  appointment.prescriptions.length > 0 || appointment.addenda.length > 0;

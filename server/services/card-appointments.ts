// A patient card's appointments as the medic's list shows them (API.md "PatientListItem"): the last
// one that has begun and the next one still to come, by the practice's clock. A booked appointment
// is not a "last appointment" until its moment comes. Both depend on when they are read, not only on
// the data: the kept cards and pages (card-figures.ts, patient-page.ts) hold until the clock reaches
// the earliest next appointment among them, and are read again from then on.
import { localMoment } from '../../shared/dates';

/** `now` written as appointments' moments are (practice-local YYYY-MM-DDTHH:mm), so that they compare as text. */
export const nowMoment = (now: Date): string => localMoment(now);

/** The two figures for the patient id `patientId` (an SQL expression), given the parameter @now; the same text on both engines (quoted names: PostgreSQL folds bare ones). */
export const appointmentColumnsFor = (patientId: string): string => `
  (SELECT max(h.date) FROM clinical_histories h WHERE h.patient_id = ${patientId} AND h.date <= @now) AS "lastAppointment",
  (SELECT min(h.date) FROM clinical_histories h WHERE h.patient_id = ${patientId} AND h.date > @now) AS "nextAppointment"`;

/** Figures read at `readAt`, whose soonest next appointment is `until` (null: none). */
export interface ReadAt {
  readAt: string;
  until: string | null;
}

/**
 * Whether figures read at `read.readAt` are still right at `now`: until the soonest next appointment
 * among them begins (then it is a last one). A clock set back reads them again as well.
 */
export const stillHolds = (read: ReadAt, now: string): boolean => read.readAt <= now && (read.until === null || now < read.until);

/** The soonest of the next appointments, for `until`. */
export function soonest(nextAppointments: Iterable<string | null>): string | null {
  let first: string | null = null;
  for (const next of nextAppointments) if (next !== null && (first === null || next < first)) first = next;
  return first;
}

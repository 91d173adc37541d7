// What a patient card derives from a list item: the blood type, the 'recent' badge, and which
// appointment it shows (its date is shown by useFormatters).
import { RECENT_PATIENT_DAYS } from '../../../../shared/constants';
import type { PatientListItem } from '../../../../shared/patients';
import { parseServerDate } from '../../lib/use-formatters';

const MS_PER_DAY = 86_400_000;

/** Group plus Rh ("AB-"), or null unless both are known (SPEC §2). */
export function bloodTypeOf(patient: Pick<PatientListItem, 'bloodGroup' | 'bloodRh'>): string | null {
  return patient.bloodGroup && patient.bloodRh ? `${patient.bloodGroup}${patient.bloodRh}` : null;
}

/** Calendar days, so "7 days ago" means the date a week back whatever the hour (and across DST). */
const dayNumber = (date: Date) => Math.round(Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()) / MS_PER_DAY);

/**
 * 'Recent' when the last appointment was RECENT_PATIENT_DAYS days ago or less (SPEC §2). The server's
 * last appointment is one that has begun (API.md "PatientListItem"): a booked one still to come is
 * the card's next appointment and makes no one recent.
 */
export function isRecent(lastAppointment: string | null, now: Date): boolean {
  const date = lastAppointment ? parseServerDate(lastAppointment) : null;
  return date !== null && dayNumber(now) - dayNumber(date) <= RECENT_PATIENT_DAYS;
}

/**
 * The appointment a card shows: the next one when one is booked (a date still to come is never
 * called the last appointment), else the last one, else none.
 */
export function shownAppointment(patient: Pick<PatientListItem, 'lastAppointment' | 'nextAppointment'>): {
  kind: 'next' | 'last';
  date: string | null;
} {
  return patient.nextAppointment ? { kind: 'next', date: patient.nextAppointment } : { kind: 'last', date: patient.lastAppointment };
}

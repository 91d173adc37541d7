// What a patient card derives from a list item: the blood type and the 'recent' badge (its date
// is shown by useFormatters).
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
 * 'Recent' when the last appointment was RECENT_PATIENT_DAYS days ago or less (SPEC §2). A
 * booked appointment still to come is "less than 7 days ago" too, and that patient is current.
 */
export function isRecent(lastAppointment: string | null, now: Date): boolean {
  const date = lastAppointment ? parseServerDate(lastAppointment) : null;
  return date !== null && dayNumber(now) - dayNumber(date) <= RECENT_PATIENT_DAYS;
}

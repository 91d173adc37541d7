// What a patient card derives from a list item: the blood type, the 'recent' badge, the date.
import { RECENT_PATIENT_DAYS } from '../../../../shared/constants';
import type { PatientListItem } from '../../../../shared/patients';

const MS_PER_DAY = 86_400_000;

/** Group plus Rh ("AB-"), or null unless both are known (SPEC §2). */
export function bloodTypeOf(patient: Pick<PatientListItem, 'bloodGroup' | 'bloodRh'>): string | null {
  return patient.bloodGroup && patient.bloodRh ? `${patient.bloodGroup}${patient.bloodRh}` : null;
}

/** A practice-local moment 'YYYY-MM-DDTHH:mm' as a Date in this browser's time zone. */
export function parseMoment(moment: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?/.exec(moment);
  if (!match) return null;
  const [, year, month, day, hour = '0', minute = '0'] = match;
  return new Date(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute));
}

/** Calendar days, so "7 days ago" means the date a week back whatever the hour (and across DST). */
const dayNumber = (date: Date) => Math.round(Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()) / MS_PER_DAY);

/**
 * 'Recent' when the last appointment was RECENT_PATIENT_DAYS days ago or less (SPEC §2). A
 * booked appointment still to come is "less than 7 days ago" too, and that patient is current.
 */
export function isRecent(lastAppointment: string | null, now: Date): boolean {
  const date = lastAppointment ? parseMoment(lastAppointment) : null;
  return date !== null && dayNumber(now) - dayNumber(date) <= RECENT_PATIENT_DAYS;
}

/** The date in the active language, e.g. "3 mar 2025" / "Mar 3, 2025". */
export function formatAppointmentDate(moment: string, language: string): string | null {
  const date = parseMoment(moment);
  return date ? new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(date) : null;
}

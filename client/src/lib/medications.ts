// The numbers on the overview cards, and which medications count as current.
import { ACTIVE_MEDICATION_DAYS } from '../../../shared/constants';
import { localDay } from '../../../shared/dates';
import type { Appointment } from './api-types';

export interface Medication {
  name: string;
  /** The appointments that prescribed it, newest first. */
  appointments: Appointment[];
}

/**
 * The one rule of what is current: an appointment still open and on the practice's calendar no
 * more than ACTIVE_MEDICATION_DAYS days before today. A visit left open months ago is forgotten
 * bookkeeping, not a prescription the patient is still taking. Dates are practice-local days, so
 * they compare as text.
 */
export function isCurrentAppointment(appointment: Pick<Appointment, 'closed' | 'date'>, now: Date): boolean {
  const cutoff = localDay(new Date(now.getFullYear(), now.getMonth(), now.getDate() - ACTIVE_MEDICATION_DAYS));
  return !appointment.closed && appointment.date.slice(0, 10) >= cutoff;
}

/** The medications the given appointments prescribe; the same name from two visits is one medication. */
function medicationsOf(appointments: Appointment[]): Medication[] {
  const byName = new Map<string, Medication>();
  for (const appointment of appointments) {
    for (const raw of appointment.medications) {
      const name = raw.trim();
      if (!name) continue;
      const key = name.toLocaleLowerCase();
      const entry = byName.get(key) ?? { name, appointments: [] };
      entry.appointments.push(appointment);
      byName.set(key, entry);
    }
  }
  return [...byName.values()];
}

/** What the patient takes now: the dashboard's count and tab and the printed summary all use this. */
export const activeMedications = (appointments: Appointment[], now = new Date()) =>
  medicationsOf(appointments.filter((appointment) => isCurrentAppointment(appointment, now)));

/** Everything else: closed visits' prescriptions, and those of open visits too old to be current. */
export const earlierMedications = (appointments: Appointment[], now = new Date()) =>
  medicationsOf(appointments.filter((appointment) => !isCurrentAppointment(appointment, now)));

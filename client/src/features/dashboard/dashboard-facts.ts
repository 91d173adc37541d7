// The numbers on the overview cards, and which medications count as current.
import type { Appointment } from './types';

export interface Medication {
  name: string;
  /** The appointments that prescribed it, newest first. */
  appointments: Appointment[];
}

/**
 * A medication is current while an appointment that lists it is still open: a closed visit's
 * prescriptions are history. The same name from two visits is one medication.
 */
export function medicationsOf(appointments: Appointment[], { open }: { open: boolean }): Medication[] {
  const byName = new Map<string, Medication>();
  for (const appointment of appointments) {
    if (appointment.closed === open) continue;
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

export const activeMedications = (appointments: Appointment[]) => medicationsOf(appointments, { open: true });

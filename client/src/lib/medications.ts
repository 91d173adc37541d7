// The numbers on the overview cards, and which medications count as current.
import { ACTIVE_MEDICATION_DAYS } from '../../../shared/constants';
import { localDay } from '../../../shared/dates';
import type { Prescription, PrescriptionItem } from '../../../shared/prescriptions';
import type { Appointment } from './api-types';
import { itemHeading } from './prescription-text';

export interface Medication {
  /**
   * What the lists show and group by: a prescription item's heading ("Amoxicilina 500 mg,
   * cápsulas, vía oral"), or the free text an appointment without a prescription holds.
   */
  name: string;
  /** The newest prescription item behind it, for its posology (lib/prescription-text.ts); null for free text. */
  item: PrescriptionItem | null;
  /** The appointments that prescribed it, in the order given (the record's: newest first). */
  appointments: Appointment[];
}

const cutoffDay = (now: Date) => localDay(new Date(now.getFullYear(), now.getMonth(), now.getDate() - ACTIVE_MEDICATION_DAYS));

/**
 * The rule for free text, from before prescriptions were structured: an appointment still open and
 * on the practice's calendar no more than ACTIVE_MEDICATION_DAYS days before today. A visit left
 * open months ago is forgotten bookkeeping, not a prescription the patient is still taking. Dates
 * are practice-local days, so they compare as text.
 */
export function isCurrentAppointment(appointment: Pick<Appointment, 'closed' | 'date'>, now: Date): boolean {
  return !appointment.closed && appointment.date.slice(0, 10) >= cutoffDay(now);
}

/** A prescription is current when it was not voided and was issued in the last ACTIVE_MEDICATION_DAYS days. */
const isCurrentPrescription = (prescription: Prescription, now: Date) => !prescription.voidedAt && prescription.issuedAt.slice(0, 10) >= cutoffDay(now);

const newestFirst = (a: Prescription, b: Prescription) => (a.issuedAt < b.issuedAt ? 1 : a.issuedAt > b.issuedAt ? -1 : 0);

/**
 * The medications of the given appointments, one per name: structured items from the prescriptions
 * `takes` chooses, and the free text of the appointments that have no prescription and `takesText`
 * chooses. An appointment with prescriptions, voided ones included, is read from them alone.
 */
function medicationsOf(
  appointments: Appointment[],
  takes: (prescription: Prescription) => boolean,
  takesText: (appointment: Appointment) => boolean,
): Medication[] {
  const byName = new Map<string, Medication>();
  const add = (name: string, item: PrescriptionItem | null, appointment: Appointment) => {
    const key = name.toLocaleLowerCase();
    const entry = byName.get(key) ?? { name, item, appointments: [] };
    if (!entry.appointments.includes(appointment)) entry.appointments.push(appointment);
    byName.set(key, entry);
  };
  for (const appointment of appointments) {
    if (appointment.prescriptions.length > 0) {
      for (const prescription of [...appointment.prescriptions].sort(newestFirst).filter(takes)) {
        for (const item of prescription.items) add(itemHeading(item), item, appointment);
      }
    } else if (takesText(appointment)) {
      for (const raw of appointment.medications) {
        const name = raw.trim();
        if (name) add(name, null, appointment);
      }
    }
  }
  return [...byName.values()];
}

/**
 * What the patient takes now: the items of prescriptions issued in the last ACTIVE_MEDICATION_DAYS
 * days and not voided, and the free text of current appointments without a prescription. The
 * dashboard's count and tab, the record's summary strip and the printed summary all use this.
 */
export const activeMedications = (appointments: Appointment[], now = new Date()) =>
  medicationsOf(
    appointments,
    (prescription) => isCurrentPrescription(prescription, now),
    (appointment) => isCurrentAppointment(appointment, now),
  );

/** Everything else but what was voided: older prescriptions, and free text of closed or older visits. */
export const earlierMedications = (appointments: Appointment[], now = new Date()) =>
  medicationsOf(
    appointments,
    (prescription) => !prescription.voidedAt && !isCurrentPrescription(prescription, now),
    (appointment) => !isCurrentAppointment(appointment, now),
  );

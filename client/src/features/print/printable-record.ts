// What the printed summary shows, taken from either shape of the record (the medic's patient
// detail or the patient's own record): the emergency essentials, then the latest vitals, recent
// appointments (with their addenda, oldest first, as they were written after the note) and the
// documents. Pure, so the choices are tested without a browser.
import type { Addendum } from '../../../../shared/prescriptions';
import type { Allergy, ClinicalHistory, Contact, PathologicalRecord, Vital } from '../../../../shared/record';
import { activeMedications, type Medication } from '../../lib/medications';
import { itemHeading } from '../../lib/prescription-text';
import { isOngoingCondition, newest } from '../../lib/record-summary';
import type { DetailPatient, PatientDetail } from '../../lib/api-types';

export type PrintedFile = PatientDetail['files'][number];

/** The parts of a record both the medic's and the patient's answers carry. */
export interface RecordParts {
  patient: DetailPatient;
  allergies: Allergy[];
  pathologicalRecords: PathologicalRecord[];
  vitals: Vital[];
  contacts: Contact[];
  files: PrintedFile[];
}

export interface PrintableRecord {
  patient: DetailPatient;
  allergies: Allergy[];
  conditions: PathologicalRecord[];
  medications: Medication[];
  contacts: Contact[];
  latestVitals: Vital | null;
  appointments: PrintedAppointment[];
  files: PrintedFile[];
}

export interface PrintedAppointment {
  idHistory: number;
  date: string;
  motive: string;
  closed: boolean;
  /** What it prescribed: the items of its prescriptions not voided, else the free text it holds. */
  medications: string[];
  /** Oldest first: the order they amend the note in. */
  addenda: Addendum[];
}

/** A summary lists the last few visits; the whole history is the record page's job. */
export const RECENT_APPOINTMENTS = 5;

// Conditions still with the patient (Active and Chronic) and the newest vitals: the same rules as
// the record's summary strip, in lib/record-summary.ts.

/** `appointments` is the record's history (the medic's `history`, the patient's `clinicalHistories`). */
export function printableRecord(parts: RecordParts, appointments: ClinicalHistory[]): PrintableRecord {
  const byDateDescending = [...appointments].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
  return {
    patient: parts.patient,
    allergies: parts.allergies,
    conditions: parts.pathologicalRecords.filter(isOngoingCondition),
    medications: activeMedications(appointments),
    contacts: parts.contacts,
    latestVitals: newest(parts.vitals),
    appointments: byDateDescending.slice(0, RECENT_APPOINTMENTS).map(printedAppointment),
    files: parts.files,
  };
}

function printedAppointment(appointment: ClinicalHistory): PrintedAppointment {
  const prescribed = appointment.prescriptions.filter((prescription) => !prescription.voidedAt).flatMap((prescription) => prescription.items.map(itemHeading));
  return {
    idHistory: appointment.idHistory,
    date: appointment.date,
    motive: appointment.motive,
    closed: appointment.closed,
    medications: appointment.prescriptions.length > 0 ? prescribed : appointment.medications,
    addenda: [...appointment.addenda].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.idAddendum - b.idAddendum)),
  };
}

// The medic's list filter (SPEC §2): name, last name, email or phone, case-insensitive. Accents are
// ignored as well, since Spanish names are often typed without them ("hernandez" finds Hernández).
import type { PatientListItem } from '../../../../shared/patients';

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();

export function filterPatients(patients: PatientListItem[], query: string): PatientListItem[] {
  const needle = fold(query.trim());
  if (!needle) return patients;
  return patients.filter((patient) =>
    [patient.name, patient.lname, patient.email, patient.phone ?? ''].some((field) => fold(field).includes(needle)),
  );
}

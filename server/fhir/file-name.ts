// The name an export is saved under: expediente-<record number>-<day>.fhir.json. The record number
// tells a medic's exports apart; the patient's name stays out of it, since file names show up
// where the file's content would not (download lists, shared folders, mail subjects).
import type { Bundle, Patient } from '@medplum/fhirtypes';
import { MEDICAL_RECORD_NUMBER } from './patient';

export function fhirExportFileName(bundle: Bundle): string {
  const patient = bundle.entry?.find((entry) => entry.resource?.resourceType === 'Patient')?.resource as Patient | undefined;
  const recordNumber = patient?.identifier?.find((identifier) =>
    identifier.type?.coding?.some((coding) => coding.system === MEDICAL_RECORD_NUMBER.system && coding.code === MEDICAL_RECORD_NUMBER.code),
  )?.value;
  // The timestamp is practice-local, so its first ten characters are the practice's day.
  const day = bundle.timestamp?.slice(0, 10);
  return ['expediente', recordNumber, day].filter(Boolean).join('-') + '.fhir.json';
}

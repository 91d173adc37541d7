// Patient: names, telecom, address, identifiers, birth date and administrative sex. The record's
// sexes are FHIR's AdministrativeGender codes as they are; a birth date or sex the record does not
// hold is left out rather than sent as "unknown", which would claim something the record never said.
import type { ContactPoint, Identifier, Patient } from '@medplum/fhirtypes';
import type { PatientRecord } from '../services/patient-record';
import { listOf, present } from './entry';

/** HL7's identifier type for a medical record number; file-name.ts finds the record's number by it. */
export const MEDICAL_RECORD_NUMBER = { system: 'http://terminology.hl7.org/CodeSystem/v2-0203', code: 'MR' } as const;

const telecom = (system: ContactPoint['system'], value: string | null | undefined, use?: ContactPoint['use']): ContactPoint | undefined => {
  const text = present(value);
  return text ? { system, value: text, ...(use ? { use } : {}) } : undefined;
};

/**
 * `recordSystem` names this install's record numbers (a urn:uuid of its namespace), so the same
 * number from two practices is two identifiers.
 */
export function toPatient(record: PatientRecord, recordSystem: string): Patient {
  const { patient, documentType } = record;
  const recordNumber: Identifier = {
    use: 'usual',
    type: { coding: [{ ...MEDICAL_RECORD_NUMBER, display: 'Medical record number' }] },
    system: recordSystem,
    value: String(patient.idPatient),
  };
  const documentNumber = present(patient.documentNumber);
  const document: Identifier | undefined = documentNumber
    ? { use: 'official', ...(present(documentType?.name) ? { type: { text: present(documentType?.name) } } : {}), value: documentNumber }
    : undefined;
  const lines = listOf(present(patient.address), present(patient.addressSpecific));
  const civilStatus = present(patient.civilStatus);
  return {
    resourceType: 'Patient',
    identifier: listOf(recordNumber, document),
    active: true,
    name: [{ use: 'official', family: patient.lname, given: [patient.name] }],
    telecom: listOf(telecom('phone', patient.phone), telecom('phone', patient.extraPhone), telecom('email', patient.email)),
    ...(lines ? { address: [{ line: lines, text: lines.join(', ') }] } : {}),
    ...(patient.sex ? { gender: patient.sex } : {}),
    ...(patient.birthDate ? { birthDate: patient.birthDate } : {}),
    ...(civilStatus ? { maritalStatus: { text: civilStatus } } : {}),
  };
}

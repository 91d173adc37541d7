// Vital signs as Observations, one per measured value, coded in LOINC with UCUM units: the table
// below is the whole mapping. A weight taken with the vital signs carries their date; the weight
// and height on the patient's row have no date kept, so theirs carry no effective time.
import type { Observation } from '@medplum/fhirtypes';
import type { Patient } from '../../shared/patients';
import type { Vital } from '../../shared/record';
import { fhirDateTime } from './dates';
import { entryOf, type ExportScope } from './entry';

export const LOINC = 'http://loinc.org';
export const UCUM = 'http://unitsofmeasure.org';
export const OBSERVATION_CATEGORY = 'http://terminology.hl7.org/CodeSystem/observation-category';

interface VitalCode {
  loinc: string;
  display: string;
  /** The UCUM code; `unit` is how people write it. */
  ucum: string;
  unit: string;
}

export const VITAL_CODES = {
  systolic: { loinc: '8480-6', display: 'Systolic blood pressure', ucum: 'mm[Hg]', unit: 'mmHg' },
  diastolic: { loinc: '8462-4', display: 'Diastolic blood pressure', ucum: 'mm[Hg]', unit: 'mmHg' },
  heartRate: { loinc: '8867-4', display: 'Heart rate', ucum: '/min', unit: 'beats/min' },
  temperature: { loinc: '8310-5', display: 'Body temperature', ucum: 'Cel', unit: '°C' },
  oxygenSaturation: { loinc: '59408-5', display: 'Oxygen saturation in Arterial blood by Pulse oximetry', ucum: '%', unit: '%' },
  respiratoryRate: { loinc: '9279-1', display: 'Respiratory rate', ucum: '/min', unit: 'breaths/min' },
  weight: { loinc: '29463-7', display: 'Body weight', ucum: 'kg', unit: 'kg' },
  height: { loinc: '8302-2', display: 'Body height', ucum: 'cm', unit: 'cm' },
} as const satisfies Record<string, VitalCode>;

type VitalField = Exclude<keyof typeof VITAL_CODES, 'height'>;
const VITAL_FIELDS = Object.keys(VITAL_CODES).filter((field) => field !== 'height') as VitalField[];

function vitalObservation(scope: ExportScope, code: VitalCode, value: number, effective: string | undefined): Observation {
  return {
    resourceType: 'Observation',
    status: 'final',
    category: [{ coding: [{ system: OBSERVATION_CATEGORY, code: 'vital-signs', display: 'Vital Signs' }] }],
    code: { coding: [{ system: LOINC, code: code.loinc, display: code.display }], text: code.display },
    subject: scope.patient,
    ...(effective ? { effectiveDateTime: effective } : {}),
    valueQuantity: { value, unit: code.unit, system: UCUM, code: code.ucum },
  };
}

/** One Observation per value the vitals row holds. */
export function vitalEntries(scope: ExportScope, vital: Vital) {
  return VITAL_FIELDS.flatMap((field) => {
    const value = vital[field];
    if (value === null) return [];
    return [entryOf(scope.fullUrl(`vital/${field}`, vital.idVital), vitalObservation(scope, VITAL_CODES[field], value, fhirDateTime(vital.date)))];
  });
}

/** The weight and height the patient's row holds, if any. */
export function bodyMeasureEntries(scope: ExportScope, patient: Patient) {
  return (['weight', 'height'] as const).flatMap((field) => {
    const value = patient[field];
    if (value === null) return [];
    return [entryOf(scope.fullUrl(`patient/${field}`, patient.idPatient), vitalObservation(scope, VITAL_CODES[field], value, undefined))];
  });
}

// Between the patient detail and the edit form's text values, and from the validated values to
// PATCH /patients/:id: an insurance or habit left entirely blank is sent as null (none), not as an
// empty row.
import type { z } from 'zod';
import type { patientUpdateFields } from '../../../../shared/patient-update';
import type { PatientDetail } from '../../lib/api-types';

type Text = string;
export interface PatientFormValues {
  email: Text;
  phone: Text;
  address: Text;
  bloodGroup: Text;
  bloodRh: Text;
  civilStatus: Text;
  birthDate: Text;
  sex: Text;
  profession: Text;
  religion: Text;
  nationality: Text;
  education: Text;
  documentType: Text;
  documentNumber: Text;
  weight: Text;
  height: Text;
  insurance: { name: Text; type: Text; provider: Text; policyNumber: Text };
  lifestyle: {
    alcohol: { frequency: Text; quantity: Text; type: Text };
    tobacco: { frequency: Text; quantity: Text; yearsUsing: Text };
    drugs: { type: Text; frequency: Text };
    physicalActivity: { frequency: Text; type: Text; duration: Text };
  };
}

export type PatientUpdateValues = z.output<typeof patientUpdateFields>;

const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));

export function patientFormValues(detail: PatientDetail): PatientFormValues {
  const { patient, insurance, lifestyle } = detail;
  return {
    email: patient.email,
    phone: text(patient.phone),
    address: text(patient.address),
    bloodGroup: text(patient.bloodGroup),
    bloodRh: text(patient.bloodRh),
    civilStatus: text(patient.civilStatus),
    birthDate: text(patient.birthDate),
    sex: text(patient.sex),
    profession: text(detail.profession?.name),
    religion: text(detail.religion?.name),
    nationality: text(detail.nationality?.name),
    education: text(detail.education?.name),
    documentType: text(detail.documentType?.name),
    documentNumber: text(patient.documentNumber),
    weight: text(patient.weight),
    height: text(patient.height),
    insurance: {
      name: text(insurance?.name),
      type: text(insurance?.type),
      provider: text(insurance?.provider),
      policyNumber: text(insurance?.policyNumber),
    },
    lifestyle: {
      alcohol: { frequency: text(lifestyle?.alcohol?.frequency), quantity: text(lifestyle?.alcohol?.quantity), type: text(lifestyle?.alcohol?.type) },
      tobacco: {
        frequency: text(lifestyle?.tobacco?.frequency),
        quantity: text(lifestyle?.tobacco?.quantity),
        yearsUsing: text(lifestyle?.tobacco?.yearsUsing),
      },
      drugs: { type: text(lifestyle?.drugs?.type), frequency: text(lifestyle?.drugs?.frequency) },
      physicalActivity: {
        frequency: text(lifestyle?.physicalActivity?.frequency),
        type: text(lifestyle?.physicalActivity?.type),
        duration: text(lifestyle?.physicalActivity?.duration),
      },
    },
  };
}

/** An object whose every value is null stands for "none". */
const noneIfBlank = <T extends Record<string, unknown>>(value: T | null | undefined): T | null =>
  value && Object.values(value).some((part) => part !== null && part !== undefined) ? value : null;

export function patientUpdateOf(values: PatientUpdateValues): PatientUpdateValues {
  const habits = values.lifestyle ?? {};
  const lifestyle = {
    alcohol: noneIfBlank(habits.alcohol),
    tobacco: noneIfBlank(habits.tobacco),
    drugs: noneIfBlank(habits.drugs),
    physicalActivity: noneIfBlank(habits.physicalActivity),
  };
  return { ...values, insurance: noneIfBlank(values.insurance), lifestyle: noneIfBlank(lifestyle) };
}

// The API description's answers for the items of a record's sections (API.md "Shapes"). Checked
// against tRPC's outputs in responses.ts.
import { z } from 'zod';
import { ALLERGY_SEVERITIES, RECORD_STATUSES } from '../../shared/constants';
import { id, nullableNumber, nullableText, text } from './schema-parts';

export const allergySchema = z
  .object({ idPatientAllergy: id, allergyName: text, severity: z.enum(ALLERGY_SEVERITIES).nullable(), type: nullableText, reaction: nullableText })
  .meta({ id: 'Allergy' });
export const pathologicalRecordSchema = z
  .object({ idRecord: id, condition: text, diagnosisDate: nullableText, status: z.enum(RECORD_STATUSES).nullable(), notes: nullableText })
  .meta({ id: 'PathologicalRecord' });
export const vitalSchema = z
  .object({
    idVital: id,
    date: text,
    systolic: nullableNumber,
    diastolic: nullableNumber,
    heartRate: nullableNumber,
    temperature: nullableNumber,
    oxygenSaturation: nullableNumber,
    respiratoryRate: nullableNumber,
    weight: nullableNumber,
    idHistory: nullableNumber.meta({ description: 'The consultation it was measured at (locked with it); null for a reading of its own' }),
  })
  .meta({ id: 'Vital' });
export const labSchema = z
  .object({
    idLabs: id,
    idContent: nullableNumber,
    testName: nullableText,
    value: nullableText,
    unit: nullableText,
    referenceRange: nullableText,
    date: text,
    comment: nullableText,
    idHistory: nullableNumber.meta({ description: 'The consultation it was recorded at (locked with it); null for a result of its own' }),
  })
  .meta({ id: 'Lab' });
export const vaccineSchema = z
  .object({ idVaccine: id, vaccineName: text, date: text, dose: nullableText, manufacturer: nullableText, nextDose: nullableText })
  .meta({ id: 'Vaccine' });
export const contactSchema = z
  .object({ idContact: id, name: text, relationship: nullableText, phone: nullableText, email: nullableText, address: nullableText })
  .meta({ id: 'Contact' });
export const familyHistorySchema = z
  .object({ idFamilyHistory: id, relative: text, condition: text, notes: nullableText })
  .meta({ id: 'FamilyHistory', description: 'Antecedentes heredo-familiares: a relative and the condition they had' });
export const diagnosisSchema = z
  .object({ code: text, name: text })
  .meta({ id: 'Diagnosis', description: 'A code of the diagnosis catalog (CIE-10) and its name.' });

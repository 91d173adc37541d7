// PATCH /patients/:idPatient: the contact fields and blood type of SPEC.md's edit view, plus
// demographics, physical data, insurance and lifestyle, so that a record can be completed.
import { z } from 'zod';
import { clearableEnum, clearableNumber, clearableText, emailSchema } from './fields';
import { bloodGroupSchema, bloodRhSchema, clearableBirthDate, heightSchema, sexSchema, weightSchema } from './patients';

export const insuranceFields = z.object({
  name: clearableText(200),
  type: clearableText(100),
  provider: clearableText(200),
  policyNumber: clearableText(100),
});

export const lifestyleFields = z.object({
  alcohol: z.object({ frequency: clearableText(100), quantity: clearableText(100), type: clearableText(100) }).nullable(),
  tobacco: z.object({ frequency: clearableText(100), quantity: clearableText(100), yearsUsing: clearableText(50) }).nullable(),
  drugs: z.object({ type: clearableText(100), frequency: clearableText(100) }).nullable(),
  physicalActivity: z.object({ frequency: clearableText(100), type: clearableText(100), duration: clearableText(100) }).nullable(),
});

export const patientUpdateFields = z.object({
  email: emailSchema,
  phone: clearableText(40),
  extraPhone: clearableText(40),
  address: clearableText(300),
  addressSpecific: clearableText(300),
  bloodGroup: clearableEnum(bloodGroupSchema),
  bloodRh: clearableEnum(bloodRhSchema),
  civilStatus: clearableText(60),
  birthDate: clearableBirthDate,
  sex: clearableEnum(sexSchema),
  // The same rules as at creation.
  weight: clearableNumber(weightSchema),
  height: clearableNumber(heightSchema),
  policy: clearableText(100),
  documentNumber: clearableText(60),
  profession: clearableText(100),
  religion: clearableText(100),
  nationality: clearableText(100),
  education: clearableText(100),
  documentType: clearableText(100),
  insurance: insuranceFields.nullable(),
  lifestyle: lifestyleFields.partial().nullable(),
});

/** Every field is optional: only what is sent changes. */
export const patientUpdateInput = patientUpdateFields.partial();
export type PatientUpdateInput = z.input<typeof patientUpdateInput>;

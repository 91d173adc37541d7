// PATCH /patients/:idPatient: the contact fields and blood type of SPEC.md's edit view, plus
// demographics, physical data, insurance and lifestyle, so that a record can be completed.
import { z } from 'zod';
import { emailSchema } from './auth';
import { formNumber, optionalText } from './record';
import { bloodGroupSchema, bloodRhSchema, heightSchema, weightSchema } from './patients';

const blankToNull = (value: unknown) => (value === '' ? null : value);

export const insuranceFields = z.object({
  name: optionalText(200),
  type: optionalText(100),
  provider: optionalText(200),
  policyNumber: optionalText(100),
});

export const lifestyleFields = z.object({
  alcohol: z.object({ frequency: optionalText(100), quantity: optionalText(100), type: optionalText(100) }).nullable(),
  tobacco: z.object({ frequency: optionalText(100), quantity: optionalText(100), yearsUsing: optionalText(50) }).nullable(),
  drugs: z.object({ type: optionalText(100), frequency: optionalText(100) }).nullable(),
  physicalActivity: z.object({ frequency: optionalText(100), type: optionalText(100), duration: optionalText(100) }).nullable(),
});

export const patientUpdateFields = z.object({
  email: emailSchema,
  phone: optionalText(40),
  extraPhone: optionalText(40),
  address: optionalText(300),
  addressSpecific: optionalText(300),
  bloodGroup: z.preprocess(blankToNull, bloodGroupSchema.nullable()),
  bloodRh: z.preprocess(blankToNull, bloodRhSchema.nullable()),
  civilStatus: optionalText(60),
  // The same rules as at creation.
  weight: formNumber(weightSchema),
  height: formNumber(heightSchema),
  policy: optionalText(100),
  documentNumber: optionalText(60),
  profession: optionalText(100),
  religion: optionalText(100),
  nationality: optionalText(100),
  education: optionalText(100),
  documentType: optionalText(100),
  insurance: insuranceFields.nullable(),
  lifestyle: lifestyleFields.partial().nullable(),
});

/** Every field is optional: only what is sent changes. */
export const patientUpdateInput = patientUpdateFields.partial();
export type PatientUpdateInput = z.input<typeof patientUpdateInput>;

// Prescriptions (recetas), addenda and the practice's data (API.md "The clinical day"):
// the inputs both the server and the forms validate with, and the shapes the API answers.
// What a prescription carries follows Mexico's Reglamento de Insumos para la Salud (arts. 29–30:
// prescriber's name, address and cédula profesional, date, signature; each medicine's dose,
// presentation, route, frequency and duration) and Spain's RD 1718/2010 (art. 3: also the patient's
// name, year of birth and identity document, the number of packages, the prescriber's número de
// colegiado and specialty, and an order number).
import { z } from 'zod';
import type { Diagnosis } from './catalog';
import { clearableText, requiredText, text } from './fields';

export const PRESCRIPTION_ITEMS_MAX = 20;
export const ADDENDUM_MAX = 5000;
export const VOID_REASON_MAX = 500;
/** Suggestions of drugs the practice prescribed before, at most. */
export const DRUG_SUGGESTIONS_MAX = 10;
/** Characters (case and accents folded) a drug query needs before anything is suggested. */
export const DRUG_QUERY_MIN = 2;

export const prescriptionItemInput = z.object({
  drug: requiredText('validation.drugRequired', 200),
  strength: clearableText(100),
  form: clearableText(100),
  route: clearableText(100),
  presentation: clearableText(200),
  packages: clearableText(50),
  dose: clearableText(200),
  frequency: clearableText(200),
  duration: clearableText(200),
  instructions: clearableText(1000, { multiline: true }),
});
export type PrescriptionItemInput = z.input<typeof prescriptionItemInput>;

/** POST /clinical-history/:idHistory/prescriptions */
export const prescriptionInput = z.object({
  items: z
    .array(prescriptionItemInput, { error: 'validation.invalid' })
    .min(1, 'validation.prescriptionItemsRequired')
    .max(PRESCRIPTION_ITEMS_MAX, 'validation.tooMany'),
  notes: clearableText(2000, { multiline: true }).optional(),
});
export type PrescriptionInput = z.input<typeof prescriptionInput>;

/** POST /prescriptions/:idPrescription/void */
export const voidPrescriptionInput = z.object({
  reason: text({ max: VOID_REASON_MAX, multiline: true, requiredKey: 'validation.voidReasonRequired' }),
});

/** POST /clinical-history/:idHistory/addenda */
export const addendumInput = z.object({
  text: text({ max: ADDENDUM_MAX, multiline: true, requiredKey: 'validation.addendumRequired' }),
});

/** PATCH /admin/practice: any of the fields; blank clears one (the name then falls back to PRACTICE_NAME). */
export const practiceInput = z.object({
  name: clearableText(200).optional(),
  address: clearableText(300).optional(),
  city: clearableText(100).optional(),
  phone: clearableText(40).optional(),
  /** medics without a second factor can do nothing but set one up. */
  requireTwoFactorForMedics: z.boolean({ error: 'validation.invalid' }).optional(),
});
export type PracticeInput = z.input<typeof practiceInput>;

/** `2026-000123`: unique in the practice, sequential within the year of issue. */
export const prescriptionNumber = (year: number, seq: number) => `${year}-${String(seq).padStart(6, '0')}`;

export interface PrescriptionItem {
  drug: string;
  strength: string | null;
  form: string | null;
  route: string | null;
  presentation: string | null;
  packages: string | null;
  dose: string | null;
  frequency: string | null;
  duration: string | null;
  instructions: string | null;
}

export interface Practice {
  name: string;
  address: string | null;
  city: string | null;
  phone: string | null;
}

/**
 * GET /practice and PATCH /admin/practice: the printed data and the practice's rules. A prescription
 * keeps only the printed part (Practice): a rule is not something a receta prints.
 */
export interface PracticeSettings extends Practice {
  requireTwoFactorForMedics: boolean;
}

/** The prescriber as the prescription was signed: name, specialty and licence at the moment of issue. */
export interface Prescriber {
  idMedic: number;
  name: string;
  lname: string;
  specialty: string | null;
  licenseNumber: string;
}

export interface Prescription {
  idPrescription: number;
  idHistory: number;
  number: string;
  /** Practice-local moment, YYYY-MM-DDTHH:mm. */
  issuedAt: string;
  medic: Prescriber;
  /** The patient as printed on it. */
  patient: { idPatient: number; name: string; lname: string; birthDate: string | null; documentNumber: string | null };
  /** The practice as printed on it. */
  practice: Practice;
  diagnoses: Diagnosis[];
  items: PrescriptionItem[];
  notes: string | null;
  voidedAt: string | null;
  voidReason: string | null;
}

export interface Addendum {
  idAddendum: number;
  /** Practice-local moment, YYYY-MM-DDTHH:mm. */
  at: string;
  /** Who signed it, with the name they had then. */
  medic: { idMedic: number; name: string; lname: string };
  text: string;
}

/** A drug the practice prescribed before, as its last prescription wrote it: the form fills the item from it. */
export type DrugSuggestion = Omit<PrescriptionItem, 'instructions'>;

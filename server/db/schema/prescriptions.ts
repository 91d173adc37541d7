// What a consultation leaves on paper and after its day: prescriptions (recetas) with
// their items, and addenda to a note. Both are never edited nor deleted (triggers in 0013): a
// prescription can only be voided, once, by its author on its day; an addendum is final.
// Each keeps the names it was signed with, as the audit trail does: a later change of a medic's
// name, licence or practice address does not rewrite an issued document.
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { id } from './columns';
import { patients } from './patients';
import { clinicalHistories } from './record';
import { medics } from './users';

/** The prescriber as printed: name, specialty and licence number at the moment of issue. */
export interface PrescriberSnapshot {
  name: string;
  lname: string;
  specialty: string | null;
  licenseNumber: string;
}
/** The patient as printed (RD 1718/2010 art. 3: name, year of birth, identity document). */
export interface PrescriptionPatientSnapshot {
  name: string;
  lname: string;
  birthDate: string | null;
  documentNumber: string | null;
}
/** The practice as printed (Reglamento de Insumos para la Salud art. 29: the prescriber's address). */
export interface PracticeSnapshot {
  name: string;
  address: string | null;
  city: string | null;
  phone: string | null;
}

/**
 * The appointment a document was written at, its patient and the medic who signed it. No cascade:
 * what is kept for good keeps its appointment, patient and medic (the delete is refused).
 */
const writtenAt = () => ({
  historyId: integer('history_id')
    .notNull()
    .references(() => clinicalHistories.id),
  patientId: integer('patient_id')
    .notNull()
    .references(() => patients.id),
  medicId: integer('medic_id')
    .notNull()
    .references(() => medics.id),
});

export const prescriptions = sqliteTable(
  'prescriptions',
  {
    id: id(),
    ...writtenAt(),
    /** Practice-local year of issue and its sequence: `number` is `${year}-${seq padded to 6}`. */
    year: integer('year').notNull(),
    seq: integer('seq').notNull(),
    number: text('number').notNull(),
    /** Practice-local moment of issue, YYYY-MM-DDTHH:mm. */
    issuedAt: text('issued_at').notNull(),
    prescriber: text('prescriber', { mode: 'json' }).$type<PrescriberSnapshot>().notNull(),
    patient: text('patient', { mode: 'json' }).$type<PrescriptionPatientSnapshot>().notNull(),
    practice: text('practice', { mode: 'json' }).$type<PracticeSnapshot>().notNull(),
    /** The appointment's diagnoses when the prescription was issued: [{code, name}]. */
    diagnoses: text('diagnoses', { mode: 'json' }).$type<{ code: string; name: string }[]>().notNull(),
    notes: text('notes'),
    voidedAt: text('voided_at'),
    voidReason: text('void_reason'),
  },
  (t) => [
    uniqueIndex('prescriptions_number_unique').on(t.number),
    uniqueIndex('prescriptions_year_seq_unique').on(t.year, t.seq),
    index('prescriptions_history_idx').on(t.historyId),
    index('prescriptions_patient_idx').on(t.patientId, t.issuedAt),
  ],
);

export const prescriptionItems = sqliteTable(
  'prescription_items',
  {
    id: id(),
    prescriptionId: integer('prescription_id')
      .notNull()
      .references(() => prescriptions.id),
    /** Order on the prescription, from 1. */
    position: integer('position').notNull(),
    drug: text('drug').notNull(),
    /** The drug's name folded (lower case, no accents): the prescribing form's suggestions search it. */
    drugFolded: text('drug_folded').notNull(),
    strength: text('strength'),
    form: text('form'),
    route: text('route'),
    presentation: text('presentation'),
    packages: text('packages'),
    dose: text('dose'),
    frequency: text('frequency'),
    duration: text('duration'),
    instructions: text('instructions'),
  },
  (t) => [
    uniqueIndex('prescription_items_position_unique').on(t.prescriptionId, t.position),
    index('prescription_items_drug_idx').on(t.drugFolded),
  ],
);

export const addenda = sqliteTable(
  'addenda',
  {
    id: id(),
    ...writtenAt(),
    medicName: text('medic_name').notNull(),
    medicLname: text('medic_lname').notNull(),
    /** Practice-local moment it was written, YYYY-MM-DDTHH:mm. */
    at: text('at').notNull(),
    text: text('text').notNull(),
  },
  (t) => [index('addenda_history_idx').on(t.historyId, t.id)],
);

/** The practice's own data for printed documents: one row (id 1), created on first save. */
export const practice = sqliteTable('practice', {
  id: integer('id').primaryKey(),
  name: text('name'),
  address: text('address'),
  city: text('city'),
  phone: text('phone'),
  /** medics without a second factor can do nothing but set one up. */
  requireTwoFactorForMedics: integer('require_two_factor_for_medics', { mode: 'boolean' }).notNull().default(false),
  updatedAt: text('updated_at').notNull(),
});

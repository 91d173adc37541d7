// The patient's clinical sub-records. Each list is read newest first for one patient, hence
// the (patient_id, date) indexes.
import { index, integer, real, sqliteTable, text, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { ALLERGY_SEVERITIES, FILE_MAIN_TYPES, RECORD_STATUSES } from '../../../shared/constants';
import { createdAt, id } from './columns';
import { patientRef } from './patients';
import { medics, users } from './users';

const patientId = patientRef;

export const allergies = sqliteTable(
  'allergies',
  {
    id: id(),
    patientId: patientId(),
    allergyName: text('allergy_name').notNull(),
    severity: text('severity', { enum: ALLERGY_SEVERITIES }),
    type: text('type'),
    reaction: text('reaction'),
    createdAt: createdAt(),
  },
  (t) => [index('allergies_patient_idx').on(t.patientId, t.createdAt)],
);

export const pathologicalRecords = sqliteTable(
  'pathological_records',
  {
    id: id(),
    patientId: patientId(),
    condition: text('condition').notNull(),
    diagnosisDate: text('diagnosis_date'),
    status: text('status', { enum: RECORD_STATUSES }),
    notes: text('notes'),
    createdAt: createdAt(),
  },
  (t) => [index('pathological_records_patient_date_idx').on(t.patientId, t.diagnosisDate)],
);

export const vitals = sqliteTable(
  'vitals',
  {
    id: id(),
    patientId: patientId(),
    date: text('date').notNull(),
    systolic: integer('systolic'),
    diastolic: integer('diastolic'),
    heartRate: integer('heart_rate'),
    temperature: real('temperature'),
    oxygenSaturation: real('oxygen_saturation'),
    respiratoryRate: integer('respiratory_rate'),
    // Weighed at this visit (kg): its history is what the weight trend charts; the patient's own
    // weight field stays what the medic last set there.
    weight: real('weight'),
    // Measured at this consultation (idHistory in the API): shown inside its note, and locked with it.
    idHistory: integer('history_id').references((): AnySQLiteColumn => clinicalHistories.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('vitals_patient_date_idx').on(t.patientId, t.date), index('vitals_history_idx').on(t.idHistory)],
);

export const labs = sqliteTable(
  'labs',
  {
    id: id(),
    patientId: patientId(),
    // The originating order or report the result belongs to (idContent in the API).
    contentId: integer('content_id'),
    testName: text('test_name'),
    value: text('value'),
    unit: text('unit'),
    referenceRange: text('reference_range'),
    date: text('date').notNull(),
    comment: text('comment'),
    // Ordered or read at this consultation (idHistory in the API): shown inside its note, and locked with it.
    idHistory: integer('history_id').references((): AnySQLiteColumn => clinicalHistories.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('labs_patient_date_idx').on(t.patientId, t.date), index('labs_history_idx').on(t.idHistory)],
);

export const vaccines = sqliteTable(
  'vaccines',
  {
    id: id(),
    patientId: patientId(),
    vaccineName: text('vaccine_name').notNull(),
    date: text('date').notNull(),
    dose: text('dose'),
    manufacturer: text('manufacturer'),
    nextDose: text('next_dose'),
    createdAt: createdAt(),
  },
  (t) => [index('vaccines_patient_date_idx').on(t.patientId, t.date)],
);

export const emergencyContacts = sqliteTable(
  'emergency_contacts',
  {
    id: id(),
    patientId: patientId(),
    name: text('name').notNull(),
    relationship: text('relationship'),
    phone: text('phone'),
    email: text('email'),
    address: text('address'),
    createdAt: createdAt(),
  },
  (t) => [index('emergency_contacts_patient_idx').on(t.patientId, t.createdAt)],
);

/** Antecedentes heredo-familiares (NOM-004 6.1.1): a relative and the condition they had. */
export const familyHistory = sqliteTable(
  'family_history',
  {
    id: id(),
    patientId: patientId(),
    relative: text('relative').notNull(),
    condition: text('condition').notNull(),
    notes: text('notes'),
    createdAt: createdAt(),
  },
  (t) => [index('family_history_patient_idx').on(t.patientId, t.createdAt)],
);

/** An uploaded document: the bytes are an encrypted blob named blob_name under DATA_DIR. */
export const files = sqliteTable(
  'files',
  {
    id: id(),
    patientId: patientId(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    comment: text('comment'),
    mainType: text('main_type', { enum: FILE_MAIN_TYPES }).notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    code: text('code').notNull().unique(),
    blobName: text('blob_name').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [index('files_patient_created_idx').on(t.patientId, t.createdAt)],
);

/** An appointment. `date` is the practice-local moment YYYY-MM-DDTHH:mm. */
export const clinicalHistories = sqliteTable(
  'clinical_histories',
  {
    id: id(),
    patientId: patientId(),
    medicId: integer('medic_id').references(() => medics.id, { onDelete: 'set null' }),
    date: text('date').notNull(),
    start: text('start').notNull(),
    end: text('end'),
    motive: text('motive').notNull(),
    notes: text('notes'),
    medications: text('medications', { mode: 'json' }).$type<string[]>().notNull().default([]),
    diagnosisIds: text('diagnosis_ids', { mode: 'json' }).$type<string[]>().notNull().default([]),
    /** The note in NOM-004-SSA3-2012's order (6.2): course of the illness, examination, plan, prognosis. */
    subjective: text('subjective'),
    exploration: text('exploration'),
    plan: text('plan'),
    prognosis: text('prognosis'),
    /** Codes of the diagnosis catalog with the name they had when written: [{code, name}]. */
    diagnoses: text('diagnoses', { mode: 'json' }).$type<{ code: string; name: string }[]>().notNull().default([]),
    closed: integer('closed', { mode: 'boolean' }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('clinical_histories_patient_date_idx').on(t.patientId, t.date),
    // The agenda: one medic's appointments in a range of days, in its order, with all it shows
    // (migration 0018), so a week is read from the index alone.
    index('clinical_histories_medic_agenda_idx').on(t.medicId, t.date, t.start, t.id, t.patientId, t.end, t.motive, t.closed),
  ],
);

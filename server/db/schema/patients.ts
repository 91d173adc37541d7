import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { BLOOD_GROUPS, BLOOD_RH, SEXES } from '../../../shared/constants';
import { createdAt, id } from './columns';
import { documentTypes, educations, nationalities, professions, religions } from './lookups';
import { medics, users } from './users';

/** The clinical record's root. Name, email, phone and address live on the patient's user. */
export const patients = sqliteTable(
  'patients',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    extraPhone: text('extra_phone').notNull().default(''),
    addressSpecific: text('address_specific').notNull().default(''),
    bloodGroup: text('blood_group', { enum: BLOOD_GROUPS }),
    bloodRh: text('blood_rh', { enum: BLOOD_RH }),
    civilStatus: text('civil_status'),
    /** YYYY-MM-DD. Age is computed from it when shown, never stored. */
    birthDate: text('birth_date'),
    sex: text('sex', { enum: SEXES }),
    weight: real('weight'),
    height: integer('height'),
    policy: text('policy').notNull().default(''),
    documentNumber: text('document_number'),
    origin: text('origin').notNull().default(''),
    originSent: text('origin_sent').notNull().default(''),
    originPlace: text('origin_place').notNull().default(''),
    insuranceComment: text('insurance_comment').notNull().default(''),
    professionId: integer('profession_id').references(() => professions.id),
    religionId: integer('religion_id').references(() => religions.id),
    nationalityId: integer('nationality_id').references(() => nationalities.id),
    educationId: integer('education_id').references(() => educations.id),
    documentTypeId: integer('document_type_id').references(() => documentTypes.id),
    createdAt: createdAt(),
    updatedAt: text('updated_at'),
    /**
     * Changes whenever any of the record's lists does (triggers of migration 0006), to a new random
     * value, so a cached copy of the lists is known fresh by comparing one number.
     */
    recordVersion: integer('record_version').notNull().default(0),
  },
);

/** A row that belongs to one patient's record, and goes with it. */
export const patientRef = () =>
  integer('patient_id')
    .notNull()
    .references(() => patients.id, { onDelete: 'cascade' });

/** A row that belongs to one medic, and goes with the medic's account. */
export const medicRef = () =>
  integer('medic_id')
    .notNull()
    .references(() => medics.id, { onDelete: 'cascade' });

/**
 * Which medics may see which patients: the only source of a medic's access to a record.
 * lname and name copy the patient's user (triggers of migration 0005 keep them so, whoever writes)
 * so that a medic's list pages in order from one index, however many patients the practice has.
 */
export const medicPatients = sqliteTable(
  'medic_patients',
  {
    medicId: medicRef(),
    patientId: patientRef(),
    createdAt: createdAt(),
    lname: text('lname').notNull().default(''),
    name: text('name').notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.medicId, t.patientId] }),
    index('medic_patients_patient_idx').on(t.patientId),
    index('medic_patients_medic_order_idx').on(t.medicId, sql`${t.lname} collate nocase`, sql`${t.name} collate nocase`, t.patientId),
  ],
);

/**
 * How many patients each medic has, and the version of what their patient list shows: both kept by
 * triggers (migrations 0005, 0008), so a page's total costs one read and a page read before can be
 * answered again from memory while list_version is unchanged (services/patient-page-cache.ts).
 */
export const medicPatientCounts = sqliteTable('medic_patient_counts', {
  medicId: integer('medic_id')
    .primaryKey()
    .references(() => medics.id, { onDelete: 'cascade' }),
  patients: integer('patients').notNull().default(0),
  listVersion: integer('list_version').notNull().default(0),
  // What the list's filter searches (names, email, phone, which patients, their order): migration
  // 0017, for the filter's index kept in memory (services/patient-filter-index.ts).
  searchVersion: integer('search_version').notNull().default(0),
  // What the medic's agenda shows (their appointments, the patients still linked, those patients'
  // names and birth dates): migration 0019, for the agenda kept in memory (services/agenda.ts).
  agendaVersion: integer('agenda_version').notNull().default(0),
});

export const insurances = sqliteTable('insurances', {
  id: id(),
  patientId: integer('patient_id')
    .notNull()
    .unique()
    .references(() => patients.id, { onDelete: 'cascade' }),
  name: text('name'),
  type: text('type'),
  provider: text('provider'),
  policyNumber: text('policy_number'),
});

/** One row per patient; a habit is absent when all its columns are null. */
export const lifestyles = sqliteTable('lifestyles', {
  patientId: integer('patient_id')
    .primaryKey()
    .references(() => patients.id, { onDelete: 'cascade' }),
  alcoholFrequency: text('alcohol_frequency'),
  alcoholQuantity: text('alcohol_quantity'),
  alcoholType: text('alcohol_type'),
  tobaccoFrequency: text('tobacco_frequency'),
  tobaccoQuantity: text('tobacco_quantity'),
  tobaccoYearsUsing: text('tobacco_years_using'),
  drugsType: text('drugs_type'),
  drugsFrequency: text('drugs_frequency'),
  activityFrequency: text('activity_frequency'),
  activityType: text('activity_type'),
  activityDuration: text('activity_duration'),
});

// The PostgreSQL schema: every table of server/db/schema, made for PostgreSQL at load (from-sqlite.ts).
// drizzle-kit (drizzle.postgres.config.ts) reads the tables from this module's named exports, so each
// is exported under the name the SQLite schema gives it. A name missing here fails the typecheck of
// schema.test.ts (and the schema test itself), so a new SQLite table cannot be left out unnoticed.
import * as sqliteSchema from '../schema';
import { postgresTablesOf } from './from-sqlite';

/** Every table, by the name the SQLite schema exports it under. */
export const postgresTables = postgresTablesOf(sqliteSchema);

export const {
  users,
  medics,
  sessions,
  professions,
  religions,
  nationalities,
  educations,
  documentTypes,
  patients,
  medicPatients,
  medicPatientCounts,
  insurances,
  lifestyles,
  allergies,
  pathologicalRecords,
  vitals,
  labs,
  vaccines,
  emergencyContacts,
  familyHistory,
  files,
  clinicalHistories,
  auditEvents,
  linkRequests,
  emergencyAccesses,
  healthProbe,
  diagnoses,
  catalogVersions,
  prescriptions,
  prescriptionItems,
  addenda,
  practice,
  totpSecrets,
  recoveryCodes,
  passkeys,
  signInChallenges,
  webauthnChallenges,
  accessVersion,
  signInAttempts,
  signInTrustedAddresses,
  documentBlobs,
} = postgresTables;


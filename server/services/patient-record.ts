// The whole record of one patient (PatientDetail of API.md): the patient with lookups,
// insurance and lifestyle in one query, then one query per child list, never one per row.
import { eq, sql } from 'drizzle-orm';
import { auditedRead } from '../audit/record-audit';
import type { Patient } from '../../shared/patients';
import type { DbOrTx } from '../db/client';
import { prepared } from '../db/prepared';
import { deepFreeze, versionedCache } from '../db/versioned-cache';
import { withKnownJson } from '../json-text';
import {
  documentTypes,
  educations,
  insurances,
  lifestyles,
  nationalities,
  patients,
  professions,
  religions,
  users,
} from '../db/schema/index';
import { AppError } from '../errors';
import type { ActiveEmergencyAccess } from './access';
import { auditAs, type Caller } from './caller';
import { patientColumns } from './columns';
import { CACHED_RECORDS, recordListsAt } from './record-lists-json';

export interface Lookup {
  id: number;
  name: string;
}
export interface Insurance {
  name: string | null;
  type: string | null;
  provider: string | null;
  policyNumber: string | null;
}
export interface Lifestyle {
  alcohol: { frequency: string | null; quantity: string | null; type: string | null } | null;
  tobacco: { frequency: string | null; quantity: string | null; yearsUsing: string | null } | null;
  drugs: { type: string | null; frequency: string | null } | null;
  physicalActivity: { frequency: string | null; type: string | null; duration: string | null } | null;
}

const lookup = (id: number | null, name: string | null): Lookup | null => (id !== null && name !== null ? { id, name } : null);

/** A habit is present when any of its parts is. */
const habit = <T extends Record<string, string | null>>(parts: T): T | null =>
  Object.values(parts).some((value) => value !== null) ? parts : null;

type LifestyleRow = typeof lifestyles.$inferSelect;
export function toLifestyle(row: LifestyleRow | null): Lifestyle | null {
  if (!row) return null;
  const lifestyle: Lifestyle = {
    alcohol: habit({ frequency: row.alcoholFrequency, quantity: row.alcoholQuantity, type: row.alcoholType }),
    tobacco: habit({ frequency: row.tobaccoFrequency, quantity: row.tobaccoQuantity, yearsUsing: row.tobaccoYearsUsing }),
    drugs: habit({ type: row.drugsType, frequency: row.drugsFrequency }),
    physicalActivity: habit({ frequency: row.activityFrequency, type: row.activityType, duration: row.activityDuration }),
  };
  return Object.values(lifestyle).some(Boolean) ? lifestyle : null;
}

const selectPatientCore = prepared('patient-record.core', (db) =>
  db
    .select({
      patient: patientColumns,
      professionId: professions.id,
      professionName: professions.name,
      religionId: religions.id,
      religionName: religions.name,
      nationalityId: nationalities.id,
      nationalityName: nationalities.name,
      educationId: educations.id,
      educationName: educations.name,
      documentTypeId: documentTypes.id,
      documentTypeName: documentTypes.name,
      insurance: insurances,
      lifestyle: lifestyles,
    })
    .from(patients)
    .innerJoin(users, eq(users.id, patients.userId))
    .leftJoin(professions, eq(professions.id, patients.professionId))
    .leftJoin(religions, eq(religions.id, patients.religionId))
    .leftJoin(nationalities, eq(nationalities.id, patients.nationalityId))
    .leftJoin(educations, eq(educations.id, patients.educationId))
    .leftJoin(documentTypes, eq(documentTypes.id, patients.documentTypeId))
    .leftJoin(insurances, eq(insurances.patientId, patients.id))
    .leftJoin(lifestyles, eq(lifestyles.patientId, patients.id))
    .where(eq(patients.id, sql.placeholder('patientId'))),
);

async function loadPatientCore(db: DbOrTx, patientId: number) {
  const row = await selectPatientCore.get(db, { patientId });
  if (!row) return undefined;
  const insurance: Insurance | null = row.insurance
    ? { name: row.insurance.name, type: row.insurance.type, provider: row.insurance.provider, policyNumber: row.insurance.policyNumber }
    : null;
  return {
    patient: row.patient as Patient,
    profession: lookup(row.professionId, row.professionName),
    religion: lookup(row.religionId, row.religionName),
    nationality: lookup(row.nationalityId, row.nationalityName),
    education: lookup(row.educationId, row.educationName),
    documentType: lookup(row.documentTypeId, row.documentTypeName),
    insurance,
    lifestyle: toLifestyle(row.lifestyle),
  };
}

type RecordCore = NonNullable<Awaited<ReturnType<typeof loadPatientCore>>>;

const selectRecordVersion = prepared('patient-record.version', (db) =>
  db.select({ version: patients.recordVersion }).from(patients).where(eq(patients.id, sql.placeholder('patientId'))),
);

/** Cores kept per database: as many as the records' lists (record-lists-json.ts). */
const cachedCores = versionedCache<number, Readonly<RecordCore> | null>(CACHED_RECORDS);

/**
 * The record's core (the patient with lookups, insurance and lifestyle) at `version`: kept in memory
 * while record_version is unchanged, which every change to any part of it replaces (migration 0020).
 * Frozen, each part with its JSON made once, as the lists are.
 */
async function coreAt(db: DbOrTx, patientId: number, version: number): Promise<Readonly<RecordCore> | null> {
  return await cachedCores.at(db, patientId, version, async () => {
    const core = await loadPatientCore(db, patientId);
    if (!core) return null;
    for (const part of Object.values(deepFreeze(core))) if (typeof part === 'object' && part !== null) withKnownJson(part);
    return core;
  });
}

/** The record and the record_version it is at, or undefined when there is no such patient. */
async function recordWithVersion(db: DbOrTx, patientId: number) {
  // The version, the core and the lists are read in the caller's transaction: one snapshot.
  const version = (await selectRecordVersion.get(db, { patientId }))?.version;
  const core = version === undefined ? null : await coreAt(db, patientId, version);
  if (version === undefined || !core) return undefined;
  return { version, record: { ...core, ...(await recordListsAt(db, patientId, version)) } };
}

/** PatientDetail, or undefined when there is no such patient. */
export async function loadPatientRecord(db: DbOrTx, patientId: number) {
  return (await recordWithVersion(db, patientId))?.record;
}

export type PatientRecord = NonNullable<Awaited<ReturnType<typeof loadPatientRecord>>>;

/**
 * Whole answers to linked medics (no emergency access to name), with their JSON as one piece of
 * bytes: REST sends it as it is, where an answer assembled from its kept parts is copied into one
 * buffer on every read. Few: a medic's day goes back to a handful of records.
 */
const cachedAnswers = versionedCache<number, PatientRecord & { emergencyAccess: ActiveEmergencyAccess | null }>(32);

/**
 * GET /medics/patients/:id: the record, and under emergency access its end for the client's banner.
 * The read and its audit event are one transaction: what was read is what the trail says was read.
 */
export async function readPatientDetail(caller: Caller, patientId: number) {
  const { access } = caller;
  const emergencyAccess: ActiveEmergencyAccess | null = access?.kind === 'emergency' ? { idAccess: access.idAccess, reason: access.reason, expiresAt: access.expiresAt } : null;
  return await auditedRead(caller.db, async (db) => {
    const found = await recordWithVersion(db, patientId);
    if (!found) throw new AppError('PATIENT_NOT_FOUND');
    await auditAs(caller, { action: 'patient.detail', outcome: 'success', patientId }, db);
    if (emergencyAccess) return { ...found.record, emergencyAccess };
    // Every part is frozen already (the core's and the lists'): deepFreeze stops at them.
    return await cachedAnswers.at(db, patientId, found.version, () => withKnownJson(deepFreeze({ ...found.record, emergencyAccess: null })));
  });
}

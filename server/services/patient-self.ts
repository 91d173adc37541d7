// What a patient sees of themself (PatientSelf of API.md), and their links to doctors.
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Doctor } from '../../shared/patients';
import { auditedRead } from '../audit/record-audit';
import type { DbOrTx } from '../db/client';
import { engineNameOf } from '../db/engine';
import { auditedChange } from './audited-change';
import { auditAs, type PatientCaller } from './caller';
import { auditEvents, medicPatients, medics, users } from '../db/schema/index';
import { AppError } from '../errors';
import { loadPatientRecord } from './patient-record';
import { isLinked } from './access';
import { clearRequest, pendingRequestsFor } from './link-requests';
import { medicProfile } from './medic-profile';
import { findActiveMedicByEmail } from './users';
import { caseInsensitive } from './case-insensitive';
import { doctorColumns } from './columns';
import { accessLogCount } from './access-log-count';
import { prepared } from '../db/prepared';
import { deepFreeze, versionedCache } from '../db/versioned-cache';
import { accessVersionOf } from '../auth/request-cache-version';
import { withKnownJson } from '../json-text';


export async function listDoctorsOf(db: DbOrTx, patientId: number): Promise<Doctor[]> {
  return await db
    .select(doctorColumns)
    .from(medicPatients)
    .innerJoin(medics, eq(medics.id, medicPatients.medicId))
    .innerJoin(users, eq(users.id, medics.userId))
    .where(eq(medicPatients.patientId, patientId))
    .orderBy(asc(caseInsensitive(db, users.lname)), asc(caseInsensitive(db, users.name)));
}

export async function loadPatientSelf(db: DbOrTx, patientId: number) {
  const record = await loadPatientRecord(db, patientId);
  if (!record) throw new AppError('PATIENT_NOT_FOUND');
  const { history, ...rest } = record;
  const doctors = await listDoctorsOf(db, patientId);
  return { ...rest, doctors, clinicalHistories: history, linkRequests: await pendingRequestsFor(db, patientId) };
}

/** The patient links a doctor themself: consent is given, so the link is made at once. */
export async function linkDoctorByEmail(caller: PatientCaller, email: string): Promise<{ message: string; doctor: Doctor }> {
  const patientId = caller.actor.patientId;
  const doctor = await auditedChange(caller, { action: 'doctors.link', patientId }, async (tx, succeeded) => {
    const medic = await findActiveMedicByEmail(tx, email);
    if (!medic) throw new AppError('NOT_FOUND', 'No doctor is registered with that email.');
    if (await isLinked(tx, medic.medicId, patientId)) throw new AppError('ALREADY_LINKED', 'That doctor is already linked to you.');
    await tx.insert(medicPatients).values({ medicId: medic.medicId, patientId });
    await clearRequest(tx, medic.medicId, patientId);
    await succeeded({ detail: `medic ${medic.medicId}` });
    return await medicProfile(tx, medic.medicId);
  });
  return { message: 'Doctor linked', doctor };
}

export async function unlinkDoctor(caller: PatientCaller, medicId: number): Promise<void> {
  const patientId = caller.actor.patientId;
  await auditedChange(caller, { action: 'doctors.unlink', patientId }, async (tx, succeeded) => {
    const unlinked = await tx
      .delete(medicPatients)
      .where(and(eq(medicPatients.medicId, medicId), eq(medicPatients.patientId, patientId)))
      .returning({ medicId: medicPatients.medicId });
    if (!unlinked.length) throw new AppError('NOT_FOUND', 'That doctor is not linked to you.');
    await succeeded({ detail: `medic ${medicId}` });
  });
}

export const ACCESS_LOG_PAGE_SIZE = 20;

export interface AccessLogEvent {
  at: string;
  action: string;
  outcome: 'success' | 'failure' | 'denied';
  medic: { idMedic: number; name: string; lname: string } | null;
  /** For emergency accesses, the reason the medic gave. */
  detail: string | null;
  emergency: boolean;
}

/** An event someone other than the patient (`userId`) wrote; `is not` is SQLite's word, `is distinct from` PostgreSQL's. */
const notByPatient = (db: DbOrTx) =>
  engineNameOf(db) === 'sqlite'
    ? sql`${auditEvents.actorUserId} is not ${sql.placeholder('userId')}`
    : sql`${auditEvents.actorUserId} is distinct from ${sql.placeholder('userId')}::bigint`;

/**
 * A page of the access log in one direction of the (patient_id, id) index, prepared once per
 * database: built afresh on each request, drizzle's query building and SQLite's compiling were
 * half of the page's CPU (decade bench: 834 → 377 µs a request, 1,427 → 2,922 req/s).
 */
function accessLogPage(newestFirst: boolean) {
  return prepared(`patient-self.access-log-${newestFirst ? 'newest' : 'oldest'}-first`, (db) =>
    db
      .select({
        at: auditEvents.at,
        action: auditEvents.action,
        outcome: auditEvents.outcome,
        detail: auditEvents.detail,
        emergency: auditEvents.emergency,
        idMedic: medics.id,
        // The name the actor acted under; rows from before names were kept fall back to the current one.
        name: sql<string | null>`coalesce(${auditEvents.actorName}, ${users.name})`,
        lname: sql<string | null>`coalesce(${auditEvents.actorLname}, ${users.lname})`,
      })
      .from(auditEvents)
      .leftJoin(users, eq(users.id, auditEvents.actorUserId))
      .leftJoin(medics, eq(medics.userId, users.id))
      // An event about the patient with nobody signed in (none is written today) counts as someone else's.
      .where(and(eq(auditEvents.patientId, sql.placeholder('patientId')), notByPatient(db)))
      .orderBy(newestFirst ? desc(auditEvents.id) : asc(auditEvents.id))
      .limit(sql.placeholder('take'))
      .offset(sql.placeholder('skip')),
  );
}

const newestFirstPage = accessLogPage(true);
const oldestFirstPage = accessLogPage(false);

/** Pages kept per database, with their JSON: a patient reading their log pages back and forth. */
const keptPages = versionedCache<string, AccessLogPage>(256);

export interface AccessLogPage {
  events: AccessLogEvent[];
  page: number;
  pageSize: number;
  total: number;
}

/**
 * Who read or changed this patient's record, newest first: everyone's events but the patient's own.
 * A page is kept in memory while it cannot have changed: the trail only appends, so no event about
 * the patient newer than the one it was read at, and the same access_version, which any change to an
 * account or a medic replaces (the names of events from before names were kept, and the medics' ids).
 */
export async function accessLog(db: DbOrTx, patientId: number, patientUserId: number, page: number): Promise<AccessLogPage> {
  // The version first: a change that lands between it and the page is newer than the key it is kept under.
  const version = await accessVersionOf(db);
  // Kept per database and brought up to date with the events since (access-log-count.ts).
  const { upTo, total } = await accessLogCount(db, patientId, patientUserId);
  return await keptPages.at(db, `${patientId}:${patientUserId}:${page}:${upTo}`, version, async () =>
    withKnownJson(deepFreeze(await readAccessLogPage(db, patientId, patientUserId, page, total))),
  );
}

/**
 * Newest first is id order (the trail only appends), which the (patient_id, id) index gives without a
 * sort however long the patient's trail; a page past the middle is read from the oldest end, so the
 * last page costs what the first does.
 */
async function readAccessLogPage(db: DbOrTx, patientId: number, patientUserId: number, page: number, total: number): Promise<AccessLogPage> {
  const skipped = (page - 1) * ACCESS_LOG_PAGE_SIZE;
  const fromOldest = skipped > total / 2;
  const take = fromOldest ? Math.max(0, Math.min(ACCESS_LOG_PAGE_SIZE, total - skipped)) : ACCESS_LOG_PAGE_SIZE;
  const skip = fromOldest ? Math.max(0, total - skipped - ACCESS_LOG_PAGE_SIZE) : skipped;
  const rows = take === 0 ? [] : await (fromOldest ? oldestFirstPage : newestFirstPage).all(db, { patientId, userId: patientUserId, take, skip });
  if (fromOldest) rows.reverse();
  const events: AccessLogEvent[] = rows.map((row) => ({
    at: row.at,
    action: row.action,
    outcome: row.outcome,
    medic: row.idMedic !== null && row.name !== null && row.lname !== null ? { idMedic: row.idMedic, name: row.name, lname: row.lname } : null,
    detail: row.detail,
    emergency: row.emergency,
  }));
  return { events, page, pageSize: ACCESS_LOG_PAGE_SIZE, total };
}

/** GET /patients/me: the patient's own record, audited like any read of it. */
export async function readOwnRecord(caller: PatientCaller) {
  return await auditedRead(caller.db, async (db) => {
    const self = await loadPatientSelf(db, caller.actor.patientId);
    await auditAs(caller, { action: 'patient.self', outcome: 'success', patientId: caller.actor.patientId }, db);
    return self;
  });
}

/** GET /patients/me/access-log: the patient reading who read them (not itself audited: it is their own trail). */
export const accessLogOf = async (caller: PatientCaller, page: number): Promise<AccessLogPage> => await accessLog(caller.db, caller.actor.patientId, caller.actor.userId, page);

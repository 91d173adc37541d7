// The administrator's review of the audit trail (HIPAA 164.308(a)(1)(ii)(D), information
// system activity review): filtered pages, the batches a CSV export is written from, and the chain
// check of `npm run audit:verify`. Every viewing, export and check is itself audited.
// Plain SQL, as audit/ reads the trail: the filter decides which terms the statement has, so that
// each filter meets the index made for it (drizzle/0014).
// The terms differ per engine (whereOf): SQLite's unary `+` and json_each have PostgreSQL twins; the
// name lookup, the kept counts and the chain check are audit/'s, which answer on either engine.
import { join } from 'node:path';
import {
  AUDIT_PAGE_SIZE,
  isActionPrefix,
  type AuditEvent,
  type AuditEventsInput,
  type AuditEventsPage,
  type AuditFilter,
  type AuditVerification,
} from '../../shared/admin';
import { addDays } from '../../shared/agenda';
import { admitAudited } from '../auth/admission';
import type { Actor } from '../auth/sessions';
import { readSecretFile } from '../secrets';
import { auditAs, type Caller } from './caller';
import { verifyAuditChainIn } from '../audit/audit-chain';
import { verifyAuditChainSinceIn } from '../audit/audit-checkpoint';
import { AuditHeadError, readAuditHead, type AuditHead } from '../audit/audit-head';
import { AUDIT_KEY_FILE } from '../audit/audit-key';
import { selectedIn, type Selected } from '../audit/audit-count';
import { accessVersionOf } from '../auth/request-cache-version';
import { deepFreeze, keptFromSecondRequest } from '../db/versioned-cache';
import { withKnownJson } from '../json-text';
import { auditedRead } from '../audit/record-audit';
import type { DbOrTx } from '../db/client';
import { engineNameOf, type EngineName } from '../db/engine';
import { rawGet, rawRows } from '../db/raw-sql';
import { patientIdsNamedIn } from '../audit/audit-patient-filter';
import type { AuditAction } from '../../shared/audit-actions';
import { positional } from '../db/named-parameters';

/** The rows of a text written with named parameters. */
async function rowsOf<Row>(db: DbOrTx, text: string, params: Record<string, unknown>): Promise<Row[]> {
  const statement = positional(text, params);
  return rawRows<Row>(db, statement.text, statement.args);
}

interface EventRow {
  id: number;
  at: string;
  idUser: number | null;
  actorType: 'patient' | 'medic' | 'anonymous';
  actorName: string;
  actorLname: string;
  action: string;
  idPatient: number | null;
  patientName: string | null;
  patientLname: string | null;
  outcome: AuditEvent['outcome'];
  ip: string | null;
  emergency: number;
  detail: string | null;
}

// One statement for a page, whatever its size: the actor's and the patient's names come by join.
// The actor's name is the one kept on the event; rows from before names were kept show the current one.
const SELECT_EVENTS = `
  select e.id, e.at, e.actor_user_id as "idUser", e.actor_type as "actorType",
    coalesce(e.actor_name, actor.name, '') as "actorName", coalesce(e.actor_lname, actor.lname, '') as "actorLname",
    e.action, e.patient_id as "idPatient", patient_user.name as "patientName", patient_user.lname as "patientLname",
    e.outcome, e.ip, e.emergency, e.detail
  from audit_events e
  left join users actor on actor.id = e.actor_user_id
  left join patients on patients.id = e.patient_id
  left join users patient_user on patient_user.id = patients.user_id`;

const toEvent = (row: EventRow): AuditEvent => ({
  id: row.id,
  at: row.at,
  actor: row.idUser === null ? null : { idUser: row.idUser, name: row.actorName, lname: row.actorLname, type: row.actorType },
  action: row.action,
  idPatient: row.idPatient,
  patient: row.patientName === null || row.patientLname === null ? null : { name: row.patientName, lname: row.patientLname },
  outcome: row.outcome,
  ip: row.ip,
  emergency: row.emergency === 1,
  detail: row.detail,
});

/** The instant a practice-local calendar day starts, as stored (ISO 8601 UTC, which sorts as text). */
function startOfLocalDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const start = new Date(2000, month - 1, date);
  start.setFullYear(year);
  return start.toISOString();
}

interface Where {
  terms: string[];
  params: Record<string, string | number>;
}

/**
 * The filter as it is read: a patient's name (`patient`) resolved to the ids of the patients it
 * names now. Kept counts and pages are keyed by it, ids included, so a patient registered or renamed
 * since is never counted under an older answer.
 */
type ResolvedFilter = AuditFilter & { patientIds?: number[] };

const resolve = async (db: DbOrTx, filter: AuditFilter): Promise<ResolvedFilter> =>
  filter.patient === undefined ? filter : { ...filter, patientIds: await patientIdsNamedIn(db, filter.patient) };

/**
 * The filter's terms. `byId`: the reader walks the trail by id, batch after batch (an export), so
 * the range terms (days, a family of actions) are kept off their indexes with SQLite's unary `+`.
 * Read through its index, a range comes out of id order, and every batch would sort the whole range
 * again; walked by id, each batch goes on where the last one stopped. A page is read once, so it
 * takes whatever index SQLite finds best. PostgreSQL has no unary `+` on text: its planner is left to
 * choose there, and the range of a family of actions compares bytes (collate "C"), whatever the
 * cluster's collation, which might otherwise order '/' before '.'.
 */
function whereOf(engine: EngineName, filter: ResolvedFilter, { byId = false } = {}): Where {
  const postgres = engine === 'postgres';
  const range = byId && !postgres ? '+' : '';
  const action = postgres ? 'e.action collate "C"' : 'e.action';
  const where: Where = { terms: [], params: {} };
  const add = (term: string, params: Record<string, string | number>) => {
    where.terms.push(term);
    Object.assign(where.params, params);
  };
  if (filter.from) add(`${range}e.at >= @fromAt`, { fromAt: startOfLocalDay(filter.from) });
  // `to` is counted whole: everything before the next day starts.
  if (filter.to) add(`${range}e.at < @beforeAt`, { beforeAt: startOfLocalDay(addDays(filter.to, 1)) });
  if (filter.idUser !== undefined) add('e.actor_user_id = @idUser', { idUser: filter.idUser });
  if (filter.idPatient !== undefined) add('e.patient_id = @idPatient', { idPatient: filter.idPatient });
  // Each id is looked up in the (patient_id, id) index; a name that names nobody selects nothing.
  const ids = postgres ? 'select cast(value as bigint) from json_array_elements_text(cast(@patientIds as json))' : 'select value from json_each(@patientIds)';
  if (filter.patientIds) add(`e.patient_id in (${ids})`, { patientIds: JSON.stringify(filter.patientIds) });
  if (filter.action !== undefined) {
    // A family `prescription.` is the range [`prescription.`, `prescription/`): '/' follows '.', so
    // the range is exactly the names that start with the prefix, and it walks the (action, id) index.
    if (isActionPrefix(filter.action)) add(`${range}${action} >= @actionFrom and ${range}${action} < @actionBefore`, { actionFrom: filter.action, actionBefore: `${filter.action.slice(0, -1)}/` });
    else add('e.action = @action', { action: filter.action });
  }
  if (filter.outcome !== undefined) add('e.outcome = @outcome', { outcome: filter.outcome });
  return where;
}

const whereClause = (terms: string[]) => (terms.length ? `where ${terms.join(' and ')}` : '');

/** The events of one page, by the ids of a statement that selects them (newest first), names and all. */
const eventsWithIds = (idsSql: string) => `${SELECT_EVENTS} where e.id in (${idsSql}) order by e.id desc`;

/** What a filter selects now (audit-count.ts), with how its page is to be read. */
interface Selection {
  filter: ResolvedFilter;
  /** A range (days, a family of actions) is read by id between the first and last ids it selects. */
  hasRange: boolean;
  selected: Selected;
}

async function selectionOf(db: DbOrTx, filter: ResolvedFilter): Promise<Selection> {
  const hasRange = filter.from !== undefined || filter.to !== undefined || (filter.action !== undefined && isActionPrefix(filter.action));
  const engine = engineNameOf(db);
  const selected = await selectedIn(db, JSON.stringify(filter), whereOf(engine, filter), whereOf(engine, filter, { byId: true }), { ends: hasRange });
  return { filter, hasRange, selected };
}

/**
 * One page of the events the filter selects, newest first, and how many it selects in all (kept
 * per filter and brought up to date with the rows since: audit-count.ts). The page's ids are read
 * first, from the filter's index alone (covering: no row is read for a row skipped), then its rows.
 * `cursor`, the id of the last event of the page before, reads the next page by keyset (ids below
 * it): as fast on the thousandth page as on the first. A page number past the middle is read from
 * the oldest end, so the last page costs what the first does.
 */
export async function auditEventsPage(db: DbOrTx, filter: AuditFilter, page: number, cursor?: number): Promise<AuditEventsPage> {
  return readPage(db, await selectionOf(db, await resolve(db, filter)), page, cursor);
}

async function readPage(db: DbOrTx, { filter, hasRange, selected }: Selection, page: number, cursor?: number): Promise<AuditEventsPage> {
  const { count: total, upTo } = selected;
  // A range's terms are kept off their index (whereOf byId): through the index, every page would sort the whole range.
  const { terms, params } = whereOf(engineNameOf(db), filter, { byId: hasRange });
  const bounds = hasRange ? ['e.id >= @firstId', 'e.id <= @lastId'] : ['e.id <= @upTo'];
  const bound = { ...params, upTo, firstId: selected.firstId ?? 0, lastId: selected.lastId ?? 0 };
  const ids = (extra: string[], order: 'asc' | 'desc') => `select e.id from audit_events e ${whereClause([...terms, ...bounds, ...extra])} order by e.id ${order} limit @limit offset @offset`;
  const offset = (page - 1) * AUDIT_PAGE_SIZE;
  let rows: EventRow[];
  if (total === 0) {
    rows = [];
  } else if (cursor !== undefined) {
    rows = await rowsOf<EventRow>(db, eventsWithIds(ids(['e.id < @cursor'], 'desc')), { ...bound, cursor, limit: AUDIT_PAGE_SIZE, offset: 0 });
  } else if (offset >= total) {
    rows = [];
  } else if (offset > total / 2) {
    // The same rows counted from the other end: the oldest `total - offset` of them, the last page's few first.
    const count = Math.min(AUDIT_PAGE_SIZE, total - offset);
    rows = await rowsOf<EventRow>(db, eventsWithIds(ids([], 'asc')), { ...bound, limit: count, offset: total - offset - count });
  } else {
    rows = await rowsOf<EventRow>(db, eventsWithIds(ids([], 'desc')), { ...bound, limit: AUDIT_PAGE_SIZE, offset });
  }
  return { events: rows.map(toEvent), page, pageSize: AUDIT_PAGE_SIZE, total };
}

/** Pages kept per connection, with their JSON; only a page asked for twice (an administrator pages on). */
const KEPT_PAGES = 64;
const keptPages = keptFromSecondRequest<string, AuditEventsPage>(KEPT_PAGES, (page) => withKnownJson(deepFreeze(page)));

/**
 * GET /admin/audit: a page of the trail, audited as `audit.read` with the filter, in one transaction.
 * `cursor` (optional, alongside `page`): the id of the last event of the page before, for the next
 * page by keyset; it takes the place of `page` in choosing the rows, and `page` is answered as given.
 * The trail only appends, so the events a filter selects are the same while their count is: a page
 * is kept at that count and at access_version, which any change to an account replaces (the names
 * it shows).
 */
export async function reviewAuditEvents(caller: Caller, input: AuditEventsInput & { cursor?: number }): Promise<AuditEventsPage> {
  const { page = 1, cursor, ...filter } = input;
  return await auditedRead(caller.db, async (db) => {
    // The version first: a change that lands between it and the page is newer than the key it is kept under.
    const version = await accessVersionOf(db);
    const selection = await selectionOf(db, await resolve(db, filter));
    const key = JSON.stringify([selection.filter, page, cursor ?? null, selection.selected.count]);
    const read = () => readPage(db, selection, page, cursor);
    const result = await keptPages(db, key, version, read);
    await auditAs(caller, { action: 'audit.read', outcome: 'success', detail: JSON.stringify({ ...filter, page, ...(cursor === undefined ? {} : { cursor }) }) }, db);
    return result;
  });
}

/** Rows one batch of an export reads: a chunk of the CSV, written while no statement stays open. */
export const EXPORT_BATCH_ROWS = 250;

export interface AuditExport {
  /** How many events the export holds, counted when it started. */
  rows: number;
  /** The next events, newest first; empty once all were read. */
  nextBatch: () => Promise<AuditEvent[]>;
}

/**
 * Starts a CSV export: fixes which rows it holds and audits it as `audit.export`, with the filter
 * and the row count, before a single row is read. The rows are those up to the newest id at this
 * moment; the trail is append-only (never updated, deleted or replaced: drizzle/0001 and 0014) and
 * its ids only grow (AUTOINCREMENT), so the count taken now is exactly what the file will hold, and
 * the event can be written first: nothing leaves the server before the trail says it did, and an
 * export that fails to audit sends nothing. Auditing at the end would lose the event of an export
 * whose connection drops or whose process dies halfway, when part of the trail has already left.
 *
 * The rows are then read in batches by keyset (id below the last one sent), each batch a statement
 * run to its end, outside any transaction. One statement iterated across the whole download would
 * hold its connection between chunks (on SQLite the reader every request's reads share, and
 * better-sqlite3 refuses any other statement on a connection while an iterator is open).
 */
export async function startAuditExport(caller: Caller, filter: AuditFilter): Promise<AuditExport> {
  const read = await resolve(caller.db, filter);
  const engine = engineNameOf(caller.db);
  const { upTo, rows } = await auditedRead(caller.db, async (db) => {
    const { upTo: newest, count: counted } = await selectedIn(db, JSON.stringify(read), whereOf(engine, read), whereOf(engine, read, { byId: true }));
    await auditAs(caller, { action: 'audit.export', outcome: 'success', detail: JSON.stringify({ ...filter, rows: counted }) }, db);
    return { upTo: newest, rows: counted };
  });
  const { terms, params } = whereOf(engine, read, { byId: true });
  const batch = `${SELECT_EVENTS} ${whereClause([...terms, 'e.id <= @upTo'])} order by e.id desc limit @limit`;
  let next = upTo;
  return {
    rows,
    nextBatch: async () => {
      if (next < 1) return [];
      const events = (await rowsOf<EventRow>(caller.db, batch, { ...params, upTo: next, limit: EXPORT_BATCH_ROWS })).map(toEvent);
      next = events.length === EXPORT_BATCH_ROWS ? events[events.length - 1]!.id - 1 : 0;
      return events;
    },
  };
}

/**
 * The administrator behind a request that is not a tRPC procedure (the CSV download), by the rule
 * of trpc.ts's adminProcedure: signed in, free to work (password current, second factor in place when
 * the practice asks for one), a medic who administers the practice.
 * A refusal is audited under `action` and thrown.
 */
export async function admitAdministrator(request: Omit<Caller, 'actor'> & { actor: Actor | null }, action: AuditAction): Promise<Caller> {
  return { ...request, actor: await admitAudited(request, 'administrator', { action }) };
}

/** The key the chain is sealed with, from DATA_DIR as `npm run audit:verify` reads it. */
function auditKeyIn(dataDir: string): string {
  const file = readSecretFile(join(dataDir, AUDIT_KEY_FILE));
  // Without it nothing can be checked, and the server could not have started: an error, not a verdict.
  if (!file.ok) throw new Error(`DATA_DIR/${AUDIT_KEY_FILE} ${file.problem}: the audit trail cannot be verified.`);
  return file.value;
}

/** What GET /admin/audit/verify checks: the whole trail, or (`?since=checkpoint`) the rows after the sealed head. */
export interface AuditVerifyOptions {
  since?: 'checkpoint';
}

/**
 * GET /admin/audit/verify: the check `npm run audit:verify` runs (the whole chain, and the rows up
 * to the sealed head in DATA_DIR), audited as `audit.verify` with its finding. A head that fails
 * its signature is evidence of tampering in itself: the answer is not ok, and the chain is still
 * checked without it, so that a broken row is named too. `since: 'checkpoint'` runs the
 * `--since-checkpoint` check instead (audit-checkpoint.ts: what it cannot see is said there): the
 * head's row and the count of rows up to it, and the chain of the rows after it, which `checked`
 * then counts. Without a head to start from, or with one that fails its signature, it is the whole check.
 */
export async function verifyAuditTrail(caller: Caller, dataDir: string, options: AuditVerifyOptions = {}): Promise<AuditVerification> {
  const key = auditKeyIn(dataDir);
  return await auditedRead(caller.db, async (db) => {
    let head: AuditHead | null = null;
    let headFailure: string | null = null;
    try {
      head = readAuditHead(dataDir, key);
    } catch (error) {
      if (!(error instanceof AuditHeadError)) throw error;
      headFailure = error.message;
    }
    const sinceHead = options.since === 'checkpoint' && head !== null;
    const report = sinceHead ? await verifyAuditChainSinceIn(db, key, head!) : await verifyAuditChainIn(db, key, head);
    const unsealed = (await rawGet<{ count: number }>(db, 'select count(*) as count from audit_events where id > ?', [head?.lastId ?? 0]))!.count;
    const result: AuditVerification = {
      ok: !report.problem && !headFailure,
      checked: report.verified,
      unsealed,
      firstBrokenId: report.firstMismatch?.id ?? null,
    };
    const scope = sinceHead ? ` since the checkpoint at row ${head!.lastId}` : '';
    const finding = report.problem?.message ?? headFailure ?? `intact${scope}: ${report.verified} rows verified, ${unsealed} after the sealed head`;
    await auditAs(caller, { action: 'audit.verify', outcome: 'success', detail: finding }, db);
    return result;
  });
}

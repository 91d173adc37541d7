// The rest of a long list, page by page (API.md "Long histories"): GET /medics/patients/:id/history
// (and /vitals, /labs) and GET /patients/me/history (and the others). Each page is one statement
// built from the same SQL as the record read's first page (record-lists-json.ts), so an item looks
// the same in both, and read and audited in one transaction like the record read.
import { sql } from 'drizzle-orm';
import { auditedRead } from '../audit/record-audit';
import type { ClinicalHistory, Lab, Vital } from '../../shared/record';
import { encodeRecordCursor, type LongList, type RecordPage, type RecordPageKey } from '../../shared/record-pages';
import type { DbOrTx } from '../db/client';
import { AppError } from '../errors';
import { auditAs, type Caller, type PatientCaller } from './caller';
import { afterKey, jsonTextOf, keyOf, longListCount, longListJson, statementTexts } from './record-lists-json';
import { patients } from '../db/schema/index';

export interface LongListItems {
  history: ClinicalHistory;
  vitals: Vital;
  labs: Lab;
}

export interface RecordPageRequest {
  cursor?: RecordPageKey | null;
  limit: number;
}

interface PageParams {
  patientId: number;
  limit: number;
  afterDate: string;
  afterId: number;
}

// Without a cursor the page starts above every key: no date sorts after this one, no id above it.
const FROM_THE_NEWEST: RecordPageKey = { date: '\uffff', id: Number.MAX_SAFE_INTEGER };

/**
 * One statement per list, built once (SQLite compiles it once per connection): the page's items as
 * JSON, the list's total, whether the patient exists. JSON built in each engine's words (json-sql.ts).
 */
const pageStatements = (() => {
  const build = (list: LongList) => {
    const statement = statementTexts(
      (json) =>
        sql`select ${json.text(json.object({ items: json.embed(longListJson(json, list, sql.raw(':limit'), afterKey(list))), total: longListCount(list) }))} as json
        from ${patients} where ${patients.id} = ${sql.raw(':patientId')}`,
    );
    return (db: DbOrTx, params: PageParams) => jsonTextOf(db, statement, { ...params });
  };
  return { history: build('history'), vitals: build('vitals'), labs: build('labs') };
})();

/** The page of `list` after `request.cursor`, newest first; undefined when there is no such patient. */
export async function loadRecordPage<L extends LongList>(db: DbOrTx, list: L, patientId: number, request: RecordPageRequest): Promise<RecordPage<LongListItems[L]> | undefined> {
  const after = request.cursor ?? FROM_THE_NEWEST;
  // One more than asked says whether anything is left without counting what comes after.
  const text = await pageStatements[list](db, { patientId, limit: request.limit + 1, afterDate: after.date, afterId: after.id });
  if (text === undefined || text === null) return undefined;
  const { items, total } = JSON.parse(text) as { items: LongListItems[L][]; total: number };
  const more = items.length > request.limit;
  const page = more ? items.slice(0, request.limit) : items;
  const last = page.at(-1);
  return { items: page, total, nextCursor: more && last ? encodeRecordCursor(keyOf(list, last)) : null };
}

/** Pages of the FHIR export's reads: no single statement builds a decade of a list as one JSON text. */
const WHOLE_LIST_PAGE = 200;

/** Every item of the patient's list, newest first, read page by page (the FHIR export: it stays complete). */
export async function loadWholeList<L extends LongList>(db: DbOrTx, list: L, patientId: number): Promise<LongListItems[L][]> {
  const all: LongListItems[L][] = [];
  let after: RecordPageKey = FROM_THE_NEWEST;
  for (;;) {
    const text = await pageStatements[list](db, { patientId, limit: WHOLE_LIST_PAGE, afterDate: after.date, afterId: after.id });
    const items = text ? (JSON.parse(text) as { items: LongListItems[L][] }).items : [];
    for (const item of items) all.push(item);
    const last = items.at(-1);
    if (!last || items.length < WHOLE_LIST_PAGE) return all;
    after = keyOf(list, last);
  }
}

/** A medic's page of a patient's list; the access rule has admitted the caller (trpc/patient-scoped.ts). */
export async function readRecordPage<L extends LongList>(caller: Caller, list: L, patientId: number, request: RecordPageRequest): Promise<RecordPage<LongListItems[L]>> {
  return await auditedRead(caller.db, async (db) => {
    const page = await loadRecordPage(db, list, patientId, request);
    if (!page) throw new AppError('PATIENT_NOT_FOUND');
    // A page is a read of the record like the record itself: the patient's access log says so.
    await auditAs(caller, { action: 'patient.detail', outcome: 'success', patientId, detail: list }, db);
    return page;
  });
}

/** The patient's page of their own list: the id comes from the session, never from the request. */
export async function readOwnRecordPage<L extends LongList>(caller: PatientCaller, list: L, request: RecordPageRequest): Promise<RecordPage<LongListItems[L]>> {
  const patientId = caller.actor.patientId;
  return await auditedRead(caller.db, async (db) => {
    const page = await loadRecordPage(db, list, patientId, request);
    if (!page) throw new AppError('PATIENT_NOT_FOUND');
    await auditAs(caller, { action: 'patient.self', outcome: 'success', patientId, detail: list }, db);
    return page;
  });
}

// The nine lists of a record (appointments, seven sub-record collections, documents) read in one
// statement: the database builds each list as JSON, in its order, and the server parses one string
// instead of mapping ~150 rows field by field (that mapping was most of a record read).
// The three that grow with the years (appointments, vitals, labs) are cut to their newest, with
// their totals, so a read costs about the same in a record's tenth year as in its first (API.md "Long
// histories"; record-pages.ts serves the rest with the same SQL).
// The JSON keys come from the same definitions the rest of the server uses (the drizzle schema,
// each collection's idName and order, the appointment's columns), so the shapes cannot drift apart. Each
// appointment brings its prescriptions and addenda as correlated subqueries of those columns, still
// in this one statement; their writes replace record_version (migration 0013), renewing the cache.
import { desc, getTableColumns, is, SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { SQLiteSyncDialect, type SQLiteColumn, type SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Allergy, ClinicalHistory, Contact, FamilyHistory, Lab, PathologicalRecord, RecordFile, Vaccine, Vital } from '../../shared/record';
import type { DbOrTx } from '../db/client';
import { engineNameOf } from '../db/engine';
import { rawGet } from '../db/raw-sql';
import { withKnownJson } from '../json-text';
import { deepFreeze, versionedCache } from '../db/versioned-cache';
import { clinicalHistories, files, labs, vitals } from '../db/schema/index';
import { encodeRecordCursor, LONG_LISTS, RECORD_FIRST_PAGE, type LongList, type LongListCounts, type RecordPageKey } from '../../shared/record-pages';
import { fileColumns, historyColumnsWith, practiceTimeZone } from './columns';
import { postgresJson, sqliteJson, type JsonSql } from './json-sql';
import { collections, labsDef, vitalsDef, type CollectionDef } from './record-collections';

/**
 * A column as a JSON value: booleans as true/false and JSON text as JSON, not as 1/0 and strings.
 * A field that is an SQL expression (an appointment's diagnoses and medic, columns.ts) builds JSON text.
 */
function jsonValue(json: JsonSql, column: SQLiteColumn | SQL): SQL {
  if (is(column, SQL)) return json.embed(column);
  if (column.columnType === 'SQLiteBoolean') return json.boolean(sql`${column}`);
  if (column.columnType === 'SQLiteTextJson') return json.embed(sql`${column}`);
  return sql`${column}`;
}

function jsonObject(json: JsonSql, fields: Record<string, SQLiteColumn | SQL>): SQL {
  return json.object(Object.fromEntries(Object.entries(fields).map(([key, column]) => [key, jsonValue(json, column)])));
}

/** A JSON array of the patient's rows of `table`, in `order` (SQLite ≥ 3.44 orders inside the aggregate). */
function jsonList(json: JsonSql, table: SQLiteTable, patientColumn: SQLiteColumn, fields: Record<string, SQLiteColumn | SQL>, order: (SQL | SQLiteColumn)[]): SQL {
  return sql`(select ${json.array(jsonObject(json, fields), sql.join(order, sql`, `))} from ${table} where ${patientColumn} = ${sql.raw(':patientId')})`;
}

/** A collection item's fields as the API names them (toItem in record-collections.ts does the same for one row). */
function itemFields(def: Pick<CollectionDef, 'key' | 'idName'> & { table: SQLiteTable }): Record<string, SQLiteColumn> {
  const { id, patientId: _patientId, createdAt: _createdAt, contentId, ...fields } = getTableColumns(def.table) as Record<string, SQLiteColumn>;
  return { [def.idName]: id!, ...(def.key === 'labs' ? { idContent: contentId! } : {}), ...fields };
}

const sqliteDialect = new SQLiteSyncDialect();
const postgresDialect = new PgDialect();

/**
 * The three lists that grow with the years (shared/record-pages.ts), each newest first by (date, id):
 * its (patient_id, date) index holds the rowid last, so "the newest N of this patient", and the
 * same after a cursor, walk that index backwards and stop after N rows (EXPLAIN QUERY PLAN in
 * record-pages.test.ts). An appointment's late-entry flag needs the practice's time zone on
 * PostgreSQL: the statements name it `:timeZone`.
 */
const longListsOf = (json: JsonSql) =>
  ({
    history: { table: clinicalHistories, fields: historyColumnsWith(json, sql.raw(':timeZone')) },
    vitals: { table: vitals, fields: itemFields({ key: vitalsDef.key, idName: vitalsDef.idName, table: vitals }) },
    labs: { table: labs, fields: itemFields({ key: labsDef.key, idName: labsDef.idName, table: labs }) },
  }) satisfies Record<LongList, { table: typeof vitals | typeof labs | typeof clinicalHistories; fields: Record<string, SQLiteColumn | SQL> }>;

const longListsBy = { sqlite: longListsOf(sqliteJson), postgres: longListsOf(postgresJson) };

const patientIdParam = sql.raw(':patientId');

/**
 * A JSON array of at most `limit` rows of the patient's list, newest first, the newest ones or
 * those after `after` (a condition on the row). The rows are chosen by id in the index's order
 * first, so only they are built as JSON, however long the list.
 */
export function longListJson(json: JsonSql, list: LongList, limit: SQL, after?: SQL): SQL {
  const { table, fields } = longListsBy[json.engine][list];
  const order = sql.join([desc(table.date), desc(table.id)], sql`, `);
  const chosen = sql`select ${table.id} from ${table} where ${table.patientId} = ${patientIdParam}${after ? sql` and ${after}` : sql``} order by ${order} limit ${limit}`;
  return sql`(select ${json.array(jsonObject(json, fields), order)} from ${table} where ${table.id} in (${chosen}))`;
}

/** How many rows the patient's list holds: counted on the same index. */
export function longListCount(list: LongList): SQL {
  const { table } = longListsBy.sqlite[list];
  return sql`(select count(*) from ${table} where ${table.patientId} = ${patientIdParam})`;
}

/** Rows after a page's last one: (date, id) below the cursor's, as the index orders them. */
export function afterKey(list: LongList): SQL {
  const { table } = longListsBy.sqlite[list];
  return sql`(${table.date}, ${table.id}) < (${sql.raw(':afterDate')}, ${sql.raw(':afterId')})`;
}

/** The sort key of an item of a long list, as a cursor carries it. */
export function keyOf(list: LongList, item: ClinicalHistory | Vital | Lab): RecordPageKey {
  if (list === 'history') return { date: item.date, id: (item as ClinicalHistory).idHistory };
  if (list === 'vitals') return { date: item.date, id: (item as Vital).idVital };
  return { date: item.date, id: (item as Lab).idLabs };
}

/**
 * A record-list statement, one text per engine, with named parameters only (never bound values:
 * every value is a column or a literal). SQLite binds the names from one object; PostgreSQL's text
 * has them as $1, $2… in the order of `names`.
 */
export interface ListStatement {
  sqlite: string;
  postgres: string;
  names: string[];
}

function withoutBoundValues(built: { sql: string; params: unknown[] }): string {
  if (built.params.length > 0) throw new Error('a record list statement must have no bound values');
  return built.sql;
}

/** Built once from `build`, for each engine's JSON (json-sql.ts); its one column is named `json`, JSON text. */
export function statementTexts(build: (json: JsonSql) => SQL): ListStatement {
  const names: string[] = [];
  // `:name` outside a cast's `::`; each name is bound once however often the text uses it.
  const postgres = withoutBoundValues(postgresDialect.sqlToQuery(build(postgresJson))).replace(/(?<![:\w]):([a-zA-Z]\w*)/g, (_, name: string) => {
    if (!names.includes(name)) names.push(name);
    return `$${names.indexOf(name) + 1}`;
  });
  return { sqlite: withoutBoundValues(sqliteDialect.sqlToQuery(build(sqliteJson))), postgres, names };
}

/**
 * The one JSON text a record-list statement answers for the named `params`, or undefined when it
 * answers no row. PostgreSQL is also told the practice's time zone (`:timeZone`, for lateEntry).
 */
export async function jsonTextOf(db: DbOrTx, statement: ListStatement, params: Record<string, unknown>): Promise<string | null | undefined> {
  if (engineNameOf(db) === 'sqlite') return (await rawGet<{ json: string | null }>(db, statement.sqlite, [params]))?.json;
  const named: Record<string, unknown> = { ...params, timeZone: practiceTimeZone() };
  return (await rawGet<{ json: string | null }>(db, { sqlite: statement.sqlite, postgres: statement.postgres }, statement.names.map((name) => named[name])))?.json;
}

/** Built from the schema once; SQLite compiles it once per connection. The patient's id is its only parameter. */
const listsSql = statementTexts(
  (json) =>
    sql`select ${json.text(
      json.object(
        Object.fromEntries([
          ...LONG_LISTS.flatMap((list) => [
            [list, longListJson(json, list, sql.raw(String(RECORD_FIRST_PAGE[list])))],
            [`${list}Total`, longListCount(list)],
          ]),
          ...collections
            .filter((def) => !(LONG_LISTS as readonly string[]).includes(def.key))
            .map((def) => {
              const table = def.table as unknown as SQLiteTable & { patientId: SQLiteColumn };
              return [def.key, jsonList(json, table, table.patientId, itemFields({ key: def.key, idName: def.idName, table }), def.order)];
            }),
          ['files', jsonList(json, files, files.patientId, fileColumns, [desc(files.createdAt), desc(files.id)])],
        ]) as Record<string, SQL>,
      ),
    )} as json`,
);

/** The lists as the record read answers them: the long ones cut to their newest, with their counts. */
export interface RecordLists extends LongListCounts {
  history: ClinicalHistory[];
  allergies: Allergy[];
  vitals: Vital[];
  labs: Lab[];
  vaccines: Vaccine[];
  pathologicalRecords: PathologicalRecord[];
  contacts: Contact[];
  familyHistory: FamilyHistory[];
  files: RecordFile[];
}

type ListsRow = Omit<RecordLists, `${LongList}NextCursor`>;

export async function loadRecordLists(db: DbOrTx, patientId: number): Promise<RecordLists> {
  const row = JSON.parse((await jsonTextOf(db, listsSql, { patientId }))!) as ListsRow;
  const nextCursor = (list: LongList) => {
    const items = row[list];
    const last = items.at(-1);
    return last && row[`${list}Total`] > items.length ? encodeRecordCursor(keyOf(list, last)) : null;
  };
  return { ...row, historyNextCursor: nextCursor('history'), vitalsNextCursor: nextCursor('vitals'), labsNextCursor: nextCursor('labs') };
}

/** Records whose lists are kept in memory per database: the ones being read now, not the practice. */
export const CACHED_RECORDS = 200;

const cachedLists = versionedCache<number, Readonly<RecordLists>>(CACHED_RECORDS);

/**
 * The lists as of `version` (patients.record_version, which every change to them replaces with a
 * new random value in the same transaction): from memory when nothing changed since they were
 * read, otherwise read again. Frozen, since every reader of this record shares them.
 */
export async function recordListsAt(db: DbOrTx, patientId: number, version: number): Promise<Readonly<RecordLists>> {
  return await cachedLists.at(db, patientId, version, async () => {
    const lists = deepFreeze(await loadRecordLists(db, patientId));
    // Each list's JSON is made once per version too: a REST answer reuses it (json-text.ts).
    for (const list of Object.values(lists)) if (typeof list === 'object' && list !== null) withKnownJson(list);
    return lists;
  });
}

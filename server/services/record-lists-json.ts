// The nine lists of a record (appointments, seven sub-record collections, documents) read in one
// statement: SQLite builds each list as JSON, in its order, and the server parses one string
// instead of mapping ~150 rows field by field (that mapping was most of a record read).
// The three that grow with the years (appointments, vitals, labs) are cut to their newest, with
// their totals, so a read costs about the same in a record's tenth year as in its first (API.md "Long
// histories"; record-pages.ts serves the rest with the same SQL).
// The JSON keys come from the same definitions the rest of the server uses (the drizzle schema,
// each collection's idName and order, historyColumns), so the shapes cannot drift apart. Each
// appointment brings its prescriptions and addenda as correlated subqueries of historyColumns, still
// in this one statement; their writes replace record_version (migration 0013), renewing the cache.
import { desc, getTableColumns, is, SQL, sql } from 'drizzle-orm';
import { SQLiteSyncDialect, type SQLiteColumn, type SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Allergy, ClinicalHistory, Contact, FamilyHistory, Lab, PathologicalRecord, RecordFile, Vaccine, Vital } from '../../shared/record';
import type { DbOrTx } from '../db/client';
import { rawGet } from '../db/raw-sql';
import { withKnownJson } from '../json-text';
import { deepFreeze, versionedCache } from '../db/versioned-cache';
import { clinicalHistories, files, labs, vitals } from '../db/schema/index';
import { encodeRecordCursor, LONG_LISTS, RECORD_FIRST_PAGE, type LongList, type LongListCounts, type RecordPageKey } from '../../shared/record-pages';
import { fileColumns, historyColumns } from './columns';
import { collections, labsDef, vitalsDef, type CollectionDef } from './record-collections';

/**
 * A column as a JSON value: booleans as true/false and JSON text as JSON, not as 1/0 and strings.
 * A field that is an SQL expression (an appointment's diagnoses and medic, columns.ts) builds JSON text.
 */
function jsonValue(column: SQLiteColumn | SQL): SQL {
  if (is(column, SQL)) return sql`json(${column})`;
  if (column.columnType === 'SQLiteBoolean') return sql`json(iif(${column}, 'true', 'false'))`;
  if (column.columnType === 'SQLiteTextJson') return sql`json(${column})`;
  return sql`${column}`;
}

function jsonObject(fields: Record<string, SQLiteColumn | SQL>): SQL {
  const pairs = Object.entries(fields).map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${jsonValue(column)}`);
  return sql`json_object(${sql.join(pairs, sql`, `)})`;
}

/** A JSON array of the patient's rows of `table`, in `order` (SQLite ≥ 3.44 orders inside the aggregate). */
function jsonList(table: SQLiteTable, patientColumn: SQLiteColumn, fields: Record<string, SQLiteColumn | SQL>, order: (SQL | SQLiteColumn)[]): SQL {
  return sql`(select json_group_array(${jsonObject(fields)} order by ${sql.join(order, sql`, `)}) from ${table} where ${patientColumn} = ${sql.raw(':patientId')})`;
}

/** A collection item's fields as the API names them (toItem in record-collections.ts does the same for one row). */
function itemFields(def: Pick<CollectionDef, 'key' | 'idName'> & { table: SQLiteTable }): Record<string, SQLiteColumn> {
  const { id, patientId: _patientId, createdAt: _createdAt, contentId, ...fields } = getTableColumns(def.table) as Record<string, SQLiteColumn>;
  return { [def.idName]: id!, ...(def.key === 'labs' ? { idContent: contentId! } : {}), ...fields };
}

const dialect = new SQLiteSyncDialect();

/**
 * The three lists that grow with the years (shared/record-pages.ts), each newest first by (date, id):
 * its (patient_id, date) index holds the rowid last, so "the newest N of this patient", and the
 * same after a cursor, walk that index backwards and stop after N rows (EXPLAIN QUERY PLAN in
 * record-pages.test.ts).
 */
const longLists = {
  history: { table: clinicalHistories, fields: historyColumns },
  vitals: { table: vitals, fields: itemFields({ key: vitalsDef.key, idName: vitalsDef.idName, table: vitals }) },
  labs: { table: labs, fields: itemFields({ key: labsDef.key, idName: labsDef.idName, table: labs }) },
} satisfies Record<LongList, { table: typeof vitals | typeof labs | typeof clinicalHistories; fields: Record<string, SQLiteColumn | SQL> }>;

const patientIdParam = sql.raw(':patientId');

/**
 * A JSON array of at most `limit` rows of the patient's list, newest first, the newest ones or
 * those after `after` (a condition on the row). The rows are chosen by id in the index's order
 * first, so only they are built as JSON, however long the list.
 */
export function longListJson(list: LongList, limit: SQL, after?: SQL): SQL {
  const { table, fields } = longLists[list];
  const order = sql.join([desc(table.date), desc(table.id)], sql`, `);
  const chosen = sql`select ${table.id} from ${table} where ${table.patientId} = ${patientIdParam}${after ? sql` and ${after}` : sql``} order by ${order} limit ${limit}`;
  return sql`(select json_group_array(${jsonObject(fields)} order by ${order}) from ${table} where ${table.id} in (${chosen}))`;
}

/** How many rows the patient's list holds: counted on the same index. */
export function longListCount(list: LongList): SQL {
  const { table } = longLists[list];
  return sql`(select count(*) from ${table} where ${table.patientId} = ${patientIdParam})`;
}

/** Rows after a page's last one: (date, id) below the cursor's, as the index orders them. */
export function afterKey(list: LongList): SQL {
  const { table } = longLists[list];
  return sql`(${table.date}, ${table.id}) < (${sql.raw(':afterDate')}, ${sql.raw(':afterId')})`;
}

/** The sort key of an item of a long list, as a cursor carries it. */
export function keyOf(list: LongList, item: ClinicalHistory | Vital | Lab): RecordPageKey {
  if (list === 'history') return { date: item.date, id: (item as ClinicalHistory).idHistory };
  if (list === 'vitals') return { date: item.date, id: (item as Vital).idVital };
  return { date: item.date, id: (item as Lab).idLabs };
}

/** SQL text with named parameters only (never bound values: every value is a column or a literal), for SQLite to prepare. */
export function statementText(query: SQL): string {
  const built = dialect.sqlToQuery(query);
  if (built.params.length > 0) throw new Error('a record list statement must have no bound values');
  return built.sql;
}

/**
 * The one JSON text a record-list statement (statementText, its one column named `json`) answers for
 * the named `params`, or undefined when it answers no row.
 */
export async function jsonTextOf(db: DbOrTx, text: string, params: Record<string, unknown>): Promise<string | null | undefined> {
  // SQLite dialect: json_object, json_group_array, json and iif, and named parameters bound from one
  // object; the PostgreSQL pass gives these statements texts of their own.
  return (await rawGet<{ json: string | null }>(db, text, [params]))?.json;
}

/** Built from the schema once; SQLite compiles it once per connection. The patient's id is its only parameter. */
const listsSql = statementText(
  sql`select json_object(${sql.join(
    [
      ...LONG_LISTS.flatMap((list) => [
        sql`${sql.raw(`'${list}'`)}, ${longListJson(list, sql.raw(String(RECORD_FIRST_PAGE[list])))}`,
        sql`${sql.raw(`'${list}Total'`)}, ${longListCount(list)}`,
      ]),
      ...collections
        .filter((def) => !(LONG_LISTS as readonly string[]).includes(def.key))
        .map((def) => {
          const table = def.table as unknown as SQLiteTable & { patientId: SQLiteColumn };
          return sql`${sql.raw(`'${def.key}'`)}, ${jsonList(table, table.patientId, itemFields({ key: def.key, idName: def.idName, table }), def.order)}`;
        }),
      sql`'files', ${jsonList(files, files.patientId, fileColumns, [desc(files.createdAt), desc(files.id)])}`,
    ],
    sql`, `,
  )}) as json`,
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

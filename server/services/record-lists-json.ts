// The nine lists of a record (appointments, seven sub-record collections, documents) read in one
// statement: SQLite builds each list as JSON, in its order, and the server parses one string
// instead of mapping ~150 rows field by field (issue 11: that mapping was most of a record read).
// The JSON keys come from the same definitions the rest of the server uses (the drizzle schema,
// each collection's idName and order, historyColumns), so the shapes cannot drift apart. Each
// appointment brings its prescriptions and addenda as correlated subqueries of historyColumns, still
// in this one statement; their writes replace record_version (migration 0013), renewing the cache.
import { desc, getTableColumns, is, SQL, sql } from 'drizzle-orm';
import { SQLiteSyncDialect, type SQLiteColumn, type SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Allergy, ClinicalHistory, Contact, FamilyHistory, Lab, PathologicalRecord, RecordFile, Vaccine, Vital } from '../../shared/record';
import type { DbOrTx } from '../db/client';
import { connectionOf, preparedPerConnection } from '../db/prepared';
import { withKnownJson } from '../json-text';
import { deepFreeze, versionedCache } from '../db/versioned-cache';
import { clinicalHistories, files } from '../db/schema/index';
import { fileColumns, historyColumns } from './columns';
import { collections, type CollectionDef } from './record-collections';

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

/** Built from the schema once; SQLite compiles it once per connection. */
const listsSql = (() => {
  const lists = [
    sql`'history', ${jsonList(clinicalHistories, clinicalHistories.patientId, historyColumns, [desc(clinicalHistories.date), desc(clinicalHistories.id)])}`,
    ...collections.map((def) => {
      const table = def.table as unknown as SQLiteTable & { patientId: SQLiteColumn };
      return sql`${sql.raw(`'${def.key}'`)}, ${jsonList(table, table.patientId, itemFields({ key: def.key, idName: def.idName, table }), def.order)}`;
    }),
    sql`'files', ${jsonList(files, files.patientId, fileColumns, [desc(files.createdAt), desc(files.id)])}`,
  ];
  const query = dialect.sqlToQuery(sql`select json_object(${sql.join(lists, sql`, `)})`);
  // Every value is a column or a literal key: the patient's id is the only parameter.
  if (query.params.length > 0) throw new Error('the record lists statement must have no bound values');
  return query.sql;
})();

const listsStatement = preparedPerConnection((db) => connectionOf(db).prepare<{ patientId: number }, string>(listsSql).pluck());

export interface RecordLists {
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

export function loadRecordLists(db: DbOrTx, patientId: number): RecordLists {
  return JSON.parse(listsStatement(db).get({ patientId })!) as RecordLists;
}

/** Records whose lists are kept in memory per connection: the ones being read now, not the practice. */
export const CACHED_RECORDS = 200;

const cachedLists = versionedCache<number, Readonly<RecordLists>>(CACHED_RECORDS);

/**
 * The lists as of `version` (patients.record_version, which every change to them replaces with a
 * new random value in the same transaction): from memory when nothing changed since they were
 * read, otherwise read again. Frozen, since every reader of this record shares them.
 */
export function recordListsAt(db: DbOrTx, patientId: number, version: number): Readonly<RecordLists> {
  return cachedLists.at(db, patientId, version, () => {
    const lists = deepFreeze(loadRecordLists(db, patientId));
    // Each list's JSON is made once per version too: a REST answer reuses it (json-text.ts).
    for (const list of Object.values(lists)) withKnownJson(list);
    return lists;
  });
}

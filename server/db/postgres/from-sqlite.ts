// The PostgreSQL tables, made from the SQLite ones: the schema is written once (server/db/schema), and
// the server's queries, written with those SQLite table objects, are rendered by drizzle's PostgreSQL
// dialect on this engine. So each PostgreSQL column stores what its SQLite column stores, and the
// column's own mapping to JavaScript (booleans as 0/1, JSON as text, moments as ISO-8601 text) works
// unchanged on both: integer -> bigint, text -> text, real -> double precision, blob -> bytea,
// numeric -> numeric. Names, NOT NULL, defaults, keys, foreign keys, unique and check constraints and
// indexes (with their names) are carried over as declared.
import { Column, SQL, StringChunk, getTableColumns, is } from 'drizzle-orm';
import {
  bigint,
  check,
  customType,
  doublePrecision,
  foreignKey,
  index,
  numeric,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
  type PgColumn,
  type PgColumnBuilderBase,
  type PgTableWithColumns,
} from 'drizzle-orm/pg-core';
import { SQLiteBaseInteger, SQLiteTable, getTableConfig, type SQLiteColumn } from 'drizzle-orm/sqlite-core';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a table whose columns are known only at run time
export type PostgresTable = PgTableWithColumns<any>;

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** The PostgreSQL column that stores what a SQLite column stores. */
function columnOf(column: SQLiteColumn): PgColumnBuilderBase {
  const sqliteType = column.getSQLType();
  const builder = (() => {
    switch (sqliteType) {
      // bigint read as a JS number: SQLite's integers are 64-bit too, and every one the app writes is safe.
      case 'integer':
        return bigint(column.name, { mode: 'number' });
      case 'text':
        return text(column.name);
      case 'real':
        return doublePrecision(column.name);
      case 'blob':
        return bytea(column.name);
      case 'numeric':
        return numeric(column.name);
      default:
        throw new Error(`${column.name}: no PostgreSQL type for SQLite's ${sqliteType}`);
    }
  })();
  let built: PgColumnBuilderBase = builder;
  if (column.primary) {
    // An INTEGER PRIMARY KEY is SQLite's rowid: the database gives one when an insert names none
    // (with AUTOINCREMENT, never reusing one). An identity column does both on PostgreSQL.
    const identity = is(column, SQLiteBaseInteger);
    built = identity ? bigint(column.name, { mode: 'number' }).generatedByDefaultAsIdentity().primaryKey() : builder.primaryKey();
  } else if (column.notNull) {
    built = builder.notNull();
  }
  // A default written in the schema (not one computed by the app at insert, such as created_at's),
  // stored as SQLite stores it: false as 0, [] as '[]'.
  if (column.default !== undefined) {
    const value = is(column.default, SQL) ? postgresExpression(column.default, new Map()) : column.mapToDriverValue(column.default);
    (built as ReturnType<typeof text>).default(value as string);
  }
  if (column.isUnique) (built as ReturnType<typeof text>).unique(column.uniqueName);
  return built;
}

/**
 * An expression of the SQLite schema (an index's, a check's, a default's) for PostgreSQL, its columns
 * replaced by the PostgreSQL table's. The translation is deliberately small: `x collate nocase` (an
 * ASCII case-insensitive order, bytes otherwise) becomes `lower(x) collate "C"`, whatever the
 * database's own collation: queries on PostgreSQL must order and compare by that same expression to
 * be served by the index and to page in SQLite's order. Those queries: the patient list's order and
 * cursor (services/patient-filter-index.ts LIST_ORDER, services/patient-page.ts AFTER_CURSOR and its
 * page order: lower(mp.lname) collate "C", lower(mp.name) collate "C", mp.patient_id), and the lists
 * ordered by the account's name (services/patient-queries.ts, patient-self.ts, administration.ts:
 * lower(users.lname) collate "C", ...; no index there, the same order). Any other SQLite-only
 * construct is refused here, so a schema change that needs a new translation fails at load, loudly.
 */
export function postgresExpression(expression: SQL, columns: ReadonlyMap<string, PgColumn>): SQL {
  const chunks = expression.queryChunks;
  const pgColumn = (column: Column) => {
    const found = columns.get(column.name);
    if (!found) throw new Error(`expression names ${column.name}, which the PostgreSQL table lacks`);
    return found;
  };
  const textOf = (chunk: unknown) => (is(chunk, StringChunk) ? chunk.value.join('') : undefined);
  if (chunks.length === 3 && textOf(chunks[0]) === '' && is(chunks[1], Column) && /^\s*collate\s+nocase\s*$/i.test(textOf(chunks[2]) ?? '')) {
    return new SQL([new StringChunk('lower('), pgColumn(chunks[1]), new StringChunk(') collate "C"')]);
  }
  return new SQL(
    chunks.map((chunk) => {
      if (is(chunk, Column)) return pgColumn(chunk);
      if (is(chunk, SQL)) return postgresExpression(chunk, columns);
      const written = textOf(chunk);
      if (written !== undefined && /collate|glob|json_|random\(|\browid\b/i.test(written)) {
        throw new Error(`no PostgreSQL translation for the SQLite expression "${written}"`);
      }
      return chunk;
    }),
  );
}

/** Every table of the SQLite schema module, by its export name, as a PostgreSQL table. */
export function postgresTablesOf<Schema extends Record<string, unknown>>(
  schema: Schema,
): { [Name in keyof Schema as Schema[Name] extends SQLiteTable ? Name : never]: PostgresTable } {
  const tables = Object.entries(schema).filter((entry): entry is [string, SQLiteTable] => is(entry[1], SQLiteTable));
  const bySqlite = new Map<SQLiteTable, PostgresTable>();
  const pgOf = (table: SQLiteTable) => {
    const found = bySqlite.get(table);
    if (!found) throw new Error(`${getTableConfig(table).name} is referenced but not in the schema`);
    return found;
  };
  const byName = (columns: Record<string, unknown>) => new Map(Object.values(columns as Record<string, PgColumn>).map((column) => [column.name, column]));

  for (const [, sqliteTable] of tables) {
    const config = getTableConfig(sqliteTable);
    const columns = Object.fromEntries(Object.entries(getTableColumns(sqliteTable)).map(([key, column]) => [key, columnOf(column)]));
    // Called by drizzle when the constraints are first asked for, after every table exists: a
    // foreign key may point to a table declared later (vitals -> clinical_histories).
    const pg: PostgresTable = pgTable(config.name, columns, (built) => {
      const own = byName(built);
      const on = (list: (SQLiteColumn | SQL)[]) =>
        list.map((item) => (is(item, SQL) ? postgresExpression(item, own) : own.get(item.name)!)) as [PgColumn, ...PgColumn[]];
      return [
        ...config.indexes.map(({ config: { name, columns: indexed, unique: isUnique, where } }) => {
          const built = (isUnique ? uniqueIndex(name) : index(name)).on(...on(indexed));
          return where ? built.where(postgresExpression(where, own)) : built;
        }),
        ...config.primaryKeys.map((key) => primaryKey({ name: key.getName(), columns: on(key.columns) })),
        ...config.uniqueConstraints.map((constraint) => unique(constraint.getName()).on(...on(constraint.columns))),
        ...config.checks.map((rule) => check(rule.name, postgresExpression(rule.value, own))),
        ...config.foreignKeys.map((key) => {
          const reference = key.reference();
          const target = byName(getTableColumns(pgOf(reference.foreignTable)));
          const built = foreignKey({
            name: key.getName(),
            columns: on(reference.columns),
            foreignColumns: reference.foreignColumns.map((column) => target.get(column.name)!) as [PgColumn, ...PgColumn[]],
          });
          if (key.onDelete) built.onDelete(key.onDelete);
          if (key.onUpdate) built.onUpdate(key.onUpdate);
          return built;
        }),
      ];
    });
    bySqlite.set(sqliteTable, pg);
  }
  return Object.fromEntries(tables.map(([name, table]) => [name, bySqlite.get(table)!])) as never;
}

// The PostgreSQL database and the SQLite one hold the same tables, columns, keys and indexes: each is
// built from its own migrations (drizzle/postgres, drizzle/), so a change made to one engine's alone
// shows here. Column types are compared through the mapping from-sqlite.ts declares.
import type pg from 'pg';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { openDatabase } from '../client';
import { sqliteEngineOf } from '../engine';
import { postgresUnreachable } from '../../test/postgres-database';
import { useMigratedPostgres } from './migrated-postgres.fixture';
import * as postgresSchema from './schema';

const POSTGRES_TYPE: Record<string, string> = { integer: 'bigint', text: 'text', real: 'double precision', blob: 'bytea', numeric: 'numeric' };
// What only PostgreSQL has: the patient list filter's table (SQLite's is an FTS5 virtual table) and
// the indexes of the searches (search-sql.ts): trigram indexes, the catalog's search order and its
// codes compared by bytes (drizzle/postgres/0007).
const POSTGRES_ONLY_TABLES = ['patient_search'];
const isSearchIndex = (name: string) => name.endsWith('_trgm') || name.startsWith('diagnoses_search_order_') || name === 'diagnoses_compact_bytes';
const FTS_TABLES = /^(patient_search|diagnoses_fts)(_|$)/;

interface ColumnShape {
  type: string;
  notNull: boolean;
  default: string | null;
  identity: boolean;
}
interface IndexShape {
  unique: boolean;
  /** Column names; `nocase(x)` for SQLite's x collate nocase (lower(x) collate "C" on PostgreSQL); `expression` for others. */
  columns: string[];
}
interface Shape {
  columns: Record<string, Record<string, ColumnShape>>;
  indexes: Record<string, IndexShape>;
  foreignKeys: string[];
}

/** SQLite's literal defaults as PostgreSQL shows them once cast away: false is 0, true is 1. */
const sqliteDefault = (value: string | null) => (value === 'false' ? '0' : value === 'true' ? '1' : value);
const postgresDefault = (value: string | null) => value?.replace(/::(text|bigint|integer|double precision)$/, '') ?? null;

function sqliteShape(): Shape {
  const sqlite = sqliteEngineOf(openDatabase(':memory:')).writer;
  const tables = (sqlite.prepare(`select name, sql from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '__drizzle%'`).all() as { name: string; sql: string }[])
    .filter(({ name, sql }) => !FTS_TABLES.test(name) && !sql.startsWith('CREATE VIRTUAL'));
  const shape: Shape = { columns: {}, indexes: {}, foreignKeys: [] };
  for (const { name: table } of tables) {
    const columns = sqlite.pragma(`table_info(${table})`) as { name: string; type: string; notnull: number; dflt_value: string | null; pk: number }[];
    shape.columns[table] = Object.fromEntries(
      columns.map((column) => [
        column.name,
        {
          type: POSTGRES_TYPE[column.type.toLowerCase()] ?? `unmapped ${column.type}`,
          notNull: column.notnull === 1 || column.pk > 0,
          default: sqliteDefault(column.dflt_value),
          // SQLite's rowid: the one INTEGER PRIMARY KEY column of a table, given by the database when an insert names none.
          identity: column.pk > 0 && column.type.toLowerCase() === 'integer' && columns.filter((other) => other.pk > 0).length === 1,
        },
      ]),
    );
    for (const index of sqlite.pragma(`index_list(${table})`) as { name: string; unique: number; origin: string }[]) {
      if (index.origin === 'pk') continue;
      const keyColumns = (sqlite.pragma(`index_xinfo(${index.name})`) as { seqno: number; name: string | null; key: number; coll: string }[])
        .filter((column) => column.key === 1)
        .sort((a, b) => a.seqno - b.seqno);
      shape.indexes[index.name] = {
        unique: index.unique === 1,
        columns: keyColumns.map(({ name, coll }) => (name === null ? 'expression' : coll.toUpperCase() === 'NOCASE' ? `nocase(${name})` : name)),
      };
    }
    for (const key of sqlite.pragma(`foreign_key_list(${table})`) as { table: string; from: string; to: string; on_delete: string }[]) {
      shape.foreignKeys.push(`${table}.${key.from} -> ${key.table}.${key.to} on delete ${key.on_delete.toLowerCase()}`);
    }
  }
  sqlite.close();
  shape.foreignKeys.sort();
  return shape;
}

async function postgresShape(pool: pg.Pool): Promise<Shape> {
  const shape: Shape = { columns: {}, indexes: {}, foreignKeys: [] };
  const columns = await pool.query<{ table_name: string; column_name: string; data_type: string; is_nullable: string; column_default: string | null; is_identity: string }>(
    `select table_name, column_name, data_type, is_nullable, column_default, is_identity from information_schema.columns
     where table_schema = 'public' order by table_name, ordinal_position`,
  );
  for (const column of columns.rows) {
    if (POSTGRES_ONLY_TABLES.includes(column.table_name)) continue;
    (shape.columns[column.table_name] ??= {})[column.column_name] = {
      type: column.data_type,
      notNull: column.is_nullable === 'NO',
      default: postgresDefault(column.column_default),
      identity: column.is_identity === 'YES',
    };
  }
  // Every index but the primary keys' (SQLite's are part of the table), with its key columns in order.
  const indexes = await pool.query<{ name: string; table: string; unique: boolean; columns: string[] }>(
    `select i.relname as name, t.relname as table, x.indisunique as unique,
       array(select pg_get_indexdef(x.indexrelid, k.n::int, true) || coalesce(' collate ' || c.collname, '')
             from generate_series(1, x.indnkeyatts) as k(n) left join pg_collation c on c.oid = x.indcollation[k.n - 1] and c.collname = 'C'
             order by k.n) as columns
     from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
     join pg_namespace s on s.oid = t.relnamespace
     where s.nspname = 'public' and not x.indisprimary`,
  );
  for (const index of indexes.rows) {
    if (POSTGRES_ONLY_TABLES.includes(index.table) || isSearchIndex(index.name)) continue;
    const keyOf = (key: string) => {
      const column = /^"?(\w+)"?( collate C)?$/.exec(key)?.[1];
      const folded = /^lower\("?(\w+)"?\) collate C$/.exec(key)?.[1];
      return column ?? (folded ? `nocase(${folded})` : 'expression');
    };
    shape.indexes[index.name] = { unique: index.unique, columns: index.columns.map(keyOf) };
  }
  const actions: Record<string, string> = { a: 'no action', c: 'cascade', n: 'set null', r: 'restrict', d: 'set default' };
  const keys = await pool.query<{ table: string; from: string; target: string; to: string; action: string }>(
    `select t.relname as table, a.attname as from, f.relname as target, fa.attname as to, c.confdeltype as action
     from pg_constraint c join pg_class t on t.oid = c.conrelid join pg_class f on f.oid = c.confrelid
     join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
     join pg_attribute fa on fa.attrelid = c.confrelid and fa.attnum = c.confkey[1]
     where c.contype = 'f'`,
  );
  shape.foreignKeys = keys.rows.map((key) => `${key.table}.${key.from} -> ${key.target}.${key.to} on delete ${actions[key.action]}`).sort();
  return shape;
}

describe.skipIf(await postgresUnreachable())('the PostgreSQL schema, made from the SQLite one', () => {
  const postgres = useMigratedPostgres();

  it('has every table and column of SQLite, with the mapped type, NOT NULL, default and identity', async () => {
    const sqlite = sqliteShape();
    const pg = await postgresShape(postgres.pool);
    expect(Object.keys(pg.columns).sort()).toEqual(Object.keys(sqlite.columns).sort());
    for (const table of Object.keys(sqlite.columns)) expect({ table, columns: pg.columns[table] }).toEqual({ table, columns: sqlite.columns[table] });
  });

  it('has every index of SQLite under its name, unique alike, on the same columns (expressions aside)', async () => {
    expect((await postgresShape(postgres.pool)).indexes).toEqual(sqliteShape().indexes);
  });

  it('has every foreign key of SQLite, with the same ON DELETE', async () => {
    expect((await postgresShape(postgres.pool)).foreignKeys).toEqual(sqliteShape().foreignKeys);
  });

  it('orders the patient list by lower(name) in bytes, as SQLite orders by name collate nocase', async () => {
    const { rows } = await postgres.pool.query<{ definition: string }>(`select pg_get_indexdef('medic_patients_medic_order_idx'::regclass) as definition`);
    expect(rows[0]!.definition).toMatch(/\(medic_id, lower\(lname\) COLLATE "C", lower\(name\) COLLATE "C", patient_id\)/);
  });

  it('vacuums the append-only audit trail for new rows every million, not every fifth of the trail', async () => {
    const { rows } = await postgres.pool.query<{ options: string[] }>(`select reloptions as options from pg_class where oid = 'audit_events'::regclass`);
    expect(rows[0]!.options).toEqual(expect.arrayContaining(['autovacuum_vacuum_insert_threshold=1000000', 'autovacuum_vacuum_insert_scale_factor=0']));
  });
});

describe('the PostgreSQL schema module', () => {
  it('exports every table by the name the SQLite schema gives it, for drizzle-kit', () => {
    type Missing = Exclude<keyof typeof postgresSchema.postgresTables, keyof typeof postgresSchema>;
    expectTypeOf<Missing>().toEqualTypeOf<never>();
    const exported = postgresSchema as Record<string, unknown>;
    for (const [name, table] of Object.entries(postgresSchema.postgresTables)) expect(exported[name], name).toBe(table);
  });
});

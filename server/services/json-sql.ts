// JSON built in SQL, in each engine's own words. The record's lists and an appointment's parts
// (columns.ts, record-lists-json.ts) are written once against this; SQLite's text is the one it
// always was (json_object, json_group_array, json()), PostgreSQL's says the same with
// json_build_object and json_agg. Either way a built value embeds in another as JSON, and a column
// of JSON text must be made JSON again first (`embed`): SQLite by json(), PostgreSQL by a cast.
import { sql, type SQL } from 'drizzle-orm';
import type { EngineName } from '../db/engine';

export interface JsonSql {
  engine: EngineName;
  /** An object of literal keys (never bound values). */
  object(fields: Record<string, SQL>): SQL;
  /** The rows' `element`s as an array in `order`; `[]` when there is no row. */
  array(element: SQL, order: SQL): SQL;
  /** JSON text (a column, a subquery's value) as the JSON it holds. */
  embed(text: SQL): SQL;
  /** A built value as JSON text, as a query answers it to the server (which parses it). */
  text(json: SQL): SQL;
  /** A 0/1 column as a JSON boolean (null as false, as SQLite's iif reads it). */
  boolean(column: SQL): SQL;
}

const pairsOf = (fields: Record<string, SQL>) =>
  sql.join(
    Object.entries(fields).map(([key, value]) => sql`${sql.raw(`'${key}'`)}, ${value}`),
    sql`, `,
  );

export const sqliteJson: JsonSql = {
  engine: 'sqlite',
  object: (fields) => sql`json_object(${pairsOf(fields)})`,
  array: (element, order) => sql`json_group_array(${element} order by ${order})`,
  embed: (text) => sql`json(${text})`,
  text: (json) => json,
  boolean: (column) => sql`json(iif(${column}, 'true', 'false'))`,
};

export const postgresJson: JsonSql = {
  engine: 'postgres',
  object: (fields) => sql`json_build_object(${pairsOf(fields)})`,
  array: (element, order) => sql`coalesce(json_agg(${element} order by ${order}), '[]'::json)`,
  embed: (text) => sql`(${text})::json`,
  // node-postgres parses a json value itself; the server wants the text, as SQLite answers it.
  text: (json) => sql`(${json})::text`,
  boolean: (column) => sql`(case when ${column} <> 0 then true else false end)`,
};

export const jsonSqlOf = (engine: EngineName): JsonSql => (engine === 'sqlite' ? sqliteJson : postgresJson);

// Which tables hold a practice, and their columns, read from a SQLite database of the practice's
// schema: the one list both copies go by, SQLite to PostgreSQL (copy-practice-to-postgres.ts) and
// PostgreSQL to a backup's SQLite snapshot (postgres-snapshot.ts), so neither can copy a table the
// other leaves out.
import type Database from 'better-sqlite3';

/** A table or column name as an identifier, on either engine. */
export const quoted = (name: string): string => `"${name.replaceAll('"', '""')}"`;

/** The tables that hold the practice: not SQLite's own, not drizzle's journal, not FTS5's (each engine searches its own way). */
export function practiceTablesOf(sqlite: Database.Database): string[] {
  const rows = sqlite
    .prepare(`select name, sql from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '__drizzle%' order by name`)
    .all() as { name: string; sql: string }[];
  const virtual = rows.filter((row) => /^CREATE VIRTUAL TABLE/i.test(row.sql)).map((row) => row.name);
  return rows.map((row) => row.name).filter((name) => !virtual.some((fts) => name === fts || name.startsWith(`${fts}_`)));
}

/** A table's columns, in their order. */
export const columnsOf = (sqlite: Database.Database, table: string): string[] =>
  (sqlite.pragma(`table_info(${quoted(table)})`) as { name: string }[]).map((column) => column.name);

/** `select "a", "b" from "t"`: every column of the table, by name, on either engine. */
export const selectEvery = (table: string, columns: string[]): string => `select ${columns.map(quoted).join(', ')} from ${quoted(table)}`;

/** Holds documents' bytes on PostgreSQL; on SQLite the same bytes are the files of DATA_DIR/documents. */
export const DOCUMENT_BLOBS_TABLE = 'document_blobs';

/** The tables a migration seeds with a row (access_version's): emptied before a practice's own rows are copied in. */
export const emptyBeforeCopy = (table: string): string => `delete from ${quoted(table)}`;

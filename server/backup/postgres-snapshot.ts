// A clinic network's backup snapshot: the PostgreSQL database copied into a SQLite file of the same
// schema (migrated from drizzle/), so that the archive is the one a practice's backup writes and
// restores on either engine. Every row is read in one REPEATABLE READ, READ ONLY transaction, so the
// copy is one consistent moment of the database while the servers go on writing; the document blobs
// its rows name are read in that same transaction, byte for byte, into the backup's staging.
// SQLite's rules (triggers) are dropped while the rows go in and made again after: what they derive
// (counters, versions, sort keys) is copied from PostgreSQL, which keeps the same, and must not be
// derived twice. The FTS5 indexes, which PostgreSQL keeps its own way, are built from the copied rows.
// An encrypted practice's snapshot is written under the archive's one-time key from its first page,
// with its journal and temporary tables in memory: no plaintext byte of it reaches the disk.
import type Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { closeSync, openSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { onOneConnection } from '../db/postgres/connection-pool';
import { columnsOf, DOCUMENT_BLOBS_TABLE, emptyBeforeCopy, practiceTablesOf, quoted, selectEvery } from './practice-tables';
import { migrationsInUse } from '../db/pending-migrations';
import { openDatabaseFile } from '../encryption/database-file';
import { practiceText } from '../practice-messages/practice-text';
import { describeSnapshot, type SnapshotContents, type SnapshotOptions } from './snapshot';

/** Rows fetched from PostgreSQL at a time: memory stays flat whatever the table's size. */
const FETCH_ROWS = 500;

/** bigint arrives as text from node-postgres; SQLite stores the integer (a BigInt beyond 2^53). */
const toInteger = (text: string): number | bigint => {
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : BigInt(text);
};
const SQLITE_VALUES = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8 ? toInteger : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** The search indexes SQLite keeps by triggers, built from the copied rows as migrations 0005 and 0011 build them. */
const BUILD_SEARCH_INDEXES = [
  `INSERT INTO patient_search (rowid, full_name, email, phone)
   SELECT p.id, u.name || ' ' || u.lname, u.email, coalesce(u.phone, '') FROM patients p JOIN users u ON u.id = p.user_id`,
  "INSERT INTO diagnoses_fts (diagnoses_fts) VALUES ('rebuild')",
];

/**
 * Copies the database at `databaseUrl` into the new file `snapshotPath` (under `options.snapshotKey`,
 * or plain) and the blobs its documents name into `blobDir`, then describes it as snapshot.ts does.
 */
export async function snapshotPostgres(databaseUrl: string, snapshotPath: string, blobDir: string, options: SnapshotOptions): Promise<SnapshotContents> {
  // Made private before a byte of the copy is in it (SQLite keeps an existing file's mode).
  closeSync(openSync(snapshotPath, 'wx', 0o600));
  const sqlite = openDatabaseFile(snapshotPath, options.snapshotKey, { fileMustExist: true });
  try {
    sqlite.pragma('journal_mode = MEMORY');
    sqlite.pragma('temp_store = MEMORY');
    // A staging copy: a crash leaves it to be swept, never to be trusted, so no flush is owed.
    sqlite.pragma('synchronous = OFF');
    migrate(drizzle(sqlite), { migrationsFolder: migrationsInUse() });
    await onOneConnection(databaseUrl, async (client) => {
      await client.query('begin transaction isolation level repeatable read read only');
      try {
        await assertSameSchema(client, sqlite);
        await copyRows(client, sqlite);
        await copyBlobs(client, sqlite, blobDir);
      } finally {
        await client.query('rollback');
      }
    });
    // One self-contained file in the archive; the server turns WAL back on when it opens it.
    sqlite.pragma('journal_mode = DELETE');
  } finally {
    sqlite.close();
  }
  return describeSnapshot(snapshotPath, options);
}

/** The snapshot's tables must have exactly PostgreSQL's columns: a database of another release is not copied into this one's schema. */
async function assertSameSchema(client: pg.ClientBase, sqlite: Database.Database): Promise<void> {
  const rows = await client.query<{ table_name: string; column_name: string }>(
    "select table_name, column_name from information_schema.columns where table_schema = 'public'",
  );
  const postgres = new Map<string, Set<string>>();
  for (const { table_name: table, column_name: column } of rows.rows) postgres.set(table, (postgres.get(table) ?? new Set()).add(column));
  for (const table of practiceTablesOf(sqlite)) {
    const columns = columnsOf(sqlite, table);
    const there = postgres.get(table);
    if (!there || there.size !== columns.length || columns.some((column) => !there.has(column))) {
      throw new Error(practiceText().backupPostgresSchemaDiffers({ table }));
    }
  }
}

/** Every row of every practice table, in one SQLite transaction with the rules off. */
async function copyRows(client: pg.ClientBase, sqlite: Database.Database): Promise<void> {
  const triggers = sqlite.prepare("select name, sql from sqlite_master where type = 'trigger'").all() as { name: string; sql: string }[];
  // Tables are copied in name order, not in their keys' order: PostgreSQL checked the keys of every row already.
  sqlite.pragma('foreign_keys = OFF');
  sqlite.exec('BEGIN');
  try {
    for (const trigger of triggers) sqlite.exec(`DROP TRIGGER ${quoted(trigger.name)}`);
    for (const table of practiceTablesOf(sqlite)) {
      // Documents' bytes are files beside a SQLite database, never rows.
      if (table === DOCUMENT_BLOBS_TABLE) continue;
      const columns = columnsOf(sqlite, table);
      // Rows a migration seeds (access_version's) are replaced by the database's own.
      sqlite.exec(emptyBeforeCopy(table));
      const insert = sqlite.prepare(`insert into ${quoted(table)} (${columns.map(quoted).join(', ')}) values (${columns.map(() => '?').join(', ')})`);
      await client.query(`declare practice_rows no scroll cursor for ${selectEvery(table, columns)}`);
      for (;;) {
        const batch = await client.query<unknown[]>({ text: `fetch ${FETCH_ROWS} from practice_rows`, rowMode: 'array', types: SQLITE_VALUES });
        if (batch.rows.length === 0) break;
        for (const row of batch.rows) insert.run(...row);
      }
      await client.query('close practice_rows');
    }
    for (const trigger of triggers) sqlite.exec(trigger.sql);
    for (const statement of BUILD_SEARCH_INDEXES) sqlite.exec(statement);
    sqlite.exec('COMMIT');
  } catch (error) {
    sqlite.exec('ROLLBACK');
    throw error;
  }
}

/** Each blob a copied document row names, from the same transaction as the rows; a row without its blob is damage. */
async function copyBlobs(client: pg.ClientBase, sqlite: Database.Database, blobDir: string): Promise<void> {
  const names = sqlite.prepare('select blob_name from files order by id').pluck().all() as string[];
  for (const name of names) {
    const found = await client.query<{ content: Buffer }>(`select content from ${quoted(DOCUMENT_BLOBS_TABLE)} where name = $1`, [name]);
    if (found.rows.length === 0) throw new Error(practiceText().backupPostgresBlobMissing({ blob: name }));
    await writeFile(join(blobDir, name), found.rows[0]!.content, { flag: 'wx', mode: 0o600 });
  }
}

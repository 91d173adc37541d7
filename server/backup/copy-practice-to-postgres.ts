// A practice copied from SQLite (DATA_DIR) into an empty PostgreSQL database, for a practice that
// becomes a clinic network. One PostgreSQL transaction: every table's rows as they are (ids, the
// audit trail with its chain, the counters the rules keep), every document's encrypted bytes into
// document_blobs unchanged, then the counts and the documents checked; anything amiss rolls it all back.
// The rules' triggers are off while rows are copied (session_replication_role = replica): what they
// derive is copied too, and must not be derived twice; the search table PostgreSQL alone keeps is
// rebuilt after.
import type Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { openSqlite } from '../db/open-sqlite';
import { postgresPool } from '../db/postgres/connection-pool';
import { migratePostgres } from '../db/postgres/migrate';
import { rebuildPatientSearch } from '../db/postgres/search-sql';
import { unlockForCommand } from '../encryption/unlock-for-command';
import { practiceText } from '../practice-messages/practice-text';
import { postgresPracticeRows } from './postgres-practice-rows';
import { columnsOf, DOCUMENT_BLOBS_TABLE, emptyBeforeCopy, practiceTablesOf, quoted, selectEvery } from './practice-tables';

/** Rows inserted per statement: well under PostgreSQL's 65,535 parameters for the widest table. */
const BATCH_ROWS = 200;

export interface CopyReport {
  tables: number;
  rows: number;
  documents: number;
  /** Rows per table, the same on both engines. */
  counts: Record<string, number>;
}

export class CopyRefused extends Error {}

export interface CopyOptions {
  /** Runs on the copying connection once the copy is checked, before its commit: what it throws rolls the copy back. */
  beforeCommit?: (client: pg.PoolClient) => Promise<void>;
}

export async function copyPracticeToPostgres(dataDir: string, databaseUrl: string, options: CopyOptions = {}): Promise<CopyReport> {
  const text = practiceText();
  const databasePath = join(dataDir, 'expediente.db');
  if (!existsSync(databasePath)) throw new CopyRefused(text.migrateNoPractice({ dataDir }));
  await unlockForCommand(dataDir);
  const sqlite = openSqlite(databasePath, { readonly: true, fileMustExist: true });
  const pool = postgresPool(databaseUrl, { max: 1 });
  try {
    await migratePostgres(pool);
    const client = await pool.connect();
    try {
      const rows = await postgresPracticeRows(client);
      if (rows > 0) throw new CopyRefused(text.migrateTargetNotEmpty({ rows }));
      await client.query('begin');
      try {
        const report = await copyInto(client, sqlite, dataDir);
        await options.beforeCommit?.(client);
        await client.query('commit');
        // The tables just filled, made ready to be read: their planner statistics (without them the
        // first plans guess at the sizes and can scan a whole table for a point read) and their
        // visibility map and hint bits (else the first reads of every page write it again, and
        // autovacuum goes through all of it while the first servers serve).
        await client.query('vacuum (analyze)');
        return report;
      } catch (error) {
        await client.query('rollback');
        throw error;
      }
    } finally {
      client.release();
    }
  } finally {
    sqlite.close();
    await pool.end();
  }
}

async function copyInto(client: pg.PoolClient, sqlite: Database.Database, dataDir: string): Promise<CopyReport> {
  const text = practiceText();
  await client.query('set local session_replication_role = replica');
  const tables = practiceTablesOf(sqlite);
  const counts: Record<string, number> = {};
  let copied = 0;
  for (const table of tables) {
    const columns = columnsOf(sqlite, table);
    // Rows a migration seeds (access_version's) are replaced by the practice's own.
    await client.query(emptyBeforeCopy(table));
    let batch: unknown[][] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      const values = batch.map((row, r) => `(${row.map((_, c) => `$${r * columns.length + c + 1}`).join(', ')})`).join(', ');
      await client.query(`insert into ${quoted(table)} (${columns.map(quoted).join(', ')}) values ${values}`, batch.flat());
      copied += batch.length;
      batch = [];
    };
    for (const row of sqlite.prepare(selectEvery(table, columns)).raw().iterate()) {
      batch.push(row as unknown[]);
      if (batch.length === BATCH_ROWS) await flush();
    }
    await flush();
    counts[table] = (sqlite.prepare(`select count(*) as n from ${quoted(table)}`).get() as { n: number }).n;
  }
  // Identity columns carry on after the copied ids.
  const identities = await client.query<{ table_name: string; column_name: string }>(
    "select table_name, column_name from information_schema.columns where table_schema = 'public' and is_identity = 'YES'",
  );
  for (const { table_name: table, column_name: column } of identities.rows) {
    await client.query(`select setval(pg_get_serial_sequence('"${table}"', '${column}'), coalesce((select max("${column}") from "${table}"), 0) + 1, false)`);
  }
  const rebuild = new PgDialect().sqlToQuery(rebuildPatientSearch());
  await client.query(rebuild.sql, rebuild.params);

  // Documents: the blob files of DATA_DIR/documents, byte for byte, into the table the servers read them from.
  const blobNames = (sqlite.prepare('select blob_name from files').pluck().all() as string[]).sort();
  const digests = new Map<string, string>();
  for (const name of blobNames) {
    const path = join(dataDir, 'documents', name);
    if (!existsSync(path)) throw new CopyRefused(text.migrateDocumentMissing({ name }));
    const content = readFileSync(path);
    digests.set(name, createHash('sha256').update(content).digest('hex'));
    await client.query('insert into document_blobs (name, content, created_at) values ($1, $2, $3)', [name, content, new Date().toISOString()]);
  }

  // What arrived, checked before anything is kept.
  for (const table of tables) {
    const postgres = Number((await client.query<{ n: string }>(`select count(*) as n from ${quoted(table)}`)).rows[0]!.n);
    const expected = table === DOCUMENT_BLOBS_TABLE ? counts[table]! + blobNames.length : counts[table]!;
    if (postgres !== expected) throw new CopyRefused(text.migrateCountsDiffer({ table, sqlite: expected, postgres }));
  }
  const stored = await client.query<{ name: string; digest: string }>("select name, encode(sha256(content), 'hex') as digest from document_blobs");
  for (const row of stored.rows) {
    if (digests.has(row.name) && digests.get(row.name) !== row.digest) throw new CopyRefused(text.migrateDocumentMissing({ name: row.name }));
  }
  return { tables: tables.length, rows: copied, documents: blobNames.length, counts };
}

// Loads the diagnosis catalog (CIE-10 names in Spanish, ICD-10 names in English) from the files in
// CATALOG_DIR into the `diagnoses` table and its full-text index, once per change of the files:
// each file's SHA-256 is kept in `catalog_versions`, so a restart with the same files reads and
// hashes them (a few milliseconds) and writes nothing. Reference data is data (DESIGN.md): the
// codes live in those files, never in code. Without the files the database keeps the catalog it
// holds, which is empty on a new install: searches then find nothing and every code is unknown.
// On SQLite a bulk load at start, before anything is served, on the writer (sqliteEngineOf(db).writer),
// synchronously: FTS5's 'rebuild', json_each and json_extract are SQLite's, and no other transaction
// can be open yet to wait for the writer's lock. On PostgreSQL (loadDiagnosisCatalogIn) the rows go in
// by batches in one transaction, under an advisory lock, as servers starting together may all try;
// the trigram indexes over the names (drizzle/postgres/0005) follow the rows by themselves.
import type Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compactCode } from '../../shared/catalog';
import { engineNameOf, sqliteEngineOf, type Db } from '../db/engine';
import { inTransaction } from '../db/in-transaction';
import { rawGet, rawRows, rawRun } from '../db/raw-sql';

/** The two files, as data/catalog/SOURCES.md describes them: UTF-8, `code<TAB>name`, one row per code. */
export const CATALOG_FILES = { es: 'cie10-es.tsv', en: 'icd10-en.tsv' } as const;

export type CatalogLoad =
  | { outcome: 'loaded'; codes: number; englishNames: number }
  | { outcome: 'unchanged' }
  | { outcome: 'missing'; missing: string[] }
  | { outcome: 'failed'; reason: string };

interface Log {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/** A file the loader refuses, with where and why, so whoever rebuilt it can find the line. */
class CatalogFileError extends Error {}

function parseCatalogFile(name: string, text: string): Map<string, string> {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (lines[0] !== 'code\tname') throw new CatalogFileError(`${name}: the first line must be "code<TAB>name"`);
  const names = new Map<string, string>();
  lines.slice(1).forEach((line, index) => {
    if (line.trim() === '') return;
    const [code = '', name_ = '', ...rest] = line.split('\t');
    const where = `${name} line ${index + 2}`;
    const trimmedCode = code.trim();
    const trimmedName = name_.trim();
    if (rest.length > 0 || !trimmedName) throw new CatalogFileError(`${where}: expected a code, a tab and a name`);
    if (!compactCode(trimmedCode) || trimmedCode.length > 20) throw new CatalogFileError(`${where}: "${trimmedCode}" is not a diagnosis code`);
    if (names.has(trimmedCode)) throw new CatalogFileError(`${where}: ${trimmedCode} appears twice`);
    names.set(trimmedCode, trimmedName);
  });
  return names;
}

/**
 * How many appointments carry each code, written into the catalog's `uses` (the search ranks by
 * it): the reloaded rows start at 0, and the triggers of migration 0021 only keep a count going.
 * One pass over the appointments, at a reload only (when the files changed).
 */
const COUNT_USES = `
  update diagnoses set uses = c.n from (
    select code, count(*) as n from (
      select distinct h.id, json_extract(j.value, '$.code') as code
      from clinical_histories h, json_each(case when json_valid(h.diagnoses) then h.diagnoses else '[]' end) j
    ) where code is not null group by code
  ) as c where c.code = diagnoses.code`;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Both files' bytes and their versions, or which of them `dir` lacks. */
type CatalogFiles = { missing: string[] } | { bytes: { es: Buffer; en: Buffer }; versions: Record<string, string> };

function readCatalogFiles(dir: string): CatalogFiles {
  const paths = { es: join(dir, CATALOG_FILES.es), en: join(dir, CATALOG_FILES.en) };
  const missing = (['es', 'en'] as const).filter((file) => !existsSync(paths[file])).map((file) => CATALOG_FILES[file]);
  if (missing.length > 0) return { missing };
  const bytes = { es: readFileSync(paths.es), en: readFileSync(paths.en) };
  return { bytes, versions: { [CATALOG_FILES.es]: sha256(bytes.es), [CATALOG_FILES.en]: sha256(bytes.en) } };
}

function warnMissing(log: Log, dir: string, missing: string[], held: number): CatalogLoad {
  log.warn(
    `Diagnosis catalog: ${dir} does not hold ${missing.join(' and ')} ` +
      `(CATALOG_DIR); keeping the ${held} codes the database holds${held === 0 ? ', so diagnosis searches find nothing and every code is unknown' : ''}.`,
  );
  return { outcome: 'missing', missing };
}

const isLoaded = (versions: Record<string, string>, rows: { name: string; version: string }[]) => {
  const loaded = new Map(rows.map((row) => [row.name, row.version]));
  return Object.entries(versions).every(([name, version]) => loaded.get(name) === version);
};

/** The rows the files make: code, compact code, Spanish name, English name (or null). */
function catalogRows(bytes: { es: Buffer; en: Buffer }): { rows: [string, string, string, string | null][]; spanish: number; english: number; englishNames: number } {
  const spanish = parseCatalogFile(CATALOG_FILES.es, bytes.es.toString('utf8'));
  const english = parseCatalogFile(CATALOG_FILES.en, bytes.en.toString('utf8'));
  let englishNames = 0;
  const rows = [...spanish].map(([code, name]): [string, string, string, string | null] => {
    const nameEn = english.get(code) ?? null;
    if (nameEn) englishNames += 1;
    return [code, compactCode(code)!, name, nameEn];
  });
  return { rows, spanish: spanish.size, english: english.size, englishNames };
}

function logLoaded(log: Log, dir: string, made: { spanish: number; english: number; englishNames: number }, started: number): CatalogLoad {
  // English names for codes the Spanish file lacks have nothing to name: the catalog is the Spanish one.
  const unmatched = made.english - made.englishNames;
  log.info(
    `Diagnosis catalog: loaded ${made.spanish} codes (${made.englishNames} with an English name${unmatched ? `; ${unmatched} English rows name no Spanish code and were left out` : ''}) from ${dir} in ${Math.round(performance.now() - started)} ms.`,
  );
  return { outcome: 'loaded', codes: made.spanish, englishNames: made.englishNames };
}

function logFailed(log: Log, dir: string, error: unknown): CatalogLoad {
  const reason = error instanceof Error ? error.message : String(error);
  log.error(`Diagnosis catalog: not loaded from ${dir}, the database keeps the catalog it holds: ${reason}`);
  return { outcome: 'failed', reason };
}

const UPSERT_VERSION = 'insert into catalog_versions (name, version, loaded_at) values (?, ?, ?) on conflict (name) do update set version = excluded.version, loaded_at = excluded.loaded_at';

/**
 * Brings the catalog in `sqlite` up to the files in `dir`. Never throws: a missing directory or
 * file is a warning and a damaged file or a failed write an error, each logged once, and the
 * catalog the database holds stays as it was (one transaction: all of the new one or none of it).
 */
export function loadDiagnosisCatalog(sqlite: Database.Database, dir: string, log: Log, now = new Date()): CatalogLoad {
  try {
    const files = readCatalogFiles(dir);
    if ('missing' in files) return warnMissing(log, dir, files.missing, (sqlite.prepare('select count(*) as n from diagnoses').get() as { n: number }).n);
    const { bytes, versions } = files;
    if (isLoaded(versions, sqlite.prepare('select name, version from catalog_versions').all() as { name: string; version: string }[])) return { outcome: 'unchanged' };
    const made = catalogRows(bytes);
    const started = performance.now();
    // A plain transaction, not auditedChange: the catalog is reference data the server loads at
    // start for no caller, and holds no patient data for the trail to account for.
    sqlite.transaction(() => {
      sqlite.prepare('delete from diagnoses').run();
      const insert = sqlite.prepare('insert into diagnoses (code, compact, name_es, name_en) values (?, ?, ?, ?)');
      for (const row of made.rows) insert.run(...row);
      // External content: the index is made again from the table it describes (migration 0011).
      sqlite.prepare("insert into diagnoses_fts (diagnoses_fts) values ('rebuild')").run();
      sqlite.prepare(COUNT_USES).run();
      const upsert = sqlite.prepare(UPSERT_VERSION);
      for (const [name, version] of Object.entries(versions)) upsert.run(name, version, now.toISOString());
    })();
    return logLoaded(log, dir, made, started);
  } catch (error) {
    return logFailed(log, dir, error);
  }
}

/** COUNT_USES on PostgreSQL: each appointment's codes, once each, as its triggers count them (drizzle/postgres/0005). */
const COUNT_USES_POSTGRES = `
  update diagnoses set uses = c.n from (
    select code, count(*) as n from clinical_histories h cross join lateral expediente_diagnosis_codes(h.diagnoses) as code
    group by code
  ) as c where c.code = diagnoses.code`;

/** Rows inserted by one statement on PostgreSQL: four parameters each, well under its 65,535. */
const POSTGRES_BATCH_ROWS = 1000;

/** The catalog's advisory lock: a number no other lock of the app takes ("CATA"). */
const CATALOG_LOCK = 0x43415441;

/**
 * loadDiagnosisCatalog through the handle, on either engine: on SQLite on its writer, on PostgreSQL
 * in one transaction, the rows inserted by batches. Never throws, as loadDiagnosisCatalog.
 */
export async function loadDiagnosisCatalogIn(db: Db, dir: string, log: Log, now = new Date()): Promise<CatalogLoad> {
  if (engineNameOf(db) === 'sqlite') return loadDiagnosisCatalog(sqliteEngineOf(db).writer, dir, log, now);
  try {
    const files = readCatalogFiles(dir);
    if ('missing' in files) return warnMissing(log, dir, files.missing, (await rawGet<{ n: number }>(db, 'select count(*) as n from diagnoses'))!.n);
    const { bytes, versions } = files;
    const loadedNow = async () => isLoaded(versions, await rawRows<{ name: string; version: string }>(db, 'select name, version from catalog_versions'));
    if (await loadedNow()) return { outcome: 'unchanged' };
    const made = catalogRows(bytes);
    const started = performance.now();
    const loaded = await inTransaction(db, async (tx) => {
      // Another server starting beside this one may have loaded the same files while this one waited.
      await rawRun(tx, `select pg_advisory_xact_lock(${CATALOG_LOCK})`);
      if (await loadedNow()) return false;
      await rawRun(tx, 'delete from diagnoses');
      for (let start = 0; start < made.rows.length; start += POSTGRES_BATCH_ROWS) {
        const batch = made.rows.slice(start, start + POSTGRES_BATCH_ROWS);
        await rawRun(tx, `insert into diagnoses (code, compact, name_es, name_en) values ${batch.map(() => '(?, ?, ?, ?)').join(', ')}`, batch.flat());
      }
      await rawRun(tx, COUNT_USES_POSTGRES);
      for (const [name, version] of Object.entries(versions)) await rawRun(tx, UPSERT_VERSION, [name, version, now.toISOString()]);
      return true;
    });
    return loaded ? logLoaded(log, dir, made, started) : { outcome: 'unchanged' };
  } catch (error) {
    return logFailed(log, dir, error);
  }
}

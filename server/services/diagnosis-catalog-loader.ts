// Loads the diagnosis catalog (CIE-10 names in Spanish, ICD-10 names in English) from the files in
// CATALOG_DIR into the `diagnoses` table and its full-text index, once per change of the files:
// each file's SHA-256 is kept in `catalog_versions`, so a restart with the same files reads and
// hashes them (a few milliseconds) and writes nothing. Reference data is data (DESIGN.md): the
// codes live in those files, never in code. Without the files the database keeps the catalog it
// holds, which is empty on a new install: searches then find nothing and every code is unknown.
// SQLite dialect: a bulk load at start, before anything is served, on the SQLite writer
// (sqliteEngineOf(db).writer), synchronously: FTS5's 'rebuild', json_each and json_extract are SQLite's,
// and no other transaction can be open yet to wait for the writer's lock.
import type Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compactCode } from '../../shared/catalog';

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

/**
 * Brings the catalog in `sqlite` up to the files in `dir`. Never throws: a missing directory or
 * file is a warning and a damaged file or a failed write an error, each logged once, and the
 * catalog the database holds stays as it was (one transaction: all of the new one or none of it).
 */
export function loadDiagnosisCatalog(sqlite: Database.Database, dir: string, log: Log, now = new Date()): CatalogLoad {
  const paths = { es: join(dir, CATALOG_FILES.es), en: join(dir, CATALOG_FILES.en) };
  const missing = (['es', 'en'] as const).filter((file) => !existsSync(paths[file])).map((file) => CATALOG_FILES[file]);
  if (missing.length > 0) {
    const held = (sqlite.prepare('select count(*) as n from diagnoses').get() as { n: number }).n;
    log.warn(
      `Diagnosis catalog: ${dir} does not hold ${missing.join(' and ')} ` +
        `(CATALOG_DIR); keeping the ${held} codes the database holds${held === 0 ? ', so diagnosis searches find nothing and every code is unknown' : ''}.`,
    );
    return { outcome: 'missing', missing };
  }
  try {
    const bytes = { es: readFileSync(paths.es), en: readFileSync(paths.en) };
    const versions = { [CATALOG_FILES.es]: sha256(bytes.es), [CATALOG_FILES.en]: sha256(bytes.en) };
    const loaded = new Map(
      (sqlite.prepare('select name, version from catalog_versions').all() as { name: string; version: string }[]).map((row) => [row.name, row.version]),
    );
    if (Object.entries(versions).every(([name, version]) => loaded.get(name) === version)) return { outcome: 'unchanged' };

    const spanish = parseCatalogFile(CATALOG_FILES.es, bytes.es.toString('utf8'));
    const english = parseCatalogFile(CATALOG_FILES.en, bytes.en.toString('utf8'));
    const started = performance.now();
    let englishNames = 0;
    // A plain transaction, not auditedChange: the catalog is reference data the server loads at
    // start for no caller, and holds no patient data for the trail to account for.
    sqlite.transaction(() => {
      sqlite.prepare('delete from diagnoses').run();
      const insert = sqlite.prepare('insert into diagnoses (code, compact, name_es, name_en) values (?, ?, ?, ?)');
      for (const [code, name] of spanish) {
        const nameEn = english.get(code) ?? null;
        if (nameEn) englishNames += 1;
        insert.run(code, compactCode(code)!, name, nameEn);
      }
      // External content: the index is made again from the table it describes (migration 0011).
      sqlite.prepare("insert into diagnoses_fts (diagnoses_fts) values ('rebuild')").run();
      sqlite.prepare(COUNT_USES).run();
      const upsert = sqlite.prepare(
        'insert into catalog_versions (name, version, loaded_at) values (?, ?, ?) on conflict (name) do update set version = excluded.version, loaded_at = excluded.loaded_at',
      );
      for (const [name, version] of Object.entries(versions)) upsert.run(name, version, now.toISOString());
    })();
    // English names for codes the Spanish file lacks have nothing to name: the catalog is the Spanish one.
    const unmatched = english.size - englishNames;
    log.info(
      `Diagnosis catalog: loaded ${spanish.size} codes (${englishNames} with an English name${unmatched ? `; ${unmatched} English rows name no Spanish code and were left out` : ''}) from ${dir} in ${Math.round(performance.now() - started)} ms.`,
    );
    return { outcome: 'loaded', codes: spanish.size, englishNames };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    log.error(`Diagnosis catalog: not loaded from ${dir}, the database keeps the catalog it holds: ${reason}`);
    return { outcome: 'failed', reason };
  }
}

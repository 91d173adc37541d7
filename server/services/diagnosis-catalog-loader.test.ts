// The catalog loader: it writes the catalog once per version of its files, reloads it when a file
// changes (the table and its full-text index alike), and without its files warns once and keeps
// what the database holds.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Db } from '../db/client';
import { engineOf, sqliteEngineOf } from '../db/engine';
import { migratePostgres } from '../db/postgres/migrate';
import { postgresDatabase } from '../db/postgres-engine';
import { rawGet, rawRows } from '../db/raw-sql';
import { buildTestApp, testConfig } from '../test/helpers';
import { freshPostgresDatabase, postgresUnreachable } from '../test/postgres-database';
import { TEST_DIAGNOSES, writeTestCatalog } from '../test/test-catalog';
import { loadDiagnosisCatalog, loadDiagnosisCatalogIn } from './diagnosis-catalog-loader';
import { resolveDiagnoses, searchDiagnoses } from './diagnosis-catalog';

const root = mkdtempSync(join(tmpdir(), 'expediente-catalog-loader-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let dirs = 0;
const newDir = () => join(root, `catalog-${(dirs += 1)}`);

const quietLog = () => ({ info: vi.fn(), warn: vi.fn(), error: vi.fn() });
const search = async (db: Db, q: string) => (await searchDiagnoses(db, { q, lang: 'es', limit: 20 })).map((diagnosis) => diagnosis.code);
const catalogSize = async (db: Db) => (await rawGet<{ n: number }>(db, 'select count(*) as n from diagnoses'))!.n;
/** The connection the loader writes on at start (diagnosis-catalog-loader.ts). */
const writerOf = (db: Db) => sqliteEngineOf(db).writer;

describe('loading the diagnosis catalog', () => {
  it('loads the files once: a second start with the same files writes nothing', async () => {
    const db = openDatabase(':memory:');
    const dir = writeTestCatalog(newDir());
    expect(loadDiagnosisCatalog(writerOf(db), dir, quietLog())).toEqual({ outcome: 'loaded', codes: TEST_DIAGNOSES.length, englishNames: TEST_DIAGNOSES.length - 1 });
    expect(await catalogSize(db)).toBe(TEST_DIAGNOSES.length);
    expect(await search(db, 'hipertension')).toEqual(['I10']);
    const versions = writerOf(db).prepare('select name, version, loaded_at from catalog_versions order by name').all();
    expect(versions).toHaveLength(2);

    const changesBefore = writerOf(db).prepare('select total_changes() as n').get();
    expect(loadDiagnosisCatalog(writerOf(db), dir, quietLog(), new Date(2030, 0, 1))).toEqual({ outcome: 'unchanged' });
    expect(writerOf(db).prepare('select total_changes() as n').get()).toEqual(changesBefore);
    expect(writerOf(db).prepare('select name, version, loaded_at from catalog_versions order by name').all()).toEqual(versions);
  });

  it('reloads when a file changes: new names are found, and what left the files is gone from the table and the index', async () => {
    const db = openDatabase(':memory:');
    const dir = writeTestCatalog(newDir());
    loadDiagnosisCatalog(writerOf(db), dir, quietLog());
    const renamed = TEST_DIAGNOSES.filter(([code]) => code !== 'R51').map(([code, es, en]) =>
      code === 'I10' ? ([code, 'Hipertensión arterial esencial', en] as const) : ([code, es, en] as const),
    );
    writeTestCatalog(dir, renamed);
    const log = quietLog();
    expect(loadDiagnosisCatalog(writerOf(db), dir, log)).toMatchObject({ outcome: 'loaded', codes: TEST_DIAGNOSES.length - 1 });
    expect(log.info).toHaveBeenCalledWith(expect.stringContaining(`loaded ${TEST_DIAGNOSES.length - 1} codes`));
    expect(await search(db, 'arterial')).toEqual(['I10']);
    expect(await search(db, 'cefalea')).toEqual([]);
    expect(await search(db, 'R51')).toEqual([]);
    expect((await resolveDiagnoses(db, ['R51'])).unknown).toEqual(['R51']);
    // The index holds the rows the table holds, no more (FTS5's own check of an external-content index).
    expect(() => writerOf(db).prepare("insert into diagnoses_fts (diagnoses_fts, rank) values ('integrity-check', 1)").run()).not.toThrow();
  });

  it('without its directory warns once, naming it, and leaves an empty catalog empty: nothing is found, every code is unknown', async () => {
    const db = openDatabase(':memory:');
    const missing = join(root, 'no-such-catalog');
    const log = quietLog();
    expect(loadDiagnosisCatalog(writerOf(db), missing, log)).toEqual({ outcome: 'missing', missing: ['cie10-es.tsv', 'icd10-en.tsv'] });
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn.mock.calls[0]![0]).toContain(missing);
    expect(log.warn.mock.calls[0]![0]).toContain('CATALOG_DIR');
    expect(await catalogSize(db)).toBe(0);
    expect(await search(db, 'asma')).toEqual([]);
    expect(await resolveDiagnoses(db, ['I10'])).toEqual({ diagnoses: [], unknown: ['I10'] });
  });

  it('keeps the catalog it holds when a file goes missing or is damaged', async () => {
    const db = openDatabase(':memory:');
    const dir = writeTestCatalog(newDir());
    loadDiagnosisCatalog(writerOf(db), dir, quietLog());
    rmSync(join(dir, 'icd10-en.tsv'));
    const missing = quietLog();
    expect(loadDiagnosisCatalog(writerOf(db), dir, missing)).toEqual({ outcome: 'missing', missing: ['icd10-en.tsv'] });
    expect(missing.warn).toHaveBeenCalledWith(expect.stringContaining(`keeping the ${TEST_DIAGNOSES.length} codes`));

    for (const damaged of ['codigo\tnombre\nI10\tHipertensión\n', 'code\tname\nI10\tHipertensión\nI10\tOtra vez\n', 'code\tname\nI10 sin tabulador\n', 'code\tname\nhola\tmundo\n']) {
      writeFileSync(join(dir, 'icd10-en.tsv'), damaged);
      const log = quietLog();
      expect(loadDiagnosisCatalog(writerOf(db), dir, log).outcome, damaged).toBe('failed');
      expect(log.error).toHaveBeenCalledTimes(1);
      expect(await catalogSize(db)).toBe(TEST_DIAGNOSES.length);
      expect(await search(db, 'cefalea')).toEqual(['R51']);
    }
  });

  it('is loaded at start from CATALOG_DIR, and a missing one is said in the server log', async () => {
    const loaded = await buildTestApp({ config: testConfig({ catalogDir: writeTestCatalog(newDir()) }) });
    expect(await catalogSize(loaded.deps.db)).toBe(TEST_DIAGNOSES.length);
    await loaded.close();

    const lines: string[] = [];
    const stream = { write: (line: string) => void lines.push(line) };
    const missing = join(root, 'not-there');
    const app = await buildTestApp({ config: testConfig({ catalogDir: missing }), logger: { level: 'warn', stream } });
    expect(await catalogSize(app.deps.db)).toBe(0);
    const warnings = lines.map((line) => JSON.parse(line) as { level: number; msg: string }).filter((line) => line.msg.includes('Diagnosis catalog'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.msg).toContain(missing);
    await app.close();
  });
});

describe.skipIf(await postgresUnreachable())('loading the diagnosis catalog on PostgreSQL', () => {
  /** A database of its own, migrated, for `use`; dropped afterwards. */
  async function withPostgres(use: (db: Db) => Promise<void>): Promise<void> {
    const fresh = await freshPostgresDatabase();
    try {
      const pool = new pg.Pool({ connectionString: fresh.url });
      try {
        await migratePostgres(pool);
      } finally {
        await pool.end();
      }
      const db = postgresDatabase(fresh.url);
      try {
        await use(db);
      } finally {
        await engineOf(db).close();
      }
    } finally {
      await fresh.drop();
    }
  }

  it('loads the files once, reloads when one changes, and keeps what it holds when one is damaged', async () => {
    await withPostgres(async (db) => {
      const dir = writeTestCatalog(newDir());
      expect(await loadDiagnosisCatalogIn(db, dir, quietLog())).toEqual({ outcome: 'loaded', codes: TEST_DIAGNOSES.length, englishNames: TEST_DIAGNOSES.length - 1 });
      expect(await catalogSize(db)).toBe(TEST_DIAGNOSES.length);
      expect(await search(db, 'hipertension')).toEqual(['I10']);
      const versions = await rawRows(db, 'select name, version, loaded_at from catalog_versions order by name');
      expect(versions).toHaveLength(2);
      expect(await loadDiagnosisCatalogIn(db, dir, quietLog(), new Date(2030, 0, 1))).toEqual({ outcome: 'unchanged' });
      expect(await rawRows(db, 'select name, version, loaded_at from catalog_versions order by name')).toEqual(versions);

      const renamed = TEST_DIAGNOSES.filter(([code]) => code !== 'R51').map(([code, es, en]) =>
        code === 'I10' ? ([code, 'Hipertensión arterial esencial', en] as const) : ([code, es, en] as const),
      );
      writeTestCatalog(dir, renamed);
      expect(await loadDiagnosisCatalogIn(db, dir, quietLog())).toMatchObject({ outcome: 'loaded', codes: TEST_DIAGNOSES.length - 1 });
      expect(await search(db, 'arterial')).toEqual(['I10']);
      expect(await search(db, 'cefalea')).toEqual([]);
      expect((await resolveDiagnoses(db, ['R51'])).unknown).toEqual(['R51']);

      writeFileSync(join(dir, 'icd10-en.tsv'), 'code\tname\nI10\tHipertensión\nI10\tOtra vez\n');
      const log = quietLog();
      expect((await loadDiagnosisCatalogIn(db, dir, log)).outcome).toBe('failed');
      expect(log.error).toHaveBeenCalledTimes(1);
      expect(await catalogSize(db)).toBe(TEST_DIAGNOSES.length - 1);
    });
  });

  it('without its files warns once and leaves an empty catalog empty', async () => {
    await withPostgres(async (db) => {
      const log = quietLog();
      expect(await loadDiagnosisCatalogIn(db, join(root, 'no-such-catalog'), log)).toEqual({ outcome: 'missing', missing: ['cie10-es.tsv', 'icd10-en.tsv'] });
      expect(log.warn).toHaveBeenCalledTimes(1);
      expect(await catalogSize(db)).toBe(0);
    });
  });
});

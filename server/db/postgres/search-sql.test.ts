// The PostgreSQL searches (search-sql.ts) find what SQLite's FTS5 tables find, on the same rows:
// whatever the case and accents, substrings for the patient list's filter, word starts in any order
// for the diagnosis catalog, and characters LIKE or FTS5 would read as syntax taken literally.
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Language } from '../../../shared/constants';
import { foldForSearch } from '../../../shared/patients';
import { patientIdsNamed } from '../../audit/audit-patient-filter';
import { ftsQuery } from '../../services/diagnosis-catalog';
import { postgresUnreachable } from '../../test/postgres-database';
import { openDatabase, type Db } from '../client';
import { engineOf, sqliteEngineOf } from '../engine';
import { useMigratedPostgres } from './migrated-postgres.fixture';
import { diagnosesByWords, everyPatientMatchCount, medicPatientMatchCount, patientIdsMatching, patientsNamedCandidates, rebuildPatientSearch } from './search-sql';

const T = "'2026-06-15T10:00:00.000Z'";
const PATIENTS: [name: string, lname: string, email: string, phone: string | null][] = [
  ['José', 'Álvarez', 'jose.alvarez@example.org', '+34 600 111 222'],
  ['MARÍA', 'López', 'Maria@Example.org', null],
  ['Ana', 'Lopez-García', 'ana@example.org', '600 333 444'],
  ['Zoë', 'Ñúñez', 'zoe@example.org', null],
  ['Li', 'Wu', 'li@example.org', null],
  ['Renée', "O'Brien", 'renee%_x@example.org', '555\\01'],
];
const quoted = (text: string | null) => (text === null ? 'null' : `'${text.replaceAll("'", "''")}'`);
const ROWS = [
  ...PATIENTS.map(
    ([name, lname, email, phone], at) =>
      `insert into users (id, email, password_hash, type, name, lname, phone, created_at) values (${at + 10}, ${quoted(email)}, 'h', 'patient', ${quoted(name)}, ${quoted(lname)}, ${quoted(phone)}, ${T})`,
  ),
  `insert into users (id, email, password_hash, type, name, lname, created_at) values (1, 'medic@example.org', 'h', 'medic', 'Eva', 'Medina', ${T})`,
  'insert into medics (id, user_id) values (1, 1)',
  ...PATIENTS.map((_, at) => `insert into patients (id, user_id, created_at) values (${at + 1}, ${at + 10}, ${T})`),
  // The medic sees the first four.
  ...[1, 2, 3, 4].map((patient) => `insert into medic_patients (medic_id, patient_id, created_at) values (1, ${patient}, ${T})`),
  // A patient renamed after registering: both engines search the new name.
  "update users set lname = 'Ibáñez' where id = 14",
  `insert into diagnoses (code, compact, name_es, name_en, uses) values
    ('I10', 'I10', 'Hipertensión esencial (primaria)', 'Essential (primary) hypertension', 3),
    ('I15', 'I15', 'Hipertensión secundaria', 'Secondary hypertension', 0),
    ('I15.0', 'I150', 'Hipertensión renovascular', 'Renovascular hypertension', 0),
    ('E11', 'E11', 'Diabetes mellitus tipo 2', 'Type 2 diabetes mellitus', 1),
    ('E11.9', 'E119', 'Diabetes mellitus tipo 2, sin complicaciones', null, 5),
    ('J45', 'J45', 'Asma', 'Asthma', 0),
    ('U07.1', 'U071', 'COVID-19, virus identificado', 'COVID-19, virus identified', 0)`,
];

// The SQLite statements of the services, as they query their FTS5 tables.
const SQLITE_MATCHES = 'select rowid from patient_search where patient_search match @match order by rowid';
const SQLITE_MEDIC_MATCH_COUNT =
  'select count(*) as total from patient_search s cross join medic_patients mp on mp.medic_id = @medicId and mp.patient_id = s.rowid where s.patient_search match @match';
const sqliteByWords = (lang: Language) => {
  const name = lang === 'en' ? 'coalesce(d.name_en, d.name_es)' : 'd.name_es';
  return `select d.code, ${name} as name from diagnoses_fts f join diagnoses d on d.rowid = f.rowid
    where diagnoses_fts match @match order by d.uses desc, length(d.compact) = 3 desc, length(${name}), d.code limit @limit`;
};

describe.skipIf(await postgresUnreachable())('the searches on PostgreSQL', () => {
  const postgres = useMigratedPostgres();
  let sqlite: Db;
  let pg: NodePgDatabase;
  beforeAll(async () => {
    sqlite = openDatabase(':memory:');
    pg = drizzle({ client: postgres.pool });
    for (const statement of ROWS) {
      sqliteEngineOf(sqlite).writer.exec(statement);
      await postgres.pool.query(statement);
    }
    sqliteEngineOf(sqlite).writer.exec("insert into diagnoses_fts (diagnoses_fts) values ('rebuild')");
  });
  afterAll(() => {
    if (sqlite) engineOf(sqlite).close();
  });

  const ids = (rows: Record<string, unknown>[]) => rows.map((row) => Number(Object.values(row)[0])).sort((a, b) => a - b);

  it.each(['lop', 'LÓP', 'alvarez', 'jose alv', 'maria', 'example.org', '600 111', 'ibanez', 'zoë', 'ee%', '%_x', "o'b", '5\\0', 'a l', 'xyz'])(
    'finds the patients whose name, email or phone holds %j, as FTS5 does',
    async (typed) => {
      const needle = foldForSearch(typed);
      const match = `"${needle.replaceAll('"', '""')}"`;
      const expected = ids(sqliteEngineOf(sqlite).writer.prepare(SQLITE_MATCHES).all({ match }) as Record<string, unknown>[]);

      expect(ids((await pg.execute(patientIdsMatching(needle))).rows)).toEqual(expected);
      const every = (await pg.execute(everyPatientMatchCount(needle))).rows[0] as { total: number };
      expect(every.total).toBe(expected.length);
      const mine = sqliteEngineOf(sqlite).writer.prepare(SQLITE_MEDIC_MATCH_COUNT).get({ match, medicId: 1 }) as { total: number };
      expect((await pg.execute(medicPatientMatchCount(1, needle))).rows).toEqual([{ total: mine.total }]);
    },
  );

  it('finds what the rows hold, so the comparisons are not of empty lists', async () => {
    expect(ids((await pg.execute(patientIdsMatching('lop'))).rows)).toEqual([2, 3]);
    expect(ids((await pg.execute(patientIdsMatching('ee%'))).rows)).toEqual([6]);
    const codes = async (text: string) => (await pg.execute(diagnosesByWords('es', 'es', text, 10)!)).rows.map((row) => row.code);
    expect(await codes('hipert')).toEqual(['I10', 'I15', 'I15.0']);
    expect(await codes('diab tipo')).toEqual(['E11.9', 'E11']);
  });

  it('writes the patient list filter\'s rows anew after rows were copied in with the rules off', async () => {
    const rows = async () => (await postgres.pool.query('select * from patient_search order by patient_id')).rows;
    const kept = await rows();
    // As a copy with the rules off leaves it: no row for the patients copied, maybe one of a patient gone.
    await postgres.pool.query("delete from patient_search where patient_id in (1, 2)");
    await postgres.pool.query("update patient_search set full_name = 'stale' where patient_id = 3");
    await postgres.pool.query("insert into patient_search values (99, 'gone', '', '')");
    await pg.execute(rebuildPatientSearch());
    expect(await rows()).toEqual(kept);
  });

  it.each(['Alvarez', 'lopez maria', 'garcia ana', 'li wu', 'IBÁÑEZ zoe', 'nobody'])('names the same patients for the audit filter %j', async (name) => {
    const words = foldForSearch(name).split(/\s+/).filter(Boolean);
    const indexed = words.filter((word) => [...word].length >= 3);
    const candidates = (await pg.execute(patientsNamedCandidates(indexed.length ? indexed : [words.join(' ')]))).rows as { idPatient: string; fullName: string }[];
    const named = candidates
      .filter(({ fullName }) => words.every((word) => foldForSearch(fullName).includes(word)))
      .map(({ idPatient }) => Number(idPatient))
      .sort((a, b) => a - b);
    expect(named).toEqual(patientIdsNamed(sqliteEngineOf(sqlite).writer, name));
  });

  it.each([
    ['hipert', 'es', 'es'],
    ['HIPERTENSION esen', 'es', 'es'],
    ['diab tipo', 'es', 'es'],
    ['mell 2', 'es', 'es'],
    ['type', 'en', 'en'],
    ['hypertension', 'es', 'en'],
    ['diabetes', 'en', 'en'],
    ['diabetes', 'en', 'es'],
    ['prim', 'es', 'es'],
    ['secundaria hiper', 'es', 'es'],
    ['sin compl', 'es', 'es'],
    ['ion', 'es', 'es'],
    ['covid 19', 'es', 'es'],
    ['19', 'en', 'en'],
    ['asma" OR *', 'es', 'es'],
    ['xyz', 'es', 'es'],
  ] as [string, Language, Language][])('finds the diagnoses %j (answered in %s, names in %s) in the order FTS5 gives', async (text, lang, searched) => {
    const match = ftsQuery(text, searched)!;
    const expected = sqliteEngineOf(sqlite).writer.prepare(sqliteByWords(lang)).all({ match, limit: 10 });
    const query = diagnosesByWords(lang, searched, text, 10)!;
    expect((await pg.execute(query)).rows.map(({ code, name }) => ({ code, name }))).toEqual(expected);
  });

  it('has no words to look for in a text of signs only, as ftsQuery has none', () => {
    expect(diagnosesByWords('es', 'es', ' -*" ', 10)).toBeUndefined();
    expect(ftsQuery(' -*" ', 'es')).toBeUndefined();
  });
});

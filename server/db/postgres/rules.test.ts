// The database's rules on PostgreSQL (drizzle/postgres/0001-0005) do what SQLite's triggers do: the
// same statements, run on both engines in turn, move the same version counters, leave the same
// counts, name copies and diagnosis uses, and are refused with the same messages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../client';
import { engineOf, sqliteEngineOf } from '../engine';
import { postgresUnreachable } from '../../test/postgres-database';
import { useMigratedPostgres } from './migrated-postgres.fixture';

const T = "'2026-06-15T10:00:00.000Z'";
const LATER = "'2026-06-15T11:00:00.000Z'";
const EARLIER = "'2026-06-15T09:00:00.000Z'";
const user = (id: number, type: string, name: string, lname: string) =>
  `insert into users (id, email, password_hash, type, name, lname, created_at) values (${id}, 'u${id}@example.org', 'h', '${type}', '${name}', '${lname}', ${T})`;
const history = (id: number, diagnoses: string) =>
  `insert into clinical_histories (id, patient_id, medic_id, date, start, motive, diagnoses, created_at) values (${id}, 1, 1, '2026-06-15T10:00', '2026-06-15T10:00', 'Control', '${diagnoses}', ${T})`;

// What counters the server keeps things in memory at (their values are random: only whether they
// moved is compared), and what values the rules keep (compared as they are).
const COUNTERS = `
  select 'access' as key, cast(version as text) as value from access_version
  union all select 'record:' || id, cast(record_version as text) from patients
  union all select 'list:' || medic_id, cast(list_version as text) from medic_patient_counts
  union all select 'search:' || medic_id, cast(search_version as text) from medic_patient_counts
  union all select 'agenda:' || medic_id, cast(agenda_version as text) from medic_patient_counts
  union all select 'patients:' || medic_id, cast(patients as text) from medic_patient_counts
  union all select 'uses:' || code, cast(uses as text) from diagnoses
  union all select 'link:' || medic_id || ':' || patient_id, lname || ', ' || name from medic_patients`;
const RANDOM = /^(access|record|list|search|agenda)/;

interface Step {
  sql: string;
  /** The message the statement is refused with, on both engines. */
  refused?: string;
  /** What the step must move, checked on SQLite (and so on PostgreSQL, which must move the same). */
  moves?: string[];
}

const STEPS: Step[] = [
  { sql: user(1, 'medic', 'Ana', 'Alonso'), moves: ['access'] },
  { sql: user(2, 'medic', 'Bruno', 'Benítez') },
  { sql: user(3, 'patient', 'Carla', 'Cruz') },
  { sql: user(4, 'patient', 'Diego', 'Díaz') },
  { sql: 'insert into medics (id, user_id) values (1, 1), (2, 2)' },
  { sql: `insert into patients (id, user_id, created_at) values (1, 3, ${T}), (2, 4, ${T})` },
  { sql: `insert into medic_patients (medic_id, patient_id, created_at) values (1, 1, ${T}), (1, 2, ${T}), (2, 1, ${T})` },
  { sql: "insert into diagnoses (code, compact, name_es, name_en) values ('I10', 'I10', 'Hipertensión esencial', 'Essential hypertension'), ('E11', 'E11', 'Diabetes tipo 2', null)" },
  // A patient's account.
  { sql: "update users set name = 'Carolina' where id = 3", moves: ['access', 'record:1', 'list:1', 'list:2', 'search:1', 'search:2', 'agenda:1', 'agenda:2', 'link:1:1', 'link:2:1'] },
  { sql: "update users set phone = '555 0101' where id = 3", moves: ['access', 'record:1', 'list:1', 'list:2', 'search:1', 'search:2'] },
  { sql: "update users set password_hash = 'h2' where id = 3", moves: ['access'] },
  { sql: "update users set address = 'Calle 1' where id = 4", moves: ['access', 'record:2'] },
  { sql: "update users set name = name where id = 4", moves: ['access', 'list:1', 'search:1', 'agenda:1'] },
  // Appointments and their diagnoses.
  { sql: history(1, '[{"code":"I10","name":"x"},{"code":"I10","name":"x"}]'), moves: ['record:1', 'list:1', 'list:2', 'agenda:1', 'uses:I10'] },
  { sql: "update clinical_histories set notes = 'n' where id = 1", moves: ['record:1'] },
  { sql: "update clinical_histories set date = '2026-06-16T10:00' where id = 1", moves: ['record:1', 'list:1', 'list:2', 'agenda:1'] },
  { sql: `update clinical_histories set diagnoses = '[{"code":"E11","name":"x"}]' where id = 1`, moves: ['record:1', 'uses:I10', 'uses:E11'] },
  { sql: "update clinical_histories set diagnoses = 'not json' where id = 1", moves: ['record:1', 'uses:E11'] },
  { sql: `update clinical_histories set diagnoses = '{"a":{"code":"I10"}}' where id = 1` },
  { sql: history(2, '[]') },
  { sql: 'delete from clinical_histories where id = 2', moves: ['record:1', 'list:1', 'list:2', 'agenda:1'] },
  // A medic renamed: the records they have appointments in.
  { sql: "update users set name = 'Ana' where id = 1", moves: ['access'] },
  { sql: "update users set name = 'Anabel' where id = 1", moves: ['access', 'record:1'] },
  // The record's lists and core.
  { sql: `insert into allergies (id, patient_id, allergy_name, created_at) values (1, 1, 'Penicilina', ${T})`, moves: ['record:1'] },
  { sql: "update allergies set reaction = 'Rash' where id = 1", moves: ['record:1'] },
  { sql: 'delete from allergies where id = 1', moves: ['record:1'] },
  { sql: `insert into family_history (id, patient_id, relative, condition, created_at) values (1, 2, 'Madre', 'Asma', ${T})`, moves: ['record:2'] },
  { sql: "insert into insurances (id, patient_id, name) values (1, 1, 'Seguro')", moves: ['record:1'] },
  { sql: 'insert into lifestyles (patient_id) values (1)', moves: ['record:1'] },
  { sql: "update lifestyles set alcohol_type = 'Vino' where patient_id = 1", moves: ['record:1'] },
  { sql: "update patients set blood_group = 'A' where id = 1", moves: ['record:1', 'list:1', 'list:2'] },
  { sql: "update patients set birth_date = '1990-01-01' where id = 1", moves: ['record:1', 'agenda:1', 'agenda:2'] },
  { sql: 'update patients set policy = policy where id = 2', moves: ['record:2'] },
  { sql: "insert into professions (id, name) values (1, 'Ingeniera')" },
  { sql: 'update patients set profession_id = 1 where id = 2', moves: ['record:2'] },
  { sql: "update professions set name = 'Ingeniero' where id = 1", moves: ['record:2'] },
  // Every other list of the record: written, edited, removed.
  ...(
    [
      ['pathological_records', 'condition', "'Asma'"],
      ['vaccines', 'vaccine_name', "'BCG'", 'date'],
      ['emergency_contacts', 'name', "'Eva'"],
      ['family_history', 'relative', "'Padre'", 'condition'],
    ] as const
  ).flatMap(([table, column, value, other]): Step[] => [
    { sql: `insert into ${table} (id, patient_id, ${column}, ${other ? `${other}, ` : ''}created_at) values (7, 1, ${value}, ${other ? `${value}, ` : ''}${T})`, moves: ['record:1'] },
    { sql: `update ${table} set patient_id = 2 where id = 7`, moves: ['record:1', 'record:2'] },
    { sql: `delete from ${table} where id = 7`, moves: ['record:2'] },
  ]),
  { sql: `insert into files (id, patient_id, name, main_type, mime_type, size, code, blob_name, created_at) values (1, 1, 'a.pdf', 'document', 'application/pdf', 3, 'c', 'b', ${T})`, moves: ['record:1'] },
  { sql: "update files set comment = 'Informe' where id = 1", moves: ['record:1'] },
  { sql: 'delete from files where id = 1', moves: ['record:1'] },
  { sql: "update insurances set provider = 'P' where id = 1", moves: ['record:1'] },
  { sql: 'delete from lifestyles where patient_id = 1', moves: ['record:1'] },
  // What requests' callers and access are made of.
  { sql: `insert into sessions (id, user_id, created_at, expires_at) values ('s1', 3, ${T}, ${LATER})`, moves: ['access'] },
  { sql: `update sessions set last_used_at = ${LATER} where id = 's1'`, moves: [] },
  { sql: `update sessions set last_used_at = ${EARLIER} where id = 's1'`, moves: ['access'] },
  { sql: `update sessions set revoked_at = ${LATER} where id = 's1'`, moves: ['access'] },
  { sql: `insert into totp_secrets (user_id, secret, created_at) values (1, 'S', ${T})`, moves: ['access'] },
  { sql: 'update totp_secrets set last_used_step = 5 where user_id = 1', moves: [] },
  { sql: `update totp_secrets set confirmed_at = ${T} where user_id = 1`, moves: ['access'] },
  { sql: `insert into passkeys (id, user_id, credential_id, public_key, name, created_at) values (1, 1, 'c1', '\\x00', 'Key', ${T})`, moves: ['access'] },
  { sql: 'update passkeys set sign_count = 2 where id = 1', moves: [] },
  { sql: `insert into practice (id, updated_at) values (1, ${T})`, moves: ['access'] },
  { sql: "update practice set name = 'Clínica' where id = 1", moves: [] },
  { sql: 'update practice set require_two_factor_for_medics = 1 where id = 1', moves: ['access'] },
  { sql: "update medics set about = 'Cardióloga' where id = 1", moves: [] },
  { sql: 'delete from passkeys where id = 1', moves: ['access'] },
  { sql: 'delete from totp_secrets where user_id = 1', moves: ['access'] },
  { sql: "delete from sessions where id = 's1'", moves: ['access'] },
  { sql: `insert into emergency_accesses (id, medic_id, patient_id, reason, started_at, expires_at) values (1, 2, 2, 'Urgencia', ${T}, ${LATER})`, moves: ['access'] },
  // Links.
  { sql: `insert into medic_patients (medic_id, patient_id, created_at) values (2, 2, ${T})`, moves: ['access', 'list:2', 'search:2', 'agenda:2', 'patients:2', 'link:2:2'] },
  { sql: 'delete from medic_patients where medic_id = 2 and patient_id = 1', moves: ['access', 'list:2', 'search:2', 'agenda:2', 'patients:2', 'link:2:1'] },
  { sql: "update medic_patients set lname = 'X' where medic_id = 1 and patient_id = 2", moves: ['access', 'list:1', 'search:1', 'link:1:2'] },
  // The audit trail is append-only.
  { sql: `insert into audit_events (id, at, actor_type, action, outcome) values (1, ${T}, 'medic', 'patients.list', 'success')` },
  { sql: "update audit_events set detail = 'x' where id = 1", refused: 'audit_events is append-only' },
  { sql: 'delete from audit_events where id = 1', refused: 'audit_events is append-only' },
  { sql: `insert into audit_events (id, at, actor_type, action, outcome) values (1, ${T}, 'medic', 'x', 'success')`, refused: 'audit_events is append-only: an event is never replaced' },
  // Prescriptions and addenda are final; a prescription is voided once.
  {
    sql: `insert into prescriptions (id, history_id, patient_id, medic_id, year, seq, number, issued_at, prescriber, patient, practice, diagnoses)
      values (1, 1, 1, 1, 2026, 1, '2026-000001', '2026-06-15T10:00', '{}', '{}', '{}', '[]')`,
    moves: ['record:1'],
  },
  { sql: "insert into prescription_items (id, prescription_id, position, drug, drug_folded) values (1, 1, 1, 'Paracetamol', 'paracetamol')" },
  { sql: "update prescriptions set notes = 'x' where id = 1", refused: 'an issued prescription is never edited: it can only be voided, once' },
  { sql: 'delete from prescriptions where id = 1', refused: 'prescriptions are never deleted: void it instead' },
  { sql: `update prescriptions set voided_at = ${T}, void_reason = 'Error' where id = 1`, moves: ['record:1'] },
  { sql: `update prescriptions set voided_at = ${LATER}, void_reason = 'Again' where id = 1`, refused: 'an issued prescription is never edited: it can only be voided, once' },
  { sql: "update prescription_items set dose = '1' where id = 1", refused: 'the items of an issued prescription are never edited' },
  { sql: 'delete from prescription_items where id = 1', refused: 'the items of an issued prescription are never deleted' },
  { sql: "insert into addenda (id, history_id, patient_id, medic_id, medic_name, medic_lname, at, text) values (1, 1, 1, 1, 'Ana', 'Alonso', '2026-06-15T12:00', 'Nota')", moves: ['record:1'] },
  { sql: "update addenda set text = 'Otra' where id = 1", refused: 'an addendum is never edited' },
  { sql: 'delete from addenda where id = 1', refused: 'an addendum is never deleted' },
  // A consultation keeps its author, its moment and its measurements.
  { sql: `insert into vitals (id, patient_id, date, history_id, created_at) values (1, 1, ${T}, 1, ${T})`, moves: ['record:1'] },
  { sql: `insert into labs (id, patient_id, date, history_id, created_at) values (1, 1, ${T}, 1, ${T})`, moves: ['record:1'] },
  { sql: 'update vitals set history_id = 2 where id = 1', refused: 'a vital sign stays with the consultation it was recorded at' },
  { sql: 'update labs set history_id = 2 where id = 1', refused: 'a lab result stays with the consultation it was recorded at' },
  { sql: 'update vitals set history_id = null where id = 1', moves: ['record:1'] },
  { sql: `update clinical_histories set created_at = ${LATER} where id = 1`, refused: 'a consultation note keeps its author and the moment it was written' },
  { sql: 'update clinical_histories set medic_id = 2 where id = 1', refused: 'a consultation note keeps its author and the moment it was written' },
  { sql: 'update clinical_histories set medic_id = null where id = 1', moves: ['record:1', 'agenda:1'] },
  // Deletions cascade through the rules as through the rows.
  { sql: 'delete from patients where id = 2', moves: ['access', 'list:1', 'search:1', 'agenda:1', 'patients:1', 'list:2', 'search:2', 'agenda:2', 'patients:2', 'link:1:2', 'link:2:2', 'record:2'] },
  { sql: 'delete from users where id = 2', moves: ['access', 'list:2', 'search:2', 'agenda:2', 'patients:2'] },
];

type Snapshot = Map<string, string | null>;

/** The keys whose value changed, appeared or went, and the new values of those that are not random. */
function changes(before: Snapshot, after: Snapshot) {
  const keys = [...new Set([...before.keys(), ...after.keys()])].filter((key) => before.get(key) !== after.get(key)).sort();
  return { moved: keys, values: Object.fromEntries(keys.filter((key) => !RANDOM.test(key)).map((key) => [key, after.get(key) ?? 'gone'])) };
}

describe.skipIf(await postgresUnreachable())('the database rules on PostgreSQL', () => {
  const postgres = useMigratedPostgres();
  let sqlite: Db;
  beforeAll(() => {
    sqlite = openDatabase(':memory:');
  });
  afterAll(() => {
    if (sqlite) engineOf(sqlite).close();
  });

  const sqliteSnapshot = (): Snapshot => new Map((sqliteEngineOf(sqlite).writer.prepare(COUNTERS).all() as { key: string; value: string | null }[]).map((row) => [row.key, row.value]));
  const postgresSnapshot = async (): Promise<Snapshot> => new Map((await postgres.pool.query<{ key: string; value: string | null }>(COUNTERS)).rows.map((row) => [row.key, row.value]));
  const refusal = (run: () => unknown) => {
    try {
      run();
      return undefined;
    } catch (error) {
      return (error as Error).message;
    }
  };

  it('moves the same counters, keeps the same counts, name copies and uses, and refuses the same writes as SQLite', async () => {
    for (const [at, step] of STEPS.entries()) {
      const label = `step ${at}: ${step.sql.replace(/\s+/g, ' ').slice(0, 90)}`;
      const sqliteBefore = sqliteSnapshot();
      const sqliteRefusal = refusal(() => sqliteEngineOf(sqlite).writer.exec(step.sql));
      const sqliteChanges = changes(sqliteBefore, sqliteSnapshot());

      const postgresBefore = await postgresSnapshot();
      const postgresRefusal = await postgres.pool.query(step.sql).then(
        () => undefined,
        (error: Error) => error.message,
      );
      const postgresChanges = changes(postgresBefore, await postgresSnapshot());

      expect({ label, refused: sqliteRefusal }).toEqual({ label, refused: step.refused });
      expect({ label, refused: postgresRefusal, ...postgresChanges }).toEqual({ label, refused: sqliteRefusal, ...sqliteChanges });
      if (step.moves) expect({ label, moved: sqliteChanges.moved }).toEqual({ label, moved: [...step.moves].sort() });
    }
    // What the steps leave: the renamed patient's name copied into their one remaining link.
    const { rows: links } = await postgres.pool.query('select medic_id::int as medic, patient_id::int as patient, lname, name from medic_patients order by 1, 2');
    expect(links).toEqual([{ medic: 1, patient: 1, lname: 'Cruz', name: 'Carolina' }]);
    const { rows: counts } = await postgres.pool.query('select medic_id::int as medic, patients::int as patients from medic_patient_counts order by 1');
    expect(counts).toEqual([{ medic: 1, patients: 1 }]);
  });

  it('keeps every version a safe JavaScript integer', async () => {
    const { rows } = await postgres.pool.query<{ unsafe: number }>(
      `select count(*)::int as unsafe from (select version as v from access_version union all select record_version from patients
       union all select list_version from medic_patient_counts union all select search_version from medic_patient_counts
       union all select agenda_version from medic_patient_counts) versions where v < 0 or v > 9007199254740991`,
    );
    expect(rows).toEqual([{ unsafe: 0 }]);
  });

  it('refuses to empty the audit trail and the issued documents with TRUNCATE, which skips row rules', async () => {
    for (const [table, message] of [
      ['audit_events', 'audit_events is append-only'],
      ['prescription_items', 'the items of an issued prescription are never deleted'],
      ['addenda', 'an addendum is never deleted'],
      ['prescriptions', 'prescriptions are never deleted: void it instead'],
    ] as const) {
      await expect(postgres.pool.query(`truncate ${table} cascade`), table).rejects.toThrow(message);
    }
  });
});

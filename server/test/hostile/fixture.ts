// The world the hostile suite attacks: one app with a practice administrator, a medic linked to
// patient A (with a full record), a stranger medic, and patient B, whose full record was written by
// a medic who has since been unlinked, so that no caller of the suite may change it.
// Between runs the fixture puts back what a run may legitimately undo (a logout, a changed password,
// an unlink), so every run meets the same callers.
import type { FastifyInstance } from 'fastify';
import { isDeepStrictEqual } from 'node:util';
import type { Session } from '../../../shared/auth';
import { engineNameOf } from '../../db/engine';
import { inTransaction } from '../../db/in-transaction';
import { postgresPlaceholders, rawGet, rawRows, rawRun } from '../../db/raw-sql';
import { bearer, buildTestApp, linkWithConsent, register, testConfig, uniqueEmail } from '../helpers';
import { samplePdf, samplePng } from '../sample-files';

/** Small, so that the suite can send files over the limit too. */
export const UPLOAD_LIMIT = 64 * 1024;

export type CallerName = 'medicA' | 'patientA' | 'strangerMedic' | 'patientB' | 'admin' | 'anonymous' | 'forgedToken';

export const callerNames: readonly CallerName[] = ['medicA', 'patientA', 'strangerMedic', 'patientB', 'admin', 'anonymous', 'forgedToken'];

export const callerLabel: Record<CallerName, string> = {
  medicA: "patient A's linked medic",
  patientA: 'patient A',
  strangerMedic: 'a stranger medic (approved, not linked)',
  patientB: 'patient B (a stranger patient)',
  admin: 'the practice administrator (not linked)',
  anonymous: 'no token',
  forgedToken: 'a forged token',
};

/** Ids and codes that exist, so that generated paths reach real rows, A's and B's. */
export interface KnownIds {
  patients: { A: number; B: number };
  users: { medicA: number; patientA: number; strangerMedic: number; patientB: number; admin: number; formerMedicB: number };
  medics: { medicA: number; strangerMedic: number; admin: number; formerMedicB: number };
  /** Per REST collection path (allergies, vitals, ...): the item ids of A and of B. */
  items: Record<string, { A: number[]; B: number[] }>;
  histories: { A: number[]; B: number[] };
  files: { A: number[]; B: number[] };
  codes: { A: string[]; B: string[] };
  /** A pending request of the stranger medic to patient A. */
  linkRequests: number[];
  emails: { medicA: string; patientA: string; strangerMedic: string; patientB: string; admin: string; formerMedicB: string };
}

export interface Fixture {
  app: FastifyInstance;
  sessions: Record<Exclude<CallerName, 'anonymous' | 'forgedToken'>, Session>;
  ids: KnownIds;
  /** Headers for one caller. */
  headersOf(caller: CallerName): Record<string, string>;
  /** Puts back the callers' sessions, passwords, statuses and links; B again has no linked medic. */
  restore(): Promise<void>;
  /** Patient B's record as B reads it and as the database holds it. */
  snapshotOfB(): Promise<SnapshotOfB>;
  /** Every code of a stored document, oldest first (uploads during the run included). */
  fileCodes(): Promise<string[]>;
}

export interface SnapshotOfB {
  /** GET /api/patients/me as B, without the parts that B's own consent calls may change. */
  me: unknown;
  /** Rows of every table with a patient_id column (record tables), by table. */
  tables: Record<string, unknown[]>;
  /** B's user profile columns. */
  user: unknown;
  /** Which medics are linked to B: only B's own consent calls may change it. */
  links: unknown[];
}

// Tables that are not part of the record: the audit trail grows with every call, and requests
// and emergency accesses are what strangers may legitimately create about a patient.
const NOT_RECORD_TABLES = new Set(['audit_events', 'link_requests', 'emergency_accesses', 'medic_patients', 'sessions']);

const FORGED_TOKEN =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOjEsInNpZCI6ImZvcmdlZCIsInR5cGUiOiJtZWRpYyJ9.c2lnbmF0dXJlLW5vdC12YWxpZA';

type Row = Record<string, unknown>;

/** A valid item of each record collection, by REST path, with the name of its id. */
export const recordSamples: Record<string, { idName: string; add: Record<string, unknown>; edit: Record<string, unknown> }> = {
  allergies: { idName: 'idPatientAllergy', add: { allergyName: 'Penicilina', severity: 'Severe', type: 'Drug', reaction: 'Urticaria' }, edit: { allergyName: 'Látex', severity: 'Mild' } },
  'pathological-records': { idName: 'idRecord', add: { condition: 'Asma', diagnosisDate: '2020-03-01', status: 'Chronic', notes: 'Inhalador' }, edit: { condition: 'Diabetes', status: 'Resolved' } },
  vitals: { idName: 'idVital', add: { date: '2026-01-10T09:00', systolic: 120, diastolic: 80, heartRate: 72, temperature: 36.6, oxygenSaturation: 98, respiratoryRate: 16, weight: 70.4 }, edit: { systolic: 135, heartRate: 90, weight: 69.8 } },
  labs: { idName: 'idLabs', add: { testName: 'Glucosa', value: '95', unit: 'mg/dL', referenceRange: '70-100', date: '2026-01-20', comment: 'Ayunas' }, edit: { value: '130', comment: 'Repetir' } },
  vaccines: { idName: 'idVaccine', add: { vaccineName: 'Tétanos', date: '2025-01-10', dose: '2', manufacturer: 'Acme', nextDose: '2035-01-10' }, edit: { dose: '3', manufacturer: 'Otro' } },
  contacts: { idName: 'idContact', add: { name: 'Rosa Díaz', relationship: 'Madre', phone: '555 0101', email: 'rosa@example.test', address: 'Calle 1' }, edit: { phone: '555 0303', relationship: 'Hermana' } },
  'family-history': { idName: 'idFamilyHistory', add: { relative: 'Madre', condition: 'Diabetes tipo 2', notes: 'Desde los 50 años' }, edit: { relative: 'Abuela materna', notes: '' } },
};


export async function buildFixture(): Promise<Fixture> {
  const app = await buildTestApp({ config: { ...testConfig(), maxUploadBytes: UPLOAD_LIMIT } });
  const { db } = app.deps;

  // The first medic is the practice administrator; every later one is approved by the helper.
  const admin = await register(app, { type: 'medic', email: uniqueEmail('admin'), name: 'Ada', lname: 'Admin' });
  const medicA = await register(app, { type: 'medic', email: uniqueEmail('medic.a'), name: 'Mario', lname: 'Medina' });
  const strangerMedic = await register(app, { type: 'medic', email: uniqueEmail('stranger'), name: 'Sara', lname: 'Stranger' });
  const formerMedicB = await register(app, { type: 'medic', email: uniqueEmail('former.b'), name: 'Felipe', lname: 'Former' });
  const patientA = await register(app, { type: 'patient', email: uniqueEmail('patient.a'), name: 'Ana', lname: 'Alba' });
  const patientB = await register(app, { type: 'patient', email: uniqueEmail('patient.b'), name: 'Berta', lname: 'Blanco' });

  const patientIdOf = async (session: Session) => (await rawGet<{ id: number }>(db, 'select id from patients where user_id = ?', [session.user.idUser]))!.id;
  const medicIdOf = async (session: Session) => (await rawGet<{ id: number }>(db, 'select id from medics where user_id = ?', [session.user.idUser]))!.id;
  const idA = await patientIdOf(patientA);
  const idB = await patientIdOf(patientB);

  const linkedA = await linkWithConsent(app, medicA, patientA);
  const linkedB = await linkWithConsent(app, formerMedicB, patientB);
  if (linkedA !== 200 || linkedB !== 200) throw new Error(`fixture links failed: ${linkedA} ${linkedB}`);

  const call = async (session: Session, method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) => {
    const response = await app.inject({ method, url, headers: bearer(session.access_token), payload });
    if (response.statusCode >= 300) throw new Error(`fixture ${method} ${url} failed: ${response.statusCode} ${response.body}`);
    return response.statusCode === 204 ? undefined : (response.json() as Row);
  };

  const today = new Date();
  const samples = recordSamples;

  /** A full record: every collection twice, two appointments, insurance, lifestyle, lookups and a document. */
  async function fillRecord(medic: Session, idPatient: number) {
    const items: Record<string, number[]> = {};
    for (const [path, sample] of Object.entries(samples)) {
      items[path] = [];
      for (let i = 0; i < 2; i += 1) {
        const item = (await call(medic, 'POST', `/api/patients/${idPatient}/${path}`, sample.add))!;
        items[path].push(item[sample.idName] as number);
      }
    }
    await call(medic, 'PATCH', `/api/patients/${idPatient}`, {
      phone: '555 0000',
      bloodGroup: 'O',
      bloodRh: '+',
      weight: 70.5,
      height: 170,
      profession: 'Docente',
      religion: 'Ninguna',
      insurance: { name: 'Sanitas', type: 'Privado', provider: 'Sanitas SA', policyNumber: 'P-1' },
      lifestyle: { alcohol: { frequency: 'Semanal', quantity: '2', type: 'Vino' }, physicalActivity: { frequency: 'Diaria', type: 'Correr', duration: '30 min' } },
    });
    const histories: number[] = [];
    for (const motive of ['Control', 'Dolor de cabeza']) {
      const history = (await call(medic, 'POST', '/api/clinical-history', { idPatient, date: localMoment(today), motive, medications: ['Paracetamol'] }))!;
      histories.push(history.idHistory as number);
    }
    const files: number[] = [];
    const codes: string[] = [];
    for (const [bytes, name] of [
      [samplePng, 'radiografía.png'],
      [samplePdf, 'informe.pdf'],
    ] as const) {
      const form = new FormData();
      form.append('comment', 'Documento de prueba');
      form.append('file', new Blob([new Uint8Array(bytes)]), name);
      const response = await app.inject({ method: 'POST', url: `/api/medics/patients/${idPatient}/files`, headers: bearer(medic.access_token), payload: form });
      if (response.statusCode !== 201) throw new Error(`fixture upload failed: ${response.statusCode} ${response.body}`);
      const file = response.json<{ idFile: number; code: string }>();
      files.push(file.idFile);
      codes.push(file.code);
    }
    return { items, histories, files, codes };
  }

  const recordA = await fillRecord(medicA, idA);
  const recordB = await fillRecord(formerMedicB, idB);
  // B's medic leaves: from now on B has no linked medic, so nothing the suite sends may change B's record.
  await call(formerMedicB, 'DELETE', `/api/medics/unlink-patient/${idB}`);

  // A pending request that patient A may accept or decline, and the stranger medic may withdraw.
  const asked = await app.inject({
    method: 'POST',
    url: '/api/medics/link-patient',
    payload: { patientEmail: patientA.user.email },
    headers: bearer(strangerMedic.access_token),
  });
  const linkRequests = asked.statusCode === 202 ? [asked.json<{ request: { idRequest: number } }>().request.idRequest] : [];

  const sessions = { medicA, patientA, strangerMedic, patientB, admin };
  const fixtureUserIds = Object.values(sessions).map((session) => session.user.idUser);
  const inList = fixtureUserIds.map(() => '?').join(',');
  const savedSessions = await rawRows<{ id: string }>(db, `select id from sessions where revoked_at is null and user_id in (${inList})`, fixtureUserIds);
  const savedUsers = await rawRows<Row>(db, `select id, email, password_hash, status, is_admin, must_change_password from users where id in (${inList})`, fixtureUserIds);
  const medicIdA = await medicIdOf(medicA);
  const savedLinkA = (await rawGet<Row>(db, 'select * from medic_patients where patient_id = ? and medic_id = ?', [idA, medicIdA]))!;

  const linkColumns = Object.keys(savedLinkA);
  const savedRequests: Row[] = [];
  for (const id of linkRequests) savedRequests.push((await rawGet<Row>(db, 'select * from link_requests where id = ?', [id]))!);
  const requestColumns = savedRequests[0] ? Object.keys(savedRequests[0]) : [];
  /** Sessions, passwords, statuses and emails of the fixture's accounts, and the practice's policy. */
  const restoreAccounts = () =>
    inTransaction(db, async () => {
      // A run that turned the practice's second-factor policy on would hold every medic back (403
      // TWO_FACTOR_REQUIRED) for the rest of the suite: it is put back off.
      await rawRun(db, 'update practice set require_two_factor_for_medics = 0');
      for (const { id } of savedSessions) await rawRun(db, 'update sessions set revoked_at = null where id = ?', [id]);
      // SQLite undoes only the failed statement; on PostgreSQL a failed statement aborts the whole
      // transaction unless a savepoint before it is rolled back to.
      const onPostgres = engineNameOf(db) === 'postgres';
      for (const user of savedUsers) {
        if (onPostgres) await rawRun(db, 'savepoint restore_user');
        try {
          await rawRun(db, 'update users set email = ?, password_hash = ?, status = ?, is_admin = ?, must_change_password = ? where id = ?', [
            user.email,
            user.password_hash,
            user.status,
            user.is_admin,
            user.must_change_password,
            user.id,
          ]);
        } catch {
          // The email was taken over by an account a run created; the saved one stays for the next restore.
          if (onPostgres) await rawRun(db, 'rollback to savepoint restore_user');
        }
        if (onPostgres) await rawRun(db, 'release savepoint restore_user');
      }
    });
  const restore = () =>
    inTransaction(db, async () => {
      await restoreAccounts();
      const linkValues = linkColumns.map(() => '?').join(',');
      await rawRun(
        db,
        {
          sqlite: `insert or ignore into medic_patients (${linkColumns.join(',')}) values (${linkValues})`,
          postgres: postgresPlaceholders(`insert into medic_patients (${linkColumns.join(',')}) values (${linkValues}) on conflict do nothing`),
        },
        linkColumns.map((c) => savedLinkA[c]),
      );
      // Only medic A stays linked to A (a run may have had A accept another medic's request), and the
      // fixture's request of the stranger medic to A is pending again, so every caller keeps its part.
      await rawRun(db, 'delete from medic_patients where patient_id = ? and medic_id <> ?', [idA, savedLinkA.medic_id]);
      const requestValues = requestColumns.map(() => '?').join(',');
      for (const request of savedRequests) {
        // PostgreSQL has no `insert or replace`: the rows it would replace (the same id, or the same
        // medic and patient) are deleted first, in the same transaction.
        if (engineNameOf(db) === 'postgres')
          await rawRun(db, 'delete from link_requests where id = ? or (medic_id = ? and patient_id = ?)', [request.id, request.medic_id, request.patient_id]);
        await rawRun(
          db,
          {
            sqlite: `insert or replace into link_requests (${requestColumns.join(',')}) values (${requestValues})`,
            postgres: postgresPlaceholders(`insert into link_requests (${requestColumns.join(',')}) values (${requestValues})`),
          },
          requestColumns.map((c) => request[c]),
        );
      }
      await rawRun(db, 'delete from medic_patients where patient_id = ?', [idB]);
    });

  // Each engine's catalog: SQLite's sqlite_master and pragma_table_info, PostgreSQL's information_schema.
  const recordTables: string[] = [];
  const tableNames = await rawRows<{ name: string }>(db, {
    sqlite: "select name from sqlite_master where type = 'table' and name not like 'sqlite_%'",
    postgres: "select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name",
  });
  for (const { name } of tableNames) {
    if (NOT_RECORD_TABLES.has(name)) continue;
    const columns = await rawRows<{ name: string }>(
      db,
      { sqlite: 'select name from pragma_table_info(?)', postgres: 'select column_name as name from information_schema.columns where table_schema = current_schema() and table_name = $1' },
      [name],
    );
    if (columns.some((c) => c.name === 'patient_id')) recordTables.push(name);
  }

  async function snapshotOfB(): Promise<SnapshotOfB> {
    // The rows first, as they are; then B's session is put back (a logout or an administrator's
    // password reset is not a change to the record) and B reads the record.
    const tables: Record<string, unknown[]> = { patients: [await rawGet(db, 'select * from patients where id = ?', [idB])] };
    // In the order the rows were stored on SQLite (rowid); PostgreSQL has no rowid: by the rows' whole text there.
    for (const name of recordTables)
      tables[name] = await rawRows(db, { sqlite: `select * from "${name}" where patient_id = ? order by rowid`, postgres: `select * from "${name}" where patient_id = $1 order by "${name}"::text` }, [idB]);
    const user = await rawGet(db, 'select id, email, type, name, lname, phone, address from users where id = ?', [patientB.user.idUser]);
    const links = await rawRows(db, 'select * from medic_patients where patient_id = ? order by medic_id', [idB]);
    await restoreAccounts();
    const response = await app.inject({ method: 'GET', url: '/api/patients/me', headers: bearer(patientB.access_token) });
    const body = response.statusCode === 200 ? (response.json() as Row) : { status: response.statusCode, body: response.body };
    const { linkRequests: _requests, doctors: _doctors, ...me } = body;
    return { me, tables, user, links };
  }

  const headersOf = (caller: CallerName): Record<string, string> => {
    if (caller === 'anonymous') return {};
    if (caller === 'forgedToken') return bearer(FORGED_TOKEN);
    return bearer(sessions[caller].access_token);
  };

  const ids: KnownIds = {
    patients: { A: idA, B: idB },
    users: {
      medicA: medicA.user.idUser,
      patientA: patientA.user.idUser,
      strangerMedic: strangerMedic.user.idUser,
      patientB: patientB.user.idUser,
      admin: admin.user.idUser,
      formerMedicB: formerMedicB.user.idUser,
    },
    medics: { medicA: medicIdA, strangerMedic: await medicIdOf(strangerMedic), admin: await medicIdOf(admin), formerMedicB: await medicIdOf(formerMedicB) },
    items: Object.fromEntries(Object.keys(samples).map((path) => [path, { A: recordA.items[path] ?? [], B: recordB.items[path] ?? [] }])),
    histories: { A: recordA.histories, B: recordB.histories },
    files: { A: recordA.files, B: recordB.files },
    codes: { A: recordA.codes, B: recordB.codes },
    linkRequests,
    emails: {
      medicA: medicA.user.email,
      patientA: patientA.user.email,
      strangerMedic: strangerMedic.user.email,
      patientB: patientB.user.email,
      admin: admin.user.email,
      formerMedicB: formerMedicB.user.email,
    },
  };

  await restore();
  return {
    app,
    sessions,
    ids,
    headersOf,
    restore,
    snapshotOfB,
    fileCodes: async () => (await rawRows<{ code: string }>(db, 'select code from files order by id')).map(({ code }) => code),
  };
}

/** What differs between two snapshots of B, as readable lines; empty when nothing changed. */
export function differences(before: SnapshotOfB, after: SnapshotOfB, options: { linksMayChange: boolean }): string[] {
  const out: string[] = [];
  if (!isDeepStrictEqual(before.me, after.me)) out.push(`GET /api/patients/me as B changed:\n  before ${brief(before.me)}\n  after  ${brief(after.me)}`);
  if (!isDeepStrictEqual(before.user, after.user)) out.push(`users row of B changed:\n  before ${brief(before.user)}\n  after  ${brief(after.user)}`);
  for (const table of new Set([...Object.keys(before.tables), ...Object.keys(after.tables)])) {
    const was = (before.tables[table] ?? []).map((row) => JSON.stringify(row));
    const is = (after.tables[table] ?? []).map((row) => JSON.stringify(row));
    const gone = was.filter((row) => !is.includes(row));
    const came = is.filter((row) => !was.includes(row));
    if (gone.length || came.length) {
      out.push(`table ${table} (B's rows) changed:\n  before ${brief(gone)}\n  after  ${brief(came)}`);
    }
  }
  if (!options.linksMayChange && !isDeepStrictEqual(before.links, after.links)) {
    out.push(`medics linked to B changed:\n  before ${brief(before.links)}\n  after  ${brief(after.links)}`);
  }
  return out;
}

const brief = (value: unknown) => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 600 ? `${text.slice(0, 600)}… (${text.length} chars)` : text;
};

const pad = (n: number) => String(n).padStart(2, '0');
/** Today in the practice's time zone (the process's TZ), YYYY-MM-DD. */
export const localDay = (date = new Date()) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
/** Now in the practice's time zone, YYYY-MM-DDTHH:mm. */
export const localMoment = (date = new Date()) => `${localDay(date)}T${pad(date.getHours())}:${pad(date.getMinutes())}`;

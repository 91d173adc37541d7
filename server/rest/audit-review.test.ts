// The administrator's audit review (issue 23, item 5): GET /admin/audit and GET /admin/audit/verify,
// and their tRPC twins admin.auditEvents and admin.verifyAudit. Only the administrator reads the
// trail; it comes newest first, 50 a page, under filters by practice-local days, actor, patient,
// action (exact or a family) and outcome; every viewing and every check is itself audited; and the
// check finds a row altered behind the server's back.
// The practice's clock for this file: six hours behind UTC, so that a practice-local day and a UTC
// day differ, and a filter that read `at` as UTC days would fail here.
process.env.TZ = 'America/Mexico_City';

import Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuditEvent, AuditEventsPage, AuditVerification } from '../../shared/admin';
import type { Session } from '../../shared/auth';
import { insertAuditEvents, type TestAuditEvent } from '../audit/audit-events.fixture';
import { computeAuditHead, signAuditHead, writeAuditHead } from '../audit/audit-head';
import { AUDIT_KEY_FILE } from '../audit/audit-key';
import { dropAuditTriggers } from '../audit/audit-tamper.fixture';
import { openDatabase } from '../db/client';
import { classifyError } from '../error-mapping';
import { bearer, buildTestApp, callerFor, errorOf, register, testConfig, uniqueEmail } from '../test/helpers';

let app: FastifyInstance;
let admin: Session;
let medic: Session;
let patient: Session;
let idPatient: number;

beforeAll(async () => {
  app = await buildTestApp();
  // The first medic is the practice's administrator.
  admin = await register(app, { type: 'medic', email: uniqueEmail('admin'), name: 'Ada', lname: 'Admin' });
  medic = await register(app, { type: 'medic', email: uniqueEmail('medic'), name: 'Mario', lname: 'Medina' });
  patient = await register(app, { type: 'patient', email: uniqueEmail('patient'), name: 'Lucía', lname: 'Hernández' });
  idPatient = (app.deps.db.$client.prepare('select id from patients where user_id = ?').get(patient.user.idUser) as { id: number }).id;
});
afterAll(() => app.close());

type Query = Record<string, string | number>;

interface Answer<T> {
  status: number;
  code: string | null;
  issues: string[];
  body: T | null;
}

const failed = (error: unknown): Answer<never> => {
  const classified = classifyError(error);
  return { status: classified.status, code: classified.code, issues: (classified.issues ?? []).map((issue) => issue.path), body: null };
};

interface Transport {
  read(session: Session | undefined, query: Query): Promise<Answer<AuditEventsPage>>;
  verify(session: Session | undefined, on?: FastifyInstance): Promise<Answer<AuditVerification>>;
}

async function restGet<T>(on: FastifyInstance, url: string, session: Session | undefined): Promise<Answer<T>> {
  const response = await on.inject({ method: 'GET', url, headers: session ? bearer(session.access_token) : {} });
  if (response.statusCode !== 200) {
    const error = errorOf(response);
    return { status: response.statusCode, code: error.code, issues: (error.issues ?? []).map((issue) => issue.path), body: null };
  }
  return { status: 200, code: null, issues: [], body: response.json<T>() };
}

const viaRest: Transport = {
  read: (session, query) =>
    restGet(app, `/api/admin/audit?${new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]))}`, session),
  verify: (session, on = app) => restGet(on, '/api/admin/audit/verify', session),
};

const viaTrpc: Transport = {
  read: (session, query) =>
    callerFor(app, session?.access_token)
      .admin.auditEvents(query)
      .then((body) => ({ status: 200, code: null, issues: [], body }), failed),
  verify: (session, on = app) =>
    callerFor(on, session?.access_token)
      .admin.verifyAudit()
      .then((body) => ({ status: 200, code: null, issues: [], body }), failed),
};

let families = 0;
/** An action family of the test's own, so that a filter on it sees only the test's events. */
const newFamily = () => `test${++families}.`;

const sqlite = () => app.deps.db.$client;
const insert = (events: TestAuditEvent[]) => insertAuditEvents(sqlite(), events);
const idsOf = (answer: Answer<AuditEventsPage>) => answer.body!.events.map((event) => event.id);

/** A moment of the practice's clock, as the trail stores it (ISO 8601 UTC). */
const localAt = (year: number, month: number, day: number, hours = 12, minutes = 0, seconds = 0, ms = 0) =>
  new Date(year, month - 1, day, hours, minutes, seconds, ms).toISOString();

describe.each([
  ['REST', viaRest],
  ['tRPC', viaTrpc],
] as const)('the audit review through %s', (_transport, transport) => {
  it('lets only the administrator read or verify the trail: 401 without a token, 403 for a medic or a patient', async () => {
    for (const [session, status, code] of [
      [undefined, 401, 'UNAUTHENTICATED'],
      [medic, 403, 'FORBIDDEN'],
      [patient, 403, 'FORBIDDEN'],
    ] as const) {
      const read = await transport.read(session, {});
      expect([read.status, read.code, read.body]).toEqual([status, code, null]);
      const verified = await transport.verify(session);
      expect([verified.status, verified.code, verified.body]).toEqual([status, code, null]);
    }
    expect((await transport.read(admin, {})).status).toBe(200);
    expect((await transport.verify(admin)).status).toBe(200);
  });

  it('answers newest first, 50 a page, with the total of the filter and empty pages past its end', async () => {
    const action = `${newFamily()}paging`;
    const ids = insert(Array.from({ length: 120 }, (_, index) => ({ action, detail: `event ${index}` })));
    const pages = await Promise.all([1, 2, 3, 4].map((page) => transport.read(admin, { action, page })));
    expect(pages.map((answer) => [answer.body!.page, answer.body!.pageSize, answer.body!.total, answer.body!.events.length])).toEqual([
      [1, 50, 120, 50],
      [2, 50, 120, 50],
      [3, 50, 120, 20],
      [4, 50, 120, 0],
    ]);
    expect(pages.flatMap(idsOf)).toEqual([...ids].reverse());
    // No page asked for is the first page.
    expect(idsOf(await transport.read(admin, { action }))).toEqual(idsOf(pages[0]!));
  });

  it('reads the page after an event by its id (cursor), as the next page number would', async () => {
    const action = `${newFamily()}cursor`;
    const ids = insert(Array.from({ length: 75 }, (_, index) => ({ action, detail: `event ${index}` })));
    const first = await transport.read(admin, { action });
    const next = await transport.read(admin, { action, cursor: idsOf(first).at(-1)! });
    expect(next.body!.total).toBe(75);
    expect(idsOf(next)).toEqual(idsOf(await transport.read(admin, { action, page: 2 })));
    expect([...idsOf(first), ...idsOf(next)]).toEqual([...ids].reverse());
  });

  it('filters by the actor, the patient, the outcome, an exact action or a family of actions, together', async () => {
    const family = newFamily();
    const [byMedic, byMedicOnPatient, deniedOnPatient, otherAction, nested] = insert([
      { action: `${family}read`, actorUserId: medic.user.idUser, actorType: 'medic' },
      { action: `${family}read`, actorUserId: medic.user.idUser, actorType: 'medic', patientId: idPatient },
      { action: `${family}read`, actorUserId: admin.user.idUser, actorType: 'medic', patientId: idPatient, outcome: 'denied' },
      { action: `${family}write`, actorUserId: admin.user.idUser, actorType: 'medic' },
      { action: `${family}read.more`, outcome: 'failure' },
    ]);
    // Actions that share the family's letters but not its dot stay out of it.
    insert([{ action: `${family.slice(0, -1)}x.read` }, { action: family.slice(0, -1) }]);

    const ids = async (query: Query) => idsOf(await transport.read(admin, query));
    expect(await ids({ action: family })).toEqual([nested, otherAction, deniedOnPatient, byMedicOnPatient, byMedic]);
    expect(await ids({ action: `${family}read` })).toEqual([deniedOnPatient, byMedicOnPatient, byMedic]);
    expect(await ids({ action: `${family}read.` })).toEqual([nested]);
    expect(await ids({ action: family, idUser: medic.user.idUser })).toEqual([byMedicOnPatient, byMedic]);
    expect(await ids({ action: family, idPatient })).toEqual([deniedOnPatient, byMedicOnPatient]);
    expect(await ids({ action: family, idPatient, idUser: medic.user.idUser })).toEqual([byMedicOnPatient]);
    expect(await ids({ action: family, outcome: 'denied' })).toEqual([deniedOnPatient]);
    expect(await ids({ action: family, outcome: 'failure' })).toEqual([nested]);
    expect((await transport.read(admin, { action: family, outcome: 'success' })).body!.total).toBe(3);
  });

  it("filters by a patient's name, case and accents ignored, words in any order, with the other filters and paging", async () => {
    const family = newFamily();
    // A patient of this test's own, under a name no other test gives: found through the patient list's index.
    const other = await register(app, { type: 'patient', email: uniqueEmail('nunez'), name: 'José Ángel', lname: `Núñez ${family.slice(0, -1)}` });
    const idOther = (sqlite().prepare('select id from patients where user_id = ?').get(other.user.idUser) as { id: number }).id;
    const [onLucia, onJose, byMedicOnJose] = insert([
      { action: `${family}read`, patientId: idPatient },
      { action: `${family}read`, patientId: idOther },
      { action: `${family}write`, actorUserId: medic.user.idUser, actorType: 'medic', patientId: idOther },
      { action: `${family}read` },
    ]);
    const ids = async (query: Query) => idsOf(await transport.read(admin, { action: family, ...query }));
    expect(await ids({ patient: 'lucia hernandez' })).toEqual([onLucia]);
    expect(await ids({ patient: 'HERNÁNDEZ Lucía' })).toEqual([onLucia]);
    expect(await ids({ patient: 'jose angel nunez' })).toEqual([byMedicOnJose, onJose]);
    expect(await ids({ patient: `NÚÑEZ ${family.slice(0, -1).toUpperCase()}` })).toEqual([byMedicOnJose, onJose]);
    // With the other filters: all of them hold.
    expect(await ids({ patient: 'Núñez', idUser: medic.user.idUser })).toEqual([byMedicOnJose]);
    expect(await ids({ patient: 'Núñez', action: `${family}read` })).toEqual([onJose]);
    expect(await ids({ patient: 'Núñez', idPatient })).toEqual([]);
    // Paging: the total is the filter's, and the cursor goes on inside it.
    const first = await transport.read(admin, { action: family, patient: 'nunez' });
    expect(first.body!.total).toBe(2);
    expect(idsOf(await transport.read(admin, { action: family, patient: 'nunez', cursor: byMedicOnJose! }))).toEqual([onJose]);
    // A name that names nobody selects nothing, not everything.
    const unknown = await transport.read(admin, { action: family, patient: 'Zacarías Inexistente' });
    expect([unknown.status, unknown.body!.total, idsOf(unknown)]).toEqual([200, 0, []]);
  });

  it("refuses a patient's name shorter than three characters, and lets only the administrator filter by one", async () => {
    const short = await transport.read(admin, { patient: 'lu' });
    expect([short.status, short.code, short.issues]).toEqual([400, 'VALIDATION_FAILED', ['patient']]);
    for (const [session, status] of [
      [undefined, 401],
      [medic, 403],
      [patient, 403],
    ] as const) {
      const read = await transport.read(session, { patient: 'Lucía Hernández' });
      expect([read.status, read.body]).toEqual([status, null]);
    }
  });

  it('reads from and to as practice-local days, both counted whole', async () => {
    const action = `${newFamily()}days`;
    const [dayBefore, firstMoment, lastMoment, dayAfter] = insert([
      { action, at: localAt(2026, 3, 9, 23, 59, 59, 999) },
      { action, at: localAt(2026, 3, 10, 0, 0) },
      { action, at: localAt(2026, 3, 12, 23, 59, 59, 999) },
      { action, at: localAt(2026, 3, 13, 0, 0) },
    ]);
    const ids = async (query: Query) => idsOf(await transport.read(admin, { action, ...query }));
    expect(await ids({ from: '2026-03-10', to: '2026-03-12' })).toEqual([lastMoment, firstMoment]);
    expect(await ids({ from: '2026-03-10' })).toEqual([dayAfter, lastMoment, firstMoment]);
    expect(await ids({ to: '2026-03-09' })).toEqual([dayBefore]);
    expect(await ids({ from: '2026-03-13', to: '2026-03-13' })).toEqual([dayAfter]);
    // An empty value filters on nothing, as an absent one.
    expect(await ids({ from: '', to: '' })).toEqual([dayAfter, lastMoment, firstMoment, dayBefore]);
  });

  it('shows the actor under the name kept on the event, the patient, the outcome and whether it was an emergency', async () => {
    const action = `${newFamily()}shape`;
    const at = localAt(2026, 5, 4, 9, 30);
    const [keptName, legacyRow, anonymous, emergency, unknownPatient] = insert([
      { action, at, actorUserId: medic.user.idUser, actorType: 'medic', actorName: 'Mario Antes', actorLname: 'Medina Antes', ip: '10.0.0.7' },
      { action, at, actorUserId: medic.user.idUser, actorType: 'medic' },
      { action, at, outcome: 'denied', detail: 'UNAUTHENTICATED', ip: null },
      { action, at, actorUserId: medic.user.idUser, actorType: 'medic', actorName: 'Mario', actorLname: 'Medina', patientId: idPatient, emergency: true, detail: 'Paciente inconsciente' },
      { action, at, actorUserId: admin.user.idUser, actorType: 'medic', actorName: 'Ada', actorLname: 'Admin', patientId: 999_999, outcome: 'failure' },
    ]);
    const events = new Map((await transport.read(admin, { action })).body!.events.map((event) => [event.id, event]));
    const eventOf = (id: number | undefined) => events.get(id!);
    const mario = { idUser: medic.user.idUser, type: 'medic' as const };
    expect(eventOf(keptName)).toEqual<AuditEvent>({
      id: keptName!,
      at,
      actor: { ...mario, name: 'Mario Antes', lname: 'Medina Antes' },
      action,
      idPatient: null,
      patient: null,
      outcome: 'success',
      ip: '10.0.0.7',
      emergency: false,
      detail: null,
    });
    // A row from before names were kept shows the name the account has now.
    expect(eventOf(legacyRow)!.actor).toEqual({ ...mario, name: 'Mario', lname: 'Medina' });
    expect(eventOf(anonymous)).toMatchObject({ actor: null, outcome: 'denied', detail: 'UNAUTHENTICATED', ip: null });
    expect(eventOf(emergency)).toMatchObject({ idPatient, patient: { name: 'Lucía', lname: 'Hernández' }, emergency: true, detail: 'Paciente inconsciente' });
    expect(eventOf(unknownPatient)).toMatchObject({ idPatient: 999_999, patient: null, outcome: 'failure' });
  });

  it('refuses a range that ends before it starts, an unknown outcome, page 0 and ids that are not plain decimal (400)', async () => {
    for (const [query, field] of [
      [{ from: '2026-03-12', to: '2026-03-10' }, 'to'],
      [{ from: '2026-02-30' }, 'from'],
      [{ outcome: 'maybe' }, 'outcome'],
      [{ page: 0 }, 'page'],
      [{ idPatient: '0x10' }, 'idPatient'],
      [{ idUser: '1e3' }, 'idUser'],
      [{ action: 'x'.repeat(101) }, 'action'],
    ] as const) {
      const answer = await transport.read(admin, query);
      expect([answer.status, answer.code, answer.issues], JSON.stringify(query)).toEqual([400, 'VALIDATION_FAILED', [field]]);
    }
  });

  it('audits every viewing as audit.read by the administrator, with the filter and the page', async () => {
    const action = `${newFamily()}watched`;
    await transport.read(admin, { action, idPatient, page: 2 });
    const viewing = (await transport.read(admin, { action: 'audit.read', idUser: admin.user.idUser })).body!.events[0]!;
    expect(viewing).toMatchObject({ action: 'audit.read', outcome: 'success', actor: { idUser: admin.user.idUser, name: 'Ada', lname: 'Admin' } });
    expect(JSON.parse(viewing.detail!)).toEqual({ action, idPatient, page: 2 });
  });

  it('audits every check as audit.verify with what it found', async () => {
    await transport.verify(admin);
    const check = (await transport.read(admin, { action: 'audit.verify' })).body!.events[0]!;
    expect(check).toMatchObject({ actor: { idUser: admin.user.idUser }, outcome: 'success' });
    expect(check.detail).toMatch(/^intact: \d+ rows verified/);
  });
});

describe('a page of the trail', () => {
  it('is read with one statement and one count, whatever the page holds', async () => {
    const action = `${newFamily()}statements`;
    insert(Array.from({ length: 60 }, () => ({ action, actorUserId: medic.user.idUser, actorType: 'medic' as const, patientId: idPatient })));
    // Statements are compiled once and kept (db/prepared.ts preparedText): what counts is what runs.
    const statement = Object.getPrototypeOf(sqlite().prepare('select 1')) as { all: () => unknown; get: () => unknown };
    const all = vi.spyOn(statement, 'all');
    const get = vi.spyOn(statement, 'get');
    try {
      const answer = await viaTrpc.read(admin, { action });
      expect(answer.body!.events).toHaveLength(50);
      const ran = [...all.mock.contexts, ...get.mock.contexts] as { source: string }[];
      const reads = ran.map(({ source }) => source).filter((text) => /^\s*select/i.test(text) && /audit_events/.test(text));
      expect(reads).toHaveLength(2);
    } finally {
      all.mockRestore();
      get.mockRestore();
    }
  });

  it('reads a page asked for again from memory, and the next event the filter selects on the very next read', async () => {
    const action = `${newFamily()}kept`;
    const [first] = insert([{ action, actorUserId: medic.user.idUser, actorType: 'medic' }]);
    const statement = Object.getPrototypeOf(sqlite().prepare('select 1')) as { all: () => unknown };
    const all = vi.spyOn(statement, 'all');
    const pageReads = () => (all.mock.contexts as { source: string }[]).filter(({ source }) => /from audit_events e/.test(source) && /order by e\.id/.test(source)).length;
    try {
      for (let read = 0; read < 3; read++) expect(idsOf(await viaRest.read(admin, { action }))).toEqual([first]);
      // The first two reads run the page's statement (a page is kept once asked for twice), the third does not.
      expect(pageReads()).toBe(2);
      const [next] = insert([{ action, actorUserId: medic.user.idUser, actorType: 'medic' }]);
      const answer = await viaRest.read(admin, { action });
      expect(idsOf(answer)).toEqual([next, first]);
      expect(answer.body!.total).toBe(2);
    } finally {
      all.mockRestore();
    }
  });

  it("shows an account's new name on the next read of a kept page, for events from before names were kept", async () => {
    const action = `${newFamily()}renamed`;
    insert([{ action, actorUserId: medic.user.idUser, actorType: 'medic' }]);
    const nameShown = async () => (await viaRest.read(admin, { action })).body!.events[0]!.actor!.name;
    const rename = sqlite().prepare('update users set name = ? where id = ?');
    try {
      for (let read = 0; read < 3; read++) expect(await nameShown()).toBe('Mario');
      rename.run('Mariano', medic.user.idUser);
      expect(await nameShown()).toBe('Mariano');
    } finally {
      rename.run('Mario', medic.user.idUser);
    }
  });
});

describe('verifying the trail', () => {
  let dir: string;
  let fileApp: FastifyInstance;
  let fileAdmin: Session;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'expediente-audit-verify-'));
    fileApp = await buildTestApp({ config: testConfig({ dataDir: dir }), db: openDatabase(join(dir, 'expediente.db')) });
    fileAdmin = await register(fileApp, { type: 'medic', email: uniqueEmail('admin'), name: 'Ada', lname: 'Admin' });
  });
  afterAll(async () => {
    await fileApp.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ['REST', viaRest],
    ['tRPC', viaTrpc],
  ] as const)('through %s: ok on a fresh practice, every row checked and none broken', async (_transport, transport) => {
    const rows = fileApp.deps.db.$client.prepare('select count(*) from audit_events').pluck().get() as number;
    const answer = await transport.verify(fileAdmin, fileApp);
    expect(answer.body).toEqual({ ok: true, checked: rows, unsealed: rows, firstBrokenId: null });
  });

  it('with since=checkpoint recomputes only the rows after the sealed head, through REST and tRPC alike', async () => {
    const sqlite = fileApp.deps.db.$client;
    insertAuditEvents(sqlite, [{ action: 'test.before-seal' }, { action: 'test.before-seal' }]);
    // Sealed as the server's head writer seals it every five minutes.
    const key = readFileSync(join(dir, AUDIT_KEY_FILE), 'utf8').trim();
    writeAuditHead(dir, signAuditHead(computeAuditHead(sqlite)!, key));
    insertAuditEvents(sqlite, [{ action: 'test.after-seal' }]);
    const rows = sqlite.prepare('select count(*) from audit_events').pluck().get() as number;

    const rest = await restGet<AuditVerification>(fileApp, '/api/admin/audit/verify?since=checkpoint', fileAdmin);
    expect(rest.body).toMatchObject({ ok: true, firstBrokenId: null });
    // The row written after the seal, and nothing up to the head.
    expect(rest.body!.checked).toBe(1);
    const trpc = await callerFor(fileApp, fileAdmin.access_token).admin.verifyAudit({ since: 'checkpoint' });
    expect(trpc).toMatchObject({ ok: true, firstBrokenId: null });
    // The first check's own audit event is new since the head as well.
    expect(trpc.checked).toBe(2);
    expect(trpc.checked).toBeLessThan(rows);
    const refused = await restGet(fileApp, '/api/admin/audit/verify?since=yesterday', fileAdmin);
    expect([refused.status, refused.code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('names the row whose detail was altered from another connection, through REST and tRPC alike', async () => {
    const altered = insertAuditEvents(fileApp.deps.db.$client, [{ action: 'test.tampered', detail: 'as it happened' }])[0]!;
    insertAuditEvents(fileApp.deps.db.$client, [{ action: 'test.after' }]);
    expect((await viaRest.verify(fileAdmin, fileApp)).body!.ok).toBe(true);

    // Someone who can write the database file, and drops the append-only triggers to do it.
    const other = new Database(join(dir, 'expediente.db'));
    try {
      dropAuditTriggers(other);
      other.prepare('update audit_events set detail = ? where id = ?').run('as someone wished', altered);
    } finally {
      other.close();
    }
    for (const transport of [viaRest, viaTrpc]) {
      const answer = await transport.verify(fileAdmin, fileApp);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ ok: false, firstBrokenId: altered });
      expect(answer.body!.checked).toBe(altered - 1);
    }
  });
});

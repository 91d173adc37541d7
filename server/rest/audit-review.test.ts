// The administrator's audit review: GET /admin/audit and GET /admin/audit/verify,
// and their tRPC twins admin.auditEvents and admin.verifyAudit. Only the administrator reads the
// trail; it comes newest first, 50 a page, under filters by practice-local days, actor, patient,
// action (exact or a family) and outcome; every viewing and every check is itself audited; and the
// check finds a row altered behind the server's back.
// The practice's clock for this file: six hours behind UTC, so that a practice-local day and a UTC
// day differ, and a filter that read `at` as UTC days would fail here.
process.env.TZ = 'America/Mexico_City';

import { describe, expect, it } from 'vitest';
import type { AuditEvent } from '../../shared/admin';
import { rawGet } from '../db/raw-sql';
import { register, uniqueEmail } from '../test/helpers';
import { app, admin, medic, patient, idPatient, useAuditReviewPractice, type Query, viaRest, viaTrpc, newFamily, insert, idsOf, localAt } from './audit-review.fixture';

useAuditReviewPractice();

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
    const ids = await insert(Array.from({ length: 120 }, (_, index) => ({ action, detail: `event ${index}` })));
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
    const ids = await insert(Array.from({ length: 75 }, (_, index) => ({ action, detail: `event ${index}` })));
    const first = await transport.read(admin, { action });
    const next = await transport.read(admin, { action, cursor: idsOf(first).at(-1)! });
    expect(next.body!.total).toBe(75);
    expect(idsOf(next)).toEqual(idsOf(await transport.read(admin, { action, page: 2 })));
    expect([...idsOf(first), ...idsOf(next)]).toEqual([...ids].reverse());
  });

  it('filters by the actor, the patient, the outcome, an exact action or a family of actions, together', async () => {
    const family = newFamily();
    const [byMedic, byMedicOnPatient, deniedOnPatient, otherAction, nested] = await insert([
      { action: `${family}read`, actorUserId: medic.user.idUser, actorType: 'medic' },
      { action: `${family}read`, actorUserId: medic.user.idUser, actorType: 'medic', patientId: idPatient },
      { action: `${family}read`, actorUserId: admin.user.idUser, actorType: 'medic', patientId: idPatient, outcome: 'denied' },
      { action: `${family}write`, actorUserId: admin.user.idUser, actorType: 'medic' },
      { action: `${family}read.more`, outcome: 'failure' },
    ]);
    // Actions that share the family's letters but not its dot stay out of it.
    await insert([{ action: `${family.slice(0, -1)}x.read` }, { action: family.slice(0, -1) }]);

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
    const idOther = (await rawGet<{ id: number }>(app.deps.db, 'select id from patients where user_id = ?', [other.user.idUser]))!.id;
    const [onLucia, onJose, byMedicOnJose] = await insert([
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
    const [dayBefore, firstMoment, lastMoment, dayAfter] = await insert([
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
    const [keptName, legacyRow, anonymous, emergency, unknownPatient] = await insert([
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

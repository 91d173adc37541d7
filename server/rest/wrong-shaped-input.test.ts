// A body that is not a JSON object, and a query parameter given twice or as an array, answer
// 400 VALIDATION_FAILED on both transports (API.md "Account changes that need the password again").
// Before, a PATCH body of [] or null answered 200 and changed nothing, and `?idUser[]=1` answered 200
// with the filter dropped: each case below replays one of those and shows the 400 that replaced it,
// beside the same call in its right shape, which works.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEventsPage } from '../../shared/admin';
import type { Session } from '../../shared/auth';
import { localDay } from '../../shared/dates';
import { appRouter } from '../trpc/router';
import { bearer, buildTestApp, callerFor, errorOf, medicAndLinkedPatient, register, uniqueEmail } from '../test/helpers';
import { procedureOutcome } from '../test/transports';

// A fixed "now": an appointment can be changed on its own day only.
const now = new Date(2026, 5, 15, 10, 30);

let app: FastifyInstance;
let admin: Session;
beforeAll(async () => {
  app = await buildTestApp({ now: () => now });
  admin = await register(app, { type: 'medic', email: uniqueEmail('admin'), name: 'Ada', lname: 'Admin' });
});
afterAll(() => app.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
/** A REST call whose body is sent as this exact JSON text. */
const send = (method: Method, url: string, session: Session | undefined, json?: string) =>
  app.inject({
    method,
    url,
    headers: { ...(session ? bearer(session.access_token) : {}), ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(json === undefined ? {} : { payload: json }),
  });

const NOT_OBJECTS = ['[]', 'null', '1', '"x"', 'true', '[{"name":"Eva"}]'];

function expectNotAnObject(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(400);
  expect(errorOf(response)).toEqual({
    statusCode: 400,
    error: 'Bad Request',
    code: 'VALIDATION_FAILED',
    message: 'Invalid input. input: The request must send one JSON object, not a list, a number, a text or null',
    issues: [{ path: '', message: 'validation.objectExpected' }],
  });
}

function expectOneValue(response: LightMyRequestResponse, ...names: string[]) {
  expect(response.statusCode, response.body).toBe(400);
  const body = errorOf(response);
  expect(body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
  expect(body.issues).toEqual(names.map((path) => ({ path, message: 'validation.singleValue' })));
  for (const name of names) expect(body.message).toContain(`${name}: Give this parameter once, with one value`);
}

async function linkedRecord() {
  const { medic, idPatient } = await medicAndLinkedPatient(app);
  const allergy = await send('POST', `/api/patients/${idPatient}/allergies`, medic, JSON.stringify({ allergyName: 'Penicilina', severity: 'Severe' }));
  const appointment = await send('POST', '/api/clinical-history', medic, JSON.stringify({ idPatient, date: `${localDay(now)}T11:00`, motive: 'Control' }));
  expect([allergy.statusCode, appointment.statusCode]).toEqual([201, 201]);
  return { medic, idPatient, idAllergy: allergy.json<{ idPatientAllergy: number }>().idPatientAllergy, idHistory: appointment.json<{ idHistory: number }>().idHistory };
}

describe('a REST body that is not a JSON object', () => {
  it('is refused by PATCH /api/medics/me, and the profile stays as it was', async () => {
    const medic = await register(app, { type: 'medic', email: uniqueEmail('medic'), name: 'Elena' });
    for (const body of NOT_OBJECTS) expectNotAnObject(await send('PATCH', '/api/medics/me', medic, body));
    expect((await send('GET', '/api/medics/me', medic)).json()).toMatchObject({ name: 'Elena' });
    const renamed = await send('PATCH', '/api/medics/me', medic, '{"name":"Elisa"}');
    expect([renamed.statusCode, renamed.json().name]).toEqual([200, 'Elisa']);
  });

  it('is refused by PATCH /api/patients/:idPatient, which answered 200 and changed nothing', async () => {
    const { medic, idPatient } = await linkedRecord();
    const before = (await send('GET', `/api/patients/${idPatient}`, medic)).json();
    for (const body of NOT_OBJECTS) expectNotAnObject(await send('PATCH', `/api/patients/${idPatient}`, medic, body));
    expect((await send('GET', `/api/patients/${idPatient}`, medic)).json()).toEqual(before);
    expect((await send('PATCH', `/api/patients/${idPatient}`, medic, '{"phone":"555 0101"}')).json()).toMatchObject({ phone: '555 0101' });
  });

  it('is refused by the writes whose path names the record: an item, an appointment, a new vital', async () => {
    const { medic, idPatient, idAllergy, idHistory } = await linkedRecord();
    for (const body of NOT_OBJECTS) {
      expectNotAnObject(await send('PATCH', `/api/patients/${idPatient}/allergies/${idAllergy}`, medic, body));
      expectNotAnObject(await send('PATCH', `/api/clinical-history/${idHistory}`, medic, body));
      expectNotAnObject(await send('POST', `/api/patients/${idPatient}/vitals`, medic, body));
      expectNotAnObject(await send('POST', `/api/clinical-history/${idHistory}/addenda`, medic, body));
    }
    expect((await send('PATCH', `/api/patients/${idPatient}/allergies/${idAllergy}`, medic, '{"severity":"Mild"}')).json()).toMatchObject({ severity: 'Mild' });
    expect((await send('PATCH', `/api/clinical-history/${idHistory}`, medic, '{"motive":"Revisión"}')).json()).toMatchObject({ motive: 'Revisión' });
  });

  it('is refused by sign-in and registration, before any account is looked at', async () => {
    for (const body of NOT_OBJECTS) {
      expectNotAnObject(await send('POST', '/api/auth/login', undefined, body));
      expectNotAnObject(await send('POST', '/api/auth/register', undefined, body));
    }
  });

  it('is refused by a route that reads nothing from its body; no body, or an empty object, still works', async () => {
    const medic = await register(app, { type: 'medic', email: uniqueEmail('medic') });
    expectNotAnObject(await send('POST', '/api/auth/logout', medic, '[]'));
    expect((await send('GET', '/api/auth/profile', medic)).statusCode).toBe(200);
    expect((await send('POST', '/api/auth/logout', medic, '{}')).statusCode).toBe(204);
    const other = await register(app, { type: 'medic', email: uniqueEmail('medic') });
    expect((await send('POST', '/api/auth/logout', other)).statusCode).toBe(204);
  });
});

describe('a tRPC input that is not a JSON object', () => {
  it('answers BAD_REQUEST with VALIDATION_FAILED and the same issue, in process', async () => {
    const { medic, idPatient } = await linkedRecord();
    const caller = callerFor(app, medic.access_token);
    for (const input of [[], null, 1, 'x', [{ idPatient }]]) {
      await expect(caller.medics.updateMe(input as never)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
      for (const call of [() => caller.medics.updateMe(input as never), () => caller.patients.update(input as never), () => caller.auth.login(input as never)]) {
        expect(await procedureOutcome(call)).toEqual({ status: 400, code: 'VALIDATION_FAILED', body: { issues: [{ path: '', message: 'validation.objectExpected' }] } });
      }
    }
  });

  it('answers HTTP 400 with appCode VALIDATION_FAILED over /trpc', async () => {
    const { medic } = await linkedRecord();
    for (const body of NOT_OBJECTS) {
      const response = await send('POST', '/trpc/medics.updateMe', medic, body);
      expect(response.statusCode, `${body}: ${response.body}`).toBe(400);
      expect(response.json().error.data).toMatchObject({ code: 'BAD_REQUEST', appCode: 'VALIDATION_FAILED', issues: [{ path: '', message: 'validation.objectExpected' }] });
    }
    expect((await send('POST', '/trpc/medics.updateMe', medic, '{"about":"Medicina familiar"}')).statusCode).toBe(200);
  });

  it('turns no valid call away: no procedure takes an input that is not an object', async () => {
    const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { inputs: { safeParse: (value: unknown) => { success: boolean } }[] } }>;
    const taking = Object.entries(procedures).filter(([, procedure]) => procedure._def.inputs.length > 0);
    expect(taking.length).toBeGreaterThan(40);
    for (const [path, procedure] of taking) {
      for (const input of [[], null, 1, 'x', true]) {
        expect(procedure._def.inputs.every((schema) => schema.safeParse(input).success), `${path} takes ${JSON.stringify(input)}`).toBe(false);
      }
    }
  });
});

describe('a query parameter given twice or as an array', () => {
  const asAdmin = (url: string) => send('GET', url, admin);

  it('is refused by the audit review, which answered 200 with the filter dropped', async () => {
    const idUser = admin.user.idUser;
    for (const query of [`idUser[]=${idUser}`, `idUser=${idUser}&idUser=${idUser + 1}`, `idUser[0]=${idUser}`, `idUser[a]=${idUser}`, `idUser=${idUser}&idUser[]=${idUser}`]) {
      expectOneValue(await asAdmin(`/api/admin/audit?${query}`), 'idUser');
      expectOneValue(await asAdmin(`/api/admin/audit.csv?${query}`), 'idUser');
    }
    expectOneValue(await asAdmin('/api/admin/audit?action=auth.&from=2026-01-01&from=2026-02-01&outcome[]=denied'), 'from', 'outcome');
    // One value is read as the filter it is.
    const filtered = await asAdmin(`/api/admin/audit?idUser=${idUser}`);
    expect(filtered.statusCode).toBe(200);
    const { events } = filtered.json<AuditEventsPage>();
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((event) => event.actor?.idUser === idUser)).toBe(true);
    expect((await asAdmin(`/api/admin/audit.csv?idUser=${idUser}`)).statusCode).toBe(200);
  });

  it('is refused on the searches, the paged list, the agenda, the catalog and the access log', async () => {
    const { medic, patient } = await medicAndLinkedPatient(app);
    const asMedic = (url: string) => send('GET', url, medic);
    expectOneValue(await asMedic('/api/medics/search-patients?q=Ana&q=Ruiz'), 'q');
    expectOneValue(await asMedic('/api/medics/search?q[]=Ana'), 'q');
    expectOneValue(await asMedic('/api/medics/my-patients?limit=5&limit=50'), 'limit');
    expectOneValue(await asMedic('/api/medics/agenda?from[]=2026-06-15'), 'from');
    expectOneValue(await asMedic('/api/catalog/diagnoses?q=gripe&lang=es&lang=en'), 'lang');
    expectOneValue(await send('GET', '/api/patients/me/access-log?page=1&page=2', patient), 'page');
    expect((await asMedic('/api/medics/search-patients?q=Ana')).statusCode).toBe(200);
    expect((await asMedic('/api/medics/my-patients?limit=5')).statusCode).toBe(200);
    expect((await send('GET', '/api/patients/me/access-log?page=1', patient)).statusCode).toBe(200);
  });

  it('is refused over /trpc, where the second input would have been dropped', async () => {
    const { medic } = await medicAndLinkedPatient(app);
    const input = (value: object) => encodeURIComponent(JSON.stringify(value));
    const twice = await send('GET', `/trpc/medics.searchPatients?input=${input({ q: 'Ana' })}&input=${input({ q: 'Ruiz' })}`, medic);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.data).toMatchObject({ code: 'BAD_REQUEST', appCode: 'VALIDATION_FAILED', issues: [{ path: 'input', message: 'validation.singleValue' }] });
    const batch = await send('GET', `/trpc/medics.searchPatients?batch=1&batch=1&input=${input({ 0: { q: 'Ana' } })}`, medic);
    expect([batch.statusCode, batch.json().error.data.issues]).toEqual([400, [{ path: 'batch', message: 'validation.singleValue' }]]);
    expect((await send('GET', `/trpc/medics.searchPatients?input=${input({ q: 'Ana' })}`, medic)).statusCode).toBe(200);
    // In process there is no query: the filter arrives as an array and is refused by its own rule.
    const caller = callerFor(app, admin.access_token);
    await expect(caller.admin.auditEvents({ idUser: [admin.user.idUser] } as never)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});

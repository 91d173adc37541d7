// The API description: a valid OpenAPI 3.1 document, describing every row of rest/routes.ts and
// the document routes, whose answer schemas accept what the server really answers.
import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv2020 from 'ajv/dist/2020';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../shared/auth';
import { localMoment } from '../../shared/dates';
import { buildLockedApp } from '../locked/locked-app';
import { UnlockEvents } from '../locked/unlock-events';
import { restRoutes } from '../rest/routes';
import { bearer, buildTestApp, register, registerRequest, testConfig, uniqueEmail } from '../test/helpers';
import { samplePdf } from '../test/sample-files';
import { openApiPath, responseSchemaOf } from './document';
import { pathShape, spellingOf } from './path-spelling';
import { undescribedObject } from './responses';
import { summaryOf } from './summaries';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let app: FastifyInstance;
let doc: Json;

/** Where the description files a row's Fastify path (path-spelling.ts). */
const describedPath = (path: string) => spellingOf(Object.keys(doc.paths), openApiPath(path));

beforeAll(async () => {
  app = await buildTestApp();
  const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  doc = response.json();
});
afterAll(() => app.close());

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('describes every row of the route table with its method, path, procedure and success status', () => {
    for (const route of restRoutes) {
      const path = describedPath(route.path);
      const operation = doc.paths[path]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.path}`).toBeDefined();
      expect(operation['x-procedure']).toBe(route.procedure);
      expect(Object.keys(operation.responses)).toContain(String(route.status ?? 200));
      const pathParams = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      const described = (operation.parameters ?? []).filter((parameter: Json) => parameter.in === 'path').map((parameter: Json) => parameter.name);
      expect(described.sort()).toEqual(pathParams.sort());
    }
  });

  it('files paths that differ only in their parameters\' names under one spelling, the first met', () => {
    const shapes = Object.keys(doc.paths).map(pathShape);
    expect(new Set(shapes).size).toBe(shapes.length);
    // The route table (as API.md) spells GET /patients/:id and PATCH /patients/:idPatient.
    expect(Object.keys(doc.paths['/patients/{id}'])).toEqual(['get', 'patch']);
    expect(doc.paths['/patients/{idPatient}']).toBeUndefined();
    const patch = doc.paths['/patients/{id}'].patch;
    expect(patch.parameters.filter((parameter: Json) => parameter.in === 'path').map((parameter: Json) => parameter.name)).toEqual(['id']);
    // The id is still a path parameter, not a body field.
    expect(patch.requestBody.content['application/json'].schema.properties.idPatient).toBeUndefined();
  });

  it('lists 429 exactly on the calls that check a password, a code or a passkey (the flood guard)', () => {
    const flooded = restRoutes
      .filter((route) => '429' in doc.paths[describedPath(route.path)][route.method.toLowerCase()].responses)
      .map((route) => route.procedure)
      .sort();
    expect(flooded).toEqual(
      [
        'auth.changePassword',
        'auth.deletePasskey',
        'auth.login',
        'auth.loginSecondFactor',
        'auth.passkeyAuthentication',
        'auth.passkeyAuthenticationOptions',
        'auth.passkeyRegistration',
        'auth.passkeyRegistrationOptions',
        'auth.register',
        'auth.totpDisable',
        'auth.totpEnable',
        'auth.totpSetup',
      ].sort(),
    );
  });

  it('describes what every route answers and summarises it: a new row without both fails here', () => {
    for (const route of restRoutes) {
      expect(summaryOf(route.procedure), `${route.method} ${route.path}`).not.toBe(route.procedure);
      if ((route.status ?? 200) !== 204) expect(responseSchemaOf(route.procedure), `${route.method} ${route.path}`).not.toBe(undescribedObject);
    }
  });

  it('describes health and the document routes, and nothing that is not served', () => {
    const own = [
      ['get', '/health'],
      ['post', '/medics/patients/{idPatient}/files'],
      ['get', '/medics/files/{code}'],
      ['get', '/patients/me/files/{code}'],
      ['get', '/admin/audit.csv'],
    ];
    for (const [method, path] of own) expect(doc.paths[path!]?.[method!], `${method} ${path}`).toBeDefined();
    const operations = Object.values(doc.paths as Json).flatMap((item) => Object.keys(item));
    expect(operations).toHaveLength(restRoutes.length + own.length);
  });

  it('says who may call, requires a bearer token but for the open calls, and tags every operation', () => {
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    const op = (method: string, path: string) => doc.paths[path][method];
    expect(op('post', '/auth/login').security).toEqual([]);
    expect(op('get', '/health').security).toEqual([]);
    expect(op('get', '/auth/profile').security).toBeUndefined();
    expect(op('get', '/admin/medics')['x-who']).toBe('administrator');
    expect(op('get', '/medics/my-patients')['x-who']).toBe('medic');
    expect(op('get', '/patients/me')['x-who']).toBe('patient');
    const tagNames = new Set(doc.tags.map((tag: Json) => tag.name));
    for (const item of Object.values(doc.paths as Json)) {
      for (const operation of Object.values(item as Json)) for (const tag of operation.tags) expect(tagNames).toContain(tag);
    }
  });

  it('takes its input descriptions from the schemas the server validates with', () => {
    const login = doc.paths['/auth/login'].post.requestBody.content['application/json'].schema;
    expect(login.required).toEqual(expect.arrayContaining(['email', 'password']));
    const page = doc.paths['/medics/my-patients'].get.parameters.map((parameter: Json) => parameter.name);
    expect(page).toEqual(['limit', 'q', 'cursor']);
    // A path id renamed for the procedure is a path parameter, not a body field.
    const unlink = doc.paths['/medics/unlink-patient/{patientId}'].delete;
    expect(unlink.requestBody).toBeUndefined();
    const vital = doc.paths['/patients/{idPatient}/vitals'].post.requestBody.content['application/json'].schema;
    expect(vital.properties.systolic).toBeDefined();
    expect(vital.properties.idPatient).toBeUndefined();
  });
});

describe('answers validate against the described schemas', () => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  const exercised = new Set<string>();

  /** Validates a real answer against what the description says `method path` answers with its status. */
  function check(response: LightMyRequestResponse, method: string, path: string, status: number): Json {
    expect(response.statusCode, `${method} ${path}: ${response.body}`).toBe(status);
    const described = doc.paths[path]?.[method.toLowerCase()]?.responses;
    expect(described, `${method} ${path} is described`).toBeDefined();
    let answer = described[status] ?? described.default;
    if (answer?.$ref) answer = doc.components.responses[answer.$ref.split('/').pop()];
    expect(answer, `${method} ${path} describes ${status}`).toBeDefined();
    exercised.add(`${method} ${path} ${status}`);
    if (status === 204) {
      expect(response.body).toBe('');
      return {};
    }
    const schema = answer.content['application/json'].schema;
    const validate = ajv.compile({ ...schema, components: { schemas: doc.components.schemas } });
    const body = response.json();
    expect(validate(body) ? [] : validate.errors, `${method} ${path} ${status}`).toEqual([]);
    return body;
  }

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, session?: Session, payload?: object) =>
    app.inject({ method, url: `/api${url}`, headers: session ? bearer(session.access_token) : {}, ...(payload ? { payload } : {}) });

  it('for a practice used end to end', async () => {
    check(await call('GET', '/health'), 'GET', '/health', 200);
    check(await call('GET', '/health%'), 'GET', '/health', 400);

    const adminEmail = uniqueEmail('admin');
    const registered = await registerRequest(app, { type: 'medic', email: adminEmail, name: 'Ada', lname: 'Admin' });
    const admin = check(registered, 'POST', '/auth/register', 201) as Session;
    const pending = await registerRequest(app, { type: 'medic', email: uniqueEmail('medic') });
    expect(check(pending, 'POST', '/auth/register', 201).pending).toBe(true);
    check(await call('POST', '/auth/login', undefined, { email: adminEmail, password: 'clave-segura-9' }), 'POST', '/auth/login', 200);
    check(await call('GET', '/auth/profile', admin), 'GET', '/auth/profile', 200);

    const { medics } = check(await call('GET', '/admin/medics', admin), 'GET', '/admin/medics', 200);
    const waiting = medics.find((medic: Json) => medic.status === 'pending');
    check(await call('POST', `/admin/medics/${waiting.idMedic}/approve`, admin), 'POST', '/admin/medics/{idMedic}/approve', 200);
    check(await call('POST', `/admin/medics/${waiting.idMedic}/disable`, admin), 'POST', '/admin/medics/{idMedic}/disable', 200);
    check(await call('POST', `/admin/medics/${waiting.idMedic}/enable`, admin), 'POST', '/admin/medics/{idMedic}/enable', 200);
    check(await call('GET', `/admin/users?email=${encodeURIComponent(adminEmail)}`, admin), 'GET', '/admin/users', 200);
    check(await call('GET', `/admin/users?email=${encodeURIComponent(uniqueEmail('nobody'))}`, admin), 'GET', '/admin/users', 200);
    check(await call('GET', '/admin/backups', admin), 'GET', '/admin/backups', 200);
    const trail = check(await call('GET', '/admin/audit?action=auth.&page=1', admin), 'GET', '/admin/audit', 200);
    expect(trail.events.length).toBeGreaterThan(0);
    check(await call('GET', '/admin/audit?from=2026-02-01&to=2026-01-01', admin), 'GET', '/admin/audit', 400);
    check(await call('GET', '/admin/audit/verify', admin), 'GET', '/admin/audit/verify', 200);
    const csv = await call('GET', '/admin/audit.csv?outcome=success', admin);
    expect([csv.statusCode, csv.headers['content-type']]).toEqual([200, 'text/csv; charset=utf-8']);
    expect(Object.keys(doc.paths['/admin/audit.csv'].get.responses[200].content)).toEqual(['text/csv']);
    check(await call('GET', '/admin/audit.csv?idPatient=0', admin), 'GET', '/admin/audit.csv', 400);

    const other = await register(app, { type: 'medic', name: 'Otro', lname: 'Médico' });
    const patient = await register(app, { type: 'patient', doctorEmail: adminEmail, name: 'Pilar', lname: 'Paz' });
    const stranger = await register(app, { type: 'patient' });

    // The medic's workspace.
    const { patients } = check(await call('GET', '/medics/my-patients', admin), 'GET', '/medics/my-patients', 200);
    const idPatient = patients[0].idPatient as number;
    check(await call('GET', '/medics/my-patients?limit=10&q=paz', admin), 'GET', '/medics/my-patients', 200);
    check(await call('GET', '/medics/search-patients?q=paz', admin), 'GET', '/medics/search-patients', 200);
    check(await call('GET', '/medics/search?q=Otro', admin), 'GET', '/medics/search', 200);
    check(await call('GET', '/catalog/diagnoses?q=asma&lang=en&limit=5', admin), 'GET', '/catalog/diagnoses', 200);
    check(await call('GET', '/medics/me', admin), 'GET', '/medics/me', 200);
    check(await call('PATCH', '/medics/me', admin, { about: 'Medicina general', whatsapp: '', specialty: 'Medicina familiar', licenseNumber: '12345678' }), 'PATCH', '/medics/me', 200);
    check(await call('PATCH', '/admin/practice', admin, { name: 'Clínica Norte', address: 'Av. Juárez 100', city: '' }), 'PATCH', '/admin/practice', 200);
    check(await call('GET', '/practice', admin), 'GET', '/practice', 200);
    check(await call('GET', '/patients', admin), 'GET', '/patients', 200);
    check(await call('GET', `/patients/${idPatient}`, admin), 'GET', '/patients/{id}', 200);
    check(
      await call('PATCH', `/patients/${idPatient}`, admin, { birthDate: '1974-03-04', sex: 'female', bloodGroup: 'O', bloodRh: '+', weight: 70.5, profession: 'Docente', insurance: { name: 'Seguro' }, lifestyle: { alcohol: { frequency: 'Rara vez' } } }),
      'PATCH',
      '/patients/{id}',
      200,
    );
    const created = check(
      await call('POST', '/patients', admin, { name: 'Nuevo', lname: 'Paciente', email: uniqueEmail('new'), password: 'clave-segura-9' }),
      'POST',
      '/patients',
      201,
    );
    expect(created.idPatient).toBeGreaterThan(0);

    const items: [string, object, string][] = [
      ['allergies', { allergyName: 'Penicilina', severity: 'Severe' }, 'idPatientAllergy'],
      ['vitals', { date: '2024-03-01', systolic: 120, diastolic: 80, temperature: 36.6 }, 'idVital'],
      ['labs', { date: '2024-03-01', testName: 'Glucosa', value: '90', unit: 'mg/dL' }, 'idLabs'],
      ['vaccines', { vaccineName: 'Tétanos', date: '2023-05-01' }, 'idVaccine'],
      ['pathological-records', { condition: 'Asma', status: 'Chronic' }, 'idRecord'],
      ['contacts', { name: 'Juan Paz', relationship: 'Hermano' }, 'idContact'],
      ['family-history', { relative: 'Madre', condition: 'Diabetes tipo 2', notes: 'Desde los 50 años' }, 'idFamilyHistory'],
    ];
    for (const [collection, fields, idKey] of items) {
      const item = check(await call('POST', `/patients/${idPatient}/${collection}`, admin, fields), 'POST', `/patients/{idPatient}/${collection}`, 201);
      const path = `/patients/{idPatient}/${collection}/{itemId}`;
      check(await call('PATCH', `/patients/${idPatient}/${collection}/${item[idKey]}`, admin, fields), 'PATCH', path, 200);
    }
    const contact = check(await call('POST', `/patients/${idPatient}/contacts`, admin, { name: 'Borrar' }), 'POST', '/patients/{idPatient}/contacts', 201);
    check(await call('DELETE', `/patients/${idPatient}/contacts/${contact.idContact}`, admin), 'DELETE', '/patients/{idPatient}/contacts/{itemId}', 204);

    const appointment = check(
      await call('POST', '/clinical-history', admin, { idPatient, date: localMoment(new Date()), motive: 'Control', medications: ['Paracetamol'] }),
      'POST',
      '/clinical-history',
      201,
    );
    check(await call('PATCH', `/clinical-history/${appointment.idHistory}`, admin, { notes: 'Bien' }), 'PATCH', '/clinical-history/{idHistory}', 200);
    const prescription = check(
      await call('POST', `/clinical-history/${appointment.idHistory}/prescriptions`, admin, { items: [{ drug: 'Amoxicilina', strength: '500 mg', dose: '1 cápsula' }], notes: 'Control' }),
      'POST',
      '/clinical-history/{idHistory}/prescriptions',
      201,
    );
    check(await call('GET', `/prescriptions/${prescription.idPrescription}`, admin), 'GET', '/prescriptions/{idPrescription}', 200);
    check(await call('POST', `/prescriptions/${prescription.idPrescription}/void`, admin, { reason: 'Error' }), 'POST', '/prescriptions/{idPrescription}/void', 200);
    check(await call('POST', `/prescriptions/${prescription.idPrescription}/void`, admin, { reason: 'Otra vez' }), 'POST', '/prescriptions/{idPrescription}/void', 409);
    check(await call('POST', `/clinical-history/${appointment.idHistory}/addenda`, admin, { text: 'Aclaración' }), 'POST', '/clinical-history/{idHistory}/addenda', 201);
    check(await call('GET', '/medics/prescribed-drugs?q=amox', admin), 'GET', '/medics/prescribed-drugs', 200);
    const agenda = check(await call('GET', '/medics/agenda', admin), 'GET', '/medics/agenda', 200);
    expect(agenda.appointments).toHaveLength(1);
    check(await call('GET', '/medics/agenda?from=2026-01-01&to=2026-12-31', admin), 'GET', '/medics/agenda', 400);

    const form = new FormData();
    form.append('comment', 'Análisis');
    form.append('file', new Blob([new Uint8Array(samplePdf)], { type: 'application/pdf' }), 'analisis.pdf');
    const uploaded = await app.inject({ method: 'POST', url: `/api/medics/patients/${idPatient}/files`, headers: bearer(admin.access_token), payload: form });
    const file = check(uploaded, 'POST', '/medics/patients/{idPatient}/files', 201);
    const download = await call('GET', `/medics/files/${file.code}`, admin);
    expect(download.statusCode).toBe(200);
    expect(doc.paths['/medics/files/{code}'].get.responses[200]).toBeDefined();

    check(await call('GET', `/medics/patients/${idPatient}`, admin), 'GET', '/medics/patients/{id}', 200);

    // Links, requests and emergency access.
    check(await call('POST', '/medics/link-patient', admin, { patientEmail: stranger.user.email }), 'POST', '/medics/link-patient', 202);
    check(await call('GET', '/medics/link-requests', admin), 'GET', '/medics/link-requests', 200);
    check(await call('POST', '/medics/emergency-access', other, { patientEmail: patient.user.email, reason: 'Paciente inconsciente en urgencias' }), 'POST', '/medics/emergency-access', 200);
    check(await call('GET', `/medics/patients/${idPatient}`, other), 'GET', '/medics/patients/{id}', 200);
    check(await call('GET', '/admin/emergency-access', admin), 'GET', '/admin/emergency-access', 200);
    check(await call('POST', '/medics/link-patient', other, { patientEmail: patient.user.email }), 'POST', '/medics/link-patient', 202);

    // The patient's side.
    const self = check(await call('GET', '/patients/me', patient), 'GET', '/patients/me', 200);
    expect(self.files).toHaveLength(1);
    check(await call('GET', '/patients/me/access-log', patient), 'GET', '/patients/me/access-log', 200);
    check(await call('GET', `/patients/${idPatient}`, patient), 'GET', '/patients/{id}', 200);
    const request = self.linkRequests[0];
    check(await call('POST', `/patients/me/link-requests/${request.idRequest}/accept`, patient), 'POST', '/patients/me/link-requests/{idRequest}/accept', 200);
    check(await call('POST', '/patients/me/link-doctor', stranger, { doctorEmail: other.user.email }), 'POST', '/patients/me/link-doctor', 200);

    // Errors have the documented body.
    check(await call('GET', '/patients/999999', admin), 'GET', '/patients/{id}', 404);
    check(await call('GET', '/patients/abc', admin), 'GET', '/patients/{id}', 400);
    check(await call('GET', '/auth/profile'), 'GET', '/auth/profile', 401);
    check(await call('GET', '/patients/me', admin), 'GET', '/patients/me', 403);
    check(await call('POST', '/auth/login', undefined, { email: 'nobody@example.test', password: 'x' }), 'POST', '/auth/login', 401);

    const reset = await register(app, { type: 'patient' });
    check(await call('POST', `/admin/users/${reset.user.idUser}/reset-password`, admin), 'POST', '/admin/users/{idUser}/reset-password', 200);
    check(await call('POST', '/auth/logout', patient), 'POST', '/auth/logout', 204);

    expect(exercised.size).toBeGreaterThanOrEqual(45);
  });

  it("for a practice that waits for its passphrase: health's 503", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'expediente-locked-'));
    const locked = await buildLockedApp({ config: testConfig({ dataDir }), practice: { state: 'to-set-up' }, events: new UnlockEvents(), clientDir: null });
    try {
      const body = check(await locked.app.inject({ method: 'GET', url: '/api/health' }), 'GET', '/health', 503);
      expect(body.status).toBe('locked');
    } finally {
      await locked.app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses an answer that is not what is described (the check is not vacuous)', () => {
    const schema = doc.paths['/auth/login'].post.responses[200].content['application/json'].schema;
    const validate = ajv.compile({ ...schema, components: { schemas: doc.components.schemas } });
    const user = { idUser: 1, name: 'A', lname: 'B', email: 'a@b.c', type: 'medic', phone: null, address: null, isAdmin: false, status: 'active', mustChangePassword: false, twoFactor: { totp: false, passkeys: 0 } };
    expect(validate({ access_token: 't', user })).toBe(true);
    expect(validate({ access_token: 't' })).toBe(false);
    expect(validate({ access_token: 't', user: { ...user, password: 'x' } })).toBe(false);
    expect(validate({ access_token: 't', user: { ...user, type: 'nurse' } })).toBe(false);
  });
});

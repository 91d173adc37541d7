// Reads over tRPC are answered by http-adapter.ts, which sends a kept answer's bytes instead of
// serializing it again. A client must not be able to tell: each read here is sent twice, once as
// the client sends it and once with `trpc-accept: application/json` (which means the same to tRPC,
// and which the adapter leaves to tRPC's own handler), and the two answers must be the same bytes,
// status and headers.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, buildTestApp, medicAndLinkedPatient, rowCount } from '../test/helpers';
import type { Session } from '../../shared/auth';

let app: FastifyInstance;
let medic: Session;
let patient: Session;
let idPatient: number;
let strangerId: number;

beforeAll(async () => {
  app = await buildTestApp();
  ({ medic, patient, idPatient } = await medicAndLinkedPatient(app));
  strangerId = (await medicAndLinkedPatient(app)).idPatient;
});
afterAll(() => app.close());

const trpcOwnHandler = { 'trpc-accept': 'application/json' };
const inputOf = (input: unknown) => encodeURIComponent(JSON.stringify(input));
const recordUrl = (id: unknown) => `/trpc/medics.patientDetail?input=${inputOf({ idPatient: id })}`;

/** How many tRPC envelopes ({result} or a batch of them) were serialized while `send` ran. */
async function envelopesSerialized(send: () => Promise<LightMyRequestResponse>) {
  const stringify = vi.spyOn(JSON, 'stringify');
  try {
    const response = await send();
    const isEnvelope = (value: unknown) => typeof value === 'object' && value !== null && 'result' in value;
    const envelopes = stringify.mock.calls.filter(([value]) => isEnvelope(value) || (Array.isArray(value) && value.some(isEnvelope)));
    return { response, envelopes: envelopes.length };
  } finally {
    stringify.mockRestore();
  }
}

/** The same GET through this adapter and through tRPC's own handler. */
async function bothWays(url: string, token?: string) {
  const headers = token ? bearer(token) : {};
  const ours = await app.inject({ method: 'GET', url, headers });
  const theirs = await app.inject({ method: 'GET', url, headers: { ...headers, ...trpcOwnHandler } });
  return { ours, theirs };
}

function expectSameAnswer(ours: LightMyRequestResponse, theirs: LightMyRequestResponse) {
  expect(ours.statusCode).toBe(theirs.statusCode);
  expect(ours.headers['content-type']).toBe(theirs.headers['content-type']);
  expect(ours.headers.vary).toBe(theirs.headers.vary);
  expect(ours.body).toBe(theirs.body);
}

describe('reads over tRPC answered from kept JSON', () => {
  it("sends a linked patient's record as tRPC's handler does, without serializing it again", async () => {
    await app.inject({ method: 'GET', url: recordUrl(idPatient), headers: bearer(medic.access_token) });
    const ours = await envelopesSerialized(() => app.inject({ method: 'GET', url: recordUrl(idPatient), headers: bearer(medic.access_token) }));
    const theirs = await envelopesSerialized(() =>
      app.inject({ method: 'GET', url: recordUrl(idPatient), headers: { ...bearer(medic.access_token), ...trpcOwnHandler } }),
    );
    expect(ours.response.statusCode).toBe(200);
    expect(ours.response.json().result.data.patient.idPatient).toBe(idPatient);
    expectSameAnswer(ours.response, theirs.response);
    expect(ours.envelopes).toBe(0);
    expect(theirs.envelopes).toBe(1);
  });

  it('answers a batch with a refusal in it (207) as tRPC does, each call in its place', async () => {
    const url = `/trpc/medics.patientDetail,medics.patientDetail,medics.me?batch=1&input=${inputOf({ 0: { idPatient }, 1: { idPatient: strangerId } })}`;
    const { ours, theirs } = await bothWays(url, medic.access_token);
    expect(ours.statusCode).toBe(207);
    const [record, refused, me] = ours.json();
    expect(record.result.data.patient.idPatient).toBe(idPatient);
    expect(refused.error.data).toMatchObject({ httpStatus: 404, appCode: 'PATIENT_NOT_FOUND' });
    expect(me.result.data).toBeDefined();
    expectSameAnswer(ours, theirs);
  });

  it('answers a batch of one as a list of one', async () => {
    const { ours, theirs } = await bothWays(`/trpc/medics.patientDetail?batch=1&input=${inputOf({ 0: { idPatient } })}`, medic.access_token);
    expect(ours.statusCode).toBe(200);
    expect(ours.json()).toHaveLength(1);
    expectSameAnswer(ours, theirs);
  });

  it.each([
    ['no token', () => recordUrl(idPatient), () => undefined, 401, 'UNAUTHENTICATED'],
    ["a patient calling a medic's read", () => recordUrl(idPatient), () => patient.access_token, 403, 'FORBIDDEN'],
    ['an input that does not validate', () => recordUrl('x'), () => medic.access_token, 400, 'VALIDATION_FAILED'],
    ["another medic's patient", () => recordUrl(strangerId), () => medic.access_token, 404, 'PATIENT_NOT_FOUND'],
  ])('refuses %s with the status and error shape of tRPC’s handler', async (_case, url, token, status, appCode) => {
    const { ours, theirs } = await bothWays(url(), token());
    expect(ours.statusCode).toBe(status);
    expect(ours.json().error.data.appCode).toBe(appCode);
    expectSameAnswer(ours, theirs);
  });

  it('audits a read and a refusal once each, as through tRPC’s handler', async () => {
    const before = await rowCount(app, 'audit_events');
    await app.inject({ method: 'GET', url: recordUrl(idPatient), headers: bearer(medic.access_token) });
    await app.inject({ method: 'GET', url: recordUrl(strangerId), headers: bearer(medic.access_token) });
    expect(await rowCount(app, 'audit_events')).toBe(before + 2);
  });

  it('leaves to tRPC what it refuses before calling anything: input that is not JSON, a change sent as GET', async () => {
    const notJson = await bothWays('/trpc/medics.patientDetail?input=%7Bnot-json', medic.access_token);
    expect(notJson.ours.statusCode).toBe(400);
    expectSameAnswer(notJson.ours, notJson.theirs);
    const changeByGet = await bothWays('/trpc/medics.unlinkPatient', medic.access_token);
    expect(changeByGet.ours.statusCode).toBe(405);
    expectSameAnswer(changeByGet.ours, changeByGet.theirs);
  });

  it('answers a change (POST) through tRPC’s handler as before', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/trpc/medics.linkPatient',
      headers: bearer(medic.access_token),
      payload: { patientEmail: 'not-an-email' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.data.appCode).toBe('VALIDATION_FAILED');
  });
});

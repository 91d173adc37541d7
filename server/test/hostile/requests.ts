// The routes under attack and the requests thrown at them. Every row of restRoutes (imported, never
// copied) plus the three document routes; field names come from the procedures' own input schemas,
// so a field added to a schema is attacked without touching this suite.
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { restRoutes, type HttpMethod } from '../../rest/routes';
import * as patientSchemas from '../../../shared/patients';
import { appRouter } from '../../trpc/router';
import { TEST_PASSWORD } from '../helpers';
import { sampleExecutable, sampleJpeg, sampleMp3, sampleMp4, samplePdf, samplePng } from '../sample-files';
import {
  extraKey,
  hostileString,
  hostileValue,
  jsonContentType,
  malformedBodyText,
  nonDecimalJsonIds,
  nonDecimalRenderings,
  percentEncode,
  rawOddSegments,
  taintedString,
} from './arbitraries';
import { callerNames, localDay, localMoment, UPLOAD_LIMIT, type CallerName, type Fixture } from './fixture';

export type RouteKind = 'json' | 'upload' | 'download';

export interface RouteUnderTest {
  method: HttpMethod;
  /** Under /api, in Fastify's syntax. */
  path: string;
  kind: RouteKind;
  /** tRPC procedure for JSON routes. */
  procedure?: string;
  params: string[];
  label: string;
  /** Whether the body reaches the procedure (a row whose input is built from the path alone ignores it). */
  readsBody: boolean;
}

/** Asks a row's input builder whether a body field gets through to the procedure. */
const bodyReachesProcedure = (route: (typeof restRoutes)[number]) => {
  if (!route.input) return route.method !== 'GET';
  const input = route.input({ params: {}, query: {}, body: { hostileProbe: 1 } });
  return Boolean(input && typeof input === 'object' && 'hostileProbe' in input);
};

const paramsOf = (path: string): string[] => [...path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);

export const routesUnderTest: RouteUnderTest[] = [
  ...restRoutes.map((route) => ({
    method: route.method,
    path: route.path,
    kind: 'json' as const,
    procedure: route.procedure,
    params: paramsOf(route.path),
    label: `${route.method} /api${route.path}`,
    readsBody: bodyReachesProcedure(route),
  })),
  {
    method: 'POST',
    path: '/medics/patients/:idPatient/files',
    kind: 'upload',
    params: ['idPatient'],
    label: 'POST /api/medics/patients/:idPatient/files (multipart)',
    readsBody: true,
  },
  { method: 'GET', path: '/medics/files/:code', kind: 'download', params: ['code'], label: 'GET /api/medics/files/:code', readsBody: false },
  { method: 'GET', path: '/patients/me/files/:code', kind: 'download', params: ['code'], label: 'GET /api/patients/me/files/:code', readsBody: false },
];

// ---------------------------------------------------------------------------------------------
// The fields a procedure reads, from its zod input schemas.

type ZodLike = { _zod?: { def?: Record<string, unknown> } };
const defOf = (schema: unknown) => (schema as ZodLike | undefined)?._zod?.def as (Record<string, unknown> & { type?: string }) | undefined;

/** The object shape(s) a schema accepts, merged: wrappers, pipes, unions and intersections are looked through. */
function shapeOf(schema: unknown, depth = 0): Map<string, unknown> {
  const out = new Map<string, unknown>();
  const def = defOf(schema);
  if (!def || depth > 10) return out;
  const add = (more: Map<string, unknown>) => more.forEach((value, key) => out.has(key) || out.set(key, value));
  if (def.type === 'object' && def.shape) {
    for (const [key, value] of Object.entries(def.shape as Record<string, unknown>)) out.set(key, value);
    return out;
  }
  for (const key of ['innerType', 'in', 'out', 'left', 'right', 'schema']) if (def[key]) add(shapeOf(def[key], depth + 1));
  if (Array.isArray(def.options)) for (const option of def.options) add(shapeOf(option, depth + 1));
  if (typeof def.getter === 'function') add(shapeOf((def.getter as () => unknown)(), depth + 1));
  return out;
}

type ProcedureDefs = Record<string, { _def?: { inputs?: unknown[] } }>;
const procedures = appRouter._def.procedures as unknown as ProcedureDefs;

function fieldsOfProcedure(procedure: string): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const input of procedures[procedure]?._def?.inputs ?? []) shapeOf(input).forEach((value, key) => out.has(key) || out.set(key, value));
  return out;
}

/** Every field any procedure reads: the last resort for a schema that cannot be looked into. */
const allFields = (() => {
  const out = new Map<string, unknown>();
  for (const route of restRoutes) fieldsOfProcedure(route.procedure).forEach((value, key) => out.has(key) || out.set(key, value));
  return out;
})();

const isOpaque = (route: RouteUnderTest) =>
  Boolean(route.procedure) && (procedures[route.procedure!]?._def?.inputs ?? []).length > 0 && fieldsOfProcedure(route.procedure!).size === 0;

/**
 * For a procedure whose schema is a transform of unknown (POST /patients picks one of two payloads
 * inside it), the object schemas of shared/patients.ts that look like its payloads: an email with
 * either a password (a new account) or an idUser (API.md's payload for an existing patient).
 */
const patientPayloadShapes = Object.values(patientSchemas)
  .map((schema) => (defOf(schema)?.type === 'object' ? shapeOf(schema) : undefined))
  .filter((shape): shape is Map<string, unknown> => Boolean(shape?.has('email') && (shape.has('password') || shape.has('idUser'))));

/** The alternative bodies a route's procedure accepts, as field maps. */
export function shapesOf(route: RouteUnderTest): Map<string, unknown>[] {
  if (route.kind !== 'json' || !route.procedure) return [];
  if (!isOpaque(route)) return [fieldsOfProcedure(route.procedure)];
  if (route.procedure === 'patients.create' && patientPayloadShapes.length) return patientPayloadShapes;
  // A schema that hides its shape still reads fields: attack it with every field the API knows.
  return [allFields];
}

/** Every field a route's procedure may read. */
export function fieldsOf(route: RouteUnderTest): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const shape of shapesOf(route)) shape.forEach((value, key) => out.has(key) || out.set(key, value));
  return out;
}

// ---------------------------------------------------------------------------------------------
// Plausible values: valid often enough that hostile values reach the code behind validation.

const emailsOf = (fx: Fixture) => Object.values(fx.ids.emails);

function plausibleByName(key: string, fx: Fixture, want: 'string' | 'number' | 'any' = 'any'): fc.Arbitrary<unknown> {
  const k = key.toLowerCase();
  const ids = fx.ids;
  const realIds = [ids.patients.A, ids.patients.B, ...Object.values(ids.medics), ...Object.values(ids.users)];
  if (k.includes('email')) {
    return fc.oneof(
      fc.constantFrom(...emailsOf(fx)),
      fc.constantFrom(...emailsOf(fx)).map((email) => ` ${email.toUpperCase()} `),
      fc.nat(1_000).map((n) => `hostile.${n}@example.test`),
    );
  }
  if (k.includes('password')) return fc.constantFrom(TEST_PASSWORD, 'otra-clave-segura-7', '12345', 'password');
  if (k === 'date' || k.endsWith('date') || k === 'nextdose') {
    return fc.constantFrom(localDay(), localMoment(), '2026-01-15', '2026-01-15T10:00', '2026-01-15T10:00:00.000Z', '2026-01-15T10:00:00-06:00');
  }
  if (k === 'end' || k === 'start') return fc.constantFrom('23:59', '10:00', '00:00', '09:30');
  if (k.startsWith('id') || k.endsWith('id')) return fc.oneof(fc.constantFrom(...realIds), fc.constantFrom(...realIds).map(String));
  if (k === 'q') return fc.constantFrom('Alba', 'Blanco', 'Medina', 'a', ids.emails.patientA, ids.emails.patientB, '555');
  if (k === 'reason') return fc.constantFrom('Paciente inconsciente en urgencias', 'Accidente de tráfico, sin acompañantes');
  if (k === 'type') return fc.constantFrom('patient', 'medic', 'Drug', 'Privado');
  if (k === 'page' || k === 'limit') return fc.constantFrom(1, 2, '1', 50);
  if (k.includes('phone') || k === 'whatsapp') return fc.constantFrom('555 0101', '+52 55 1234 5678');
  if (k === 'weight') return fc.constantFrom(70.5, '70,5', 0.2, 500);
  if (k === 'height') return fc.constantFrom(170, '170', 20, 260);
  if (k === 'closed') return fc.boolean();
  if (want === 'number') return fc.oneof(fc.integer({ min: 1, max: 300 }), fc.constantFrom(36.6, 98));
  return fc.constantFrom('Texto de prueba', 'Ana', 'Ruiz', 'Calle 1', 'Semanal', '2');
}

function plausible(schema: unknown, key: string, fx: Fixture, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  if (!def || depth > 8) return plausibleByName(key, fx);
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, unknown>;
      return fc.record(Object.fromEntries(Object.entries(shape).map(([k, s]) => [k, plausible(s, k, fx, depth + 1)])), { requiredKeys: [] });
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return fc.oneof({ weight: 5, arbitrary: plausible(def.innerType, key, fx, depth + 1) }, { weight: 1, arbitrary: fc.constant(null) });
    case 'pipe':
      return defOf(def.in)?.type === 'transform' ? plausible(def.out, key, fx, depth + 1) : plausible(def.in, key, fx, depth + 1);
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'union':
      return fc.oneof(...(def.options as unknown[]).map((option) => plausible(option, key, fx, depth + 1)));
    case 'array':
      return fc.array(plausible(def.element, key, fx, depth + 1), { maxLength: 3 });
    case 'boolean':
      return fc.boolean();
    case 'number':
    case 'int':
      return plausibleByName(key, fx, 'number');
    case 'string':
      return plausibleByName(key, fx, 'string');
    default:
      return plausibleByName(key, fx);
  }
}

// ---------------------------------------------------------------------------------------------
// Requests.

export interface HostileRequest {
  route: RouteUnderTest;
  caller: CallerName;
  /** Path params, already percent-encoded (or deliberately not). */
  params: Record<string, string>;
  /** Raw query string without '?', or undefined. */
  query?: string;
  contentType?: string;
  /** Raw bytes of the body, or undefined for none. */
  payload?: string | Buffer;
  /** Index into the stored documents at send time (a code uploaded earlier in the run). */
  storedCodeIndex?: number;
  /** Largest file part in a multipart body, for judging a 413. */
  largestFileBytes?: number;
  /** The caller's Authorization header, when it is not the caller's own token. */
  authorization?: string;
}

const shorten = (value: string, max = 160) => (value.length > max ? `${value.slice(0, max)}…(${value.length} chars)` : value);
/** Controls, overrides and surrogates made visible, so a counterexample can be read and retyped. */
export const visible = (value: string) =>
  // eslint-disable-next-line no-control-regex -- control characters are what this makes visible
  value.replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff\ud800-\udfff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

export function describeRequest(request: HostileRequest): string {
  const payload =
    request.payload === undefined
      ? 'no body'
      : Buffer.isBuffer(request.payload)
        ? `body (${request.payload.length} bytes, as latin1) ${visible(JSON.stringify(shorten(request.payload.toString('latin1'), 400)))}`
        : `body ${visible(JSON.stringify(shorten(request.payload, 400)))}`;
  const url = shorten(visible(urlOf(request, '<stored code>')), 300);
  const parts = [`${request.route.method} ${url}`, `as ${request.caller}`];
  if (request.authorization !== undefined) parts.push(`Authorization: ${JSON.stringify(shorten(request.authorization, 80))}`);
  if (request.storedCodeIndex !== undefined) parts.push(`code = stored document #${request.storedCodeIndex}`);
  parts.push(`content-type: ${request.contentType === undefined ? '(none)' : JSON.stringify(shorten(request.contentType, 80))}`, payload);
  return parts.join('; ');
}

function urlOf(request: HostileRequest, storedCode?: string): string {
  let path = request.route.path;
  for (const name of request.route.params) {
    const value = name === 'code' && request.storedCodeIndex !== undefined && storedCode !== undefined ? storedCode : request.params[name];
    path = path.replace(`:${name}`, value ?? '');
  }
  return `/api${path}${request.query === undefined ? '' : `?${request.query}`}`;
}

export const withDescription = (request: HostileRequest): HostileRequest =>
  Object.defineProperty(request, fc.toStringMethod, { value: () => describeRequest(request), enumerable: false });

export const ANSWER_TIMEOUT_MS = 3_000;

export interface Answer {
  request: HostileRequest;
  url: string;
  response?: LightMyRequestResponse;
  /** The request got no answer in time (a hang), or inject itself threw. */
  problem?: string;
}

export async function send(fx: Fixture, request: HostileRequest): Promise<Answer> {
  let storedCode: string | undefined;
  if (request.storedCodeIndex !== undefined) {
    const codes = fx.fileCodes();
    storedCode = codes.length ? codes[request.storedCodeIndex % codes.length] : 'none';
  }
  const url = urlOf(request, storedCode);
  const headers: Record<string, string> = { ...fx.headersOf(request.caller) };
  if (request.authorization !== undefined) headers.authorization = request.authorization;
  if (request.contentType !== undefined) headers['content-type'] = request.contentType;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ANSWER_TIMEOUT_MS);
  });
  try {
    const answer = await Promise.race([
      fx.app.inject({ method: request.route.method, url, headers, ...(request.payload !== undefined ? { payload: request.payload } : {}) }),
      timeout,
    ]);
    if (answer === 'timeout') return { request, url, problem: `no answer within ${ANSWER_TIMEOUT_MS} ms (the request hangs)` };
    return { request, url, response: answer };
  } catch (error) {
    return { request, url, problem: `the request could not be completed: ${(error as Error).message}` };
  } finally {
    clearTimeout(timer);
  }
}

// --- pieces ---------------------------------------------------------------------------------

/** Who may use a route (API.md "Routes"), judged from its path: hostile input from them reaches the most code. */
export function rightfulCallerOf(route: RouteUnderTest): CallerName {
  if (route.path.startsWith('/admin/')) return 'admin';
  if (route.path.startsWith('/patients/me')) return 'patientA';
  return 'medicA';
}

/** The rightful caller often, anyone (a stranger, no token, a forged token) as often. */
const callerArbFor = (route: RouteUnderTest) =>
  fc.oneof({ weight: 3, arbitrary: fc.constant(rightfulCallerOf(route)) }, { weight: 4, arbitrary: fc.constantFrom(...callerNames) });

/** Authorization headers that are not a live token. */
function authorizationArb(fx: Fixture): fc.Arbitrary<string | undefined> {
  const token = fx.sessions.medicA.access_token;
  const [, payload] = token.split('.');
  const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
  return fc.oneof(
    { weight: 6, arbitrary: fc.constant(undefined) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'Bearer', 'Bearer ', 'Bearer  ', `bearer ${token}`, `Bearer ${token} extra`, `Bearer ${token}x`, `Bearer ${unsigned}`, 'Basic dXNlcjpwYXNz',
        `Bearer ${'a'.repeat(10_000)}`, 'Bearer a.b.c', 'Bearer ...', `Token ${token}`, `Bearer ${token.split('.').slice(0, 2).join('.')}`,
      ),
    },
  );
}

/** Real ids a param of this name may name (A's and B's, so that cross-patient ids are tried). */
/** Patient B's ids a param of this name may name: what a request must never reach. */
export function idsOfBFor(route: RouteUnderTest, param: string, fx: Fixture): number[] {
  const ids = fx.ids;
  const collection = route.path.match(/^\/patients\/:idPatient\/([a-z-]+)/)?.[1];
  switch (param) {
    case 'id':
    case 'idPatient':
    case 'patientId':
      return [ids.patients.B];
    case 'itemId':
      return (collection && ids.items[collection]?.B) || [];
    case 'fileId':
      return ids.files.B;
    case 'idHistory':
      return ids.histories.B;
    case 'idUser':
      return [ids.users.patientB];
    case 'idMedic':
    case 'doctorId':
      return [ids.medics.formerMedicB];
    default:
      return [];
  }
}

/** Real ids a param of this name may name, A's and B's, so that cross-patient ids are tried. */
function realIdsFor(route: RouteUnderTest, param: string, fx: Fixture): number[] {
  const ids = fx.ids;
  const collection = route.path.match(/^\/patients\/:idPatient\/([a-z-]+)/)?.[1];
  switch (param) {
    case 'id':
    case 'idPatient':
    case 'patientId':
      return [ids.patients.A, ids.patients.B];
    case 'itemId':
      return collection && ids.items[collection] ? [...ids.items[collection].A, ...ids.items[collection].B] : [1];
    case 'fileId':
      return [...ids.files.A, ...ids.files.B];
    case 'idHistory':
      return [...ids.histories.A, ...ids.histories.B];
    case 'idMedic':
    case 'doctorId':
      return Object.values(ids.medics);
    case 'idUser':
      return Object.values(ids.users);
    case 'idRequest':
      return ids.linkRequests.length ? ids.linkRequests : [1];
    default:
      return [1];
  }
}

/** The id a rightful caller would use: A's own, or the request/medic the fixture prepared. */
export function rightfulIdFor(route: RouteUnderTest, param: string, fx: Fixture): number {
  const ids = fx.ids;
  const collection = route.path.match(/^\/patients\/:idPatient\/([a-z-]+)/)?.[1];
  switch (param) {
    case 'id':
    case 'idPatient':
    case 'patientId':
      return ids.patients.A;
    case 'itemId':
      return (collection && ids.items[collection]?.A[0]) || 1;
    case 'fileId':
      return ids.files.A[0] ?? 1;
    case 'idHistory':
      return ids.histories.A[0] ?? 1;
    case 'idMedic':
      return ids.medics.strangerMedic;
    case 'doctorId':
      return ids.medics.medicA;
    case 'idUser':
      return ids.users.patientA;
    case 'idRequest':
      return ids.linkRequests[0] ?? 1;
    default:
      return 1;
  }
}

function paramArb(route: RouteUnderTest, param: string, fx: Fixture): fc.Arbitrary<string> {
  const hostileSegment = hostileString.map(percentEncode);
  if (param === 'code') {
    const codes = [...fx.ids.codes.A, ...fx.ids.codes.B];
    return fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...codes) },
      { weight: 1, arbitrary: fc.string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'), minLength: 22, maxLength: 43 }) },
      { weight: 1, arbitrary: fc.constantFrom(...codes).map((code) => `${code}%00`) },
      { weight: 1, arbitrary: fc.constantFrom(...codes).map((code) => code.toLowerCase()) },
      { weight: 2, arbitrary: fc.constantFrom(...rawOddSegments) },
      { weight: 2, arbitrary: hostileSegment },
    );
  }
  const real = realIdsFor(route, param, fx);
  const idsOfB = idsOfBFor(route, param, fx);
  return fc.oneof(
    // Real ids half the time (A's own most often), so that the hostile body and query reach the code behind the id.
    { weight: 4, arbitrary: fc.constant(String(rightfulIdFor(route, param, fx))) },
    ...(idsOfB.length ? [{ weight: 3, arbitrary: fc.constantFrom(...idsOfB).map(String) }] : []),
    { weight: 2, arbitrary: fc.constantFrom(...real).map(String) },
    { weight: 2, arbitrary: fc.constantFrom(...real).chain((id) => fc.constantFrom(...nonDecimalRenderings(id))) },
    { weight: 3, arbitrary: fc.constantFrom(...rawOddSegments) },
    { weight: 1, arbitrary: fc.oneof(fc.nat(60), fc.integer({ min: -(2 ** 40), max: 2 ** 40 })).map(String) },
    { weight: 2, arbitrary: hostileSegment },
  );
}

const knownQueryKeys = ['q', 'page', 'limit', 'cursor', 'email'];

function queryArb(fx: Fixture): fc.Arbitrary<string | undefined> {
  const key = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...knownQueryKeys) },
    { weight: 1, arbitrary: fc.constantFrom('q[]', 'q[a]', '__proto__', 'constructor', '', '%', '%00', 'a'.repeat(3_000)) },
    { weight: 1, arbitrary: hostileString.map(percentEncode) },
  );
  const value = fc.oneof(
    { weight: 3, arbitrary: fc.oneof(plausibleByName('q', fx), plausibleByName('page', fx), plausibleByName('email', fx)).map((v) => percentEncode(String(v))) },
    { weight: 3, arbitrary: hostileString.map(percentEncode) },
    { weight: 1, arbitrary: fc.constantFrom('', '%', '%zz', '%E0%A4%A', '%C0%AF', '%ED%A0%80', '%00', '+', '%2B', '-1', '0', '1e3', '0x10', '201', '1.5', 'a'.repeat(5_000)) },
  );
  const pair = fc.tuple(key, fc.option(value, { nil: undefined })).map(([k, v]) => (v === undefined ? k : `${k}=${v}`));
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant(undefined) },
    { weight: 4, arbitrary: fc.array(pair, { minLength: 1, maxLength: 5 }).map((pairs) => pairs.join('&')) },
    { weight: 1, arbitrary: fc.constantFrom('', '&', '&&&', '=', '==', '?', '#', 'q=1;q=2', 'q=a&q=b', 'q', '%', `q=${'a'.repeat(90_000)}`) },
  );
}

/** JSON text of an object given as entries: keys such as __proto__ and repeated keys stay as written. */
export const objectText = (entries: [string, unknown][]) => `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value) ?? 'null'}`).join(',')}}`;

function fieldValueArb(key: string, schema: unknown, fx: Fixture): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 3, arbitrary: plausible(schema, key, fx) }, { weight: 2, arbitrary: hostileValue });
}

/** A JSON object body: every known field absent, plausible or hostile, plus extra keys. */
function objectBodyArb(
  fields: Map<string, unknown>,
  fx: Fixture,
  value: (key: string, schema: unknown) => fc.Arbitrary<unknown> = (k, s) => fieldValueArb(k, s, fx),
  { extras = true } = {},
): fc.Arbitrary<[string, unknown][]> {
  const known = [...fields.entries()].map(([key, schema]) => fc.option(value(key, schema).map((v): [string, unknown] => [key, v]), { nil: undefined, freq: 3 }));
  const extra = extras ? fc.array(fc.tuple(extraKey, hostileValue), { maxLength: 3 }) : fc.constant<[string, unknown][]>([]);
  return fc
    .tuple(fc.tuple(...known), extra)
    .map(([present, more]) => [...present.filter((entry): entry is [string, unknown] => entry !== undefined), ...more]);
}

type Fault = { kind: 'none' } | { kind: 'set'; key: string; value: unknown };

/** A plausible body with at most one thing wrong: one field hostile, or one key that should not be there. */
function oneFaultBodyArb(shape: Map<string, unknown>, fx: Fixture): fc.Arbitrary<[string, unknown][]> {
  const keys = [...shape.keys()];
  const fault: fc.Arbitrary<Fault> = fc.oneof(
    { weight: 3, arbitrary: fc.tuple(keys.length ? fc.constantFrom(...keys) : extraKey, hostileValue).map(([key, value]): Fault => ({ kind: 'set', key, value })) },
    { weight: 1, arbitrary: fc.tuple(extraKey, hostileValue).map(([key, value]): Fault => ({ kind: 'set', key, value })) },
    { weight: 1, arbitrary: fc.constant<Fault>({ kind: 'none' }) },
  );
  return fc.tuple(objectBodyArb(shape, fx, (key, schema) => plausible(schema, key, fx), { extras: false }), fault).map(([entries, f]) =>
    f.kind === 'none' ? entries : [...entries.filter(([key]) => key !== f.key), [f.key, f.value] as [string, unknown]],
  );
}

function jsonBodyArb(route: RouteUnderTest, fx: Fixture): fc.Arbitrary<{ contentType?: string; payload?: string | Buffer }> {
  const shapes = shapesOf(route).filter((shape) => shape.size > 0);
  const extrasOnly = fc.array(fc.tuple(extraKey, hostileValue), { maxLength: 3 });
  const oneFault = shapes.length ? fc.oneof(...shapes.map((shape) => oneFaultBodyArb(shape, fx))) : extrasOnly;
  const anyFaults = shapes.length ? fc.oneof(...shapes.map((shape) => objectBodyArb(shape, fx))) : extrasOnly;
  const body = fc.oneof(
    { weight: 6, arbitrary: oneFault.map(objectText) },
    { weight: 3, arbitrary: anyFaults.map(objectText) },
    { weight: 1, arbitrary: hostileValue.map((value) => JSON.stringify(value) ?? 'null') },
    { weight: 2, arbitrary: malformedBodyText },
  );
  const withBody = fc.record({ contentType: jsonContentType, payload: body });
  const none = fc.constant({});
  const bodyless = route.method === 'GET' || route.method === 'DELETE' || !route.readsBody || shapes.length === 0;
  return bodyless ? fc.oneof({ weight: 5, arbitrary: none }, { weight: 1, arbitrary: withBody }) : fc.oneof({ weight: 1, arbitrary: none }, { weight: 8, arbitrary: withBody });
}

// --- multipart ------------------------------------------------------------------------------

export interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  content: Buffer;
}

const fileBytes = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(samplePng, sampleJpeg, samplePdf, sampleMp3, sampleMp4) },
  { weight: 2, arbitrary: fc.constantFrom(sampleExecutable, Buffer.alloc(0), Buffer.from('hola'), Buffer.from('<html><script>alert(1)</script></html>')) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 500 }).map((bytes) => Buffer.from(bytes)) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 8_000 }).map((extra) => Buffer.concat([samplePng, Buffer.alloc(UPLOAD_LIMIT + extra, 0x41)])) },
);

const plausibleFileName = fc.constantFrom('scan.png', 'informe.pdf', 'radiografía de tórax.png', 'a', '.png', 'x.exe', 'audio.mp3');

function filePartArb(nameArb: fc.Arbitrary<string> = fc.constant('file'), filenameArb?: fc.Arbitrary<string>): fc.Arbitrary<Part> {
  return fc.record({
    name: nameArb,
    filename: filenameArb ?? fc.oneof({ weight: 3, arbitrary: plausibleFileName }, { weight: 2, arbitrary: hostileString }, { weight: 1, arbitrary: fc.constantFrom('', '../../etc/passwd', '..\\..\\x.png', '/etc/shadow', 'a"b.png', 'a\r\nX-Evil: 1.png') }),
    contentType: fc.option(fc.constantFrom('image/png', 'application/pdf', 'text/html', 'application/x-msdownload', 'image/svg+xml', 'application/octet-stream', ';;', 'x'.repeat(500)), { nil: undefined }),
    content: fileBytes,
  });
}

const plausibleComment = fc.constantFrom('Control anual', 'Radiografía de tórax', '', '   ', 'Informe\ncon dos líneas');

const fieldPartArb = (
  valueArb: fc.Arbitrary<string> = fc.oneof({ weight: 3, arbitrary: plausibleComment }, { weight: 2, arbitrary: hostileString }),
  nameArb?: fc.Arbitrary<string>,
): fc.Arbitrary<Part> =>
  fc.record({
    name: nameArb ?? fc.oneof({ weight: 4, arbitrary: fc.constant('comment') }, { weight: 1, arbitrary: fc.constantFrom('file', 'idPatient', '', 'comment[]') }, { weight: 1, arbitrary: hostileString }),
    content: valueArb.map((value) => Buffer.from(value, 'utf8')),
  });

const quoted = (value: string) => value.replace(/[\r\n"]/g, (c) => encodeURIComponent(c));

export function multipartBody(parts: Part[], boundary: string): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${quoted(part.name)}"`;
    if (part.filename !== undefined) head += `; filename="${quoted(part.filename)}"`;
    head += '\r\n';
    if (part.contentType !== undefined) head += `Content-Type: ${part.contentType}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`, 'utf8'), part.content, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

export const BOUNDARY = '----hostile7MA4YWxkTrZu0gW';

type Mangle = 'none' | 'truncate' | 'noFinalBoundary' | 'empty' | 'garbage';

function uploadBodyArb(partsArb: fc.Arbitrary<Part[]>, hostileEnvelope: boolean) {
  const contentType = hostileEnvelope
    ? fc.oneof(
        { weight: 8, arbitrary: fc.constant(`multipart/form-data; boundary=${BOUNDARY}`) },
        {
          weight: 4,
          arbitrary: fc.constantFrom<string | undefined>(
            'multipart/form-data', 'multipart/form-data;', 'multipart/form-data; boundary=', 'multipart/form-data; boundary=""', 'multipart/form-data; boundary=other',
            `multipart/form-data; boundary=${'b'.repeat(300)}`, `multipart/mixed; boundary=${BOUNDARY}`, `MULTIPART/FORM-DATA; BOUNDARY=${BOUNDARY}`,
            `multipart/form-data; boundary="${BOUNDARY}"; charset=utf-16`, 'application/json', 'text/plain', 'application/octet-stream',
            'application/x-www-form-urlencoded', 'image/png', undefined, '',
          ),
        },
      )
    : fc.constant(`multipart/form-data; boundary=${BOUNDARY}`);
  const mangle: fc.Arbitrary<[Mangle, number]> = hostileEnvelope
    ? fc.tuple(fc.oneof({ weight: 8, arbitrary: fc.constant<Mangle>('none') }, { weight: 3, arbitrary: fc.constantFrom<Mangle>('truncate', 'noFinalBoundary', 'empty', 'garbage') }), fc.nat())
    : fc.constant<[Mangle, number]>(['none', 0]);
  return fc.tuple(partsArb, contentType, mangle).map(([parts, type, [how, at]]) => {
    let payload = multipartBody(parts, BOUNDARY);
    if (how === 'truncate') payload = payload.subarray(0, at % (payload.length + 1));
    if (how === 'noFinalBoundary') payload = payload.subarray(0, payload.length - BOUNDARY.length - 6);
    if (how === 'empty') payload = Buffer.alloc(0);
    if (how === 'garbage') payload = Buffer.from(`--${BOUNDARY}\r\nno headers here\r\n\r\n\u0000\u0000--${BOUNDARY}`);
    const largestFileBytes = Math.max(0, ...parts.filter((part) => part.filename !== undefined).map((part) => part.content.length));
    return { contentType: type, payload, largestFileBytes };
  });
}

function uploadPartsArb(): fc.Arbitrary<Part[]> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.tuple(fieldPartArb(), filePartArb()).map(([comment, file]) => [comment, file]) },
    { weight: 2, arbitrary: filePartArb().map((file) => [file]) },
    { weight: 2, arbitrary: fc.tuple(filePartArb(), fieldPartArb()).map(([file, comment]) => [file, comment]) },
    { weight: 3, arbitrary: fc.array(fc.oneof(filePartArb(fc.oneof(fc.constant('file'), hostileString)), fieldPartArb()), { maxLength: 14 }) },
  );
}

// --- per route ------------------------------------------------------------------------------

/** Any request a client could send to this route, hostile in every part. */
export function hostileRequestArb(route: RouteUnderTest, fx: Fixture): fc.Arbitrary<HostileRequest> {
  const params = fc.record(Object.fromEntries(route.params.map((param) => [param, paramArb(route, param, fx)])));
  const common = fc.record({ caller: callerArbFor(route), params, query: queryArb(fx), authorization: authorizationArb(fx) });
  if (route.kind === 'upload') {
    return fc.tuple(common, uploadBodyArb(uploadPartsArb(), true)).map(([base, body]) => withDescription({ route, ...base, ...body }));
  }
  if (route.kind === 'download') {
    return fc
      .tuple(common, fc.option(fc.nat(), { nil: undefined, freq: 2 }))
      .map(([base, storedCodeIndex]) => withDescription({ route, ...base, query: undefined, storedCodeIndex }));
  }
  return fc.tuple(common, jsonBodyArb(route, fx)).map(([base, body]) => withDescription({ route, ...base, ...body }));
}

/** Signed-in callers, the rightful one most often: a write is read only after the caller's kind is checked. */
const signedInCallerFor = (route: RouteUnderTest) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constant(rightfulCallerOf(route)) },
    { weight: 1, arbitrary: fc.constantFrom<CallerName>('medicA', 'patientA', 'admin', 'strangerMedic', 'patientB') },
  );

/** Fields that hold ids: the body's own and the path's. */
export function idFieldsOf(route: RouteUnderTest): string[] {
  if (!route.readsBody || route.kind !== 'json') return [];
  return [...fieldsOf(route).keys()].filter((key) => /^id[A-Z]/.test(key) && !route.params.includes(key));
}

/** Requests whose only fault is an id in a form other than plain positive decimal (path or body). */
export function nonDecimalIdRequestArb(route: RouteUnderTest, fx: Fixture): fc.Arbitrary<HostileRequest> | undefined {
  const idParams = route.params.filter((param) => param !== 'code');
  const idFields = idFieldsOf(route);
  if (!idParams.length && !idFields.length) return undefined;
  const fields = fieldsOf(route);
  const goodParams = Object.fromEntries(idParams.map((param) => [param, String(rightfulIdFor(route, param, fx))]));
  const rightfulBodyId = (key: string) => (key === 'idPatient' ? fx.ids.patients.A : key === 'idUser' ? fx.ids.users.patientA : 1);
  const body = fields.size
    ? objectBodyArb(fields, fx, (key, schema) => (/^id[A-Z]/.test(key) ? fc.constant(rightfulBodyId(key)) : plausible(schema, key, fx)), { extras: false })
    : fc.constant<[string, unknown][]>([]);
  const target = fc.constantFrom(...idParams.map((p) => ({ where: 'path' as const, name: p })), ...idFields.map((f) => ({ where: 'body' as const, name: f })));
  // Callers who may reach the id: a 404 for a caller without access to the path's other ids would say
  // nothing about how the faulty id was read. The wrong kind of user (403) stays in.
  const rightful = rightfulCallerOf(route);
  const callers = fc.oneof(
    { weight: 2, arbitrary: fc.constant(rightful) },
    { weight: 1, arbitrary: fc.constantFrom<CallerName>(...(['medicA', 'patientA', 'admin'] as const).filter((c) => c !== rightful && (c !== 'admin' || rightful === 'admin'))) },
  );
  return fc.tuple(callers, target, body, fc.nat()).map(([caller, spot, entries, pick]) => {
    const params = { ...goodParams };
    let bodyEntries = entries.filter(([key]) => !idFields.includes(key) || key !== spot.name);
    if (spot.where === 'path') {
      const renderings = nonDecimalRenderings(rightfulIdFor(route, spot.name, fx));
      params[spot.name] = renderings[pick % renderings.length]!;
      bodyEntries = entries;
    } else {
      const renderings = nonDecimalJsonIds(rightfulBodyId(spot.name));
      bodyEntries = [...bodyEntries, [spot.name, renderings[pick % renderings.length]]];
    }
    const hasBody = route.method !== 'GET' && route.method !== 'DELETE' && fields.size > 0;
    return withDescription({
      route,
      caller,
      params,
      ...(hasBody ? { contentType: 'application/json', payload: objectText(bodyEntries) } : {}),
    });
  });
}

/** The body fields of a write that may hold text: not the path's ids, not ids at all. */
export const textFieldsOf = (route: RouteUnderTest) =>
  route.kind === 'json' && route.readsBody && (route.method === 'POST' || route.method === 'PATCH')
    ? [...fieldsOf(route).keys()].filter((key) => !route.params.includes(key) && !/^id[A-Z]/.test(key))
    : [];

/** Writes whose text fields carry control characters or direction overrides. */
export function taintedWriteRequestArb(route: RouteUnderTest, fx: Fixture): fc.Arbitrary<HostileRequest> | undefined {
  const callerParams = fc.record(Object.fromEntries(route.params.map((param) => [param, fc.constant(String(rightfulIdFor(route, param, fx)))]))) as fc.Arbitrary<
    Record<string, string>
  >;
  if (route.kind === 'upload') {
    const plainComment = fc.constantFrom('Control anual', 'informe de análisis', '');
    const tainted = taintedString(plainComment);
    // The comment, the file name, or both carry the character.
    const parts = fc.oneof(
      fc.tuple(fieldPartArb(tainted, fc.constant('comment')), filePartArb(fc.constant('file'), plausibleFileName)),
      fc.tuple(fieldPartArb(plainComment, fc.constant('comment')), filePartArb(fc.constant('file'), tainted.map((name) => `${name}.png`))),
      fc.tuple(fieldPartArb(tainted, fc.constant('comment')), filePartArb(fc.constant('file'), tainted.map((name) => `${name}.png`))),
    );
    return fc
      .tuple(signedInCallerFor(route), callerParams, uploadBodyArb(parts.map(([comment, file]) => [comment, { ...file, contentType: undefined, content: samplePng }]), false))
      .map(([caller, params, body]) => withDescription({ route, caller, params, ...body }));
  }
  if (!textFieldsOf(route).length) return undefined;
  // Ids stay those the rightful caller may write to, so that only the text can be refused.
  const taintedValue = (key: string, schema: unknown): fc.Arbitrary<unknown> => {
    if (key === 'idPatient') return fc.constant(fx.ids.patients.A);
    if (key === 'idUser') return fc.constant(fx.ids.users.patientA);
    const base = plausible(schema, key, fx);
    return /^id[A-Z]/.test(key) ? base : fc.oneof(base, base.chain(taintEveryString));
  };
  const bodies = shapesOf(route)
    .map((shape) => new Map([...shape].filter(([key]) => !route.params.includes(key))))
    .filter((shape) => shape.size > 0)
    .map((shape) => objectBodyArb(shape, fx, taintedValue, { extras: false }));
  return fc
    .tuple(signedInCallerFor(route), callerParams, fc.oneof(...bodies))
    .map(([caller, params, entries]) => withDescription({ route, caller, params, contentType: 'application/json', payload: objectText(entries) }));
}

/** The same value with a forbidden character put into every string in it, however deep. */
function taintEveryString(value: unknown): fc.Arbitrary<unknown> {
  if (typeof value === 'string') return taintedString(fc.constant(value));
  if (Array.isArray(value)) return value.length ? fc.tuple(...value.map(taintEveryString)) : fc.constant(value);
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    if (!entries.length) return fc.constant(value);
    return fc.tuple(...entries.map(([, v]) => taintEveryString(v))).map((tainted) => Object.fromEntries(entries.map(([k], i) => [k, tainted[i]])));
  }
  return fc.constant(value);
}

// Any request a client could send to a route, hostile in every part: caller, Authorization header,
// path params, query string and body.
import fc from 'fast-check';
import { hostileString, nonDecimalRenderings, percentEncode, rawOddSegments } from './arbitraries';
import { callerNames, type Fixture } from './fixture';
import { withDescription, type HostileRequest } from './hostile-request';
import { jsonBodyArb } from './json-bodies';
import { uploadBodyArb, uploadPartsArb } from './multipart-bodies';
import { plausibleByName } from './plausible-values';
import { idsOfBFor, realIdsFor, rightfulIdFor } from './route-ids';
import { rightfulCallerOf, type RouteUnderTest } from './routes-under-test';

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
  // JSON routes, and the audit export (a GET whose body, if any, nobody reads).
  return fc.tuple(common, jsonBodyArb(route, fx)).map(([base, body]) => withDescription({ route, ...base, ...body }));
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
/** The audit review's filter (GET /admin/audit and its CSV), each with values of its own kind. */
const filterQueryKeys = ['from', 'to', 'idUser', 'idPatient', 'action', 'outcome'];

function queryArb(fx: Fixture): fc.Arbitrary<string | undefined> {
  const key = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...knownQueryKeys, ...filterQueryKeys) },
    { weight: 1, arbitrary: fc.constantFrom('q[]', 'q[a]', '__proto__', 'constructor', '', '%', '%00', 'a'.repeat(3_000)) },
    { weight: 1, arbitrary: hostileString.map(percentEncode) },
  );
  const value = fc.oneof(
    { weight: 3, arbitrary: fc.oneof(plausibleByName('q', fx), plausibleByName('page', fx), plausibleByName('email', fx)).map((v) => percentEncode(String(v))) },
    { weight: 3, arbitrary: hostileString.map(percentEncode) },
    { weight: 1, arbitrary: fc.constantFrom('', '%', '%zz', '%E0%A4%A', '%C0%AF', '%ED%A0%80', '%00', '+', '%2B', '-1', '0', '1e3', '0x10', '201', '1.5', 'a'.repeat(5_000)) },
  );
  const anyPair = fc.tuple(key, fc.option(value, { nil: undefined })).map(([k, v]) => (v === undefined ? k : `${k}=${v}`));
  // A filter key with a value that would pass, so that the other keys of the query meet the filter's code.
  const filterPair = fc
    .constantFrom(...filterQueryKeys)
    .chain((k) => plausibleByName(k, fx).map((v) => `${k}=${percentEncode(String(v))}`));
  const pair = fc.oneof({ weight: 4, arbitrary: anyPair }, { weight: 1, arbitrary: filterPair });
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant(undefined) },
    { weight: 4, arbitrary: fc.array(pair, { minLength: 1, maxLength: 5 }).map((pairs) => pairs.join('&')) },
    { weight: 1, arbitrary: fc.constantFrom('', '&', '&&&', '=', '==', '?', '#', 'q=1;q=2', 'q=a&q=b', 'q', '%', `q=${'a'.repeat(90_000)}`) },
  );
}

// Requests with one fault only, from callers who may reach the code behind it: an id in a form other
// than plain decimal, or a write whose text carries a forbidden character.
import fc from 'fast-check';
import { samplePng } from '../sample-files';
import { nonDecimalJsonIds, nonDecimalRenderings, taintedString } from './arbitraries';
import type { CallerName, Fixture } from './fixture';
import { withDescription, type HostileRequest } from './hostile-request';
import { objectBodyArb, objectText } from './json-bodies';
import { fieldPartArb, filePartArb, plausibleFileName, uploadBodyArb } from './multipart-bodies';
import { plausible } from './plausible-values';
import { fieldsOf, idFieldsOf, shapesOf, textFieldsOf } from './route-fields';
import { rightfulIdFor } from './route-ids';
import { rightfulCallerOf, type RouteUnderTest } from './routes-under-test';

/** Signed-in callers, the rightful one most often: a write is read only after the caller's kind is checked. */
const signedInCallerFor = (route: RouteUnderTest) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constant(rightfulCallerOf(route)) },
    { weight: 1, arbitrary: fc.constantFrom<CallerName>('medicA', 'patientA', 'admin', 'strangerMedic', 'patientB') },
  );

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


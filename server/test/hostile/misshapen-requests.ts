// Requests whose one fault is their shape (API.md: "A body that is not a JSON object where one is
// expected, and a query parameter given twice or as an array where one value is expected, are
// 400 VALIDATION_FAILED"): a body that is JSON but not an object, or one query parameter repeated or
// written as an array, the rest of the request as the rightful caller would send it. Every caller
// sends them, since the form of a request is refused before its caller is looked at.
import fc from 'fast-check';
import { hostileValue } from './arbitraries';
import { callerNames, type Fixture } from './fixture';
import { withDescription, type HostileRequest } from './hostile-request';
import { objectBodyArb, objectText } from './json-bodies';
import { plausible, plausibleByName } from './plausible-values';
import { shapesOf } from './route-fields';
import { rightfulIdFor } from './route-ids';
import { rightfulCallerOf, type RouteUnderTest } from './routes-under-test';

/** The issue each kind of fault must be answered with. */
export const NOT_AN_OBJECT = { path: '', message: 'validation.objectExpected' };
export const ONE_VALUE = 'validation.singleValue';

/** Routes whose body Fastify reads (it reads none on a GET) and hands to a procedure's row. */
export const takesJsonBody = (route: RouteUnderTest) => route.kind === 'json' && route.method !== 'GET';
/** Routes whose query the one rule reads: the REST rows and the audit CSV. */
export const readsQuery = (route: RouteUnderTest) => route.kind === 'json' || route.kind === 'export';

const rightfulParams = (route: RouteUnderTest, fx: Fixture) =>
  Object.fromEntries(route.params.map((param) => [param, String(rightfulIdFor(route, param, fx))]));

const JSON_TYPES = ['application/json', 'application/json; charset=utf-8'];

/** The finding's bodies first: what answered 200 and changed nothing. */
const FOUND_NOT_OBJECTS = ['[]', 'null', '1', '"x"'];

const isNotAnObject = (value: unknown) => value === null || typeof value !== 'object' || Array.isArray(value);

/** JSON text that is not an object: a scalar, null, an array (of the route's own fields too). */
function notAnObjectText(route: RouteUnderTest, fx: Fixture): fc.Arbitrary<string> {
  const shapes = shapesOf(route).filter((shape) => shape.size > 0);
  const listOfBodies = shapes.length
    ? fc.oneof(...shapes.map((shape) => objectBodyArb(shape, fx, (key, schema) => plausible(schema, key, fx), { extras: false }))).map((entries) => `[${objectText(entries)}]`)
    : fc.constant('[{}]');
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...FOUND_NOT_OBJECTS, 'true', 'false', '0', '-1.5', '1e3', '""', '"{}"', '[{}]', '[null]', ' [ ] ', '\n null \n') },
    { weight: 3, arbitrary: hostileValue.filter(isNotAnObject).map((value) => JSON.stringify(value) ?? 'null') },
    { weight: 2, arbitrary: listOfBodies },
  );
}

/** Any caller, any JSON content type, the rightful path: a body that is JSON but not an object. */
export function misshapenBodyRequestArb(route: RouteUnderTest, fx: Fixture): fc.Arbitrary<HostileRequest> {
  return fc
    .tuple(fc.constantFrom(...callerNames), fc.constantFrom(...JSON_TYPES), notAnObjectText(route, fx))
    .map(([caller, contentType, payload]) => withDescription({ route, caller, params: rightfulParams(route, fx), contentType, payload }));
}

export function misshapenBodyCases(route: RouteUnderTest, fx: Fixture): HostileRequest[] {
  return FOUND_NOT_OBJECTS.map((payload) =>
    withDescription({ route, caller: rightfulCallerOf(route), params: rightfulParams(route, fx), contentType: 'application/json', payload }),
  );
}

/** A query repeating `name` in one of the forms a client may send: twice, or as an array or a map. */
type Repetition = (name: string, first: string, second: string) => string;
const REPETITIONS: Repetition[] = [
  (name, first, second) => `${name}=${first}&${name}=${second}`,
  (name, first) => `${name}=${first}&${name}=${first}`,
  (name, first) => `${name}[]=${first}`,
  (name, first, second) => `${name}[]=${first}&${name}[]=${second}`,
  (name, first) => `${name}[0]=${first}`,
  (name, first) => `${name}[a]=${first}`,
  (name, first) => `${name}%5B%5D=${first}`,
  (name, first, second) => `${name}=${first}&${name}[]=${second}`,
];

const encoded = (value: unknown) => encodeURIComponent(String(value));

/** A plain parameter name the route does not read: one value a parameter holds there too. */
const otherName = fc.stringMatching(/^[a-z][A-Za-z0-9_]{0,15}$/);

/** Any caller; the query one value a parameter but for one, repeated; no body or an empty object. */
export function repeatedQueryRequestArb(route: RouteUnderTest, fx: Fixture): fc.Arbitrary<HostileRequest> {
  const name = route.queryKeys.length
    ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...route.queryKeys) }, { weight: 1, arbitrary: otherName })
    : otherName;
  const valueOf = (key: string) => plausibleByName(key, fx).map(encoded);
  return fc
    .tuple(name, fc.nat(REPETITIONS.length - 1), fc.subarray(route.queryKeys), fc.constantFrom(...callerNames), fc.boolean())
    .chain(([repeated, form, others, caller, withBody]) =>
      fc
        .tuple(valueOf(repeated), valueOf(repeated), fc.tuple(...others.filter((key) => key !== repeated).map((key) => valueOf(key).map((value) => `${key}=${value}`))))
        .chain(([first, second, rest]) => fc.shuffledSubarray([REPETITIONS[form]!(repeated, first, second), ...rest], { minLength: rest.length + 1 }))
        .map((pairs) =>
          withDescription({
            route,
            caller,
            params: rightfulParams(route, fx),
            query: pairs.join('&'),
            ...(withBody && takesJsonBody(route) ? { contentType: 'application/json', payload: '{}' } : {}),
          }),
        ),
    );
}

/** The finding's queries (`?idUser[]=1`, `?idUser=1&idUser=2` on the audit review) and the same on every parameter a route reads. */
export function repeatedQueryCases(route: RouteUnderTest, fx: Fixture): HostileRequest[] {
  const names = route.queryKeys.length ? route.queryKeys : ['q'];
  return names.flatMap((name) =>
    [`${name}[]=1`, `${name}=1&${name}=2`].map((query) => withDescription({ route, caller: rightfulCallerOf(route), params: rightfulParams(route, fx), query })),
  );
}

/**
 * The parameters a query string gives more than one value, read from the string itself as a client
 * wrote it: a name that appears twice, or in a bracket form (`name[]`, `name[0]`, `name[key]`).
 */
export function repeatedNamesOf(query: string): string[] {
  const seen = new Map<string, number>();
  const names = new Set<string>();
  for (const key of new URLSearchParams(query).keys()) {
    const bracket = key.indexOf('[');
    if (bracket > 0 && key.endsWith(']')) {
      names.add(key.slice(0, bracket));
      continue;
    }
    seen.set(key, (seen.get(key) ?? 0) + 1);
    if (seen.get(key)! > 1) names.add(key);
  }
  return [...names].sort();
}

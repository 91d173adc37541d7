// JSON bodies: every known field absent, plausible or hostile, extra keys, or text that is not JSON.
import fc from 'fast-check';
import { extraKey, hostileValue, jsonContentType, malformedBodyText } from './arbitraries';
import type { Fixture } from './fixture';
import { plausible } from './plausible-values';
import { shapesOf } from './route-fields';
import type { RouteUnderTest } from './routes-under-test';

/** JSON text of an object given as entries: keys such as __proto__ and repeated keys stay as written. */
export const objectText = (entries: [string, unknown][]) => `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value) ?? 'null'}`).join(',')}}`;

function fieldValueArb(key: string, schema: unknown, fx: Fixture): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 3, arbitrary: plausible(schema, key, fx) }, { weight: 2, arbitrary: hostileValue });
}

/** A JSON object body: every known field absent, plausible or hostile, plus extra keys. */
export function objectBodyArb(
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

export function jsonBodyArb(route: RouteUnderTest, fx: Fixture): fc.Arbitrary<{ contentType?: string; payload?: string | Buffer }> {
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

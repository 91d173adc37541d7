// JSON text kept beside values that many answers share, so that an answer made of them is not
// serialized again each time: a record's lists are the same frozen arrays until the record changes
// (services/record-lists-json.ts), and their ~23 KB of JSON was an eighth of a REST record read.

const knownJson = new WeakMap<object, string>();

/** Serializes `value` once and remembers it; the value must not change afterwards (freeze it). */
export function withKnownJson<T extends object>(value: T): T {
  knownJson.set(value, JSON.stringify(value));
  return value;
}

function jsonOf(value: unknown): string | undefined {
  if (typeof value === 'object' && value !== null) return knownJson.get(value) ?? JSON.stringify(value);
  return JSON.stringify(value);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return (prototype === Object.prototype || prototype === null) && !('toJSON' in value);
}

/**
 * Exactly `JSON.stringify(value)`, reusing the remembered text of the value or of its direct
 * properties (one level deep is where the shared parts of an answer sit).
 */
export function toJsonText(value: unknown): string | undefined {
  if (!isPlainObject(value) || knownJson.has(value)) return jsonOf(value);
  const members: string[] = [];
  for (const key of Object.keys(value)) {
    const text = jsonOf(value[key]);
    // JSON.stringify leaves out what has no JSON (undefined, functions, symbols).
    if (text !== undefined) members.push(`${JSON.stringify(key)}:${text}`);
  }
  return `{${members.join(',')}}`;
}

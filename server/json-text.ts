// JSON kept, as UTF-8 bytes, beside values that many answers share, so that an answer made of them
// is not serialized again each time: a record's lists are the same frozen arrays until the record
// changes (services/record-lists-json.ts), and their ~23 KB of JSON was an eighth of a REST record
// read. Kept as bytes rather than text: a 70 KB record answer built as one string was
// flattened, then encoded to UTF-8 by Node on every send, and those copies were most of what the
// garbage collector did during a record read; bytes are copied once into the answer and sent as they are.

const knownJson = new WeakMap<object, Buffer>();
/** The remembered bytes themselves: an answer sent as one of them is the same every time it is sent. */
const keptBytes = new WeakSet<Buffer>();

/** Serializes `value` once and remembers it; the value must not change afterwards (freeze it). */
export function withKnownJson<T extends object>(value: T): T {
  const bytes = Buffer.from(JSON.stringify(value));
  knownJson.set(value, bytes);
  keptBytes.add(bytes);
  return value;
}

/**
 * Whether `bytes` are kept JSON (withKnownJson's, or keptWithin's): the same object for as long as
 * the value they stand for, so that what is made of them once (their compressed forms) can be kept too.
 */
export function isKeptJson(bytes: Buffer): boolean {
  return keptBytes.has(bytes);
}

const wrappings = new WeakMap<Buffer, Map<string, Buffer>>();

/** `before + inner + after` as bytes, kept with `inner` when it is kept JSON (tRPC's envelope around a kept answer). */
export function keptWithin(before: string, inner: Buffer, after: string): Buffer {
  if (!keptBytes.has(inner)) return Buffer.concat([Buffer.from(before), inner, Buffer.from(after)]);
  let kept = wrappings.get(inner);
  if (!kept) wrappings.set(inner, (kept = new Map()));
  const key = `${before}\u0000${after}`;
  let wrapped = kept.get(key);
  if (!wrapped) {
    wrapped = Buffer.concat([Buffer.from(before), inner, Buffer.from(after)]);
    keptBytes.add(wrapped);
    kept.set(key, wrapped);
  }
  return wrapped;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return (prototype === Object.prototype || prototype === null) && !('toJSON' in value);
}

const known = (value: unknown): Buffer | undefined => (typeof value === 'object' && value !== null ? knownJson.get(value) : undefined);

/**
 * Exactly the UTF-8 bytes of `JSON.stringify(value)`, reusing the remembered JSON of the value or
 * of its direct properties (one level deep is where the shared parts of an answer sit).
 */
export function toJsonBytes(value: unknown): Buffer | undefined {
  const whole = known(value);
  if (whole) return whole;
  if (!isPlainObject(value)) {
    const text = JSON.stringify(value);
    return text === undefined ? undefined : Buffer.from(text);
  }
  // Members without remembered JSON are gathered as text and encoded together; a remembered one is
  // put in as it is.
  const parts: Buffer[] = [];
  let text = '{';
  let first = true;
  for (const key of Object.keys(value)) {
    const member = value[key];
    const bytes = known(member);
    const json = bytes ? undefined : JSON.stringify(member);
    // JSON.stringify leaves out what has no JSON (undefined, functions, symbols).
    if (!bytes && json === undefined) continue;
    text += `${first ? '' : ','}${JSON.stringify(key)}:`;
    first = false;
    if (bytes) {
      parts.push(Buffer.from(text), bytes);
      text = '';
    } else {
      text += json;
    }
  }
  parts.push(Buffer.from(`${text}}`));
  return parts.length === 1 ? parts[0] : Buffer.concat(parts);
}

// Hostile values: strings that are huge, exotic unicode, control characters and lone surrogates;
// JSON of the wrong type; ids written every way but plain decimal; odd query strings and bodies.
import fc from 'fast-check';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCharCode(from + i));

/** C0 controls and DEL, then C1 controls. */
export const C0 = [...range(0x00, 0x1f), '\u007f'];
export const C1 = range(0x80, 0x9f);
/** Bidirectional embeddings, overrides and isolates, plus the marks that are not overrides. */
export const BIDI = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069', '\u200e', '\u200f', '\u061c'];
export const LONE_SURROGATES = ['\ud800', '\udbff', '\udc00', '\udfff'];

/**
 * What a stored text must never hold: C0/C1 controls and bidirectional overrides.
 * Tab, newline and carriage return are left out: long notes may keep line breaks and tabs.
 */
// eslint-disable-next-line no-control-regex -- control characters are what this finds
export const FORBIDDEN_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
export const FORBIDDEN_CHARS = [...C0, ...C1, ...BIDI].filter((c) => FORBIDDEN_IN_TEXT.test(c));

const exotic = [
  ...BIDI,
  ...LONE_SURROGATES,
  '😀', '👩‍⚕️', '🇲🇽', '🏳️‍🌈', 'e\u0301', '\u0301', '\u0336', '\u200b', '\u200d', '\ufeff', '\uffff', '\ufffd', '\u2028', '\u2029',
  'ñ', 'ß', 'İ', 'ı', 'ﬀ', '𝔘', 'Ａ', '１', '٣', 'مرحبا', 'שלום', '中文', 'Ω', 'ǅ',
  "'", '"', '`', '\\', '<', '>', '&', '%', '/', '?', '#', '=', ';', ',', '${', '{{', '%00', '%s', '\r\n', '\t',
];

/** One unit of a hostile string: mostly plain characters, often something worse. */
const unit = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .-_@') },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  { weight: 2, arbitrary: fc.constantFrom(...C0, ...C1) },
  { weight: 2, arbitrary: fc.constantFrom(...exotic) },
);

const shortHostile = fc.string({ unit, maxLength: 40 });

/** Up to ~100 000 UTF-16 units of one repeated piece, with a hostile head and tail. */
const huge = fc
  .tuple(fc.integer({ min: 1_000, max: 100_000 }), fc.constantFrom('A', '9', ' ', 'ñ', '😀', '\u0000', '\u202e', 'e\u0301', '\ud800', '%'), shortHostile, shortHostile)
  .map(([length, piece, head, tail]) => head + piece.repeat(Math.ceil(length / piece.length)) + tail);

const notableStrings = [
  '', ' ', '   ', '\t', '\n', 'null', 'undefined', 'true', 'false', '0', '-1', '1.5', 'NaN', 'Infinity', '-Infinity', '1e999', '0x1',
  '[]', '{}', '[1]', '__proto__', 'constructor', 'prototype', 'toString', '2026-02-30', '2026-13-01', '2026-00-00', '9999-12-31',
  '0000-01-01', '2026-11-22T10:00', '2026-11-22T10:00:00.000Z', '2026-11-22T10:00:00+99:00', '2026-11-22T25:61', '25:61', '23:59',
  '<script>alert(1)</script>', "' OR '1'='1", "Robert'); DROP TABLE users;--", '../../etc/passwd', '..\\..\\boot.ini', '%00', '\u0000',
  'a\u0000b', '\u202egnp.exe', 'Ana\u001b[31m', '\u0085\u009b', '\ud800', '\udfff\ud800', 'Z̴̡̢͇͈̈́a̷l̶g̵o̸', 'ＡＢＣ１２３', 'İSTANBUL',
  'a@b', '@example.test', 'ANA@EXAMPLE.TEST ', ' ana@example.test', 'ana@example.test\u0000', 'ana+tag@example.test', 'ana@@example.test',
];

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: shortHostile },
  { weight: 2, arbitrary: fc.constantFrom(...notableStrings) },
  { weight: 1, arbitrary: huge },
);

/** A string carrying at least one character that stored text must refuse. */
export const taintedString = (base: fc.Arbitrary<string>): fc.Arbitrary<string> =>
  fc.tuple(base, fc.constantFrom(...FORBIDDEN_CHARS), fc.nat()).map(([text, char, at]) => {
    const i = at % (text.length + 1);
    return text.slice(0, i) + char + text.slice(i);
  });

const notableNumbers = [0, -0, -1, 1, 0.5, 1.5, -1.5, 1e21, -1e21, 2 ** 31, 2 ** 53, 2 ** 53 + 2, Number.MAX_VALUE, Number.MIN_VALUE, 1e-7];

const scalar = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 2, arbitrary: fc.constantFrom<unknown>(null, true, false, ...notableNumbers) },
  { weight: 1, arbitrary: fc.integer() },
  // NaN and the infinities become null in JSON.
  { weight: 1, arbitrary: fc.double() },
);

/** Nested arrays or objects, deep enough to trouble a recursive walker. */
const deep = fc
  .tuple(fc.integer({ min: 10, max: 3_000 }), fc.boolean())
  .map(([depth, asObject]) => {
    let value: unknown = 1;
    for (let i = 0; i < depth; i += 1) value = asObject ? { a: value } : [value];
    return value;
  });

/** Any JSON value a field might receive instead of what it expects. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: scalar },
  { weight: 2, arbitrary: fc.array(scalar, { maxLength: 4 }) },
  { weight: 2, arbitrary: fc.dictionary(fc.oneof(fc.constantFrom('a', 'name', 'idPatient', '0', ''), shortHostile), scalar, { maxKeys: 3 }) },
  { weight: 1, arbitrary: deep },
);

/** Keys a body should not have, or should not be able to use. */
export const extraKey = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      'idPatient', 'idUser', 'idMedic', 'patientId', 'userId', 'medicId', 'isAdmin', 'status', 'type', 'mustChangePassword',
      'passwordHash', 'password_hash', '__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', '', ' ', 'a'.repeat(2_000), '\u0000', '😀',
    ),
  },
  { weight: 1, arbitrary: shortHostile },
);

/** A body whose JSON is broken or not JSON at all. */
export const malformedBodyText: fc.Arbitrary<string | Buffer> = fc.oneof(
  fc.constantFrom<string | Buffer>(
    '', ' ', '{', '}', '{"a":', '{"a":1}}', "{'a':1}", '{a:1}', '{"a":1,}', '[', ']', 'nul', 'undefined', 'NaN', '\u0000', '\ufeff{}',
    '{"a":"\\ud800"}', '{"a":"\\u0000"}', '{"a":"\\x41"}', '{"a":01}', '{"a":1e999}', '{"a":-}', '{"__proto__":{"isAdmin":true}}',
    '{"constructor":{"prototype":{"isAdmin":true}}}', '{"email":"a@example.test","email":{"$ne":null}}', 'a=1&b=2', '<?xml version="1.0"?><a/>',
    Buffer.from([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00]),
    Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0xa0, 0xa1, 0x22, 0x7d]),
    Buffer.from([0xc0, 0xaf, 0xed, 0xa0, 0x80]),
  ),
  fc.integer({ min: 1, max: 50_000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
  fc.integer({ min: 1, max: 50_000 }).map((depth) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)),
  fc.integer({ min: 1, max: 50_000 }).map((depth) => '['.repeat(depth)),
  fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
  hostileString,
);

/** The content type a JSON body arrives with: mostly JSON, often not. */
export const jsonContentType: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 10, arbitrary: fc.constant('application/json') },
  {
    weight: 4,
    arbitrary: fc.constantFrom<string | undefined>(
      undefined, 'application/json; charset=utf-8', 'APPLICATION/JSON', 'application/json; charset=utf-16', 'application/json; charset=latin1',
      'application/json;;;', 'application/json; boundary=x', 'text/plain', 'text/plain; charset=utf-8', 'text/html', 'application/x-www-form-urlencoded',
      'multipart/form-data', 'multipart/form-data; boundary=xyz', 'application/xml', 'application/octet-stream', 'application/vnd.api+json',
      'application/fhir+json', 'application/jsonx', 'json', '*/*', 'application/*', '', ' ', 'x'.repeat(3_000), 'application/json\t',
    ),
  },
);

/** Bytes of a percent-encoded string, whatever it holds (a lone surrogate becomes U+FFFD). */
export const percentEncode = (value: string) =>
  [...Buffer.from(value, 'utf8')].map((byte) => (/[A-Za-z0-9\-._~]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`)).join('');

/** Path segments that are raw already (the escapes are the point). */
export const rawOddSegments = [
  '0x1', '1e0', '-1', '0', '-0', '99999999999999999999', '%00', '..%2F', '..%2f..%2f', '%2e%2e', 'true', 'false', 'null', '[1]', '%5B1%5D',
  '1.0', '1.5', '+1', '%2B1', '%201', '1%20', '%091', '01', '00000000001', '%EF%BC%91', '%D9%A3', 'NaN', 'Infinity', '1n', '1_0', '0b1', '0o7',
  '1,2', '1;2', '%', '%zz', '%E0%A4%A', '%C0%AF', '%ED%A0%80', '%FF', "'1'", '%221%22', '1%00', '9'.repeat(400), '1'.padStart(300, '0'), 'a'.repeat(6_000),
];

/** Ways to write a real positive id that are not plain decimal: each must be refused with 400. */
export const nonDecimalRenderings = (id: number): string[] => [
  `0x${id.toString(16)}`,
  `${id}e0`,
  `${id}.0`,
  `+${id}`,
  `%2B${id}`,
  `%20${id}`,
  `${id}%20`,
  `%09${id}`,
  `%5B${id}%5D`,
  `[${id}]`,
  `${id}n`,
  `0b${id.toString(2)}`,
  `0o${id.toString(8)}`,
  `${id}%00`,
  `-${id}`,
  '0',
  '-0',
  percentEncode(String(id).replace(/[0-9]/g, (d) => String.fromCharCode(0xff10 + Number(d)))),
  ...(id === 1 ? ['true', '[1]', '1.0'] : []),
];

/** Body values for an id field that are not a positive integer in plain decimal. */
export const nonDecimalJsonIds = (id: number): unknown[] => [
  `0x${id.toString(16)}`,
  `${id}e0`,
  `${id}.0`,
  `+${id}`,
  ` ${id}`,
  `${id} `,
  `[${id}]`,
  [id],
  { id },
  true,
  id + 0.5,
  -id,
  0,
  `${id}abc`,
  // Not '': blank means "none" for an optional field (shared/fields.ts), so it is no id at all.
];

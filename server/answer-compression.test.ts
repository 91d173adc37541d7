// A kept answer is compressed once per encoding, for as long as it is kept; any other answer each time.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressedAnswer } from './answer-compression';
import { keptWithin, toJsonBytes, withKnownJson } from './json-text';

const record = () => ({ patient: { name: 'Valentina' }, history: Array.from({ length: 200 }, (_, index) => ({ idAppointment: index, notes: 'Control de presión arterial' })) });
const decode = { br: brotliDecompressSync, gzip: gunzipSync };

describe('compressing an answer', () => {
  it.each(['br', 'gzip'] as const)('kept JSON is compressed once in %s, and decodes to the same bytes', (encoding) => {
    const kept = toJsonBytes(withKnownJson(Object.freeze(record())))!;
    const first = compressedAnswer(kept, encoding);
    expect(compressedAnswer(kept, encoding)).toBe(first);
    expect(first.length).toBeLessThan(kept.length / 4);
    expect(decode[encoding](first).equals(kept)).toBe(true);
  });

  it('bytes made for one answer are compressed each time, not kept', () => {
    const fresh = toJsonBytes(record())!;
    const first = compressedAnswer(fresh, 'br');
    expect(compressedAnswer(fresh, 'br')).not.toBe(first);
    expect(brotliDecompressSync(first).equals(fresh)).toBe(true);
  });

  it("tRPC's envelope around a kept answer is kept with it, and compressed once", () => {
    const kept = toJsonBytes(withKnownJson(Object.freeze(record())))!;
    const envelope = keptWithin('[{"result":{"data":', kept, '}}]');
    expect(keptWithin('[{"result":{"data":', kept, '}}]')).toBe(envelope);
    expect(keptWithin('{"result":{"data":', kept, '}}')).not.toBe(envelope);
    expect(JSON.parse(envelope.toString())).toEqual([{ result: { data: record() } }]);
    expect(compressedAnswer(envelope, 'br')).toBe(compressedAnswer(envelope, 'br'));
  });
});

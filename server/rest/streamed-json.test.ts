import { describe, expect, it } from 'vitest';
import { streamedJson } from './streamed-json';

const text = async (stream: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return { whole: Buffer.concat(chunks).toString('utf8'), pieces: chunks.length };
};

describe('a streamed JSON download', () => {
  it('writes exactly the bytes JSON.stringify would, in several pieces when the list is long', async () => {
    const bundle = { resourceType: 'Bundle', type: 'collection', entry: Array.from({ length: 3000 }, (_, id) => ({ id, text: `Nota «${id}» \u2028 "citada"` })) };
    const { whole, pieces } = await text(streamedJson(bundle, 'entry'));
    expect(whole).toBe(JSON.stringify(bundle));
    expect(pieces).toBeGreaterThan(1);
  });

  it('writes an empty list, a list alone, and an object without the list as JSON.stringify does', async () => {
    for (const value of [{ resourceType: 'Bundle', entry: [] }, { entry: [{ a: 1 }] }, { resourceType: 'Bundle' }]) {
      expect((await text(streamedJson(value, 'entry'))).whole).toBe(JSON.stringify(value));
    }
  });
});

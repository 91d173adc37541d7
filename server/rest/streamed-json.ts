// A download's JSON written as it goes rather than made into one string first: a decade-long
// record's FHIR export is megabytes of text, and its entries are written out a batch at a time, so
// the server never holds that text whole (API.md "Long histories": the export is streamed). The
// bytes are JSON.stringify's, provided the streamed list is the object's last key.
import { Readable } from 'node:stream';

/** About this much text is handed to the socket at a time. */
const BATCH_CHARACTERS = 64 * 1024;

export function streamedJson(value: object, listKey: string): Readable {
  const { [listKey]: list, ...rest } = value as Record<string, unknown>;
  if (!Array.isArray(list)) return Readable.from([JSON.stringify(value)], { objectMode: false });
  function* pieces(): Generator<string> {
    const head = JSON.stringify(rest);
    let batch = `${head.slice(0, -1)}${head === '{}' ? '' : ','}${JSON.stringify(listKey)}:[`;
    for (const [index, item] of (list as unknown[]).entries()) {
      batch += (index === 0 ? '' : ',') + JSON.stringify(item);
      if (batch.length >= BATCH_CHARACTERS) {
        yield batch;
        batch = '';
      }
    }
    yield `${batch}]}`;
  }
  return Readable.from(pieces(), { objectMode: false });
}

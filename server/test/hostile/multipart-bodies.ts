// Multipart upload bodies: file and field parts, plausible and hostile, in envelopes that may be broken.
import fc from 'fast-check';
import { sampleExecutable, sampleJpeg, sampleMp3, sampleMp4, samplePdf, samplePng } from '../sample-files';
import { hostileString } from './arbitraries';
import { UPLOAD_LIMIT } from './fixture';

export interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  content: Buffer;
}

const fileBytes = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(samplePng, sampleJpeg, samplePdf, sampleMp3, sampleMp4) },
  { weight: 2, arbitrary: fc.constantFrom(sampleExecutable, Buffer.alloc(0), Buffer.from('hola'), Buffer.from('<html><script>alert(1)</script></html>')) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 500 }).map((bytes) => Buffer.from(bytes)) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 8_000 }).map((extra) => Buffer.concat([samplePng, Buffer.alloc(UPLOAD_LIMIT + extra, 0x41)])) },
);

export const plausibleFileName = fc.constantFrom('scan.png', 'informe.pdf', 'radiografía de tórax.png', 'a', '.png', 'x.exe', 'audio.mp3');

export function filePartArb(nameArb: fc.Arbitrary<string> = fc.constant('file'), filenameArb?: fc.Arbitrary<string>): fc.Arbitrary<Part> {
  return fc.record({
    name: nameArb,
    filename: filenameArb ?? fc.oneof({ weight: 3, arbitrary: plausibleFileName }, { weight: 2, arbitrary: hostileString }, { weight: 1, arbitrary: fc.constantFrom('', '../../etc/passwd', '..\\..\\x.png', '/etc/shadow', 'a"b.png', 'a\r\nX-Evil: 1.png') }),
    contentType: fc.option(fc.constantFrom('image/png', 'application/pdf', 'text/html', 'application/x-msdownload', 'image/svg+xml', 'application/octet-stream', ';;', 'x'.repeat(500)), { nil: undefined }),
    content: fileBytes,
  });
}

const plausibleComment = fc.constantFrom('Control anual', 'Radiografía de tórax', '', '   ', 'Informe\ncon dos líneas');

export const fieldPartArb = (
  valueArb: fc.Arbitrary<string> = fc.oneof({ weight: 3, arbitrary: plausibleComment }, { weight: 2, arbitrary: hostileString }),
  nameArb?: fc.Arbitrary<string>,
): fc.Arbitrary<Part> =>
  fc.record({
    name: nameArb ?? fc.oneof({ weight: 4, arbitrary: fc.constant('comment') }, { weight: 1, arbitrary: fc.constantFrom('file', 'idPatient', '', 'comment[]') }, { weight: 1, arbitrary: hostileString }),
    content: valueArb.map((value) => Buffer.from(value, 'utf8')),
  });

const quoted = (value: string) => value.replace(/[\r\n"]/g, (c) => encodeURIComponent(c));

export function multipartBody(parts: Part[], boundary: string): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${quoted(part.name)}"`;
    if (part.filename !== undefined) head += `; filename="${quoted(part.filename)}"`;
    head += '\r\n';
    if (part.contentType !== undefined) head += `Content-Type: ${part.contentType}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`, 'utf8'), part.content, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

export const BOUNDARY = '----hostile7MA4YWxkTrZu0gW';

type Mangle = 'none' | 'truncate' | 'noFinalBoundary' | 'empty' | 'garbage';

export function uploadBodyArb(partsArb: fc.Arbitrary<Part[]>, hostileEnvelope: boolean) {
  const contentType = hostileEnvelope
    ? fc.oneof(
        { weight: 8, arbitrary: fc.constant(`multipart/form-data; boundary=${BOUNDARY}`) },
        {
          weight: 4,
          arbitrary: fc.constantFrom<string | undefined>(
            'multipart/form-data', 'multipart/form-data;', 'multipart/form-data; boundary=', 'multipart/form-data; boundary=""', 'multipart/form-data; boundary=other',
            `multipart/form-data; boundary=${'b'.repeat(300)}`, `multipart/mixed; boundary=${BOUNDARY}`, `MULTIPART/FORM-DATA; BOUNDARY=${BOUNDARY}`,
            `multipart/form-data; boundary="${BOUNDARY}"; charset=utf-16`, 'application/json', 'text/plain', 'application/octet-stream',
            'application/x-www-form-urlencoded', 'image/png', undefined, '',
          ),
        },
      )
    : fc.constant(`multipart/form-data; boundary=${BOUNDARY}`);
  const mangle: fc.Arbitrary<[Mangle, number]> = hostileEnvelope
    ? fc.tuple(fc.oneof({ weight: 8, arbitrary: fc.constant<Mangle>('none') }, { weight: 3, arbitrary: fc.constantFrom<Mangle>('truncate', 'noFinalBoundary', 'empty', 'garbage') }), fc.nat())
    : fc.constant<[Mangle, number]>(['none', 0]);
  return fc.tuple(partsArb, contentType, mangle).map(([parts, type, [how, at]]) => {
    let payload = multipartBody(parts, BOUNDARY);
    if (how === 'truncate') payload = payload.subarray(0, at % (payload.length + 1));
    if (how === 'noFinalBoundary') payload = payload.subarray(0, payload.length - BOUNDARY.length - 6);
    if (how === 'empty') payload = Buffer.alloc(0);
    if (how === 'garbage') payload = Buffer.from(`--${BOUNDARY}\r\nno headers here\r\n\r\n\u0000\u0000--${BOUNDARY}`);
    const largestFileBytes = Math.max(0, ...parts.filter((part) => part.filename !== undefined).map((part) => part.content.length));
    return { contentType: type, payload, largestFileBytes };
  });
}

export function uploadPartsArb(): fc.Arbitrary<Part[]> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.tuple(fieldPartArb(), filePartArb()).map(([comment, file]) => [comment, file]) },
    { weight: 2, arbitrary: filePartArb().map((file) => [file]) },
    { weight: 2, arbitrary: fc.tuple(filePartArb(), fieldPartArb()).map(([file, comment]) => [file, comment]) },
    { weight: 3, arbitrary: fc.array(fc.oneof(filePartArb(fc.oneof(fc.constant('file'), hostileString)), fieldPartArb()), { maxLength: 14 }) },
  );
}

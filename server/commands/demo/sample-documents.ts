// The demo's two documents, made in code so nothing binary lives in the repository: a one-page
// PDF lab report and a PNG strip of an electrocardiogram. Both are real files that open in any viewer.
import { crc32, deflateSync } from 'node:zlib';

// Latin-1 bytes match WinAnsi for Spanish letters; the dashes sit where Latin-1 has control codes.
const WIN_ANSI_DASHES: Record<string, string> = { '–': '\x96', '—': '\x97' };

/** PDF string literal: backslash and parentheses escaped, dashes in WinAnsi. */
const pdfText = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[–—]/g, (dash) => WIN_ANSI_DASHES[dash]!);

/** A one-page A4 PDF with a title and lines of Helvetica, with a correct cross-reference table. */
export function onePagePdf(title: string, lines: readonly string[]): Buffer {
  const content = [
    'BT /F2 16 Tf 56 780 Td',
    `(${pdfText(title)}) Tj`,
    'ET',
    'BT /F1 11 Tf 56 748 Td 16 TL',
    ...lines.map((line) => `(${pdfText(line)}) '`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** An RGB PNG of `width` × `height` whose pixels `colour(x, y)` gives. */
export function rgbPng(width: number, height: number, colour: (x: number, y: number) => readonly [number, number, number]): Buffer {
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    rows[row] = 0; // filter: none
    for (let x = 0; x < width; x++) rows.set(colour(x, y), row + 1 + x * 3);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits per channel, truecolour, no interlace
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', header), pngChunk('IDAT', deflateSync(rows)), pngChunk('IEND', Buffer.alloc(0))]);
}

/** The height of a sinus rhythm trace (P wave, QRS, T wave) at `x`, one beat every `beat` pixels. */
function ecgHeight(x: number, beat: number): number {
  const t = (x % beat) / beat;
  const bump = (centre: number, width: number, height: number) => height * Math.exp(-(((t - centre) / width) ** 2));
  return bump(0.18, 0.03, 8) - bump(0.3, 0.008, 10) + bump(0.32, 0.01, 60) - bump(0.345, 0.01, 18) + bump(0.58, 0.05, 16);
}

/** A strip of ECG paper (1 mm and 5 mm grid) with a regular rhythm at about 75 beats a minute. */
export function ecgStripPng(width = 600, height = 200): Buffer {
  const baseline = height * 0.62;
  const trace = Array.from({ length: width }, (_, x) => baseline - ecgHeight(x, 120));
  return rgbPng(width, height, (x, y) => {
    const from = Math.min(trace[x]!, trace[Math.max(0, x - 1)]!);
    const to = Math.max(trace[x]!, trace[Math.max(0, x - 1)]!);
    if (y >= from - 1 && y <= to + 1) return [20, 20, 20];
    if (x % 25 === 0 || y % 25 === 0) return [235, 150, 150];
    if (x % 5 === 0 || y % 5 === 0) return [250, 215, 215];
    return [255, 246, 246];
  });
}

// GET /api/admin/audit.csv: the audit trail under the review's filter as a CSV
// file the administrator downloads. Only the administrator; RFC 4180 with formulas defused; the
// same events as the review's pages, newest first; audited with its row count; and streamed: ten
// thousand events arrive in many chunks while the server never holds the file, or its rows, at once.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEventsPage } from '../../shared/admin';
import type { Session } from '../../shared/auth';
import { insertAuditEventsIn, type TestAuditEvent } from '../audit/audit-events.fixture';
import { rawGet, rawRows } from '../db/raw-sql';
import { bearer, buildTestApp, errorOf, register, uniqueEmail } from '../test/helpers';

// The practice's day the file is named after (deps.now); the events keep their own moments.
const now = new Date(2026, 10, 25, 18, 45);

let app: FastifyInstance;
let admin: Session;
let medic: Session;
let patient: Session;
let idPatient: number;

beforeAll(async () => {
  app = await buildTestApp({ now: () => now });
  admin = await register(app, { type: 'medic', email: uniqueEmail('admin'), name: 'Ada', lname: 'Admin' });
  medic = await register(app, { type: 'medic', email: uniqueEmail('medic'), name: 'Mario', lname: 'Medina' });
  patient = await register(app, { type: 'patient', email: uniqueEmail('patient'), name: 'Lucía', lname: 'Núñez' });
  idPatient = (await rawGet<{ id: number }>(app.deps.db, 'select id from patients where user_id = ?', [patient.user.idUser]))!.id;
});
afterAll(() => app.close());

/**
 * Appends events to the trail, chained as the app chains them; their ids. Called between requests,
 * when no transaction holds SQLite's writer.
 */
const insert = async (events: TestAuditEvent[]): Promise<number[]> => insertAuditEventsIn(app.deps.db, events);
let families = 0;
const newFamily = () => `export${++families}.`;

/** As the administrator unless told; null sends no token. */
const download = (query: string, session: Session | null = admin, options: { payloadAsStream?: boolean } = {}) =>
  app.inject({ method: 'GET', url: `/api/admin/audit.csv${query ? `?${query}` : ''}`, headers: session ? bearer(session.access_token) : {}, ...options });

const HEADER = ['id', 'at', 'idUser', 'actorType', 'actorName', 'actorLname', 'action', 'idPatient', 'patientName', 'patientLname', 'outcome', 'ip', 'emergency', 'detail'];

interface CsvField {
  text: string;
  quoted: boolean;
}

/**
 * RFC 4180, strictly: records end with CRLF; a field is either plain (no quote, comma, CR or LF in
 * it) or quoted, with quotes inside doubled. Throws on anything else, so "it parses" means something.
 */
function parseCsvFields(text: string): CsvField[][] {
  expect(text.startsWith('\uFEFF'), 'UTF-8 byte order mark').toBe(true);
  const records: CsvField[][] = [];
  let record: CsvField[] = [];
  let at = 1;
  while (at < text.length) {
    let field = '';
    const quoted = text[at] === '"';
    if (quoted) {
      at += 1;
      for (;;) {
        const quote = text.indexOf('"', at);
        if (quote < 0) throw new Error(`unterminated quoted field at ${at}`);
        field += text.slice(at, quote);
        at = quote + 1;
        if (text[at] !== '"') break;
        field += '"';
        at += 1;
      }
    } else {
      const end = text.slice(at).search(/[,\r\n"]/);
      const stop = end < 0 ? text.length : at + end;
      if (text[stop] === '"') throw new Error(`quote inside a plain field at ${stop}`);
      field = text.slice(at, stop);
      at = stop;
    }
    record.push({ text: field, quoted });
    if (text[at] === ',') {
      at += 1;
    } else if (text.startsWith('\r\n', at)) {
      records.push(record);
      record = [];
      at += 2;
    } else {
      throw new Error(`expected a comma or CRLF at ${at}, found ${JSON.stringify(text.slice(at, at + 10))}`);
    }
  }
  if (record.length) throw new Error('the last record does not end with CRLF');
  return records;
}

const parseCsv = (text: string): string[][] => parseCsvFields(text).map((record) => record.map((field) => field.text));

/**
 * Where a spreadsheet that splits on `separator` and honours a quote only at the start of one of
 * its cells (LibreOffice does so) starts its cells: every piece between separators and line breaks,
 * past the spaces and quotes it may trim.
 */
const cellStartsSplitOn = (text: string, separator: string): string[] =>
  text
    .slice(1)
    .split(/\r\n|\r|\n/)
    .flatMap((line) => line.split(separator))
    .map((piece) => piece.replace(/^[ "]*/, ''));

/** The file's records as objects by column, the header checked. */
function rowsOf(response: LightMyRequestResponse): Record<string, string>[] {
  expect(response.statusCode, response.body).toBe(200);
  const [header, ...records] = parseCsv(response.body);
  expect(header).toEqual(HEADER);
  return records.map((cells) => {
    expect(cells).toHaveLength(HEADER.length);
    return Object.fromEntries(HEADER.map((name, index) => [name, cells[index]!]));
  });
}

describe('GET /api/admin/audit.csv', () => {
  it('lets only the administrator download, and audits a refusal as a denied export', async () => {
    for (const [session, status, code] of [
      [null, 401, 'UNAUTHENTICATED'],
      [medic, 403, 'FORBIDDEN'],
      [patient, 403, 'FORBIDDEN'],
    ] as const) {
      const response = await download('', session);
      expect([response.statusCode, response.headers['content-type'], errorOf(response).code]).toEqual([status, 'application/json; charset=utf-8', code]);
    }
    const denied = await rawRows(app.deps.db, `select actor_user_id as "idUser", detail from audit_events where action = 'audit.export' and outcome = 'denied' order by id`);
    expect(denied).toEqual([
      { idUser: null, detail: 'UNAUTHENTICATED' },
      { idUser: medic.user.idUser, detail: 'FORBIDDEN' },
      { idUser: patient.user.idUser, detail: 'FORBIDDEN' },
    ]);
  });

  it('answers UTF-8 CSV to save as auditoria-<practice day>.csv, kept by no cache', async () => {
    const response = await download(`action=${newFamily()}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="auditoria-2026-11-25.csv"; filename*=UTF-8''auditoria-2026-11-25.csv`);
    expect(response.headers['cache-control']).toBe('no-store');
    // An empty filter result is still a file: its header row, its names quoted as every text cell is.
    expect(response.body).toBe(`\uFEFF${HEADER.map((name) => `"${name}"`).join(',')}\r\n`);
  });

  it('refuses a filter the review refuses, with the documented error body (400)', async () => {
    for (const query of ['from=2026-03-12&to=2026-03-10', 'outcome=maybe', 'idPatient=0x10', 'idUser=-1']) {
      const response = await download(query);
      expect([response.statusCode, errorOf(response).code], query).toEqual([400, 'VALIDATION_FAILED']);
    }
  });

  it('quotes every text cell (RFC 4180), keeps accents, and defuses cells a spreadsheet would run as formulas', async () => {
    const action = `${newFamily()}quoting`;
    const details = ['=HYPERLINK("http://example.test","clic")', '+1 555 0100', '-2+3', '@SUM(A1:A9)', 'a, b', 'dos\nlíneas', 'dice "hola"', 'sin nada'];
    const ids = await insert(details.map((detail) => ({ action, detail, actorUserId: medic.user.idUser, actorType: 'medic', actorName: '=Mario', actorLname: 'Núñez' })));
    const response = await download(`action=${action}`);
    const rows = rowsOf(response);
    expect(rows.map((row) => row.detail)).toEqual(
      ['=HYPERLINK("http://example.test","clic")', '+1 555 0100', '-2+3', '@SUM(A1:A9)', 'a, b', 'dos\nlíneas', 'dice "hola"', 'sin nada']
        .map((detail) => (/^[=+\-@]/.test(detail) ? `'${detail}` : detail))
        .reverse(),
    );
    expect(new Set(rows.map((row) => `${row.actorName} ${row.actorLname}`))).toEqual(new Set(["'=Mario Núñez"]));
    // The exact text of one line: every text cell quoted, quotes doubled inside one; numbers and
    // booleans plain, absent values empty.
    expect(response.body).toContain(`\r\n${ids[0]},"`);
    expect(response.body).toContain(`,"medic","'=Mario","Núñez","${action}",,,,"success","127.0.0.1",false,"'=HYPERLINK(""http://example.test"",""clic"")"\r\n`);
  });

  it('meets a spreadsheet that splits on ";" (Spanish locales), "," or tab with no formula in any cell it makes', async () => {
    // Names typed at registration, as the finding had them: `x;=1+1;y` came out unquoted, and a
    // spreadsheet splitting on ";" made `=1+1` a cell of its own.
    const names = ['x;=1+1;y', '@SUM(A1)', '-2+3', '+1'];
    const idUsers: number[] = [];
    for (const name of names) idUsers.push((await register(app, { type: 'patient', email: uniqueEmail('formula'), name, lname: 'Ruiz' })).user.idUser);
    // A name cannot hold a tab or a carriage return (stored text refuses them): events written
    // straight into the trail carry those, and a detail with separators and line breaks inside.
    const action = `${newFamily()}formulas`;
    await insert([
      { action, actorUserId: patient.user.idUser, actorType: 'patient', actorName: '\t=1+1', actorLname: '\r@x' },
      { action, detail: '  =1+1' },
      { action, detail: 'a,-2;+3\n=4' },
    ]);

    for (const query of ['action=auth.register', `action=${action}`]) {
      const response = await download(query);
      const records = parseCsvFields(response.body);
      expect(records.length).toBeGreaterThan(1);
      // Every text cell is quoted; ids and the emergency flag are written plain, an absent value empty.
      for (const record of records.slice(1)) {
        record.forEach((field, index) => {
          const plain = ['id', 'idUser', 'idPatient', 'emergency'].includes(HEADER[index]!);
          expect(plain ? !field.quoted : field.quoted || field.text === '', `${HEADER[index]} ${JSON.stringify(field)}`).toBe(true);
        });
      }
      expect(records[0]!.every((field) => field.quoted)).toBe(true);
      // Split as each kind of spreadsheet splits it: no cell starts, past its spaces and quotes, as a formula.
      for (const separator of [';', ',', '\t']) {
        expect(cellStartsSplitOn(response.body, separator).filter((start) => /^[=+\-@\t\r]/.test(start)), `split on ${JSON.stringify(separator)}`).toEqual([]);
      }
    }

    const registered = rowsOf(await download('action=auth.register')).filter((row) => idUsers.includes(Number(row.idUser)));
    expect(registered.map((row) => row.actorName).sort()).toEqual(["'+1", "'-2+3", "'@SUM(A1)", "x;'=1+1;y"]);
    expect(cellStartsSplitOn((await download('action=auth.register')).body, ';')).toContain("'=1+1");
    const written = rowsOf(await download(`action=${action}`));
    expect(written.map((row) => [row.actorName, row.actorLname, row.detail])).toEqual([
      ['', '', "a,'-2;'+3\n'=4"],
      ['', '', "'  =1+1"],
      ["'\t'=1+1", "'\r'@x", ''],
    ]);
  });

  it('holds the same events as the review under the same filter, newest first, every page of it', async () => {
    const family = newFamily();
    await insert(
      Array.from({ length: 130 }, (_, index) => ({
        action: `${family}${index % 2 ? 'read' : 'write'}`,
        patientId: index % 3 ? idPatient : null,
        outcome: index % 5 ? 'success' : 'denied',
        actorUserId: medic.user.idUser,
        actorType: 'medic',
        emergency: index % 7 === 0,
      })),
    );
    const filter = `action=${family}&idPatient=${idPatient}&outcome=success&idUser=${medic.user.idUser}`;
    const review: number[] = [];
    for (let page = 1; ; page += 1) {
      const answer = (await app.inject({ method: 'GET', url: `/api/admin/audit?${filter}&page=${page}`, headers: bearer(admin.access_token) })).json<AuditEventsPage>();
      if (!answer.events.length) break;
      review.push(...answer.events.map((event) => event.id));
    }
    expect(review.length).toBeGreaterThan(50);
    const rows = rowsOf(await download(filter));
    expect(rows.map((row) => Number(row.id))).toEqual(review);
    expect(rows[0]).toMatchObject({ idUser: String(medic.user.idUser), actorType: 'medic', idPatient: String(idPatient), patientName: 'Lucía', patientLname: 'Núñez', outcome: 'success' });
    expect(new Set(rows.map((row) => row.emergency))).toEqual(new Set(['true', 'false']));
  });

  it('is audited as audit.export before its rows, with the filter and how many rows the file holds', async () => {
    const action = `${newFamily()}counted`;
    const ids = await insert(Array.from({ length: 7 }, () => ({ action, patientId: idPatient })));
    const rows = rowsOf(await download(`action=${action}&idPatient=${idPatient}`));
    expect(rows).toHaveLength(7);
    const exported = (await rawGet<{ id: number; idUser: number; outcome: string; detail: string }>(
      app.deps.db,
      `select id, actor_user_id as "idUser", outcome, detail from audit_events where action = 'audit.export' order by id desc limit 1`,
    ))!;
    expect(exported).toMatchObject({ idUser: admin.user.idUser, outcome: 'success' });
    expect(JSON.parse(exported.detail)).toEqual({ action, idPatient, rows: 7 });
    // The file holds the trail up to the moment it was asked for: not its own event.
    expect(exported.id).toBeGreaterThan(Math.max(...ids));
  });

  it('lets other requests, which write audit events, go on while a download is under way, and holds only the events up to its start', async () => {
    const action = `${newFamily()}concurrent`;
    await insert(Array.from({ length: 2_000 }, () => ({ action: `${action}.early`, detail: 'x'.repeat(200) })));
    const response = await download(`action=${action}.`, admin, { payloadAsStream: true });
    expect(response.statusCode).toBe(200);
    const chunks: Buffer[] = [];
    const reader = response.stream()[Symbol.asyncIterator]();
    chunks.push((await reader.next()).value as Buffer);
    // Mid-download: an audited read, and events of the exported family written after it started.
    const other = await app.inject({ method: 'GET', url: '/api/admin/audit', headers: bearer(admin.access_token) });
    expect(other.statusCode).toBe(200);
    await insert([{ action: `${action}.late` }]);
    for (let next = await reader.next(); !next.done; next = await reader.next()) chunks.push(next.value as Buffer);
    expect(chunks.length).toBeGreaterThan(2);
    const records = parseCsv(Buffer.concat(chunks).toString('utf8'));
    expect(records).toHaveLength(1 + 2_000);
    expect(records.slice(1).every((record) => record[6] === `${action}.early`)).toBe(true);
  });
});

/** V8's full collection, so that heapUsed counts what is still reachable, not garbage waiting for it. */
function collectGarbage(): () => void {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed) return exposed;
  v8.setFlagsFromString('--expose_gc');
  return vm.runInNewContext('gc') as () => void;
}

describe('exporting 10,000 events', () => {
  // Two assertions, because either alone can be fooled. The chunk count fails a route that builds
  // the whole text and sends it in one piece (it arrives as one chunk). The heap fails a route that
  // reads every row, or builds the whole text, and then hands it out in pieces: after a full
  // collection at every chunk, what the server still holds is measured, and a file of 10 MB held
  // anywhere on the V8 heap shows. The chunks the test keeps are Buffers, whose bytes live outside
  // that heap, so keeping them does not count against the server.
  it('sends every event, newest first, as a file that parses, in many chunks, and the server never holds the file or its rows', async () => {
    const action = `${newFamily()}bulk`;
    const ids = await insert(
      Array.from({ length: 10_000 }, (_, index) => ({
        action,
        // About a kilobyte a row: ten megabytes in all, well above what the heap may grow by.
        detail: `evento ${index}, "leído": ${'x'.repeat(1_000)}`,
        actorUserId: medic.user.idUser,
        actorType: 'medic' as const,
        actorName: 'Mario',
        actorLname: 'Medina',
        patientId: idPatient,
      })),
    );
    const gc = collectGarbage();
    // A small export first, so that compiling the route's code is not counted as what it holds.
    rowsOf(await download(`action=${newFamily()}`));
    gc();
    const before = process.memoryUsage().heapUsed;

    const response = await download(`action=${action}`, admin, { payloadAsStream: true });
    expect([response.statusCode, response.headers['content-type']]).toEqual([200, 'text/csv; charset=utf-8']);
    const chunks: Buffer[] = [];
    let held = 0;
    for await (const chunk of response.stream()) {
      chunks.push(chunk as Buffer);
      gc();
      held = Math.max(held, process.memoryUsage().heapUsed - before);
    }
    const file = Buffer.concat(chunks);

    expect(file.length).toBeGreaterThan(10_000_000);
    expect(chunks.length).toBeGreaterThanOrEqual(20);
    expect(held).toBeLessThan(file.length / 4);

    const records = parseCsv(file.toString('utf8'));
    expect(records).toHaveLength(10_001);
    expect(records[0]).toEqual(HEADER);
    expect(records.slice(1).map((record) => Number(record[0]))).toEqual([...ids].reverse());
    expect(records[1]![HEADER.indexOf('detail')]).toBe(`evento 9999, "leído": ${'x'.repeat(1_000)}`);
    expect(records[10_000]).toEqual([String(ids[0]), expect.any(String), String(medic.user.idUser), 'medic', 'Mario', 'Medina', action, String(idPatient), 'Lucía', 'Núñez', 'success', '127.0.0.1', 'false', `evento 0, "leído": ${'x'.repeat(1_000)}`]);
  }, 60_000);
});

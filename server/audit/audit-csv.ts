// The audit trail as CSV (RFC 4180), written as it is read: a Readable that asks for the next batch
// of events only when the reply has taken the last one, so neither the rows nor the text of the
// whole file are ever held at once, however long the trail.
import { Readable } from 'node:stream';
import type { AuditEvent } from '../../shared/admin';

export const AUDIT_CSV_COLUMNS = [
  'id',
  'at',
  'idUser',
  'actorType',
  'actorName',
  'actorLname',
  'action',
  'idPatient',
  'patientName',
  'patientLname',
  'outcome',
  'ip',
  'emergency',
  'detail',
] as const;

// Spreadsheets run a cell that starts with one of these as a formula (CSV injection: a name typed
// as `=HYPERLINK(...)` would act when the administrator opens the file). Such a cell gets a leading
// single quote, which spreadsheets show as text; tab and carriage return start formulas too in some.
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: defused, then quoted when it holds a quote, a comma or a line break (quotes doubled). */
export function csvCell(value: string | number | boolean | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const csvLine = (cells: (string | number | boolean | null)[]) => `${cells.map(csvCell).join(',')}\r\n`;

const cellsOf = (event: AuditEvent) => [
  event.id,
  event.at,
  event.actor?.idUser ?? null,
  event.actor?.type ?? null,
  event.actor?.name ?? null,
  event.actor?.lname ?? null,
  event.action,
  event.idPatient,
  event.patient?.name ?? null,
  event.patient?.lname ?? null,
  event.outcome,
  event.ip,
  event.emergency,
  event.detail,
];

// A byte order mark: Excel reads a CSV without one in the machine's legacy code page, and the
// practice's names (Hernández, Núñez) would arrive garbled. It is still UTF-8, and parsers skip it.
const BOM = '\uFEFF';

/** The header, then one line per event that `nextBatch` gives, until it gives none. */
export function auditCsvStream(nextBatch: () => AuditEvent[]): Readable {
  let header = `${BOM}${csvLine([...AUDIT_CSV_COLUMNS])}`;
  return new Readable({
    read() {
      try {
        const events = nextBatch();
        const chunk = header + events.map((event) => csvLine(cellsOf(event))).join('');
        header = '';
        if (chunk) this.push(chunk, 'utf8');
        if (events.length === 0) this.push(null);
      } catch (error) {
        // Past the headers nothing can answer an error: the download is cut short, not completed.
        this.destroy(error as Error);
      }
    },
  });
}

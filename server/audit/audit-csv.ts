// The audit trail as CSV (RFC 4180, every cell written and defused by csv-cell.ts), written as it is
// read: a Readable that asks for the next batch of events only when the reply has taken the last
// one, so neither the rows nor the text of the whole file are ever held at once, however long the trail.
import { Readable } from 'node:stream';
import type { AuditEvent } from '../../shared/admin';
import { csvLine, type CsvValue } from './csv-cell';

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

const cellsOf = (event: AuditEvent): CsvValue[] => [
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
export function auditCsvStream(nextBatch: () => Promise<AuditEvent[]>): Readable {
  let header = `${BOM}${csvLine(AUDIT_CSV_COLUMNS)}`;
  return new Readable({
    // Node asks for the next chunk only once this one is pushed: batches are read one at a time.
    async read() {
      try {
        const events = await nextBatch();
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

// Small documents (a one-page PDF each), encrypted through the server's own BlobStore with the
// document key the server would make on the first upload, bound to their code as uploads are
// (services/documents.ts): the blob is on disk before its row, as after a real upload.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Db } from '../../../server/db/client';
import { inTransaction } from '../../../server/db/in-transaction';
import { rawRun } from '../../../server/db/raw-sql';
import { BlobStore } from '../../../server/files/blob-store';
import { loadDocumentKey } from '../../../server/files/document-key';
import type { DecadeClock } from './decade-clock';
import type { DecadePlan } from './decade-plan';
import type { SeededMedic, SeededPatients } from './seed-people';
import type { Random } from '../../../server/commands/demo/random';
import { timingOf, type Progress, type TableTiming } from './timed-batches';

/** Each blob write waits for two fsyncs; this many in flight keep the disk busy without flooding it. */
const WRITES_IN_FLIGHT = 32;
const DOCUMENT_NAMES = ['Informe de analítica', 'Radiografía de tórax', 'Electrocardiograma', 'Informe de alta', 'Consentimiento informado'];

async function* oneChunk(bytes: Buffer) {
  yield bytes;
}

const pdfOf = (title: string) =>
  Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${title}\n${'0'.repeat(900)}\n%%EOF\n`, 'latin1');

const INSERT_FILE = `insert into files (patient_id, uploaded_by, name, comment, main_type, mime_type, size, code, blob_name, created_at)
  values (?, ?, ?, ?, 'pdf', 'application/pdf', ?, ?, ?, ?)`;

export async function seedDocuments(
  db: Db,
  dataDir: string,
  plan: DecadePlan,
  clock: DecadeClock,
  random: Random,
  medics: SeededMedic[],
  patients: SeededPatients,
  progress: Progress,
): Promise<TableTiming> {
  const started = performance.now();
  const blobs = new BlobStore(join(dataDir, 'documents'), () => loadDocumentKey(undefined, dataDir));
  // The blobs are written before their rows' transaction opens: it awaits nothing but its inserts.
  const insertMany = (rows: unknown[][]) =>
    inTransaction(db, async () => {
      for (const row of rows) await rawRun(db, INSERT_FILE, row);
    });
  for (let from = 0; from < plan.documents; from += WRITES_IN_FLIGHT) {
    const batch = Array.from({ length: Math.min(WRITES_IN_FLIGHT, plan.documents - from) }, (_, offset) => {
      const index = from + offset;
      const patient = index % patients.ids.length;
      const ms = clock.at(random.next());
      const title = `${random.pick(DOCUMENT_NAMES)} ${clock.day(ms)}`;
      return { patient, ms, title, code: randomBytes(16).toString('base64url') };
    });
    const written = await Promise.all(batch.map((doc) => blobs.write(oneChunk(pdfOf(doc.title)), doc.code)));
    await insertMany(
      batch.map((doc, offset) => [
        patients.ids[doc.patient], medics[patients.firstMedic[doc.patient]!]!.userId, `${doc.title}.pdf`, null,
        written[offset]!.size, doc.code, written[offset]!.blobName, clock.iso(doc.ms),
      ]),
    );
    if ((from / WRITES_IN_FLIGHT) % 100 === 99) progress(`  files: ${(from + batch.length).toLocaleString('en')} documents…`);
  }
  return timingOf('files (encrypted blobs)', plan.documents, started, progress);
}

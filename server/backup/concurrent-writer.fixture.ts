// A second process that writes into a DATA_DIR for as long as it runs, for the backup test: audit
// events through the real helper, and documents uploaded and deleted as the server does (blob
// first and then its row; row first and then its blob). Prints "ready" after its first writes.
// Usage: node --import tsx concurrent-writer.fixture.ts DATA_DIR PATIENT_ID MEDIC_USER_ID
// In an encrypted practice, PRACTICE_MASTER_KEY (hex) is its master key, as a server holds it once unlocked.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { registerAuditChain } from '../audit/audit-chain';
import { AUDIT_KEY_FILE } from '../audit/audit-key';
import { recordAudit } from '../audit/record-audit';
import { openDatabase } from '../db/client';
import { sqliteEngineOf } from '../db/engine';
import { inTransaction } from '../db/in-transaction';
import { rawRun } from '../db/raw-sql';
import { rememberPracticeKey } from '../encryption/unlocked-practices';
import { BlobStore } from '../files/blob-store';
import { loadDocumentKey } from '../files/document-key';
import { peekSecretFile } from '../secrets';

/** What a churned document holds: the test recomputes it from the name to check the restored bytes. */
export const churnContent = (name: string) => Buffer.from(`%PDF-1.4\n% ${name}\n${'x'.repeat(3000)}\n%%EOF\n`);

const INSERT_FILE = `insert into files (patient_id, uploaded_by, name, main_type, mime_type, size, code, blob_name, created_at)
  values (?, ?, ?, 'pdf', 'application/pdf', ?, ?, ?, ?)`;

async function main(): Promise<void> {
  const [dataDir, patientArg, medicArg] = process.argv.slice(2);
  const patientId = Number(patientArg);
  const medicUserId = Number(medicArg);
  if (process.env.PRACTICE_MASTER_KEY) rememberPracticeKey(dataDir!, Buffer.from(process.env.PRACTICE_MASTER_KEY, 'hex'));
  const db = openDatabase(join(dataDir!, 'expediente.db'));
  // The chain's SQL function, on the connection that writes (as the server registers it).
  registerAuditChain(sqliteEngineOf(db).writer, peekSecretFile(join(dataDir!, AUDIT_KEY_FILE)));
  const blobs = new BlobStore(join(dataDir!, 'documents'), () => loadDocumentKey(undefined, dataDir!));
  const live: string[] = [];
  for (let i = 0; ; i += 1) {
    await inTransaction(db, (tx) => recordAudit(tx, { userId: medicUserId, type: 'medic', ip: '10.0.0.9' }, { action: 'patient.detail', outcome: 'success', patientId }));
    const name = `churn-${i}.pdf`;
    const code = randomBytes(16).toString('base64url');
    const bytes = churnContent(name);
    const { blobName, size } = await blobs.write(Readable.from([bytes]), code);
    await rawRun(db, INSERT_FILE, [patientId, medicUserId, name, size, code, blobName, new Date().toISOString()]);
    live.push(blobName);
    if (live.length > 3) {
      const oldest = live.shift()!;
      await rawRun(db, 'delete from files where blob_name = ?', [oldest]);
      await blobs.remove(oldest);
    }
    if (i === 2) console.log('ready');
  }
}

// Imported by the test for churnContent; runs only as the child process.
if (process.argv[1] === fileURLToPath(import.meta.url)) void main();

// The checks a restore runs on the staged archive before anything is put in place (restore.ts says
// which and in what order): the database's integrity, its counts against the manifest, every
// document's blob (present, its size, its tag under the archive's document key), and the audit chain
// under the archive's audit key, against the sealed head the archive carries.
import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { verifyAuditChain } from '../audit/audit-chain';
import { AuditHeadError, openAuditHead, type AuditHead, type SignedAuditHead } from '../audit/audit-head';
import { openSqlite } from '../db/open-sqlite';
import { BlobStore } from '../files/blob-store';
import { practiceText } from '../practice-messages/practice-text';
import { ArchiveError } from './archive-format';
import { BLOB_OVERHEAD_BYTES } from './backup';
import { DATABASE, type Manifest } from './payload';

/** The restore was refused before anything was written; the message says why. */
export class RestoreRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefused';
  }
}

export interface Checked {
  auditChain: string;
  /** The archive's sealed head, checked against the restored database, to be written beside it. */
  auditHead?: SignedAuditHead;
}

export async function check(staging: string, manifest: Manifest, documentKey: Buffer | undefined, auditKey: string | undefined): Promise<Checked> {
  const db = openSqlite(join(staging, DATABASE), { fileMustExist: true });
  try {
    const integrity = db.pragma('integrity_check', { simple: false }) as { integrity_check: string }[];
    if (integrity.length !== 1 || integrity[0]!.integrity_check !== 'ok') {
      throw new ArchiveError(practiceText().archiveIntegrity({ detail: integrity.slice(0, 3).map((row) => row.integrity_check).join('; ') }));
    }
    const documents = db.prepare('select code, blob_name as blobName, size from files').all() as { code: string; blobName: string; size: number }[];
    const patients = db.prepare('select count(*) from patients').pluck().get() as number;
    if (documents.length !== manifest.documents || patients !== manifest.patients) {
      throw new ArchiveError(
        practiceText().archiveManifestMismatch({ patients, documents: documents.length, manifestPatients: manifest.patients, manifestDocuments: manifest.documents }),
      );
    }
    const blobs = documentKey ? new BlobStore(join(staging, 'documents'), () => documentKey) : undefined;
    for (const document of documents) {
      const path = join(staging, 'documents', document.blobName);
      if (!existsSync(path)) throw new ArchiveError(practiceText().archiveLacksBlob({ code: document.code.slice(0, 8), blob: document.blobName }));
      const { size } = await stat(path);
      if (size !== document.size + BLOB_OVERHEAD_BYTES) throw new ArchiveError(practiceText().archiveBlobSize({ blob: document.blobName, size, expected: document.size + BLOB_OVERHEAD_BYTES }));
      if (blobs) await checkBlob(blobs, document);
    }
    if (!auditKey) return { auditChain: practiceText().restoreChainNoKey };
    const head = manifest.auditHead ? openArchivedHead(manifest.auditHead, auditKey) : null;
    const report = verifyAuditChain(db, auditKey, head);
    // With the archive's own head, any failure refuses: rows up to it missing, altered or un-sealed.
    // An archive made before heads were kept is judged by the chain alone: a row without chain after
    // a sealed one still refuses, a chain broken in the backed-up server restores flagged as BROKEN.
    if (report.problem && (head || report.problem.kind === 'unchained')) {
      throw new RestoreRefused(practiceText().restoreAuditFails({ problem: report.problem.message }));
    }
    if (report.firstMismatch) return { auditChain: practiceText().restoreChainBroken({ id: report.firstMismatch.id }) };
    if (!head) return { auditChain: practiceText().restoreChainIntact({ rows: report.verified }) };
    return { auditChain: practiceText().restoreChainIntactToHead({ rows: report.verified, writtenAt: head.writtenAt }), auditHead: manifest.auditHead };
  } finally {
    db.close();
  }
}

function openArchivedHead(signed: SignedAuditHead, auditKey: string): AuditHead {
  try {
    return openAuditHead(signed, auditKey);
  } catch (error) {
    if (error instanceof AuditHeadError) throw new RestoreRefused(practiceText().restoreHeadMismatch({ reason: error.message }));
    throw error;
  }
}

async function checkBlob(blobs: BlobStore, document: { code: string; blobName: string }): Promise<void> {
  try {
    const opened = await blobs.open(document.blobName, document.code);
    opened.stream.destroy();
  } catch {
    throw new ArchiveError(practiceText().archiveBlobKey({ blob: document.blobName }));
  }
}

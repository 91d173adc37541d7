// Patient documents: the type is decided from the bytes, the bytes are stored encrypted and bound
// to their row, a row is written only once its blob is safely on disk, and every upload, download
// and delete writes its audit event here, a change's event in the change's own transaction.
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { z, ZodError } from 'zod';
import { longText, withoutForbiddenCharacters } from '../../shared/fields';
import type { RecordFile } from '../../shared/record';
import { recordRefusal, refuse } from '../audit/record-audit';
import { admitAudited } from '../auth/admission';
import type { Actor } from '../auth/sessions';
import type { Db } from '../db/client';
import { engineNameOf, sqliteEngineOf } from '../db/engine';
import { rawRows } from '../db/raw-sql';
import { files } from '../db/schema/index';
import { AppError } from '../errors';
import { BlobIntegrityError, type DocumentBlobs, type OpenedBlob } from '../files/blob-store';
import { drain, sniff } from '../files/sniff';
import { assertPatientAccess, patientAccess } from './access';
import { auditedChange } from './audited-change';
import { auditAs, whoIs, type Caller } from './caller';
import type { StorageRoom } from '../storage-room';
import type { AuditAction } from '../../shared/audit-actions';

/** The one service call shape (services/caller.ts), with the blob store documents live in. */
export type DocumentCaller = Caller & { blobs: DocumentBlobs };

/**
 * The document routes are Fastify routes, not procedures, so they get the procedures' gate here
 * (userProcedure and medic/patientProcedure, trpc/trpc.ts) and its audit rule: each refusal
 * leaves one audit event, under the action the caller was refused.
 */
export async function admitDocumentCaller(
  request: Omit<DocumentCaller, 'actor'> & { actor: Actor | null },
  type: Actor['type'],
  refused: { action: AuditAction; patientId: number | null },
): Promise<DocumentCaller> {
  return { ...request, actor: await admitAudited(request, type, refused) };
}

/** One part of an upload form, as the transport read it; its errors already speak AppError. */
export type UploadPart =
  | { kind: 'field'; name: string; value: string }
  | { kind: 'file'; name: string; fileName: string | undefined; bytes: AsyncIterable<Uint8Array> };

type MainType = RecordFile['mainType'];
type FileRow = typeof files.$inferSelect;

/** Images, video, audio and PDF, by their bytes; anything else is refused. */
export function mainTypeOf(mime: string | undefined): MainType | undefined {
  if (!mime) return undefined;
  if (mime === 'application/pdf') return 'pdf';
  const family = mime.split('/')[0];
  return family === 'image' || family === 'video' || family === 'audio' ? family : undefined;
}

/**
 * The name a browser sent, reduced to a plain file name. It is the sender's, not typed by the medic,
 * so control and direction-override characters (shared/fields.ts) are dropped rather than refused.
 */
export function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // A name a browser sent, not one a person typed: what the text rule refuses is dropped instead.
  const clean = withoutForbiddenCharacters(base).trim().slice(0, 200);
  return clean || 'document';
}

/** The comment the medic typed: the same rule as every long text, so control characters are refused. */
const commentInput = z.object({ comment: longText(2000) });

export const toRecordFile = (row: FileRow): RecordFile => ({
  idFile: row.id,
  name: row.name,
  date: row.createdAt,
  mainType: row.mainType,
  code: row.code,
  comment: row.comment,
  size: row.size,
  mimeType: row.mimeType,
});

const fileIssue = (message: string, key: string) => new AppError('VALIDATION_FAILED', message, [{ path: 'file', message: key }]);
export const missingFile = () => fileIssue('Send the document as multipart/form-data with a "file" part.', 'validation.fileRequired');
export const tooManyFiles = () => fileIssue('Send one file per upload: this request has more than one file part.', 'validation.fileTooMany');
const emptyFile = () => fileIssue('The file is empty', 'validation.fileEmpty');

const damaged = () => new AppError('INTERNAL_ERROR', 'The stored document is damaged or missing and cannot be opened.');

const failureDetail = (error: unknown) =>
  error instanceof ZodError ? 'VALIDATION_FAILED' : ((error as { code?: unknown }).code?.toString() ?? 'error');

/** A blob on disk awaiting its row; the fields are the row's own columns. */
interface StagedBlob {
  code: string;
  blobName: string;
  size: number;
  name: string;
  mainType: MainType;
  mimeType: string;
}

/** Sniffs and encrypts one file part into a blob bound to a fresh code; throws, leaving nothing, when it is refused. */
async function stageBlob(blobs: DocumentBlobs, part: Extract<UploadPart, { kind: 'file' }>): Promise<StagedBlob> {
  const sniffed = await sniff(part.bytes);
  if (sniffed.empty) throw emptyFile();
  const mainType = mainTypeOf(sniffed.fileType?.mime);
  if (!sniffed.fileType || !mainType) {
    // Read the rest of the part away so the request can finish and the answer be sent.
    await drain(sniffed.bytes);
    throw new AppError('UNSUPPORTED_FILE_TYPE');
  }
  // 128 random bits: the code alone must never be guessable. It is also the blob's associated data.
  const code = randomBytes(16).toString('base64url');
  const { blobName, size } = await blobs.write(sniffed.bytes, code);
  return { code, blobName, size, name: cleanFileName(part.fileName), mainType, mimeType: sniffed.fileType.mime };
}

/**
 * Stores the one "file" part of an upload with its optional comment. The row and its audit event
 * commit together once every part has been read; on any failure nothing is left on disk or in the
 * database, and the failure is audited.
 */
/**
 * `room`: DATA_DIR's free space now (storage-room.ts). With less than one upload's worth left the
 * upload is refused before its body is read, so a document is never half-written and then lost.
 */
export async function uploadDocument(
  caller: DocumentCaller,
  input: { patientId: number; parts: AsyncIterable<UploadPart>; room: () => StorageRoom },
): Promise<RecordFile> {
  const { db, blobs, actor } = caller;
  const { patientId } = input;
  // Before a byte of the body is read: a refused caller's upload never reaches the disk.
  await assertPatientAccess(db, actor, caller.ip, patientId, 'files.upload', { mode: 'write', now: caller.now });
  let comment: string | null = null;
  let staged: StagedBlob | undefined;
  try {
    // After the access check, so a caller who may not upload here learns nothing of the disk.
    if (input.room().status === 'low') throw new AppError('STORAGE_FULL', 'Too little free space is left to store a document.');
    for await (const part of input.parts) {
      if (part.kind === 'field') {
        if (part.name === 'comment') comment = commentInput.parse({ comment: part.value }).comment;
      } else if (part.name !== 'file') {
        await drain(part.bytes);
      } else if (staged) {
        throw tooManyFiles();
      } else {
        staged = await stageBlob(blobs, part);
      }
    }
    if (!staged) throw missingFile();
    const blob = staged;
    // Its failures, in the body or here, are audited below with what was learnt of them.
    const row = await auditedChange(caller, { action: 'files.upload', patientId, auditRefusal: false }, async (tx, succeeded) => {
      const [inserted] = await tx.insert(files).values({ ...blob, patientId, uploadedBy: actor.userId, comment }).returning();
      await succeeded({ detail: `file ${inserted!.id}` });
      return inserted!;
    });
    return toRecordFile(row);
  } catch (error) {
    if (staged) await blobs.remove(staged.blobName);
    if (error instanceof AppError && error.audited) throw error;
    // On a full disk this event may not fit either: the upload still answers its own error.
    await recordRefusal(db, whoIs(caller), { action: 'files.upload', outcome: 'failure', patientId, detail: failureDetail(error) });
    if (error instanceof AppError) error.audited = true;
    throw error;
  }
}

export async function findFileByCode(db: Db, code: string): Promise<FileRow | undefined> {
  // No stored code holds U+0000, which PostgreSQL's text cannot hold at all (it refuses the query).
  if (code.includes('\u0000')) return undefined;
  return (await db.select().from(files).where(eq(files.code, code)))[0];
}

/**
 * A document the caller may see, with its verified plaintext: the patient reaches their own files
 * only; a medic, those of a linked or emergency-access patient. Others' codes answer 404 like unknown
 * ones. A blob that fails its tag, belongs to another row, or whose length disagrees with the row is
 * refused rather than served.
 */
export async function openDocument(caller: DocumentCaller, input: { code: string }): Promise<{ file: RecordFile } & OpenedBlob> {
  const { db, blobs } = caller;
  const row = await findFileByCode(db, input.code);
  const access = row ? await patientAccess(db, caller.actor, row.patientId, caller.now) : undefined;
  const who = whoIs(caller);
  if (!row || !access || access.kind === 'none') {
    return await refuse(db, who, { action: 'files.download', outcome: 'denied', patientId: row?.patientId ?? null, detail: 'NOT_FOUND' }, new AppError('NOT_FOUND', 'No such document.'));
  }
  // Under emergency access the patient sees the download flagged, with the medic's reason.
  const underEmergency = access.kind === 'emergency' ? { emergency: true, detail: access.reason } : {};
  const unusable = async (problem: string): Promise<never> =>
    refuse(db, who, { action: 'files.download', outcome: 'failure', patientId: row.patientId, detail: `file ${row.id}: ${problem}`, ...underEmergency }, damaged());
  let opened: OpenedBlob;
  try {
    opened = await blobs.open(row.blobName, row.code);
  } catch (error) {
    if (error instanceof BlobIntegrityError) return unusable('integrity');
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return unusable('missing');
    throw error;
  }
  if (opened.size !== row.size) {
    opened.stream.destroy();
    return unusable('size');
  }
  await auditAs(caller, { action: 'files.download', outcome: 'success', patientId: row.patientId, detail: `file ${row.id}`, ...underEmergency });
  return { file: toRecordFile(row), ...opened };
}

/** Deletes the row with its audit event, then the blob; a blob left by a crash in between is swept at start-up. */
export async function removeDocument(caller: DocumentCaller, input: { patientId: number; fileId: number }): Promise<void> {
  const { db } = caller;
  const { patientId, fileId } = input;
  // A document that is not there leaves no success event; it is refused below, once nothing changed.
  const removed = await auditedChange(caller, { action: 'files.delete', patientId, checkAccess: true }, async (tx, succeeded) => {
    const [row] = await tx
      .delete(files)
      .where(and(eq(files.id, fileId), eq(files.patientId, patientId)))
      .returning({ blobName: files.blobName });
    if (row) await succeeded({ detail: `file ${fileId}` });
    return row;
  });
  if (!removed) {
    const notFound = new AppError('NOT_FOUND', "No such document in this patient's record.");
    return await refuse(db, whoIs(caller), { action: 'files.delete', outcome: 'denied', patientId, detail: `file ${fileId}: NOT_FOUND` }, notFound);
  }
  await caller.blobs.remove(removed.blobName);
}

/**
 * Every stored document's blob name, read at start before anything is served: plain strings from
 * the blob-name index alone, not mapped row objects (a decade's 20,000 documents: 92 → about 20 ms
 * of the start).
 */
export async function knownBlobNames(db: Db): Promise<Set<string>> {
  // SQLite dialect: better-sqlite3's pluck, on the reader that serves reads outside a transaction.
  if (engineNameOf(db) === 'sqlite') return new Set(sqliteEngineOf(db).reader.prepare<[], string>('select blob_name from files').pluck().all());
  const rows = await rawRows<{ blobName: string }>(db, 'select blob_name as "blobName" from files');
  return new Set(rows.map((row) => row.blobName));
}

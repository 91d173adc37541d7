// Patient documents: the type is decided from the bytes, the bytes are stored encrypted, and a
// row is written only once its blob is safely on disk.
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { files } from '../db/schema/index';
import { AppError } from '../errors';
import type { BlobStore } from '../files/blob-store';
import { sniffStream } from '../files/sniff';
import type { RecordFile } from './patient-record';

type MainType = RecordFile['mainType'];

/** Images, video, audio and PDF, by their bytes; anything else is refused. */
export function mainTypeOf(mime: string | undefined): MainType | undefined {
  if (!mime) return undefined;
  if (mime === 'application/pdf') return 'pdf';
  const family = mime.split('/')[0];
  return family === 'image' || family === 'video' || family === 'audio' ? family : undefined;
}

/** The name a browser sent, reduced to a plain file name. */
export function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 200);
  return clean || 'document';
}

export interface UploadedFile {
  stream: Readable;
  fileName: string | undefined;
}

export interface StoredFile {
  row: typeof files.$inferSelect;
}

/** Sniffs, encrypts and stores one upload; on any failure nothing is left on disk or in the database. */
export async function storeDocument(
  db: Db,
  blobs: BlobStore,
  upload: UploadedFile,
  meta: { patientId: number; uploadedBy: number; comment: string | null },
): Promise<RecordFile> {
  const typed = await sniffStream(upload.stream, { sampleSize: 4100 });
  const mainType = mainTypeOf(typed.fileType?.mime);
  if (!typed.fileType || !mainType) {
    // Read the rest of the part away so the request can finish and the answer be sent.
    typed.resume();
    await new Promise((resolve) => typed.once('end', resolve).once('error', resolve));
    throw new AppError('UNSUPPORTED_FILE_TYPE');
  }
  const { blobName, size } = await blobs.write(typed);
  try {
    const row = db
      .insert(files)
      .values({
        patientId: meta.patientId,
        uploadedBy: meta.uploadedBy,
        name: cleanFileName(upload.fileName),
        comment: meta.comment,
        mainType,
        mimeType: typed.fileType.mime,
        size,
        // 128 random bits: the code alone must never be guessable.
        code: randomBytes(16).toString('base64url'),
        blobName,
      })
      .returning()
      .get();
    return toRecordFile(row);
  } catch (error) {
    await blobs.remove(blobName);
    throw error;
  }
}

export const toRecordFile = (row: typeof files.$inferSelect): RecordFile => ({
  idFile: row.id,
  name: row.name,
  date: row.createdAt,
  mainType: row.mainType,
  code: row.code,
  comment: row.comment,
  size: row.size,
  mimeType: row.mimeType,
});

export function findFileByCode(db: Db, code: string) {
  return db.select().from(files).where(eq(files.code, code)).get();
}

/** Deletes the row, then the blob; a blob left by a crash in between is swept at start-up. */
export async function deleteDocument(db: Db, blobs: BlobStore, patientId: number, fileId: number): Promise<void> {
  const row = db
    .delete(files)
    .where(and(eq(files.id, fileId), eq(files.patientId, patientId)))
    .returning({ blobName: files.blobName })
    .get();
  if (!row) throw new AppError('NOT_FOUND', "No such document in this patient's record.");
  await blobs.remove(row.blobName);
}

export const knownBlobNames = (db: Db): Set<string> =>
  new Set(db.select({ blobName: files.blobName }).from(files).all().map((row) => row.blobName));

/** A comment sent after the file part arrives once the row exists. */
export function setDocumentComment(db: Db, fileId: number, comment: string | null): void {
  db.update(files).set({ comment }).where(eq(files.id, fileId)).run();
}

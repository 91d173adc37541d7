// For the document tests (documents-*.test.ts): each file's own app with a small upload limit, and
// the uploads, downloads and looks at the stored blobs they share.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { Session } from '../../shared/auth';
import { rawGet } from '../db/raw-sql';
import { bearer, buildTestApp, register, rowCount, testConfig, uniqueEmail } from '../test/helpers';
import { readStoredBlob, storedBlobNames, writeStoredBlob } from '../test/stored-blobs';

export const LIMIT = 64 * 1024;

/** The app of the test file that called useDocumentsApp (a live binding: set once its beforeAll ran). */
export let app: FastifyInstance;

/** Builds the file's app, with its administrator, before its tests and closes it after them. */
export function useDocumentsApp(): void {
  beforeAll(async () => {
    app = await buildTestApp({ config: { ...testConfig(), maxUploadBytes: LIMIT } });
    // The practice's administrator, the first medic to register: every medic a test registers is then
    // an ordinary one, approved and signed in by the factory, whichever test of the file runs first.
    await register(app, { type: 'medic', email: uniqueEmail('admin') });
  });
  afterAll(() => app.close());
}

/** The stored blobs' names: files under DATA_DIR/documents on SQLite, rows of document_blobs on PostgreSQL. */
export const storedBlobs = () => storedBlobNames(app);
export const readBlob = (name: string) => readStoredBlob(app, name);
export const writeBlob = (name: string, bytes: Buffer) => writeStoredBlob(app, name, bytes);

export async function linkedPair() {
  const medic = await register(app, { type: 'medic', email: uniqueEmail('medic') });
  const patient = await register(app, { type: 'patient', email: uniqueEmail('patient'), doctorEmail: medic.user.email });
  const { idPatient } = (await rawGet<{ idPatient: number }>(app.deps.db, 'select id as "idPatient" from patients where user_id = ?', [patient.user.idUser]))!;
  return { medic, patient, idPatient };
}

export function form(parts: { file?: { bytes: Buffer; name: string; type?: string }; comment?: string }) {
  const data = new FormData();
  if (parts.comment !== undefined) data.append('comment', parts.comment);
  if (parts.file) data.append('file', new Blob([new Uint8Array(parts.file.bytes)], { type: parts.file.type ?? 'application/octet-stream' }), parts.file.name);
  return data;
}

export const upload = (session: Session | undefined, idPatient: number, payload: FormData) =>
  app.inject({ method: 'POST', url: `/api/medics/patients/${idPatient}/files`, headers: session ? bearer(session.access_token) : {}, payload });

export const download = (session: Session | undefined, url: string) => app.inject({ method: 'GET', url, headers: session ? bearer(session.access_token) : {} });

/** A hand-written multipart request, for bodies FormData cannot produce. */
export const rawUpload = (session: Session, idPatient: number, contentType: string, body: string | Buffer) =>
  app.inject({
    method: 'POST',
    url: `/api/medics/patients/${idPatient}/files`,
    headers: { ...bearer(session.access_token), 'content-type': contentType },
    payload: body,
  });

/** Fails the test at once instead of waiting for its timeout when a request never answers. */
export const within = <T>(ms: number, pending: Promise<T>): Promise<T> =>
  Promise.race([pending, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms))]);

export const snapshot = async () => ({ rows: await rowCount(app, 'files'), blobs: (await storedBlobs()).length });

export const blobNameOf = async (code: string): Promise<string> =>
  (await rawGet<{ blobName: string }>(app.deps.db, 'select blob_name as "blobName" from files where code = ?', [code]))!.blobName;

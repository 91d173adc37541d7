// Document upload (multipart) and download (bytes): the two kinds of call that are not JSON,
// so they are Fastify routes of their own, with the same context, access rule and errors.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { patientIdInput } from '../../shared/patients';
import { recordAudit } from '../audit/record-audit';
import { AppError } from '../errors';
import { BlobIntegrityError } from '../files/blob-store';
import { assertPasswordCurrent, type Actor } from '../auth/sessions';
import { assertPatientAccess, auditActorOf, patientAccess } from '../services/access';
import { deleteDocument, findFileByCode, setDocumentComment, storeDocument } from '../services/documents';
import type { RecordFile } from '../services/patient-record';
import type { Context } from '../trpc/context';
import type { ContextFromRequest } from '../trpc/request-context';
import { inlineDisposition } from './content-disposition';

/** The same gate as tRPC's userProcedure and medic/patientProcedure (trpc/trpc.ts). */
function requireActor(ctx: Context, type: Actor['type']): Actor {
  if (!ctx.actor) throw new AppError('UNAUTHENTICATED');
  assertPasswordCurrent(ctx.actor);
  if (ctx.actor.type !== type) throw new AppError('FORBIDDEN');
  return ctx.actor;
}

const missingFile = () =>
  new AppError('VALIDATION_FAILED', 'Send the document as multipart/form-data with a "file" part.', [
    { path: 'file', message: 'validation.fileRequired' },
  ]);

async function upload(ctx: Context, request: FastifyRequest, reply: FastifyReply) {
  const actor = requireActor(ctx, 'medic');
  const { idPatient: patientId } = patientIdInput.parse(request.params);
  const { db, blobs } = ctx.deps;
  assertPatientAccess(db, actor, ctx.meta.ip, patientId, 'files.upload', { mode: 'write', now: ctx.deps.now() });
  const who = auditActorOf(actor, ctx.meta.ip);

  let comment: string | null = null;
  let stored: RecordFile | undefined;
  try {
    if (!request.isMultipart()) throw missingFile();
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname === 'comment') comment = String(part.value ?? '').trim().slice(0, 2000) || null;
      } else if (part.fieldname === 'file' && !stored) {
        stored = await storeDocument(db, blobs, { stream: part.file, fileName: part.filename }, { patientId, uploadedBy: actor.userId, comment });
      } else {
        part.file.resume();
      }
    }
    if (!stored) throw missingFile();
    if (comment !== stored.comment) {
      setDocumentComment(db, stored.idFile, comment);
      stored = { ...stored, comment };
    }
  } catch (error) {
    // A failed call changes nothing: a document stored before a later part failed goes too.
    if (stored) await deleteDocument(db, blobs, patientId, stored.idFile);
    recordAudit(db, who, { action: 'files.upload', outcome: 'failure', patientId, detail: (error as { code?: string }).code ?? 'error' });
    throw error;
  }
  recordAudit(db, who, { action: 'files.upload', outcome: 'success', patientId, detail: `file ${stored.idFile}` });
  return reply.code(201).send(stored);
}

/** Streams a document the caller may see; codes of others' documents answer 404 like unknown ones. */
async function download(ctx: Context, reply: FastifyReply, code: string, type: Actor['type']) {
  const actor = requireActor(ctx, type);
  const { db, blobs } = ctx.deps;
  const who = auditActorOf(actor, ctx.meta.ip);
  const file = findFileByCode(db, code);
  // The patient reaches their own files only; a medic, those of a linked or emergency-access patient.
  const access = file ? patientAccess(db, actor, file.patientId, ctx.deps.now()) : undefined;
  if (!file || !access || access.kind === 'none') {
    recordAudit(db, who, { action: 'files.download', outcome: 'denied', patientId: file?.patientId ?? null });
    throw new AppError('NOT_FOUND', 'No such document.');
  }
  // Under emergency access the patient sees the download flagged, with the medic's reason.
  const underEmergency = access.kind === 'emergency' ? { emergency: true, detail: access.reason } : {};
  try {
    await blobs.verify(file.blobName);
  } catch (error) {
    recordAudit(db, who, { action: 'files.download', outcome: 'failure', patientId: file.patientId, detail: `file ${file.id}: integrity`, ...underEmergency });
    if (error instanceof BlobIntegrityError || (error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new AppError('INTERNAL_ERROR', 'The stored document is damaged or missing and cannot be opened.');
    }
    throw error;
  }
  recordAudit(db, who, { action: 'files.download', outcome: 'success', patientId: file.patientId, detail: `file ${file.id}`, ...underEmergency });
  return reply
    .header('Content-Type', file.mimeType)
    .header('Content-Length', file.size)
    .header('Content-Disposition', inlineDisposition(file.name))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'no-store')
    .send(await blobs.open(file.blobName));
}

export function registerDocumentRoutes(app: FastifyInstance, contextFromRequest: ContextFromRequest): void {
  app.post('/api/medics/patients/:idPatient/files', (request, reply) => upload(contextFromRequest(request), request, reply));
  app.get('/api/medics/files/:code', (request, reply) =>
    download(contextFromRequest(request), reply, (request.params as { code: string }).code, 'medic'),
  );
  app.get('/api/patients/me/files/:code', (request, reply) =>
    download(contextFromRequest(request), reply, (request.params as { code: string }).code, 'patient'),
  );
}

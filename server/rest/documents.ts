// Document upload (multipart) and download (bytes): the two kinds of call that are not JSON,
// so they are Fastify routes of their own, with the same context, access rule and errors.
// The documents service admits the caller, checks access, audits and opens transactions; these
// only translate HTTP.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { patientIdInput } from '../../shared/patients';
import type { Actor } from '../auth/sessions';
import { admitDocumentCaller, openDocument, uploadDocument, type DocumentCaller } from '../services/documents';
import type { Context } from '../trpc/context';
import type { ContextFromRequest } from '../trpc/request-context';
import type { AuditAction } from '../../shared/audit-actions';
import { inlineDisposition } from './content-disposition';
import { uploadParts } from './upload-form';

/** The caller, admitted by the documents service's gate (which audits a refusal) for `action`. */
async function callerOf(ctx: Context, type: Actor['type'], action: AuditAction, patientId: number | null = null): Promise<DocumentCaller> {
  const { db, blobs, now } = ctx.deps;
  return await admitDocumentCaller({ db, blobs, now: now(), actor: ctx.actor, ip: ctx.meta.ip }, type, { action, patientId });
}

async function upload(ctx: Context, request: FastifyRequest, reply: FastifyReply) {
  // The id only names the patient in a refusal's audit event; a malformed one is answered after the gate.
  const caller = await callerOf(ctx, 'medic', 'files.upload', patientIdInput.safeParse(request.params).data?.idPatient ?? null);
  const { idPatient } = patientIdInput.parse(request.params);
  const stored = await uploadDocument(caller, { patientId: idPatient, parts: uploadParts(request), room: ctx.deps.storageRoom });
  return reply.code(201).send(stored);
}

async function download(ctx: Context, reply: FastifyReply, code: string, type: Actor['type']) {
  const { file, size, stream } = await openDocument(await callerOf(ctx, type, 'files.download'), { code });
  return reply
    .header('Content-Type', file.mimeType)
    // The length of the bytes actually sent, as verified against the blob's tag and the row.
    .header('Content-Length', size)
    .header('Content-Disposition', inlineDisposition(file.name))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'no-store')
    .send(stream);
}

export function registerDocumentRoutes(app: FastifyInstance, contextFromRequest: ContextFromRequest): void {
  app.post('/api/medics/patients/:idPatient/files', async (request, reply) => upload(await contextFromRequest(request), request, reply));
  app.get('/api/medics/files/:code', async (request, reply) =>
    download(await contextFromRequest(request), reply, (request.params as { code: string }).code, 'medic'),
  );
  app.get('/api/patients/me/files/:code', async (request, reply) =>
    download(await contextFromRequest(request), reply, (request.params as { code: string }).code, 'patient'),
  );
}

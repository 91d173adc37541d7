// Every failed HTTP call (REST, the locked practice's routes, /practice-ca.crt) answers with API.md's
// body: {statusCode, error, code, message, issues?}.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { ErrorBody } from '../shared/errors';
import { engineNameOf, sqliteEngineOf } from './db/engine';
import { noteDatabaseError } from './db/integrity';
import { classifyError, type ClassifiedError } from './error-mapping';

export function toErrorBody(classified: ClassifiedError): ErrorBody {
  return {
    statusCode: classified.status,
    error: STATUS_CODES[classified.status] ?? 'Error',
    code: classified.code,
    message: classified.message,
    ...(classified.issues ? { issues: classified.issues } : {}),
  };
}

export const JSON_ONLY = 'The request body must be JSON (Content-Type: application/json).';

/** Fastify's own 4xx (a malformed JSON body, a wrong content type, a body too large). */
function classifyFastifyError(error: FastifyError): ClassifiedError | undefined {
  if (!error.code?.startsWith('FST_') || !error.statusCode || error.statusCode >= 500) return undefined;
  if (error.statusCode === 413) return { code: 'FILE_TOO_LARGE', status: 413, message: 'The request body is too large.' };
  if (error.statusCode === 415) return { code: 'UNSUPPORTED_MEDIA_TYPE', status: 415, message: JSON_ONLY };
  return { code: 'VALIDATION_FAILED', status: 400, message: `The request could not be read: ${error.message}` };
}

export function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const classified = classifyFastifyError(error as FastifyError) ?? classifyError(error);
  // A 5xx is logged in full here and answered without internals.
  if (classified.status >= 500) request.log.error({ err: error }, 'request failed');
  // A damaged database met here shows in GET /api/health from now on.
  const db = request.server.deps?.db;
  if (db && engineNameOf(db) === 'sqlite') noteDatabaseError(sqliteEngineOf(db).writer, error, request.log);
  return reply.code(classified.status).send(toErrorBody(classified));
}

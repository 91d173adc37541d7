// Reads an upload's multipart body (@fastify/multipart over busboy) into the parts the documents
// service takes, and turns the parser's failures into API.md's errors. Left alone they answer
// wrongly: the part and field limits are 413s that the error body calls FILE_TOO_LARGE, and
// busboy's own errors (no boundary, a body cut short) are plain Errors, so 500s.
import type { FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import { AppError } from '../errors';
import { missingFile, tooManyFiles, type UploadPart } from '../services/documents';

const ONLY_FILE_AND_COMMENT = 'an upload takes one "file" part and an optional "comment" field';

const invalid = (message: string) => new AppError('VALIDATION_FAILED', message);

/** Every failure that comes out of reading the body is the request's, so a 4xx; none is a 500. */
export function uploadFormError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const { code, message } = error as { code?: string; message?: string };
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('FILE_TOO_LARGE');
    case 'FST_FILES_LIMIT':
      return tooManyFiles();
    case 'FST_FIELDS_LIMIT':
      return invalid(`Too many form fields: ${ONLY_FILE_AND_COMMENT}.`);
    case 'FST_PARTS_LIMIT':
      return invalid(`Too many parts in the form: ${ONLY_FILE_AND_COMMENT}.`);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return missingFile();
    case 'FST_PROTO_VIOLATION':
      return invalid(`A form field has a name that is not allowed: ${ONLY_FILE_AND_COMMENT}.`);
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return invalid('A form field declared as JSON is not valid JSON.');
    case 'FST_MP_PREMATURE_CLOSE':
      return invalid('The upload was interrupted before the whole form arrived.');
  }
  if (message?.includes('Boundary not found')) {
    return invalid('The multipart/form-data request has no boundary in its Content-Type header.');
  }
  return invalid('The multipart/form-data body is malformed or incomplete.');
}

/** The bytes of one file part, failing (and so storing nothing) when the parser cut it at the size limit. */
async function* fileBytes(part: Extract<Multipart, { type: 'file' }>): AsyncIterable<Uint8Array> {
  try {
    for await (const chunk of part.file) yield chunk as Uint8Array;
  } catch (error) {
    throw uploadFormError(error);
  }
  if (part.file.truncated) throw new AppError('FILE_TOO_LARGE');
}

/**
 * Reads the rest of a body nobody will parse and throws it away. When reading stops early (a refused
 * part, a blob that could not be written for lack of space) the parser lets go of the request and
 * leaves it paused: the client, still sending, never gets to read the answer already sent, and the
 * connection hangs until a timeout resets it. Draining lets the answer through at once.
 */
function discardUnreadBody(request: FastifyRequest): void {
  const raw = request.raw;
  if (raw.readableEnded || raw.destroyed) return;
  raw.unpipe();
  raw.resume();
}

export async function* uploadParts(request: FastifyRequest): AsyncIterable<UploadPart> {
  if (!request.isMultipart()) throw missingFile();
  try {
    for await (const part of request.parts()) {
      yield part.type === 'field'
        ? { kind: 'field', name: part.fieldname, value: String(part.value ?? '') }
        : { kind: 'file', name: part.fieldname, fileName: part.filename, bytes: fileBytes(part) };
    }
  } catch (error) {
    throw uploadFormError(error);
  } finally {
    discardUnreadBody(request);
  }
}

// GET /health in the API description: what a monitor meets there. 200 when the server can work
// (health.ts); 503 when it cannot, or when the practice waits for its passphrase (the locked
// server, locked/locked-app.ts, answers every API call but this one with 503 LOCKED). Health
// itself refuses no request; the one client error at its address is a URL the router cannot read.
import { z } from 'zod';
import type { LockedHealthBody } from '../../shared/practice-lock';
import type { HealthBody } from '../health';
import { errorResponse } from './error-responses';

type Json = Record<string, unknown>;

const releaseSchema = z.string().meta({ description: "The program that answers: the package's version and, after a +, the commit it was built from.", example: '0.2.0+4cd9e2b1a0f3' });
const freeBytes = z
  .number()
  .int()
  .nonnegative()
  .nullable()
  .meta({ description: "Bytes still free under DATA_DIR; null when the file system cannot say." });
const storageRoomSchema = <Status extends z.ZodType<'ok' | 'low'>>(status: Status) =>
  z.object({ freeBytes, status }).meta({ description: '"low" when less than MAX_UPLOAD_MB is free: uploads are then refused with 507 STORAGE_FULL.' });

export const healthSchema = z
  .object({
    status: z.literal('ok'),
    database: z.literal('writable'),
    documents: z.literal('present'),
    storage: storageRoomSchema(z.literal('ok')),
    release: releaseSchema,
  })
  .meta({ id: 'Health' }) satisfies z.ZodType<HealthBody>;

export const unhealthySchema = z
  .object({
    status: z.literal('unavailable'),
    database: z.enum(['writable', 'full', 'read-only', 'damaged', 'unavailable']),
    documents: z.enum(['present', 'missing', 'full']),
    storage: storageRoomSchema(z.enum(['ok', 'low'])),
    release: releaseSchema,
  })
  .meta({ id: 'Unhealthy', description: 'Which failed and how (full, read-only, damaged, low on space...), and nothing more.' }) satisfies z.ZodType<HealthBody>;

export const lockedHealthSchema = z
  .object({
    status: z.literal('locked'),
    setup: z.boolean().meta({ description: 'A new practice, to be set up with its passphrase; false: an existing one waiting for it.' }),
    release: releaseSchema,
  })
  .meta({ id: 'LockedHealth', description: 'The practice is encrypted and waits for its passphrase (or, new, to be set up); nothing else is served until then.' }) satisfies z.ZodType<LockedHealthBody>;

/** `describe`: the description's own conversion of an answer schema (its shared ones kept as components). */
export function healthOperation(describe: (schema: z.ZodType) => Json): Json {
  return {
    operationId: 'health',
    tags: ['health'],
    summary: 'The server can work: its database takes a real write and is sound, and its documents directory takes a file',
    description: 'Who: anyone.',
    'x-who': 'anyone',
    security: [],
    responses: {
      200: { description: 'OK', content: { 'application/json': { schema: describe(healthSchema) } } },
      // Fastify's own refusal (http-server.ts, frameworkErrors), before any route runs.
      400: errorResponse('Not health itself: a URL the server cannot read (a bad percent-encoding such as `/api/health%`), refused with `VALIDATION_FAILED`.'),
      503: {
        description:
          'The database cannot take a real write (full, read-only) or is damaged, the documents directory is gone or full, or storage is low (`Unhealthy`); ' +
          'or the practice is encrypted and waits for its passphrase, or to be set up (`LockedHealth`)',
        content: { 'application/json': { schema: describe(z.union([unhealthySchema, lockedHealthSchema])) } },
      },
    },
  };
}

// tRPC is initialised once here, with a named procedure for each kind of caller: the
// middleware rejects the wrong caller and narrows ctx.actor, so no procedure re-checks a role.
import { initTRPC } from '@trpc/server';
import { classifyError, toTrpcError } from '../error-mapping';
import { AppError } from '../errors';
import { recordAudit } from '../audit/record-audit';
import { assertPasswordCurrent, type Actor } from '../auth/sessions';
import { auditActorOf } from '../services/access';
import type { Context } from './context';

const t = initTRPC.context<Context>().create({
  // Stack traces never leave the server, whatever NODE_ENV says.
  isDev: false,
  errorFormatter({ shape, error }) {
    const classified = classifyError(error);
    return {
      ...shape,
      message: classified.message,
      data: {
        code: shape.data.code,
        httpStatus: shape.data.httpStatus,
        path: shape.data.path,
        appCode: classified.code,
        issues: classified.issues ?? null,
      },
    };
  },
});

export const router = t.router;
export const middleware = t.middleware;
export const createCallerFactory = t.createCallerFactory;

/** Services throw AppError; here it gets the tRPC code whose HTTP status API.md documents. */
const mapAppErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof AppError) throw toTrpcError(result.error.cause);
  return result;
});

/** Refusals: who was turned away is as much the audit trail's business as who got in. */
const REFUSAL_STATUSES = new Set([401, 403, 404, 429]);

/** A patient id the refused call named, if it named one plainly (it may be the reason for the refusal). */
function patientIdOf(rawInput: unknown): number | null {
  const value = (rawInput as { idPatient?: unknown } | null | undefined)?.idPatient;
  const id = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * The one audit rule for refusals (issue 10): every 401, 403, 404 and 429 a procedure answers
 * leaves exactly one audit event. Services that refuse with more to say (the patient, emergency
 * access) record it themselves and mark the error audited; every other refusal is recorded here.
 */
const auditRefusals = t.middleware(async ({ ctx, path, getRawInput, next }) => {
  const result = await next();
  const cause = !result.ok && result.error.cause instanceof AppError ? result.error.cause : undefined;
  if (!cause || cause.audited || !REFUSAL_STATUSES.has(cause.status)) return result;
  const rawInput = await getRawInput().catch(() => undefined);
  const who = ctx.actor ? auditActorOf(ctx.actor, ctx.meta.ip) : { userId: null, type: 'anonymous' as const, ip: ctx.meta.ip };
  recordAudit(ctx.deps.db, who, { action: path, outcome: 'denied', patientId: patientIdOf(rawInput), detail: cause.code });
  cause.audited = true;
  return result;
});

export const publicProcedure = t.procedure.use(auditRefusals).use(mapAppErrors);

/** Sign-in and registration hash passwords: a flood from one address is refused before hashing. */
export const authFloodProcedure = publicProcedure.use(async ({ ctx, next }) => {
  await ctx.guardAuthFlood();
  return next();
});

/** Any signed-in user, even one who must change their password first (profile, logout, change-password). */
export const sessionProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.actor) throw new AppError('UNAUTHENTICATED');
  return next({ ctx: { actor: ctx.actor } });
});

/** A signed-in user free to work: after an administrator's reset, nothing but a new password. */
export const userProcedure = sessionProcedure.use(({ ctx, next }) => {
  assertPasswordCurrent(ctx.actor);
  return next();
});

export type MedicActor = Actor & { type: 'medic'; medicId: number };
export type PatientActor = Actor & { type: 'patient'; patientId: number };

export const medicProcedure = userProcedure.use(({ ctx, next }) => {
  const { actor } = ctx;
  if (actor.type !== 'medic' || actor.medicId === null) throw new AppError('FORBIDDEN');
  return next({ ctx: { actor: actor as MedicActor } });
});

export const patientProcedure = userProcedure.use(({ ctx, next }) => {
  const { actor } = ctx;
  if (actor.type !== 'patient' || actor.patientId === null) throw new AppError('FORBIDDEN');
  return next({ ctx: { actor: actor as PatientActor } });
});

/** The practice administrator (API.md "Practice administration"). */
export const adminProcedure = medicProcedure.use(({ ctx, next }) => {
  if (!ctx.actor.isAdmin) throw new AppError('FORBIDDEN', 'Only the practice administrator can do this.');
  return next();
});

// tRPC is initialised once here, with a named procedure for each kind of caller: the
// middleware rejects the wrong caller and narrows ctx.actor, so no procedure re-checks a role.
import { initTRPC } from '@trpc/server';
import { classifyError, toTrpcError, trpcHttpStatus } from '../error-mapping';
import { AppError } from '../errors';
import { misshapenInputError, objectInputIssues } from '../input-shape';
import { recordRefusal, refusedProcedure } from '../audit/record-audit';
import { admitActor } from '../auth/admission';
import { assertPasswordCurrent } from '../auth/sessions';
import { auditActorOf } from '../auth/audit-actor';
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
        httpStatus: trpcHttpStatus(classified, shape.data.httpStatus),
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

/** Refusals: who was turned away is as much the audit trail's business as who got in. */
const REFUSAL_STATUSES = new Set([401, 403, 404, 429]);

/** A patient id the refused call named, if it named one plainly (it may be the reason for the refusal). */
function patientIdOf(rawInput: unknown): number | null {
  const value = (rawInput as { idPatient?: unknown } | null | undefined)?.idPatient;
  const id = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * Every procedure's outermost layer, one middleware for three rules (each layer of tRPC's chain
 * copies the call's options and context, so the chain is kept short, as a profile of the record read showed):
 * - the input's shape (input-shape.ts): an input that is given and is not a JSON object is refused
 *   before anything else, as the REST adapter refuses such a body; an input that cannot even be read
 *   is left to the procedure's own schema, which answers it (a procedure without one ignores it);
 * - the audit rule for refusals: every 401, 403, 404 and 429 a procedure answers leaves
 *   exactly one audit event. Services that refuse with more to say (the patient, emergency access)
 *   record it themselves and mark the error audited; every other refusal is recorded here (when
 *   storage refuses that event, the refusal still answers its own status: audit/record-audit.ts);
 * - services throw AppError; here it gets the tRPC code whose HTTP status API.md documents.
 */
const auditRefusalsAndMapErrors = t.middleware(async ({ ctx, path, getRawInput, next }) => {
  const misshapen = misshapenInputError(objectInputIssues(await getRawInput().catch(() => undefined)));
  if (misshapen) throw toTrpcError(misshapen);
  const result = await next();
  // A read's audit event has committed by now, in the read's own transaction (audit/record-audit.ts
  // auditedRead): when that commit fails, so does the read (507 on a full disk).
  if (result.ok) return result;
  const cause = result.error.cause instanceof AppError ? result.error.cause : undefined;
  if (!cause) return result;
  if (!cause.audited && REFUSAL_STATUSES.has(cause.status)) {
    const rawInput = await getRawInput().catch(() => undefined);
    const who = ctx.actor ? auditActorOf(ctx.actor, ctx.meta.ip) : { userId: null, type: 'anonymous' as const, ip: ctx.meta.ip };
    await recordRefusal(ctx.deps.db, who, { action: refusedProcedure(path), outcome: 'denied', patientId: patientIdOf(rawInput), detail: cause.code });
    cause.audited = true;
  }
  throw toTrpcError(cause);
});

export const publicProcedure = t.procedure.use(auditRefusalsAndMapErrors);

/**
 * A password, a code or a WebAuthn ceremony checked: a flood from one address is refused before it
 * is looked at (hashing is the expensive part). The API description finds the 429 by this middleware.
 */
export const floodGuarded = t.middleware(async ({ ctx, next }) => {
  await ctx.guardAuthFlood();
  return next();
});

/** Sign-in and registration hash passwords: a flood from one address is refused before hashing. */
export const authFloodProcedure = publicProcedure.use(floodGuarded);

/**
 * Calls that check a password or a second-factor code are counted one by one: a batch would let
 * many guesses arrive as one request. The client sends such calls on their own (client/src/lib/trpc.ts).
 */
export const oneAtATime = t.middleware(({ ctx, next }) => {
  if (ctx.batchSize > 1) throw new AppError('VALIDATION_FAILED', 'Sign-in and account calls cannot be batched: send them one at a time.');
  return next();
});

/** Any signed-in user, even one who must change their password first (profile, logout, change-password). */
export const sessionProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.actor) throw new AppError('UNAUTHENTICATED');
  return next({ ctx: { actor: ctx.actor } });
});

export type { MedicActor, PatientActor } from '../auth/admission';

// Each kind of caller is checked by one middleware (not one layer per check) to keep tRPC's chain
// short; the rule itself is auth/admission.ts's, which the plain Fastify routes use too.

/**
 * A signed-in user free to work: after an administrator's reset, nothing but a new password; under
 * the practice's second-factor policy, nothing but setting one up.
 */
export const userProcedure = publicProcedure.use(({ ctx, next }) => next({ ctx: { actor: admitActor(ctx.actor, 'user') } }));

/**
 * Setting up a second factor (TOTP setup and enable, passkey registration and list): any signed-in
 * user with a current password, even a medic the practice's policy holds back until they have one
 * (API.md "Second factor, passkeys and oversight").
 */
export const setupProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.actor) throw new AppError('UNAUTHENTICATED');
  assertPasswordCurrent(ctx.actor);
  return next({ ctx: { actor: ctx.actor } });
});

export const medicProcedure = publicProcedure.use(({ ctx, next }) => next({ ctx: { actor: admitActor(ctx.actor, 'medic') } }));

export const patientProcedure = publicProcedure.use(({ ctx, next }) => next({ ctx: { actor: admitActor(ctx.actor, 'patient') } }));

/** The practice administrator (API.md "Practice administration"). */
export const adminProcedure = publicProcedure.use(({ ctx, next }) => next({ ctx: { actor: admitActor(ctx.actor, 'administrator') } }));

// tRPC is initialised once here, with a named procedure for each kind of caller: the
// middleware rejects the wrong caller and narrows ctx.actor, so no procedure re-checks a role.
import { initTRPC } from '@trpc/server';
import { classifyError, toTrpcError } from '../error-mapping';
import { AppError } from '../errors';
import { assertPasswordCurrent, type Actor } from '../auth/sessions';
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

export const publicProcedure = t.procedure.use(mapAppErrors);

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

// Procedures about one patient take `idPatient` and pass through the one access rule
// (services/access.ts) before their body runs; an id from the request is never used unchecked.
// The access found travels in ctx.access; callerOf(ctx) hands it to the service, whose auditAs()
// flags what is done under emergency access.
import { patientIdInput } from '../../shared/patients';
import { assertPatientAccess } from '../services/access';
import { medicProcedure, userProcedure } from './trpc';
import { refusedProcedure } from '../audit/record-audit';

/** Reads: the patient themself, a linked medic, or a medic with running emergency access. */
export const patientReadProcedure = userProcedure.input(patientIdInput).use(async ({ ctx, input, path, next }) =>
  next({ ctx: { access: await assertPatientAccess(ctx.deps.db, ctx.actor, ctx.meta.ip, input.idPatient, refusedProcedure(path), { mode: 'read', now: ctx.deps.now() }) } }),
);

/** Reads only a medic makes (the full record): linked, or with running emergency access. */
export const medicReadProcedure = medicProcedure.input(patientIdInput).use(async ({ ctx, input, path, next }) =>
  next({ ctx: { access: await assertPatientAccess(ctx.deps.db, ctx.actor, ctx.meta.ip, input.idPatient, refusedProcedure(path), { mode: 'read', now: ctx.deps.now() }) } }),
);

/** Writes: a medic linked to the patient. Under emergency access they answer 403. */
export const linkedPatientProcedure = medicProcedure.input(patientIdInput).use(async ({ ctx, input, path, next }) =>
  next({ ctx: { access: await assertPatientAccess(ctx.deps.db, ctx.actor, ctx.meta.ip, input.idPatient, refusedProcedure(path), { mode: 'write', now: ctx.deps.now() }) } }),
);

// Procedures about one patient take `idPatient` and pass through the one access rule
// (services/access.ts) before their body runs; an id from the request is never used unchecked.
import { patientIdInput } from '../../shared/patients';
import { assertPatientAccess } from '../services/access';
import { medicProcedure, userProcedure } from './trpc';

/** The patient themself or a linked medic. */
export const patientScopedProcedure = userProcedure
  .input(patientIdInput)
  .use(({ ctx, input, path, next }) => {
    assertPatientAccess(ctx.deps.db, ctx.actor, ctx.meta.ip, input.idPatient, path);
    return next();
  });

/** A medic linked to the patient. */
export const linkedPatientProcedure = medicProcedure
  .input(patientIdInput)
  .use(({ ctx, input, path, next }) => {
    assertPatientAccess(ctx.deps.db, ctx.actor, ctx.meta.ip, input.idPatient, path);
    return next();
  });

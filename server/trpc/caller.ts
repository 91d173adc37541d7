// The caller a procedure hands its service: the request's database, actor, address and clock, and
// the patient access the access rule found (trpc/patient-scoped.ts).
import type { Actor } from '../auth/sessions';
import type { PatientAccess } from '../services/access';
import type { Caller } from '../services/caller';
import type { Context } from './context';

export function callerOf<A extends Actor>(ctx: Context & { actor: A; access?: PatientAccess }): Caller & { actor: A } {
  return { db: ctx.deps.db, actor: ctx.actor, ip: ctx.meta.ip, now: ctx.deps.now(), ...(ctx.access ? { access: ctx.access } : {}) };
}

// Audits what a procedure did, as the signed-in caller, from the request's address.
import { recordAudit, type AuditEntry } from '../audit/record-audit';
import type { Actor } from '../auth/sessions';
import { auditActorOf } from '../services/access';
import type { Context } from './context';

export const audit = (ctx: Context & { actor: Actor }, entry: AuditEntry): void =>
  recordAudit(ctx.deps.db, auditActorOf(ctx.actor, ctx.meta.ip), entry);

// Audits what a procedure did, as the signed-in caller, from the request's address. What a medic
// does under emergency access is flagged, with the reason they gave, for the patient to see.
import { recordAudit, type AuditEntry } from '../audit/record-audit';
import type { Actor } from '../auth/sessions';
import type { DbOrTx } from '../db/client';
import { auditActorOf, type PatientAccess } from '../services/access';
import type { Context } from './context';

type AuditedContext = Context & { actor: Actor; access?: PatientAccess };

export const audit = (ctx: AuditedContext, entry: AuditEntry, db: DbOrTx = ctx.deps.db): void =>
  recordAudit(
    db,
    auditActorOf(ctx.actor, ctx.meta.ip),
    ctx.access?.kind === 'emergency' ? { ...entry, emergency: true, detail: ctx.access.reason } : entry,
  );

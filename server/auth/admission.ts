// Who may call what, decided once for every way in: tRPC's procedures (trpc.ts) and the plain
// Fastify routes (the documents, the audit CSV). A signed-in user must be free to work (password
// current, a second factor when the practice requires one), then be the right kind of caller.
import type { DbOrTx } from '../db/client';
import { refuse, type AuditActor } from '../audit/record-audit';
import { AppError } from '../errors';
import { auditActorOf } from './audit-actor';
import { assertFreeToWork, type Actor } from './sessions';
import type { AuditAction } from '../../shared/audit-actions';

export type CallerKind = 'user' | 'medic' | 'patient' | 'administrator';

export type MedicActor = Actor & { type: 'medic'; medicId: number };
export type PatientActor = Actor & { type: 'patient'; patientId: number };

/** The actor when it may call a procedure of this kind; else the AppError that refuses it (401 or 403). */
export function admitActor(actor: Actor | null, kind: 'medic' | 'administrator'): MedicActor;
export function admitActor(actor: Actor | null, kind: 'patient'): PatientActor;
export function admitActor(actor: Actor | null, kind: CallerKind): Actor;
export function admitActor(actor: Actor | null, kind: CallerKind): Actor {
  if (!actor) throw new AppError('UNAUTHENTICATED');
  assertFreeToWork(actor);
  if ((kind === 'medic' || kind === 'administrator') && (actor.type !== 'medic' || actor.medicId === null)) throw new AppError('FORBIDDEN');
  if (kind === 'patient' && (actor.type !== 'patient' || actor.patientId === null)) throw new AppError('FORBIDDEN');
  if (kind === 'administrator' && !actor.isAdmin) throw new AppError('FORBIDDEN', 'Only the practice administrator can do this.');
  return actor;
}

/**
 * The same rule for a route outside tRPC, whose refusal is audited here (tRPC's middleware does it
 * for procedures): the refused call's action and the patient it named.
 */
export async function admitAudited(
  request: { db: DbOrTx; ip: string; actor: Actor | null },
  kind: CallerKind,
  refused: { action: AuditAction; patientId?: number | null },
): Promise<Actor> {
  try {
    return admitActor(request.actor, kind);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const who: AuditActor = request.actor ? auditActorOf(request.actor, request.ip) : { userId: null, type: 'anonymous', ip: request.ip };
    return refuse(request.db, who, { action: refused.action, patientId: refused.patientId ?? null, outcome: 'denied', detail: error.code }, error);
  }
}

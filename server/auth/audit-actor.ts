// A signed-in caller as the audit trail names it: who, from where, under which name at the time.
import type { AuditActor } from '../audit/record-audit';
import type { Actor } from './actor';

export const auditActorOf = (actor: Actor, ip: string): AuditActor => ({
  userId: actor.userId,
  type: actor.type,
  ip,
  name: actor.name,
  lname: actor.lname,
});

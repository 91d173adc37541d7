// An audit action's label in the administrator's language, from the one table of actions
// (shared/audit-actions.ts). An action without a label — one the server learns after this release, or
// a refused call audited under its procedure's name — reads as its code.
import { isAuditAction, AUDIT_ACTIONS } from '../../../../shared/audit-actions';

export function auditActionLabel(language: string | undefined, action: string): string {
  if (!isAuditAction(action)) return action;
  return language === 'en' ? AUDIT_ACTIONS[action].en : AUDIT_ACTIONS[action].es;
}

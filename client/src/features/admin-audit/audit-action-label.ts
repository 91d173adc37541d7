// An audit action's label in the administrator's language (audit.json's `actions`, nested by family
// and verb: `patient.detail` is actions.patient.detail). An action without a label — one the server
// learns after this release, or a refused call audited under its procedure's name — reads as its code.
import type { TFunction } from 'i18next';

const FAMILY_AND_VERB = /^[A-Za-z]+\.[A-Za-z]+$/;

export function auditActionLabel(t: TFunction<'audit'>, action: string): string {
  if (!FAMILY_AND_VERB.test(action)) return action;
  return t(`actions.${action}`, { defaultValue: action });
}

// The audit trail's action names, in the patient's words. The server's names are technical
// ('allergies.add', 'medics.patientDetail'); each known one has a sentence, anything else reads as
// generic activity, and a refused attempt reads as such whatever it tried.
import type { TFunction } from 'i18next';
import type { AccessLogEvent } from '../../lib/api-types';

const COLLECTIONS = ['allergies', 'pathologicalRecords', 'vitals', 'labs', 'vaccines', 'contacts'] as const;
const VERBS = ['add', 'update', 'remove'] as const;

const KNOWN_ACTIONS = new Set<string>([
  'patient.detail',
  'patient.read',
  'patient.update',
  ...COLLECTIONS.flatMap((collection) => VERBS.map((verb) => `${collection}.${verb}`)),
  'appointment.create',
  'appointment.update',
  'appointment.delete',
  'files.upload',
  'files.download',
  'files.delete',
  'patients.link',
  'patients.unlink',
  'patients.create',
  'patients.linkRequest',
  'patients.linkRequestWithdraw',
  'emergency.start',
]);

/** Refused attempts to look, as opposed to refused attempts to change something. */
const READS = /(detail|read|byId|download|list|search)/i;

export function describeAction(t: TFunction, event: Pick<AccessLogEvent, 'action' | 'outcome'>): string {
  if (event.outcome === 'denied') return READS.test(event.action) ? t('dashboard:accessLog.deniedView') : t('dashboard:accessLog.deniedChange');
  return KNOWN_ACTIONS.has(event.action) ? t(`dashboard:accessLog.actions.${event.action}`) : t('dashboard:accessLog.actions.unknown');
}

/** The reason a medic gave for emergency access: the server puts it on every event done under it, refusals too. */
export function emergencyReason(event: Pick<AccessLogEvent, 'emergency' | 'detail'>): string | null {
  return event.emergency && event.detail ? event.detail : null;
}

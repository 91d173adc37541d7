// Shown above a record opened through emergency access: the medic must see at a glance that the
// record is read-only, until when, and the reason they gave — the same reason the patient and the
// administrator read.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { PatientDetail } from './detail-types';

type EmergencyAccess = NonNullable<PatientDetail['emergencyAccess']>;

/** The end of the access: its time alone when that is today, otherwise its date too. */
function formatUntil(expiresAt: string, language: string, now = new Date()): string {
  // An ISO instant with its zone: shown in the browser's time.
  const end = new Date(expiresAt);
  if (Number.isNaN(end.getTime())) return expiresAt;
  const sameDay = end.toDateString() === now.toDateString();
  return new Intl.DateTimeFormat(language, sameDay ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' }).format(end);
}

export function EmergencyBanner({ access }: { access: EmergencyAccess }) {
  const { t, i18n } = useTranslation('record');
  const titleId = useId();
  const time = formatUntil(access.expiresAt, i18n.resolvedLanguage ?? i18n.language);
  return (
    <section className="emergency-banner" aria-labelledby={titleId}>
      <h2 id={titleId} className="emergency-banner__title">
        {t('emergency.title', { time })}
      </h2>
      <p className="emergency-banner__reason">
        <strong>{t('emergency.reason')}:</strong> {access.reason}
      </p>
      <p className="emergency-banner__note">{t('emergency.note')}</p>
    </section>
  );
}

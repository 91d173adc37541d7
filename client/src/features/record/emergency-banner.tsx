// Shown above a record opened through emergency access: the medic must see at a glance that the
// record is read-only, until when, and the reason they gave — the same reason the patient and the
// administrator read.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../lib/use-formatters';
import type { PatientDetail } from '../../lib/api-types';

type EmergencyAccess = NonNullable<PatientDetail['emergencyAccess']>;

export function EmergencyBanner({ access }: { access: EmergencyAccess }) {
  const { t } = useTranslation('record');
  const format = useFormatters();
  const titleId = useId();
  // The end of the access: its time alone when that is today, otherwise its date too.
  const time = format.timeOrDate(access.expiresAt);
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

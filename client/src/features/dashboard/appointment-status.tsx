import { useTranslation } from 'react-i18next';

/** Open or Closed, from the appointment's closed flag (SPEC §4 "Appointment status"). */
export function AppointmentStatus({ closed }: { closed: boolean }) {
  const { t } = useTranslation('dashboard');
  return <span className={closed ? 'tag tag--muted' : 'tag tag--open'}>{closed ? t('appointments.closed') : t('appointments.open')}</span>;
}

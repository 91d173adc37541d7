// The appointments still ahead of the patient, soonest first: what they most need to find when they
// open the dashboard, so this section comes first, right under the welcome, at every width.
import { useTranslation } from 'react-i18next';
import { AppointmentsPart } from './appointments-part';
import type { Appointment } from '../../lib/api-types';

export function UpcomingAppointments({ appointments }: { appointments: Appointment[] }) {
  const { t } = useTranslation('dashboard');
  return (
    <AppointmentsPart
      title={t('appointments.upcoming')}
      titleId="upcoming-appointments-title"
      empty={t('appointments.upcomingEmpty')}
      appointments={appointments}
    />
  );
}

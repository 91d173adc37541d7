// The appointments still ahead of the patient, soonest first: what they most need to find when they
// open the dashboard, so this part comes before the consultations already held.
import { useTranslation } from 'react-i18next';
import { AppointmentSummary } from './appointment-summary';
import type { Appointment } from '../../lib/api-types';

export function UpcomingAppointments({ appointments }: { appointments: Appointment[] }) {
  const { t } = useTranslation('dashboard');
  return (
    <section className="appointments-part" aria-labelledby="upcoming-appointments-title">
      <h3 id="upcoming-appointments-title" className="appointments-part__title">
        {t('appointments.upcoming')}
      </h3>
      {appointments.length === 0 ? (
        <p className="dashboard-section__empty">{t('appointments.upcomingEmpty')}</p>
      ) : (
        <ul className="bordered-list item-list" aria-label={t('appointments.upcoming')}>
          {appointments.map((appointment) => (
            <li key={appointment.idHistory} className="item-list__item appointment-item">
              <AppointmentSummary appointment={appointment} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

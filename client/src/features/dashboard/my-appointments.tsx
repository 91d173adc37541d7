// "My appointments" (SPEC §2): each visit's day in long form, its start time in the language's
// clock, whether it is still open, and why it was booked.
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../lib/use-formatters';
import { AppointmentStatus } from './appointment-status';
import type { Appointment } from '../../lib/api-types';

export function MyAppointments({ appointments }: { appointments: Appointment[] }) {
  const { t } = useTranslation('dashboard');
  const format = useFormatters();
  return (
    <section className="dashboard-section card" aria-labelledby="my-appointments-title">
      <h2 id="my-appointments-title" className="dashboard-section__title">
        {t('appointments.title')}
      </h2>
      {appointments.length === 0 ? (
        <p className="dashboard-section__empty">{t('appointments.empty')}</p>
      ) : (
        <ul className="bordered-list item-list" aria-label={t('appointments.title')}>
          {appointments.map((appointment) => (
            <li key={appointment.idHistory} className="item-list__item appointment-item">
              <div className="appointment-item__when">
                <time dateTime={appointment.date} className="item-list__title">
                  {format.fullDay(appointment.date)}
                </time>
                <span className="item-list__meta">
                  {t('appointments.startsAt', { time: format.time(appointment.start) })}
                </span>
              </div>
              <p className="appointment-item__motive">{appointment.motive}</p>
              <AppointmentStatus closed={appointment.closed} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

// What the patient needs to know of one appointment, upcoming or held: the day in long form, the start
// in the language's clock, why it was booked and with which doctor. Each list adds its own parts after it.
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../lib/use-formatters';
import type { Appointment } from '../../lib/api-types';

export function AppointmentSummary({ appointment }: { appointment: Appointment }) {
  const { t } = useTranslation('dashboard');
  const format = useFormatters();
  const { medic } = appointment;
  return (
    <>
      <div className="appointment-item__when">
        <time dateTime={appointment.date} className="item-list__title">
          {format.fullDay(appointment.date)}
        </time>
        <span className="item-list__meta">{t('appointments.startsAt', { time: format.time(appointment.start) })}</span>
      </div>
      <div className="appointment-item__what">
        <p className="appointment-item__motive">{appointment.motive}</p>
        {/* An appointment from before doctors were recorded on it names nobody rather than a guess. */}
        {medic && <p className="item-list__meta">{t('appointments.withMedic', { name: `${medic.name} ${medic.lname}`.trim() })}</p>}
      </div>
    </>
  );
}

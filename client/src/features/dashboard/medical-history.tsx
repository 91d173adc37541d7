// The Medical History tab (SPEC §2): every appointment as a row — number, date, start, end and
// status — in a table, so a screen reader can read it by column.
import { useTranslation } from 'react-i18next';
import { TableScroll } from '../../components/table-scroll';
import { useFormatters } from '../../lib/use-formatters';
import { AppointmentStatus } from './appointment-status';
import type { Appointment } from '../../lib/api-types';
import { CardSection } from '../../components/card-section';

export function MedicalHistory({ appointments }: { appointments: Appointment[] }) {
  const { t } = useTranslation(['dashboard', 'common']);
  const format = useFormatters();
  return (
    <CardSection title={t('history.title')}>
      {appointments.length === 0 ? (
        <div className="empty-state">
          <p className="empty-state__title">{t('history.empty')}</p>
          <p className="empty-state__hint">{t('history.emptyHint')}</p>
        </div>
      ) : (
        // Five short columns fit a phone; a very narrow window scrolls the table inside its box.
        <TableScroll label={t('history.table')}>
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{t('history.id')}</th>
                <th scope="col">{t('history.date')}</th>
                <th scope="col">{t('history.start')}</th>
                <th scope="col">{t('history.end')}</th>
                <th scope="col">{t('history.status')}</th>
              </tr>
            </thead>
            <tbody>
              {appointments.map((appointment) => (
                <tr key={appointment.idHistory}>
                  <td>#{appointment.idHistory}</td>
                  <td>
                    <time dateTime={appointment.date}>{format.day(appointment.date)}</time>
                  </td>
                  <td>{format.time(appointment.start)}</td>
                  <td>{appointment.end ? format.time(appointment.end) : t('common:notAvailable')}</td>
                  <td>
                    <AppointmentStatus closed={appointment.closed} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </CardSection>
  );
}

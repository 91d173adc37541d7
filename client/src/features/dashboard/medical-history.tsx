// The Medical History tab (SPEC §2): every appointment as a row — number, date, start, end and
// status — in a table, so a screen reader can read it by column.
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table';
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
        <DataTable
          label={t('history.table')}
          namedBy="region"
          className="data-table"
          headings={[t('history.id'), t('history.date'), t('history.start'), t('history.end'), t('history.status')]}
        >
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
        </DataTable>
      )}
    </CardSection>
  );
}

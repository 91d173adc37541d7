// The days on show, each under its own heading (a screen reader's jump list), with its
// appointments as a list in the order the server gave them (by start), or a line saying it is free.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { AgendaItem } from '../../../../shared/agenda';
import { AgendaRow } from './agenda-row';
import type { AgendaFormats } from './use-agenda-formats';

interface AgendaDaysProps {
  days: string[];
  appointments: AgendaItem[];
  today: string;
  format: AgendaFormats;
  onMove: (item: AgendaItem) => void;
  onCancel: (item: AgendaItem) => void;
}

export function AgendaDays({ days, appointments, ...rest }: AgendaDaysProps) {
  return (
    <div className="agenda-days">
      {days.map((day) => (
        <AgendaDay key={day} day={day} appointments={appointments.filter((item) => item.date.startsWith(day))} {...rest} />
      ))}
    </div>
  );
}

function AgendaDay({ day, appointments, today, format, onMove, onCancel }: Omit<AgendaDaysProps, 'days'> & { day: string }) {
  const { t } = useTranslation('agenda');
  const headingId = useId();
  return (
    <section className={day === today ? 'agenda-day agenda-day--today' : 'agenda-day'}>
      <div className="agenda-day__head">
        <h2 id={headingId} className="agenda-day__title">
          <time dateTime={day}>{format.day(day)}</time>
          {day === today && <span className="tag tag--recent">{t('nav.today')}</span>}
        </h2>
        <p className="agenda-day__count">{t('dayCount', { count: appointments.length })}</p>
      </div>
      {appointments.length === 0 ? (
        <p className="agenda-day__empty">{t('emptyDay')}</p>
      ) : (
        <ul className="bordered-list agenda-list" aria-labelledby={headingId}>
          {appointments.map((item) => (
            <AgendaRow key={item.idHistory} item={item} today={today} format={format} onMove={onMove} onCancel={onCancel} />
          ))}
        </ul>
      )}
    </section>
  );
}

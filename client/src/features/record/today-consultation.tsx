// Today's consultation at the top of the record while it is open: the doctor seeing the patient now
// should not scroll past a decade of sections to the appointment history to reach it. Its link opens
// the consultation's details in the history below (`?consultation=ID`), on its note, its vital signs
// and Prescribe; once closed it is found in the history like any other.
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { ClinicalHistory } from '../../../../shared/record';
import { useFormatters } from '../../lib/use-formatters';
import { isToday } from './kept-writings';

interface TodayConsultationProps {
  idPatient: number;
  history: readonly ClinicalHistory[];
}

/** Today's consultations still open, earliest first. */
export const openToday = (history: readonly ClinicalHistory[], now = new Date()) =>
  history.filter((appointment) => !appointment.closed && isToday(appointment, now)).sort((a, b) => a.date.localeCompare(b.date));

export function TodayConsultation({ idPatient, history }: TodayConsultationProps) {
  const { t } = useTranslation('record');
  const format = useFormatters();
  const open = openToday(history);
  if (open.length === 0) return null;
  return (
    <section className="card today-consultation" aria-labelledby="today-consultation-title">
      <h2 id="today-consultation-title" className="today-consultation__title">
        {t('today.title', { count: open.length })}
      </h2>
      <ul className="today-consultation__list">
        {open.map((appointment) => {
          const time = format.time(appointment.date);
          return (
            <li key={appointment.idHistory} className="today-consultation__item">
              <time dateTime={appointment.date} className="today-consultation__time">
                {time}
              </time>
              <span className="today-consultation__motive">{appointment.motive}</span>
              <Link
                href={`/medic/patient/${idPatient}?consultation=${appointment.idHistory}`}
                className="button button--primary button--small"
                aria-label={t('today.openNamed', { time })}
              >
                {t('today.open')}
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

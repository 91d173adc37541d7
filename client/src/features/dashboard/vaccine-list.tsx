// Vaccinations with their dose.
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../lib/use-formatters';
import type { PatientSelf } from './types';

type Vaccine = PatientSelf['vaccines'][number];

export function VaccineList({ vaccines }: { vaccines: Vaccine[] }) {
  const { t } = useTranslation('dashboard');
  const format = useFormatters();
  return (
    <ul className="item-list" aria-label={t('health.vaccines')}>
      {vaccines.map((vaccine) => (
        <li key={vaccine.idVaccine} className="item-list__item">
          <div className="item-list__main">
            <p className="item-list__title">{vaccine.vaccineName}</p>
            <p className="item-list__meta">
              <time dateTime={vaccine.date}>{format.day(vaccine.date)}</time>
              {vaccine.manufacturer && ` · ${vaccine.manufacturer}`}
            </p>
            {vaccine.nextDose && (
              <p className="item-list__meta">{t('health.nextDose', { date: format.day(vaccine.nextDose) })}</p>
            )}
          </div>
          {vaccine.dose && (
            <span className="tag tag--muted">
              {t('health.dose')}: {vaccine.dose}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

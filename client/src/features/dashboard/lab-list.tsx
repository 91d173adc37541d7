// The latest lab results (SPEC §9: the dashboard shows the first 10, the list is newest first).
import { useTranslation } from 'react-i18next';
import { DASHBOARD_LABS_LIMIT } from '../../../../shared/constants';
import { labLabel } from '../../lib/lab-label';
import { useFormatters } from '../../lib/use-formatters';
import type { PatientSelf } from './types';

type Lab = PatientSelf['labs'][number];

export function LabList({ labs }: { labs: Lab[] }) {
  const { t } = useTranslation('dashboard');
  const format = useFormatters();
  return (
    <ul className="item-list" aria-label={t('health.labs')}>
      {labs.slice(0, DASHBOARD_LABS_LIMIT).map((lab) => (
        <li key={lab.idLabs} className="item-list__item">
          <div className="item-list__main">
            <p className="item-list__title">{labLabel(t, lab, format.day(lab.date))}</p>
            {lab.referenceRange && (
              <p className="item-list__meta">
                {t('health.referenceRange')}: {lab.referenceRange}
              </p>
            )}
            {lab.comment && <p className="item-list__notes">{lab.comment}</p>}
          </div>
          <div className="item-list__side">
            {lab.value && (
              <span className="item-list__value">
                {lab.value}
                {lab.unit ? `\u00a0${lab.unit}` : ''}
              </span>
            )}
            <time dateTime={lab.date} className="item-list__meta">
              {format.day(lab.date)}
            </time>
          </div>
        </li>
      ))}
    </ul>
  );
}

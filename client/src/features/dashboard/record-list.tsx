// Pathological records with their status and notes.
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../lib/use-formatters';
import type { PatientSelf } from './types';

type PathologicalRecord = PatientSelf['pathologicalRecords'][number];

export function RecordList({ records }: { records: PathologicalRecord[] }) {
  const { t } = useTranslation('dashboard');
  const format = useFormatters();
  return (
    <ul className="item-list" aria-label={t('health.records')}>
      {records.map((record) => (
        <li key={record.idRecord} className="item-list__item">
          <div className="item-list__main">
            <p className="item-list__title">{record.condition}</p>
            {record.diagnosisDate && (
              <p className="item-list__meta">
                {t('health.diagnosed', { date: format.day(record.diagnosisDate) })}
              </p>
            )}
            {record.notes && <p className="item-list__notes">{record.notes}</p>}
          </div>
          {record.status && <span className={`tag tag--status-${record.status.toLowerCase()}`}>{t(`recordStatus.${record.status}`)}</span>}
        </li>
      ))}
    </ul>
  );
}

// The latest vital signs (SPEC §9: the dashboard shows the first 5, the list is newest first).
import { useTranslation } from 'react-i18next';
import { DASHBOARD_VITALS_LIMIT } from '../../../../shared/constants';
import { useFormatters } from '../../lib/use-formatters';
import type { PatientSelf } from './types';

export type Vital = PatientSelf['vitals'][number];

/** The readings of one vital, each with its unit (SPEC §1). */
export function VitalReadings({ vital }: { vital: Vital }) {
  const { t } = useTranslation('dashboard');
  const format = useFormatters();
  const readings: [string, string][] = [];
  if (vital.systolic !== null || vital.diastolic !== null) {
    readings.push([t('health.bloodPressure'), `${vital.systolic ?? '–'}/${vital.diastolic ?? '–'}\u00a0mmHg`]);
  }
  if (vital.heartRate !== null) readings.push([t('health.heartRate'), format.measure(vital.heartRate, 'bpm', 0)]);
  if (vital.temperature !== null) readings.push([t('health.temperature'), format.measure(vital.temperature, '°C')]);
  if (vital.oxygenSaturation !== null) readings.push([t('health.oxygen'), format.percent(vital.oxygenSaturation)]);
  if (vital.weight !== null) readings.push([t('health.weight'), format.measure(vital.weight, 'kg')]);
  if (readings.length === 0) return <p className="item-list__meta">{t('health.noReadings')}</p>;
  return (
    <dl className="readings">
      {readings.map(([label, value]) => (
        <div key={label} className="readings__item">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function VitalList({ vitals }: { vitals: Vital[] }) {
  const { t } = useTranslation('dashboard');
  const format = useFormatters();
  return (
    <ul className="item-list" aria-label={t('health.vitals')}>
      {vitals.slice(0, DASHBOARD_VITALS_LIMIT).map((vital) => (
        <li key={vital.idVital} className="item-list__item item-list__item--stacked">
          <time dateTime={vital.date} className="item-list__title">
            {format.day(vital.date)}
          </time>
          <VitalReadings vital={vital} />
        </li>
      ))}
    </ul>
  );
}

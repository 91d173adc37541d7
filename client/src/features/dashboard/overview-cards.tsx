// The overview's summary cards (SPEC §2 "Tabs"): appointments, allergies, current medications and
// the latest vital signs.
import { useTranslation } from 'react-i18next';
import { ACTIVE_MEDICATION_DAYS } from '../../../../shared/constants';
import { ItemFacts } from '../../components/record-item';
import { present, vitalFacts } from '../../lib/item-facts';
import { useFormatters } from '../../lib/use-formatters';
import { activeMedications } from '../../lib/medications';
import type { PatientSelf } from '../../lib/api-types';

/** `scope` says what is counted when the label alone could mislead. */
function StatCard({ label, value, scope }: { label: string; value: number; scope?: string }) {
  return (
    <div className="stat-card card">
      <dt className="stat-card__label">{label}</dt>
      <dd className="stat-card__value">{value}</dd>
      {scope && <dd className="stat-card__date">{scope}</dd>}
    </div>
  );
}

export function OverviewCards({ self }: { self: PatientSelf }) {
  const { t } = useTranslation('dashboard');
  const format = useFormatters();
  const recordText = useTranslation('record').t;
  const latestVital = self.vitals[0];
  // Read as the record reads a vital (lib/item-facts.ts), with its units.
  const readings = latestVital ? present(vitalFacts(latestVital, format, recordText)) : [];
  return (
    <dl className="stat-cards">
      {/* Every appointment, not only the newest the record carries (API.md "Long histories"). */}
      <StatCard label={t('overview.totalAppointments')} value={Math.max(self.historyTotal, self.clinicalHistories.length)} />
      <StatCard label={t('overview.allergies')} value={self.allergies.length} />
      <StatCard
        label={t('overview.activeMedications')}
        value={activeMedications(self.clinicalHistories).length}
        scope={t('overview.activeMedicationsScope', { days: ACTIVE_MEDICATION_DAYS })}
      />
      <div className="stat-card stat-card--vitals card">
        <dt className="stat-card__label">{t('overview.latestVitals')}</dt>
        <dd className="stat-card__detail">
          {latestVital ? (
            <>
              <time dateTime={latestVital.date} className="stat-card__date">
                {format.day(latestVital.date)}
              </time>
              {readings.length > 0 ? <ItemFacts facts={readings} /> : <p className="item-list__meta">{t('health.noReadings')}</p>}
            </>
          ) : (
            <span className="stat-card__none">{t('overview.noVitals')}</span>
          )}
        </dd>
      </div>
    </dl>
  );
}

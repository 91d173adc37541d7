// The Allergies tab: every registered allergy, or a calm empty state.
import { useTranslation } from 'react-i18next';
import { ReadOnlyItemList } from '../../components/record-item';
import { allergyView } from '../../lib/item-views';
import type { PatientSelf } from '../../lib/api-types';

export function AllergiesTab({ allergies }: { allergies: PatientSelf['allergies'] }) {
  const { t } = useTranslation('dashboard');
  return (
    <section className="dashboard-section card" aria-labelledby="allergies-tab-title">
      <h2 id="allergies-tab-title" className="dashboard-section__title">
        {t('allergiesTab.title', { count: allergies.length })}
      </h2>
      {allergies.length === 0 ? (
        <div className="empty-state">
          <p className="empty-state__title">{t('allergiesTab.empty')}</p>
          <p className="empty-state__hint">{t('allergiesTab.emptyHint')}</p>
        </div>
      ) : (
        <ReadOnlyItemList view={allergyView} items={allergies} label={t('health.allergies')} />
      )}
    </section>
  );
}

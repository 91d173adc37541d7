// The Allergies tab: every registered allergy, or a calm empty state.
import { useTranslation } from 'react-i18next';
import { ReadOnlyItemList } from '../../components/record-item';
import { allergyView } from '../../lib/item-views';
import type { PatientSelf } from '../../lib/api-types';
import { CardSection } from '../../components/card-section';

export function AllergiesTab({ allergies }: { allergies: PatientSelf['allergies'] }) {
  const { t } = useTranslation('dashboard');
  return (
    <CardSection title={t('allergiesTab.title', { count: allergies.length })}>
      {allergies.length === 0 ? (
        <div className="empty-state">
          <p className="empty-state__title">{t('allergiesTab.empty')}</p>
          <p className="empty-state__hint">{t('allergiesTab.emptyHint')}</p>
        </div>
      ) : (
        <ReadOnlyItemList view={allergyView} items={allergies} label={t('health.allergies')} />
      )}
    </CardSection>
  );
}

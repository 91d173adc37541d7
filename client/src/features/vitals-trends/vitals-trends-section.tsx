// The trends in the medic's record: a collapsible section of its own beside the vital signs.
import { useTranslation } from 'react-i18next';
import { CollapsibleSection } from '../../components/collapsible-section';
import type { Reading } from './measures';
import { VitalsTrends } from './vitals-trends';

export function VitalsTrendsSection({ readings }: { readings: readonly Reading[] }) {
  const { t } = useTranslation('charts');
  return (
    <CollapsibleSection title={t('title')} count={readings.length}>
      <VitalsTrends readings={readings} headingLevel={3} />
    </CollapsibleSection>
  );
}

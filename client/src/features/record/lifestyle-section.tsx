// Lifestyle (SPEC §2): alcohol, tobacco, drugs and physical activity, each only when recorded;
// the section itself is left out when none is.
import { useTranslation } from 'react-i18next';
import { CollapsibleSection } from '../../components/collapsible-section';
import type { PatientDetail } from '../../lib/api-types';
import { FactsList, filled } from './facts-list';

type Lifestyle = NonNullable<PatientDetail['lifestyle']>;

export function LifestyleSection({ lifestyle }: { lifestyle: Lifestyle }) {
  const { t } = useTranslation('record');
  const habits = [
    {
      key: 'alcohol',
      parts: lifestyle.alcohol && [
        { label: t('lifestyle.frequency'), value: lifestyle.alcohol.frequency },
        { label: t('lifestyle.quantity'), value: lifestyle.alcohol.quantity },
        { label: t('lifestyle.type'), value: lifestyle.alcohol.type },
      ],
    },
    {
      key: 'tobacco',
      parts: lifestyle.tobacco && [
        { label: t('lifestyle.frequency'), value: lifestyle.tobacco.frequency },
        { label: t('lifestyle.quantity'), value: lifestyle.tobacco.quantity },
        { label: t('lifestyle.yearsUsing'), value: lifestyle.tobacco.yearsUsing },
      ],
    },
    {
      key: 'drugs',
      parts: lifestyle.drugs && [
        { label: t('lifestyle.type'), value: lifestyle.drugs.type },
        { label: t('lifestyle.frequency'), value: lifestyle.drugs.frequency },
      ],
    },
    {
      key: 'physicalActivity',
      parts: lifestyle.physicalActivity && [
        { label: t('lifestyle.frequency'), value: lifestyle.physicalActivity.frequency },
        { label: t('lifestyle.type'), value: lifestyle.physicalActivity.type },
        { label: t('lifestyle.duration'), value: lifestyle.physicalActivity.duration },
      ],
    },
  ].filter((habit) => habit.parts);
  return (
    <CollapsibleSection title={t('lifestyle.title')} count={habits.length}>
      <div className="lifestyle">
        {habits.map((habit) => (
          <div key={habit.key} className="lifestyle__habit">
            <h3 className="lifestyle__title">{t(`lifestyle.${habit.key}`)}</h3>
            <FactsList facts={habit.parts!.filter((part) => filled(part.value))} />
          </div>
        ))}
      </div>
    </CollapsibleSection>
  );
}

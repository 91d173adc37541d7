// Lifestyle habits: only the habits on record, each as the parts that were filled in.
import { useTranslation } from 'react-i18next';
import type { PatientSelf } from '../../lib/api-types';

type Lifestyle = NonNullable<PatientSelf['lifestyle']>;

export function LifestyleSummary({ lifestyle }: { lifestyle: Lifestyle }) {
  const { t } = useTranslation('dashboard');
  const habits: [string, (string | null)[]][] = [];
  if (lifestyle.alcohol) habits.push([t('lifestyle.alcohol'), [lifestyle.alcohol.type, lifestyle.alcohol.frequency, lifestyle.alcohol.quantity]]);
  if (lifestyle.tobacco) {
    const { frequency, quantity, yearsUsing } = lifestyle.tobacco;
    habits.push([t('lifestyle.tobacco'), [frequency, quantity, yearsUsing && t('lifestyle.years', { years: yearsUsing })]]);
  }
  if (lifestyle.drugs) habits.push([t('lifestyle.drugs'), [lifestyle.drugs.type, lifestyle.drugs.frequency]]);
  if (lifestyle.physicalActivity) {
    const { type, frequency, duration } = lifestyle.physicalActivity;
    habits.push([t('lifestyle.activity'), [type, frequency, duration]]);
  }
  return (
    <dl className="readings readings--wide">
      {habits.map(([label, parts]) => (
        <div key={label} className="readings__item">
          <dt>{label}</dt>
          <dd>{parts.filter(Boolean).join(' · ')}</dd>
        </div>
      ))}
    </dl>
  );
}

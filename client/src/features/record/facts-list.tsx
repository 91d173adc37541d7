// A definition list of label and value, "N/A" for a value that is missing.
import { useTranslation } from 'react-i18next';

export interface Fact {
  label: string;
  value: string | number | null | undefined;
}

export const filled = (value: Fact['value']) => value !== null && value !== undefined && value !== '';

export function FactsList({ facts }: { facts: readonly Fact[] }) {
  const { t } = useTranslation('common');
  return (
    <dl className="details">
      {facts.map((fact) => (
        <div key={fact.label} className="details__item">
          <dt>{fact.label}</dt>
          <dd className={filled(fact.value) ? undefined : 'details__missing'}>{filled(fact.value) ? fact.value : t('notAvailable')}</dd>
        </div>
      ))}
    </dl>
  );
}

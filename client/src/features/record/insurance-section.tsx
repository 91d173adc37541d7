// Insurance (SPEC §2): shown only when the patient has one.
import { useTranslation } from 'react-i18next';
import { CollapsibleSection } from '../../components/collapsible-section';
import type { PatientDetail } from '../../lib/api-types';
import { FactsList, filled } from './facts-list';

export function InsuranceSection({ insurance }: { insurance: NonNullable<PatientDetail['insurance']> }) {
  const { t } = useTranslation('record');
  const facts = [
    { label: t('insurance.name'), value: insurance.name },
    { label: t('insurance.type'), value: insurance.type },
    { label: t('insurance.provider'), value: insurance.provider },
    { label: t('insurance.policyNumber'), value: insurance.policyNumber },
  ];
  return (
    <CollapsibleSection title={t('insurance.title')} count={facts.filter((fact) => filled(fact.value)).length}>
      <FactsList facts={facts} />
    </CollapsibleSection>
  );
}

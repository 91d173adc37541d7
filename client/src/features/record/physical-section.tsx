// Physical information (SPEC §2, units of §1): weight in kg, height in cm, blood type.
import { useTranslation } from 'react-i18next';
import { CollapsibleSection } from '../../components/collapsible-section';
import type { PatientDetail } from '../../lib/api-types';
import { FactsList, filled } from './facts-list';
import { bloodTypeOf } from '../../lib/blood-type';
import { useFormatters } from '../../lib/use-formatters';

export function PhysicalSection({ detail }: { detail: PatientDetail }) {
  const { t } = useTranslation('record');
  const format = useFormatters();
  const { patient } = detail;
  const facts = [
    { label: t('physical.weight'), value: format.measure(patient.weight, 'kg') },
    { label: t('physical.height'), value: format.measure(patient.height, 'cm') },
    { label: t('physical.bloodType'), value: bloodTypeOf(patient) },
  ];
  return (
    <CollapsibleSection title={t('physical.title')} count={facts.filter((fact) => filled(fact.value)).length}>
      <FactsList facts={facts} />
    </CollapsibleSection>
  );
}

// Demographics (SPEC §2): what is known of birth date (with the age it gives today), sex, civil
// status, profession, religion, nationality, education and identity document, or a no-data line.
import { useTranslation } from 'react-i18next';
import { CollapsibleSection } from '../../components/collapsible-section';
import type { PatientDetail } from '../../lib/api-types';
import { ageText, sexText } from '../../lib/age-text';
import { useFormatters } from '../../lib/use-formatters';
import { FactsList, filled } from './facts-list';

export function DemographicsSection({ detail }: { detail: PatientDetail }) {
  const { t } = useTranslation('record');
  const format = useFormatters();
  const { birthDate, sex } = detail.patient;
  const age = ageText(t, birthDate);
  const birthText = birthDate && age ? t('demographics.birthDateWithAge', { date: format.day(birthDate), age }) : format.day(birthDate);
  const documentText = [detail.documentType?.name, detail.patient.documentNumber].filter(Boolean).join(' ');
  const facts = [
    { label: t('demographics.birthDate'), value: birthText },
    { label: t('demographics.sex'), value: sexText(t, sex) },
    { label: t('demographics.civilStatus'), value: detail.patient.civilStatus },
    { label: t('demographics.profession'), value: detail.profession?.name },
    { label: t('demographics.religion'), value: detail.religion?.name },
    { label: t('demographics.nationality'), value: detail.nationality?.name },
    { label: t('demographics.education'), value: detail.education?.name },
    { label: t('demographics.document'), value: documentText },
  ].filter((fact) => filled(fact.value));
  return (
    <CollapsibleSection title={t('demographics.title')} count={facts.length}>
      {facts.length > 0 ? <FactsList facts={facts} /> : <p className="record-empty">{t('demographics.empty')}</p>}
    </CollapsibleSection>
  );
}

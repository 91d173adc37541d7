// "My information" (SPEC §2): demographics (with the age the birth date gives today), physical data
// and insurance, read-only, each value shown as N/A when the record has none, and measures in the
// language's number format.
import { useTranslation } from 'react-i18next';
import { ageText, sexText } from '../../lib/age-text';
import { useFormatters } from '../../lib/use-formatters';
import type { PatientSelf } from '../../lib/api-types';
import { CardSection } from '../../components/card-section';

type Fact = [label: string, value: string | null | undefined];

function FactGroup({ title, facts }: { title: string; facts: Fact[] }) {
  const { t } = useTranslation('common');
  return (
    <div className="fact-group">
      <h3 className="fact-group__title">{title}</h3>
      <dl className="fact-group__list">
        {facts.map(([label, value]) => (
          <div key={label} className="fact-group__item">
            <dt>{label}</dt>
            <dd>{value && value.trim() ? value : t('notAvailable')}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

export function MyInformation({ self }: { self: PatientSelf }) {
  const { t } = useTranslation('dashboard');
  const format = useFormatters();
  const { patient } = self;
  const bloodType = patient.bloodGroup && patient.bloodRh ? `${patient.bloodGroup}${patient.bloodRh}` : patient.bloodGroup;

  return (
    <CardSection title={t('information.title')}>
      <div className="fact-groups">
        <FactGroup
          title={t('information.demographics')}
          facts={[
            [t('information.birthDate'), format.day(patient.birthDate)],
            [t('information.age'), ageText(t, patient.birthDate)],
            [t('information.sex'), sexText(t, patient.sex)],
            [t('information.civilStatus'), patient.civilStatus],
            [t('information.profession'), self.profession?.name],
            [t('information.religion'), self.religion?.name],
            [t('information.documentType'), self.documentType?.name],
          ]}
        />
        <FactGroup
          title={t('information.physical')}
          facts={[
            [t('information.weight'), format.measure(patient.weight, 'kg')],
            [t('information.height'), format.measure(patient.height, 'cm', 0)],
            [t('information.bloodType'), bloodType],
          ]}
        />
        <FactGroup
          title={t('information.insurance')}
          facts={[
            [t('information.insuranceName'), self.insurance?.name],
            [t('information.insuranceProvider'), self.insurance?.provider],
          ]}
        />
      </div>
    </CardSection>
  );
}

// Allergies with a severity badge and the reaction (SPEC §2 "My health"), used on the overview
// and on the Allergies tab.
import { useTranslation } from 'react-i18next';
import type { PatientSelf } from './types';

type Allergy = PatientSelf['allergies'][number];

export function AllergyList({ allergies }: { allergies: Allergy[] }) {
  const { t } = useTranslation('dashboard');
  return (
    <ul className="item-list" aria-label={t('health.allergies')}>
      {allergies.map((allergy) => (
        <li key={allergy.idPatientAllergy} className="item-list__item">
          <div className="item-list__main">
            <p className="item-list__title">{allergy.allergyName}</p>
            {allergy.reaction && (
              <p className="item-list__meta">
                {t('health.reaction')}: {allergy.reaction}
              </p>
            )}
            {allergy.type && (
              <p className="item-list__meta">
                {t('health.allergyType')}: {allergy.type}
              </p>
            )}
          </div>
          {allergy.severity && (
            <span className={`tag tag--severity-${allergy.severity.toLowerCase()}`}>
              <span className="visually-hidden">{t('health.severity')}: </span>
              {t(`severity.${allergy.severity}`)}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

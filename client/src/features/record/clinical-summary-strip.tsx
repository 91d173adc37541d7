// The first thing the record shows under the patient's name: what a doctor checks
// before anything else — age and sex, allergies (severe ones first and marked in words and with a
// sign, not by colour alone), the conditions still with the patient, current medications, the latest
// vital signs and the next appointment. Each part says plainly when there is nothing, so an empty
// part reads as "none recorded", never as "not loaded". The full sections follow below it.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ACTIVE_MEDICATION_DAYS } from '../../../../shared/constants';
import { ItemFacts, ItemTagBadge } from '../../components/record-item';
import { ageAndSexText } from '../../lib/age-text';
import { present, vitalFacts } from '../../lib/item-facts';
import { allergyView, pathologicalRecordView } from '../../lib/item-views';
import { activeMedications } from '../../lib/medications';
import { itemPosology } from '../../lib/prescription-text';
import { allergiesBySeverity, isOngoingCondition, newest, nextAppointment } from '../../lib/record-summary';
import { useFormatters } from '../../lib/use-formatters';
import type { PatientDetail } from '../../lib/api-types';
import './clinical-summary-strip.css';

/** One part of the strip: its title, then what it holds or the sentence that says there is nothing. */
function SummaryPart({ title, empty, children }: { title: string; empty: string | null; children?: ReactNode }) {
  return (
    <div className="clinical-summary__part">
      <h3 className="clinical-summary__part-title">{title}</h3>
      {empty === null ? children : <p className="clinical-summary__empty">{empty}</p>}
    </div>
  );
}

const noneIf = (isEmpty: boolean, sentence: string) => (isEmpty ? sentence : null);

export function ClinicalSummaryStrip({ detail }: { detail: PatientDetail }) {
  const { t } = useTranslation('record');
  const format = useFormatters();
  const ageAndSex = ageAndSexText(t, detail.patient);
  const allergies = allergiesBySeverity(detail.allergies);
  const conditions = detail.pathologicalRecords.filter(isOngoingCondition);
  const medications = activeMedications(detail.history);
  const vitals = newest(detail.vitals);
  const readings = vitals ? present(vitalFacts(vitals, format, t)) : [];
  const next = nextAppointment(detail.history);

  return (
    <section className="clinical-summary" aria-labelledby="clinical-summary-title">
      <h2 id="clinical-summary-title" className="clinical-summary__title">
        {t('summary.title')}
      </h2>
      <div className="clinical-summary__parts">
        <SummaryPart title={t('summary.ageAndSex')} empty={noneIf(!ageAndSex, t('summary.noAgeAndSex'))}>
          <p className="clinical-summary__value">{ageAndSex}</p>
        </SummaryPart>

        <SummaryPart title={t('summary.allergies')} empty={noneIf(allergies.length === 0, t('summary.noAllergies'))}>
          <ul className="clinical-summary__list">
            {allergies.map((allergy) => {
              const severe = allergy.severity === 'Severe';
              const tag = allergyView.tagOf?.(allergy, t);
              return (
                <li key={allergy.idPatientAllergy} className={severe ? 'clinical-summary__item clinical-summary__item--severe' : 'clinical-summary__item'}>
                  {severe && (
                    <span className="clinical-summary__alert" aria-hidden="true">
                      !
                    </span>
                  )}
                  <span className="clinical-summary__name">{allergy.allergyName}</span>
                  {tag && <ItemTagBadge tag={tag} />}
                </li>
              );
            })}
          </ul>
        </SummaryPart>

        <SummaryPart title={t('summary.conditions')} empty={noneIf(conditions.length === 0, t('summary.noConditions'))}>
          <ul className="clinical-summary__list">
            {conditions.map((condition) => {
              const tag = pathologicalRecordView.tagOf?.(condition, t);
              return (
                <li key={condition.idRecord} className="clinical-summary__item">
                  <span className="clinical-summary__name">{condition.condition}</span>
                  {tag && <ItemTagBadge tag={tag} />}
                </li>
              );
            })}
          </ul>
        </SummaryPart>

        <SummaryPart title={t('summary.medications')} empty={noneIf(medications.length === 0, t('summary.noMedications', { days: ACTIVE_MEDICATION_DAYS }))}>
          <ul className="clinical-summary__list">
            {medications.map((medication) => (
              <li key={medication.name} className="clinical-summary__item">
                <span className="clinical-summary__name">{medication.name}</span>
                {medication.item && <span className="clinical-summary__meta"> {itemPosology(medication.item, t)}</span>}
              </li>
            ))}
          </ul>
          <p className="clinical-summary__meta">{t('summary.medicationsScope', { days: ACTIVE_MEDICATION_DAYS })}</p>
        </SummaryPart>

        <SummaryPart title={t('summary.vitals')} empty={noneIf(vitals === null, t('summary.noVitals'))}>
          {vitals && (
            <>
              <p className="clinical-summary__meta">
                <time dateTime={vitals.date}>{format.date(vitals.date)}</time>
              </p>
              {readings.length > 0 ? <ItemFacts facts={readings} /> : <p className="clinical-summary__empty">{t('summary.noReadings')}</p>}
            </>
          )}
        </SummaryPart>

        <SummaryPart title={t('summary.nextAppointment')} empty={noneIf(next === null, t('summary.noNextAppointment'))}>
          {next && (
            <>
              <p className="clinical-summary__value">
                <time dateTime={next.date}>{format.moment(next.date)}</time>
              </p>
              <p className="clinical-summary__meta">{next.motive}</p>
            </>
          )}
        </SummaryPart>
      </div>
    </section>
  );
}

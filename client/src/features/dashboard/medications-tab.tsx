// The Medications tab: what was prescribed in the last ACTIVE_MEDICATION_DAYS days and is current
// (lib/medications.ts), then everything prescribed before, each with the visit it came from.
import { useTranslation } from 'react-i18next';
import { ACTIVE_MEDICATION_DAYS } from '../../../../shared/constants';
import { useFormatters } from '../../lib/use-formatters';
import { activeMedications, earlierMedications, type Medication } from '../../lib/medications';
import { itemPosology } from '../../lib/prescription-text';
import type { Appointment } from '../../lib/api-types';
import { CardSection } from '../../components/card-section';

function MedicationList({ id, title, medications }: { id: string; title: string; medications: Medication[] }) {
  const { t } = useTranslation('dashboard');
  const format = useFormatters();
  return (
    <section className="health-part" aria-labelledby={id}>
      <h3 id={id} className="health-part__title">
        {title}
      </h3>
      <ul className="bordered-list item-list" aria-labelledby={id}>
        {medications.map((medication) => (
          <li key={medication.name} className="item-list__item">
            <div className="item-list__main">
              <p className="item-list__title">{medication.name}</p>
              {medication.item && <p className="item-list__meta">{itemPosology(medication.item, t)}</p>}
              <p className="item-list__meta">
                {medication.appointments
                  .map((appointment) => t('medications.from', { date: format.day(appointment.date), motive: appointment.motive }))
                  .join(' · ')}
              </p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function MedicationsTab({ appointments }: { appointments: Appointment[] }) {
  const { t } = useTranslation('dashboard');
  const current = activeMedications(appointments);
  const past = earlierMedications(appointments);
  const days = ACTIVE_MEDICATION_DAYS;
  return (
    <CardSection title={t('medications.title')}>
      {current.length === 0 && past.length === 0 ? (
        <div className="empty-state">
          <p className="empty-state__title">{t('medications.empty')}</p>
          <p className="empty-state__hint">{t('medications.emptyHint')}</p>
        </div>
      ) : (
        <div className="health-parts">
          {current.length > 0 ? (
            <MedicationList id="medications-current" title={t('medications.current', { days })} medications={current} />
          ) : (
            <p className="dashboard-section__empty">{t('medications.noneCurrent', { days })}</p>
          )}
          {past.length > 0 && <MedicationList id="medications-past" title={t('medications.past')} medications={past} />}
        </div>
      )}
    </CardSection>
  );
}

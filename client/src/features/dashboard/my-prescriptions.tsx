// "My prescriptions": every receta the patient's doctors issued, newest first,
// each with its number, when and by whom, its items in the words a pharmacist reads, whether it was
// voided, and the way to print it. A voided one stays listed, marked in words, and can still be
// printed: it prints with its void mark.
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Prescription } from '../../../../shared/prescriptions';
import { itemSentence } from '../../lib/prescription-text';
import { useFormatters } from '../../lib/use-formatters';
import type { Appointment } from '../../lib/api-types';
import { CardSection } from '../../components/card-section';

/** The prescriptions of the given appointments, newest first. */
export function prescriptionsOf(appointments: Appointment[]): Prescription[] {
  return appointments
    .flatMap((appointment) => appointment.prescriptions)
    .sort((a, b) => (a.issuedAt < b.issuedAt ? 1 : a.issuedAt > b.issuedAt ? -1 : b.idPrescription - a.idPrescription));
}

export function MyPrescriptions({ appointments }: { appointments: Appointment[] }) {
  const { t } = useTranslation('dashboard');
  const prescriptions = prescriptionsOf(appointments);
  return (
    <CardSection title={t('prescriptions.title')} titleId="my-prescriptions-title">
      {prescriptions.length === 0 ? (
        <div className="empty-state">
          <p className="empty-state__title">{t('prescriptions.empty')}</p>
          <p className="empty-state__hint">{t('prescriptions.emptyHint')}</p>
        </div>
      ) : (
        <ul className="bordered-list item-list" aria-labelledby="my-prescriptions-title">
          {prescriptions.map((prescription) => (
            <PrescriptionItem key={prescription.idPrescription} prescription={prescription} />
          ))}
        </ul>
      )}
    </CardSection>
  );
}

function PrescriptionItem({ prescription }: { prescription: Prescription }) {
  const { t } = useTranslation('dashboard');
  const format = useFormatters();
  const titleId = `prescription-${prescription.idPrescription}-title`;
  const { medic, number } = prescription;
  return (
    <li className="item-list__item prescription-item" aria-labelledby={titleId}>
      <div className="prescription-item__head">
        <h3 id={titleId} className="title-row item-list__title prescription-item__title">
          {t('prescriptions.number', { number })}
          {prescription.voidedAt && <span className="tag tag--denied">{t('prescriptions.void')}</span>}
        </h3>
        <p className="item-list__meta">
          {t('prescriptions.issued', { date: format.moment(prescription.issuedAt), name: `${medic.name} ${medic.lname}` })}
        </p>
        {prescription.voidedAt && (
          <p className="item-list__meta">
            {t('prescriptions.voidedOn', { date: format.moment(prescription.voidedAt), reason: prescription.voidReason ?? '' })}
          </p>
        )}
      </div>
      <ul className="prescription-item__items" aria-label={t('prescriptions.itemsOf', { number })}>
        {prescription.items.map((item, index) => (
          <li key={index}>{itemSentence(item, t)}</li>
        ))}
      </ul>
      <Link
        href={`/dashboard/prescriptions/${prescription.idPrescription}/print`}
        className="button button--secondary button--small prescription-item__print"
        aria-label={t('prescriptions.printNamed', { number })}
      >
        {t('prescriptions.print')}
      </Link>
    </li>
  );
}

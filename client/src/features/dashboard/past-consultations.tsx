// The consultations the patient has had, most recent first, each with the diagnoses the doctor coded
// (the code and the catalog's name as the note stored them, the same words the doctor's record shows)
// and then the addenda that amended the note afterwards, oldest first, each dated and signed.
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../lib/use-formatters';
import { AppointmentsPart } from './appointments-part';
import type { Appointment } from '../../lib/api-types';

export function PastConsultations({ appointments }: { appointments: Appointment[] }) {
  const { t } = useTranslation('dashboard');
  return (
    <AppointmentsPart
      title={t('appointments.past')}
      titleId="past-consultations-title"
      empty={t('appointments.pastEmpty')}
      appointments={appointments}
      renderExtra={(appointment) => (
        <>
          <ConsultationDiagnoses appointment={appointment} />
          {appointment.addenda.length > 0 && <ConsultationAddenda appointment={appointment} />}
        </>
      )}
    />
  );
}

function ConsultationDiagnoses({ appointment }: { appointment: Appointment }) {
  const { t } = useTranslation('dashboard');
  const labelId = `consultation-${appointment.idHistory}-diagnoses`;
  return (
    <div className="consultation-diagnoses">
      <span id={labelId} className="consultation-diagnoses__label">
        {t('appointments.diagnoses')}
      </span>
      {appointment.diagnoses.length === 0 ? (
        <span className="item-list__meta">{t('appointments.noDiagnoses')}</span>
      ) : (
        <ul className="consultation-diagnoses__list" aria-labelledby={labelId}>
          {appointment.diagnoses.map((diagnosis) => (
            <li key={diagnosis.code}>
              <span className="consultation-diagnoses__code">{diagnosis.code}</span> {diagnosis.name}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function ConsultationAddenda({ appointment }: { appointment: Appointment }) {
  const { t } = useTranslation('dashboard');
  const format = useFormatters();
  const labelId = `consultation-${appointment.idHistory}-addenda`;
  const addenda = [...appointment.addenda].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.idAddendum - b.idAddendum));
  return (
    <div className="consultation-addenda">
      <span id={labelId} className="consultation-diagnoses__label">
        {t('appointments.addenda')}
      </span>
      <ul className="consultation-addenda__list" aria-labelledby={labelId}>
        {addenda.map((addendum) => (
          <li key={addendum.idAddendum}>
            <p className="item-list__meta">
              <time dateTime={addendum.at}>{t('appointments.addendumBy', { date: format.moment(addendum.at), name: `${addendum.medic.name} ${addendum.medic.lname}` })}</time>
            </p>
            <p className="consultation-addenda__text">{addendum.text}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}

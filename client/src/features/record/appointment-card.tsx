// One appointment in the history: its date, and badges for motive, diagnoses (their codes, named in
// full for assistive technology and on hover), notes and medications. The whole card opens the
// details (a stretched button, so Enter works too); the edit and delete icons show only on today's
// appointments (SPEC §2), and never under read-only (emergency) access. Delete is not offered on one
// that holds prescriptions or addenda, which are kept for good, and the card says why.
// Below, its prescriptions (with Print, and Void for their author that day) and the actions that
// write what is kept: Prescribe on the appointment's own day, Add addendum on any day that has come.
import { useTranslation } from 'react-i18next';
import type { Prescription } from '../../../../shared/prescriptions';
import type { ClinicalHistory } from '../../../../shared/record';
import { EditIcon, TrashIcon } from '../../components/icons';
import { AppointmentPrescriptions } from './appointment-prescriptions';
import { isEditable } from './appointment-values';
import { holdsKeptWritings, isToday, mayAmend } from './kept-writings';
import { useFormatters } from '../../lib/use-formatters';

interface AppointmentCardProps {
  appointment: ClinicalHistory;
  readOnly: boolean;
  onOpen: () => void;
  onEdit: () => void;
  onDelete: () => void;
  /** The signed-in medic, who may void their own prescriptions of today and edit their own appointments. */
  idMedic: number | null;
  onPrescribe: () => void;
  onAddAddendum: () => void;
  onVoid: (prescription: Prescription) => void;
}

export function AppointmentCard({ appointment, readOnly, onOpen, onEdit, onDelete, idMedic, onPrescribe, onAddAddendum, onVoid }: AppointmentCardProps) {
  const { t } = useTranslation('record');
  const { t: tPrescriptions } = useTranslation('prescriptions');
  const format = useFormatters();
  const when = format.moment(appointment.date);
  // Its note, moving and cancelling are its medic's alone (API.md: NOT_AUTHOR); a colleague adds an addendum.
  const editable = isEditable(appointment) && !readOnly && idMedic !== null && appointment.idMedic === idMedic;
  const kept = holdsKeptWritings(appointment);
  const canPrescribe = !readOnly && isToday(appointment);
  const canAmend = !readOnly && mayAmend(appointment);
  return (
    <article className="appointment-card" aria-label={when}>
      <div className="appointment-card__top">
        <button type="button" className="plain-button card-cover appointment-card__open" onClick={onOpen}>
          {when}
        </button>
        <span className={appointment.closed ? 'tag tag--muted' : 'tag tag--open'}>
          {t(appointment.closed ? 'appointments.closed' : 'appointments.open')}
        </span>
        {editable && (
          <div className="appointment-card__actions">
            <button type="button" className="icon-button" aria-label={t('appointments.editOne', { when })} onClick={onEdit}>
              <EditIcon />
            </button>
            {!kept && (
              <button type="button" className="icon-button icon-button--danger" aria-label={t('appointments.deleteOne', { when })} onClick={onDelete}>
                <TrashIcon />
              </button>
            )}
          </div>
        )}
      </div>
      <ul className="appointment-card__badges" aria-label={t('appointments.summary')}>
        <li className="badge-line">
          <span className="tag tag--motive">{t('appointments.motive')}</span> {appointment.motive}
        </li>
        {appointment.diagnoses.length > 0 && (
          <li className="badge-line">
            <span className="tag tag--diagnoses">{t('appointments.diagnosesCount', { count: appointment.diagnoses.length })}</span>{' '}
            {appointment.diagnoses.map((diagnosis, index) => (
              <span key={diagnosis.code}>
                {index > 0 && ', '}
                <span title={diagnosis.name}>{diagnosis.code}</span>
                <span className="visually-hidden"> {diagnosis.name}</span>
              </span>
            ))}
          </li>
        )}
        {appointment.notes && (
          <li className="badge-line">
            <span className="tag tag--notes">{t('appointments.notes')}</span> <span className="appointment-card__notes">{appointment.notes}</span>
          </li>
        )}
        {appointment.medications.length > 0 && (
          <li className="badge-line">
            <span className="tag tag--meds">{t('appointments.medicationsCount', { count: appointment.medications.length })}</span>{' '}
            {appointment.medications.join(', ')}
          </li>
        )}
        {appointment.addenda.length > 0 && (
          <li className="badge-line">
            <span className="tag tag--addenda">{tPrescriptions('addenda.count', { count: appointment.addenda.length })}</span>
          </li>
        )}
      </ul>
      {appointment.prescriptions.length > 0 && (
        <AppointmentPrescriptions
          className="appointment-card__layer"
          idPatient={appointment.idPatient}
          prescriptions={appointment.prescriptions}
          idMedic={readOnly ? null : idMedic}
          onVoid={readOnly ? undefined : onVoid}
        />
      )}
      {(canPrescribe || canAmend || (editable && kept)) && (
        <div className="appointment-card__footer appointment-card__layer">
          {canPrescribe && (
            <button type="button" className="button button--secondary button--small" aria-label={tPrescriptions('prescribe.actionLabel', { when })} onClick={onPrescribe}>
              {tPrescriptions('prescribe.action')}
            </button>
          )}
          {canAmend && (
            <button type="button" className="button button--secondary button--small" aria-label={tPrescriptions('addenda.addLabel', { when })} onClick={onAddAddendum}>
              {tPrescriptions('addenda.add')}
            </button>
          )}
          {editable && kept && <p className="appointment-card__kept">{tPrescriptions('card.keptNote')}</p>}
        </div>
      )}
    </article>
  );
}

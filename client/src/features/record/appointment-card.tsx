// One appointment in the history: its date, and badges for motive, diagnoses (their codes, named in
// full for assistive technology and on hover), notes and medications. The whole card opens the
// details (a stretched button, so Enter works too); the edit and delete icons show only on today's
// appointments (SPEC §2), and never under read-only (emergency) access.
import { useTranslation } from 'react-i18next';
import type { ClinicalHistory } from '../../../../shared/record';
import { EditIcon, TrashIcon } from '../../components/icons';
import { isEditable } from './appointment-values';
import { useFormatters } from '../../lib/use-formatters';

interface AppointmentCardProps {
  appointment: ClinicalHistory;
  readOnly: boolean;
  onOpen: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

export function AppointmentCard({ appointment, readOnly, onOpen, onEdit, onDelete }: AppointmentCardProps) {
  const { t } = useTranslation('record');
  const format = useFormatters();
  const when = format.moment(appointment.date);
  return (
    <article className="appointment-card" aria-label={when}>
      <div className="appointment-card__top">
        <button type="button" className="appointment-card__open" onClick={onOpen}>
          {when}
        </button>
        <span className={appointment.closed ? 'tag tag--muted' : 'tag tag--open'}>
          {t(appointment.closed ? 'appointments.closed' : 'appointments.open')}
        </span>
        {isEditable(appointment) && !readOnly && (
          <div className="appointment-card__actions">
            <button type="button" className="icon-button" aria-label={t('appointments.editOne', { when })} onClick={onEdit}>
              <EditIcon />
            </button>
            <button type="button" className="icon-button icon-button--danger" aria-label={t('appointments.deleteOne', { when })} onClick={onDelete}>
              <TrashIcon />
            </button>
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
      </ul>
    </article>
  );
}

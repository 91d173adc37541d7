// The details of one appointment (SPEC §2): its consultation note in NOM-004's order with its author,
// date and time (appointment-note.tsx), then its notes, medications and whether it is open, with a
// close button (any day: closing changes nothing written) or, on its own day only, reopen; "Record
// vital signs of this visit" and, on its own day only, edit and delete. Read-only (emergency access)
// shows the details alone.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClinicalHistory, Vital } from '../../../../shared/record';
import { EditIcon, TrashIcon } from '../../components/icons';
import { Modal } from '../../components/modal';
import { AppointmentForm } from './appointment-form';
import { AppointmentNote } from './appointment-note';
import { isEditable } from './appointment-values';
import { holdsKeptWritings, isToday } from './kept-writings';
import type { useAppointmentActions } from './use-appointment-actions';
import { FactsList } from './facts-list';
import { VisitVitals } from './visit-vitals';
import { gotNoAnswer } from '../../lib/api-error';
import { translateApiError } from '../../lib/translate-error';

interface AppointmentModalProps {
  appointment: ClinicalHistory;
  /** The record's vital signs: the note shows those of the appointment's day. */
  vitals: readonly Vital[];
  startEditing: boolean;
  readOnly: boolean;
  /** The signed-in medic holds this appointment: only they write its note, close, reopen or delete it. */
  isAuthor: boolean;
  /** Writes a prescription at this consultation: offered on its day to its author. */
  onPrescribe?: () => void;
  actions: ReturnType<typeof useAppointmentActions>;
  onDelete: () => void;
  onClose: () => void;
}

export function AppointmentModal({ appointment, vitals, startEditing, readOnly, isAuthor, onPrescribe, actions, onDelete, onClose }: AppointmentModalProps) {
  const { t } = useTranslation('record');
  const today = isEditable(appointment) && !readOnly && isAuthor;
  const [editing, setEditing] = useState(startEditing && today);
  const { idHistory } = appointment;
  const { update, setClosed } = actions;
  // A failure from an earlier opening of the dialog is not this one's.
  useEffect(() => {
    update.reset();
    setClosed.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [idHistory]);
  // The dialog is modal, so a toast outside it may not be announced: the failure is said here too.
  const failure = update.error ?? setClosed.error;
  return (
    <Modal title={t(editing ? 'appointments.editTitle' : 'appointments.detailsTitle')} onClose={onClose}>
      {failure && (
        <div role="alert" className="alert alert--error">
          {gotNoAnswer(failure) ? t('messages.notSaved') : `${t('messages.saveFailed')}: ${translateApiError(t, failure, 'messages.network')}`}
        </div>
      )}
      {editing ? (
        <AppointmentForm
          appointment={appointment}
          onSubmit={async (values) => {
            await actions.update.mutateAsync({ idHistory, values });
            setEditing(false);
          }}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <>
          <AppointmentNote appointment={appointment} vitals={vitals} />
          <FactsList
            facts={[
              { label: t('appointments.notes'), value: appointment.notes },
              { label: t('appointments.medications'), value: appointment.medications.join(', ') },
              { label: t('appointments.status'), value: t(appointment.closed ? 'appointments.closed' : 'appointments.open') },
            ]}
          />
          {today && <VisitVitals key={appointment.idHistory} appointment={appointment} />}
          {!readOnly && !isAuthor && <p className="field__hint appointment-modal__note">{t('appointments.notAuthorNote')}</p>}
          {!today && !readOnly && isAuthor && <p className="field__hint appointment-modal__note">{t('appointments.lockedNote')}</p>}
          {!readOnly && isAuthor && (
            <div className="form__actions form__actions--spread">
              {(today || !appointment.closed) && (
                <button
                  type="button"
                  className="button button--secondary"
                  aria-disabled={actions.setClosed.isPending}
                  onClick={() => {
                    if (!actions.setClosed.isPending) actions.setClosed.mutate({ idHistory, closed: !appointment.closed });
                  }}
                >
                  {t(appointment.closed ? 'appointments.reopen' : 'appointments.close')}
                </button>
              )}
              {today && (
                <>
                  <button type="button" className="button button--secondary" onClick={() => setEditing(true)}>
                    <EditIcon />
                    {t('edit')}
                  </button>
                  {onPrescribe && isToday(appointment) && (
                    <button type="button" className="button button--primary" onClick={onPrescribe}>
                      {t('prescriptions:prescribe.action')}
                    </button>
                  )}
                  {holdsKeptWritings(appointment) ? (
                    <p className="field__hint">{t('prescriptions:card.keptNote')}</p>
                  ) : (
                    <button type="button" className="button button--danger" onClick={onDelete}>
                      <TrashIcon />
                      {t('delete')}
                    </button>
                  )}
                </>
              )}
            </div>
          )}
        </>
      )}
    </Modal>
  );
}

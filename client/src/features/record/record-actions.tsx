// What a doctor can do with the whole record, together beside the patient's name: edit the patient,
// book a new appointment, and whatever the page adds that only reads the record (print, export).
// Under emergency access nothing may change, so only those reading actions remain.
import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { CalendarIcon, EditIcon } from '../../components/icons';

interface RecordActionsProps {
  readOnly: boolean;
  /** Whether the patient's edit form is showing: the Edit button says so (aria-expanded). */
  editing: boolean;
  onEdit: () => void;
  onNewAppointment: () => void;
  /** The Edit button, for focus to come back to when the form closes. */
  editButtonRef?: Ref<HTMLButtonElement>;
  /** Actions that only read the record, allowed even read-only: print, export. */
  children?: ReactNode;
}

export function RecordActions({ readOnly, editing, onEdit, onNewAppointment, editButtonRef, children }: RecordActionsProps) {
  const { t } = useTranslation('record');
  return (
    <div className="record-actions" role="group" aria-label={t('actions.label')}>
      {!readOnly && (
        <>
          <button ref={editButtonRef} type="button" className="button button--secondary" aria-expanded={editing} onClick={onEdit}>
            <EditIcon />
            {t('patient.edit')}
          </button>
          <button type="button" className="button button--secondary" onClick={onNewAppointment}>
            <CalendarIcon />
            {t('actions.newAppointment')}
          </button>
        </>
      )}
      {children}
    </div>
  );
}

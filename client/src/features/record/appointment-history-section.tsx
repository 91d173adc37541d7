// The appointment history (SPEC §2): an add form, the appointments as cards newest first, and the
// details modal. Deleting asks first (SPEC §5). Read-only (emergency access) lists and opens the
// appointments, nothing more. The page may hold the add form's state, so that the record's toolbar
// opens this same form.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClinicalHistory, Vital } from '../../../../shared/record';
import { CollapsibleSection } from '../../components/collapsible-section';
import { confirmAction } from '../../components/confirm';
import { AddButton } from './add-button';
import { AppointmentCard } from './appointment-card';
import { AppointmentForm } from './appointment-form';
import { AppointmentModal } from './appointment-modal';
import { useAppointmentActions } from './use-appointment-actions';
import { useNewAppointment, type NewAppointment } from './use-new-appointment';

interface AppointmentHistorySectionProps {
  idPatient: number;
  history: readonly ClinicalHistory[];
  /** The record's vital signs, for each appointment's note (those of its day). */
  vitals?: readonly Vital[];
  readOnly?: boolean;
  /** The add form's state when something else on the page opens it too (the record's toolbar). */
  newAppointment?: NewAppointment;
}

export function AppointmentHistorySection({ idPatient, history, vitals = [], readOnly = false, newAppointment }: AppointmentHistorySectionProps) {
  const { t } = useTranslation('record');
  const actions = useAppointmentActions(idPatient);
  const ownNewAppointment = useNewAppointment();
  const { open, setOpen, adding, startAdding, stopAdding, formRef } = newAppointment ?? ownNewAppointment;
  const [selected, setSelected] = useState<{ id: number; editing: boolean } | null>(null);
  // Read from the list, so the modal shows the reloaded appointment after a change.
  const current = selected && history.find((appointment) => appointment.idHistory === selected.id);

  const onDelete = async (appointment: ClinicalHistory) => {
    if (!confirmAction(t('appointments.confirmDelete'))) return;
    try {
      await actions.remove.mutateAsync(appointment);
      setSelected(null);
    } catch {
      // The toast has said why; the appointment stays.
    }
  };

  return (
    <CollapsibleSection
      title={t('appointments.title')}
      count={history.length}
      open={open}
      onOpenChange={setOpen}
      actions={readOnly ? undefined : <AddButton label={t('appointments.add')} adding={adding} onClick={startAdding} />}
    >
      {adding && !readOnly && (
        <div ref={formRef}>
          <AppointmentForm
            appointment={null}
            onSubmit={async (values) => {
              await actions.create.mutateAsync(values);
              stopAdding();
            }}
            onCancel={stopAdding}
          />
        </div>
      )}
      {history.length === 0 && !adding && <p className="record-empty">{t('appointments.empty')}</p>}
      {history.length > 0 && (
        <ul className="appointment-list">
          {history.map((appointment) => (
            <li key={appointment.idHistory}>
              <AppointmentCard
                appointment={appointment}
                readOnly={readOnly}
                onOpen={() => setSelected({ id: appointment.idHistory, editing: false })}
                onEdit={() => setSelected({ id: appointment.idHistory, editing: true })}
                onDelete={() => void onDelete(appointment)}
              />
            </li>
          ))}
        </ul>
      )}
      {current && (
        <AppointmentModal
          key={current.idHistory}
          appointment={current}
          vitals={vitals}
          startEditing={selected.editing}
          readOnly={readOnly}
          actions={actions}
          onDelete={() => void onDelete(current)}
          onClose={() => setSelected(null)}
        />
      )}
    </CollapsibleSection>
  );
}

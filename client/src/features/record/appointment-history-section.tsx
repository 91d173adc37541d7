// The appointment history (SPEC §2): an add form, the appointments as cards newest first, and the
// details modal; and the dialogs that write what is kept for good: prescribing, voiding a
// prescription, adding an addendum. Deleting asks first (SPEC §5), and is refused before asking when
// the appointment holds prescriptions or addenda. Read-only (emergency access) lists and opens the
// appointments, nothing more. The page may hold the add form's state, so that the record's toolbar
// opens this same form.
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import type { Prescription } from '../../../../shared/prescriptions';
import type { ClinicalHistory, Vital } from '../../../../shared/record';
import { CollapsibleSection } from '../../components/collapsible-section';
import { confirmAction } from '../../components/confirm';
import { useToast } from '../../components/toasts';
import { AddButton } from './add-button';
import { AddendumDialog } from './addendum-dialog';
import { AppointmentCard } from './appointment-card';
import { AppointmentForm } from './appointment-form';
import { AppointmentModal } from './appointment-modal';
import { holdsKeptWritings, isVoidableToday } from './kept-writings';
import { PrescribeDialog } from './prescribe-dialog';
import { isEditable } from './appointment-values';
import { useAppointmentActions } from './use-appointment-actions';
import { useCurrentMedicId } from './use-current-medic-id';
import { useNewAppointment, type NewAppointment } from './use-new-appointment';
import { VoidPrescriptionDialog } from './void-prescription-dialog';

/** The dialog open over the list, if any: by id, so it shows the appointment as reloaded. */
type Writing = { kind: 'prescribe' | 'addendum'; idHistory: number } | { kind: 'void'; prescription: Prescription };

interface AppointmentHistorySectionProps {
  idPatient: number;
  history: readonly ClinicalHistory[];
  /** The record's vital signs, for each appointment's note (those of its day). */
  vitals?: readonly Vital[];
  readOnly?: boolean;
  /** The add form's state when something else on the page opens it too (the record's toolbar). */
  newAppointment?: NewAppointment;
  /** How many appointments the record holds: it carries only the newest (API.md "Long histories"). */
  total?: number;
  /** What brings the older appointments (load-more.tsx), under the list. */
  more?: ReactNode;
}

/** The consultation the address asks to open (`?consultation=ID`, from the agenda or today's consultation), if any. */
function consultationAsked(search: string): number | null {
  const id = Number(new URLSearchParams(search).get('consultation'));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** Nothing of the consultation note is written yet: opening today's consultation starts writing it. */
const noteUnwritten = (appointment: ClinicalHistory) =>
  !appointment.subjective && !appointment.exploration && appointment.diagnoses.length === 0 && !appointment.plan && !appointment.prognosis;

export function AppointmentHistorySection({ idPatient, history, vitals = [], readOnly = false, newAppointment, total, more }: AppointmentHistorySectionProps) {
  const { t } = useTranslation('record');
  const actions = useAppointmentActions(idPatient);
  const ownNewAppointment = useNewAppointment();
  const { open, setOpen, adding, startAdding, stopAdding, formRef } = newAppointment ?? ownNewAppointment;
  const { t: tErrors } = useTranslation('errors');
  const toast = useToast();
  // Asked for by the address (`?consultation=ID`: the agenda's row, today's consultation at the top
  // of the record): its details open at once, on its note's form while nothing of the note is
  // written, so that the note is the next thing the doctor types. Closing the dialog clears the
  // address, so that the same link opens it again.
  const asked = consultationAsked(useSearch());
  const [location, navigate] = useLocation();
  const [selected, setSelected] = useState<{ id: number; editing: boolean } | null>(null);
  const askedAppointment = asked === null ? undefined : history.find((appointment) => appointment.idHistory === asked);
  // Set while rendering (React's "adjusting state when a prop changes"): only a new address opens it
  // again, not a reload of the same appointment after a save.
  const [openedFor, setOpenedFor] = useState<number | null>(null);
  if ((askedAppointment?.idHistory ?? null) !== openedFor) {
    setOpenedFor(askedAppointment?.idHistory ?? null);
    if (askedAppointment) setSelected({ id: askedAppointment.idHistory, editing: noteUnwritten(askedAppointment) });
  }
  const closeDetails = () => {
    setSelected(null);
    if (asked !== null) navigate(location, { replace: true });
  };
  const [writing, setWriting] = useState<Writing | null>(null);
  // Read from the list, so the modal shows the reloaded appointment after a change.
  const current = selected && history.find((appointment) => appointment.idHistory === selected.id);
  const writingAt = writing && writing.kind !== 'void' ? history.find((appointment) => appointment.idHistory === writing.idHistory) : undefined;
  // Asked only when something on screen is its author's alone: a prescription that could still be
  // voided, or an appointment of today or later (its note, moving and cancelling are its medic's).
  const { idMedic, pending: medicPending } = useCurrentMedicId(
    !readOnly && history.some((appointment) => isEditable(appointment) || appointment.prescriptions.some((prescription) => isVoidableToday(prescription))),
  );

  const onDelete = async (appointment: ClinicalHistory) => {
    // The details dialog still offers Delete: say why not, as the server would, without asking first.
    if (holdsKeptWritings(appointment)) {
      toast.error(t('messages.deleteFailed'), tErrors('APPOINTMENT_HAS_PRESCRIPTIONS'));
      return;
    }
    if (!confirmAction(t('appointments.confirmDelete'))) return;
    try {
      await actions.remove.mutateAsync(appointment);
      closeDetails();
    } catch {
      // The toast has said why; the appointment stays.
    }
  };

  return (
    <CollapsibleSection
      title={t('appointments.title')}
      count={total ?? history.length}
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
                idMedic={idMedic}
                onPrescribe={() => setWriting({ kind: 'prescribe', idHistory: appointment.idHistory })}
                onAddAddendum={() => setWriting({ kind: 'addendum', idHistory: appointment.idHistory })}
                onVoid={(prescription) => setWriting({ kind: 'void', prescription })}
              />
            </li>
          ))}
        </ul>
      )}
      {more}
      {/* Once the signed-in medic is known, so that their own consultation opens as theirs. */}
      {current && !medicPending && (
        <AppointmentModal
          key={current.idHistory}
          appointment={current}
          vitals={vitals}
          startEditing={selected.editing}
          readOnly={readOnly}
          isAuthor={idMedic !== null && current.idMedic === idMedic}
          onPrescribe={() => {
            closeDetails();
            setWriting({ kind: 'prescribe', idHistory: current.idHistory });
          }}
          actions={actions}
          onDelete={() => void onDelete(current)}
          onClose={closeDetails}
        />
      )}
      {writing?.kind === 'prescribe' && writingAt && (
        <PrescribeDialog
          appointment={writingAt}
          onIssue={(prescription) => actions.prescribe.mutateAsync({ idHistory: writingAt.idHistory, prescription })}
          onClose={() => setWriting(null)}
        />
      )}
      {writing?.kind === 'addendum' && writingAt && (
        <AddendumDialog
          appointment={writingAt}
          onAdd={(text) => actions.addAddendum.mutateAsync({ idHistory: writingAt.idHistory, text })}
          onClose={() => setWriting(null)}
        />
      )}
      {writing?.kind === 'void' && (
        <VoidPrescriptionDialog
          prescription={writing.prescription}
          onVoid={(reason) => actions.voidPrescription.mutateAsync({ idPrescription: writing.prescription.idPrescription, reason })}
          onClose={() => setWriting(null)}
        />
      )}
    </CollapsibleSection>
  );
}

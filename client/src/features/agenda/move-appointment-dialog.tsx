// Moving a booked appointment (today or later) to another day or time: the same day, start and end
// fields as a booking, starting from where it is now, and the same overlap warning (the appointment
// itself left out). A failure, such as the day having passed meanwhile, says why inside the dialog.
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { AgendaItem } from '../../../../shared/agenda';
import { Modal } from '../../components/modal';
import { readApiError } from '../../lib/api-error';
import { translateValidation } from '../../lib/translate-error';
import { DialogFormActions } from '../../components/dialog-form-actions';
import { OverlapWarning } from './overlap-warning';
import { SlotFields } from './slot-fields';
import { momentOf, moveSchema } from './slot-values';
import { useMoveAppointment } from './use-agenda-actions';
import type { AgendaFormats } from './use-agenda-formats';
import type { ShownAgenda } from './use-day-appointments';
import { useSlotOverlaps } from './use-slot-overlaps';
import { useSchemaForm } from '../../lib/use-schema-form';
import { FormFailure } from '../../components/form-failure';

interface MoveAppointmentDialogProps {
  appointment: AgendaItem;
  today: string;
  shown: ShownAgenda;
  format: AgendaFormats;
  onMoved: (day: string) => void;
  onClose: () => void;
}

export function MoveAppointmentDialog({ appointment, today, shown, format, onMoved, onClose }: MoveAppointmentDialogProps) {
  const { t } = useTranslation(['agenda', 'validation']);
  const move = useMoveAppointment();
  const schema = useMemo(() => moveSchema(today), [today]);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isDirty },
  } = useSchemaForm(schema, { date: appointment.date.slice(0, 10), start: appointment.start, end: appointment.end ?? '' });
  const [date, start, end] = useWatch({ control, name: ['date', 'start', 'end'] });
  const overlaps = useSlotOverlaps({ date, start, end }, shown, appointment.idHistory);

  const submit = handleSubmit(async (values) => {
    if (move.isPending) return;
    try {
      await move.mutateAsync({ idHistory: appointment.idHistory, date: momentOf(values.date, values.start), end: values.end });
      onMoved(values.date);
      onClose();
    } catch (error) {
      for (const issue of readApiError(error).issues) {
        const field = issue.path === 'date' || issue.path === 'end' ? issue.path : null;
        if (field) setError(field, { message: issue.message });
      }
    }
  });
  const error = (message: string | undefined) => translateValidation(t, message);
  const name = `${appointment.patient.name} ${appointment.patient.lname}`.trim();

  return (
    <Modal title={t('move.title')} description={t('move.description', { name, when: format.when(appointment) })} unsaved={isDirty} onClose={onClose}>
      <form className="form agenda-form" onSubmit={submit} noValidate>
        <FormFailure error={move.error} title={t('move.failed')} fallbackKey="agenda:network" />
        <SlotFields
          fields={{ date: register('date'), start: register('start'), end: register('end') }}
          errors={{ date: error(errors.date?.message), start: error(errors.start?.message), end: error(errors.end?.message) }}
          today={today}
        />
        <OverlapWarning overlaps={overlaps} format={format} />
        <DialogFormActions cancelLabel={t('move.cancel')} submitLabel={t('move.submit')} pendingLabel={t('move.submitting')} pending={move.isPending} onCancel={onClose} />
      </form>
    </Modal>
  );
}

// "New appointment" from the agenda: one of the medic's own patients, the day, start and end, and
// the reason. Before saving it warns when the times overlap another appointment of that day (it
// does not stop the booking). A failure keeps what was typed and says why inside the dialog;
// success closes it and shows the booked day.
import { useMemo, useState, type FormEvent } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { PatientSearchResult } from '../../../../shared/patients';
import { Modal } from '../../components/modal';
import { TextField } from '../../components/text-field';
import { showFieldIssues } from '../../lib/field-issues';
import { translateValidation } from '../../lib/translate-error';
import { DialogFormActions } from '../../components/dialog-form-actions';
import { OverlapWarning } from './overlap-warning';
import { PatientPicker } from './patient-picker';
import { SlotFields } from './slot-fields';
import { bookingSchema, momentOf } from './slot-values';
import { useBookAppointment } from './use-agenda-actions';
import type { AgendaFormats } from './use-agenda-formats';
import type { ShownAgenda } from './use-day-appointments';
import { useSlotOverlaps } from './use-slot-overlaps';
import { useSchemaForm } from '../../lib/use-schema-form';
import { FormFailure } from '../../components/form-failure';

interface BookAppointmentDialogProps {
  today: string;
  /** The day the form starts on: the one on show. */
  defaultDay: string;
  shown: ShownAgenda;
  format: AgendaFormats;
  onBooked: (day: string) => void;
  onClose: () => void;
}

const fieldNames = ['date', 'start', 'end', 'motive'] as const;

export function BookAppointmentDialog({ today, defaultDay, shown, format, onBooked, onClose }: BookAppointmentDialogProps) {
  const { t } = useTranslation(['agenda', 'validation']);
  const book = useBookAppointment();
  const [patient, setPatient] = useState<PatientSearchResult | null>(null);
  const [patientMissing, setPatientMissing] = useState(false);
  const schema = useMemo(() => bookingSchema(today), [today]);
  const {
    register,
    field,
    handleSubmit,
    setError,
    control,
    formState: { errors, isDirty },
  } = useSchemaForm(schema, { date: defaultDay, start: '', end: '', motive: '' });
  const [date, start, end] = useWatch({ control, name: ['date', 'start', 'end'] });
  const overlaps = useSlotOverlaps({ date, start, end }, shown);

  const submit = (event: FormEvent) => {
    if (!patient) setPatientMissing(true);
    void handleSubmit(async (values) => {
      if (!patient || book.isPending) return;
      try {
        await book.mutateAsync({ idPatient: patient.idPatient, date: momentOf(values.date, values.start), end: values.end, motive: values.motive });
        onBooked(values.date);
        onClose();
      } catch (error) {
        showFieldIssues(error, fieldNames, setError);
      }
    })(event);
  };
  const error = (message: string | undefined) => translateValidation(t, message);

  return (
    <Modal title={t('book.title')} description={t('book.intro')} unsaved={isDirty || patient !== null} onClose={onClose}>
      <form className="form agenda-form" onSubmit={submit} noValidate>
        <FormFailure error={book.error} title={t('book.failed')} fallbackKey="agenda:network" />
        <PatientPicker
          value={patient}
          onChange={(chosen) => {
            setPatient(chosen);
            if (chosen) setPatientMissing(false);
          }}
          error={patientMissing && !patient ? t('validation:patientRequired') : undefined}
        />
        <SlotFields
          fields={{ date: register('date'), start: register('start'), end: register('end') }}
          errors={{ date: error(errors.date?.message), start: error(errors.start?.message), end: error(errors.end?.message) }}
          today={today}
        />
        <TextField label={t('book.motive')} autoComplete="off" aria-required {...field('motive')} />
        <OverlapWarning overlaps={overlaps} format={format} />
        <p className="agenda-form__note">{t('book.requiredNote')}</p>
        <DialogFormActions cancelLabel={t('book.cancel')} submitLabel={t('book.submit')} pendingLabel={t('book.submitting')} pending={book.isPending} onCancel={onClose} />
      </form>
    </Modal>
  );
}

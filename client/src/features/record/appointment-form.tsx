// Add or edit an appointment (SPEC §2 "Appointment history") with its consultation note in the order
// NOM-004-SSA3-2012 gives a nota de evolución (6.2): date and time, reason, history of the present
// illness, physical examination, diagnoses from the catalog, plan and prognosis; then the notes and
// the medications as a list.
import { Controller } from 'react-hook-form';
import { useUnsavedInput } from '../../components/unsaved-input';
import { useTranslation } from 'react-i18next';
import { TextAreaField } from '../../components/text-area-field';
import { TextField } from '../../components/text-field';
import { readApiError } from '../../lib/api-error';
import { translateValidation } from '../../lib/translate-error';
import {
  appointmentFormSchema,
  appointmentFormValues,
  withoutUnchangedDiagnoses,
  type AppointmentInput,
} from './appointment-values';
import { DiagnosisCombobox } from './diagnosis-combobox';
import type { ClinicalHistory } from '../../../../shared/record';
import { useSchemaForm } from '../../lib/use-schema-form';

interface AppointmentFormProps {
  appointment: ClinicalHistory | null;
  onSubmit: (values: AppointmentInput) => Promise<unknown>;
  onCancel: () => void;
}

const fieldNames = ['date', 'motive', 'subjective', 'exploration', 'diagnoses', 'plan', 'prognosis', 'notes', 'medications'] as const;
/** The server may name the older field of the same codes. */
const fieldOf = (path: string) => fieldNames.find((field) => field === (path === 'diagnosisIds' ? 'diagnoses' : path));

/** The note's texts, each a labelled textarea of its own. */
const noteTexts = ['subjective', 'exploration'] as const;
const closingTexts = ['plan', 'prognosis'] as const;

export function AppointmentForm({ appointment, onSubmit, onCancel }: AppointmentFormProps) {
  const { t } = useTranslation(['record', 'validation']);
  const {
    register,
    field,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useSchemaForm(appointmentFormSchema, appointmentFormValues(appointment));
  // In a dialog, Escape, its close button and this Cancel ask before discarding what was typed.
  const askBeforeDiscarding = useUnsavedInput(isDirty);
  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(withoutUnchangedDiagnoses(values, appointment));
    } catch (error) {
      for (const issue of readApiError(error).issues) {
        const name = fieldOf(issue.path);
        if (name) setError(name, { message: issue.message });
      }
    }
  });
  const error = (message: string | undefined) => translateValidation(t, message);
  const required = (
    <span className="required-mark" aria-hidden="true">
      {' '}
      *
    </span>
  );
  const noteText = (name: (typeof noteTexts)[number] | (typeof closingTexts)[number]) => (
    <TextAreaField key={name} className="item-form__wide" label={t(`appointments.${name}`)} rows={4} error={error(errors[name]?.message)} {...register(name)} />
  );

  return (
    <form className="item-form" aria-label={t(appointment ? 'appointments.editTitle' : 'appointments.newTitle')} onSubmit={submit} noValidate>
      <div className="item-form__grid">
        <TextField label={<>{t('appointments.date')}{required}</>} type="datetime-local" aria-required {...field('date')} />
        <TextField label={<>{t('appointments.motive')}{required}</>} aria-required autoComplete="off" {...field('motive')} />
        {noteTexts.map(noteText)}
        <Controller
          control={control}
          name="diagnoses"
          render={({ field, fieldState }) => (
            <DiagnosisCombobox
              className="item-form__wide"
              label={t('appointments.diagnoses')}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={error(fieldState.error?.message)}
            />
          )}
        />
        {closingTexts.map(noteText)}
        <TextAreaField className="item-form__wide" label={t('appointments.notes')} {...field('notes')} />
        <TextAreaField className="item-form__wide" label={t('appointments.medications')} hint={t('appointments.listHint')} {...field('medications')} />
      </div>
      <p className="item-form__note">{t('requiredNote')}</p>
      <div className="form__actions">
        <button type="button" className="button button--secondary button--small" onClick={() => askBeforeDiscarding(onCancel)}>
          {t('cancel')}
        </button>
        <button type="submit" className="button button--primary button--small" aria-disabled={isSubmitting}>
          {isSubmitting ? t('saving') : t(appointment ? 'save' : 'add')}
        </button>
      </div>
    </form>
  );
}

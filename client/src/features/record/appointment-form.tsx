// Add or edit an appointment (SPEC §2 "Appointment history"): date and time, reason, notes and the
// medications as a list, plus the diagnosis ids when editing.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextAreaField } from '../../components/text-area-field';
import { TextField } from '../../components/text-field';
import { readApiError } from '../../lib/api-error';
import { translateValidation } from '../../lib/translate-error';
import {
  appointmentFormSchema,
  appointmentFormValues,
  type AppointmentFormValues,
  type AppointmentInput,
} from './appointment-values';
import type { ClinicalHistory } from '../../../../shared/record';

interface AppointmentFormProps {
  appointment: ClinicalHistory | null;
  onSubmit: (values: AppointmentInput) => Promise<unknown>;
  onCancel: () => void;
}

const fieldNames = ['date', 'motive', 'notes', 'medications', 'diagnosisIds'] as const;

export function AppointmentForm({ appointment, onSubmit, onCancel }: AppointmentFormProps) {
  const { t } = useTranslation(['record', 'validation']);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AppointmentFormValues, unknown, AppointmentInput>({
    resolver: zodResolver(appointmentFormSchema),
    mode: 'onTouched',
    defaultValues: appointmentFormValues(appointment),
  });
  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      for (const issue of readApiError(error).issues) {
        const name = fieldNames.find((field) => field === issue.path);
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

  return (
    <form className="item-form" aria-label={t(appointment ? 'appointments.editTitle' : 'appointments.newTitle')} onSubmit={submit} noValidate>
      <div className="item-form__grid">
        <TextField
          label={<>{t('appointments.date')}{required}</>}
          type="datetime-local"
          aria-required
          error={error(errors.date?.message)}
          {...register('date')}
        />
        <TextField
          label={<>{t('appointments.motive')}{required}</>}
          aria-required
          autoComplete="off"
          error={error(errors.motive?.message)}
          {...register('motive')}
        />
        <TextAreaField className="item-form__wide" label={t('appointments.notes')} error={error(errors.notes?.message)} {...register('notes')} />
        <TextAreaField
          className="item-form__wide"
          label={t('appointments.medications')}
          hint={t('appointments.listHint')}
          error={error(errors.medications?.message)}
          {...register('medications')}
        />
        {appointment && (
          <TextField
            className="item-form__wide"
            label={t('appointments.diagnosisIds')}
            hint={t('appointments.listHint')}
            autoComplete="off"
            error={error(errors.diagnosisIds?.message)}
            {...register('diagnosisIds')}
          />
        )}
      </div>
      <p className="item-form__note">{t('requiredNote')}</p>
      <div className="form__actions">
        <button type="button" className="button button--secondary button--small" onClick={onCancel}>
          {t('cancel')}
        </button>
        <button type="submit" className="button button--primary button--small" aria-disabled={isSubmitting}>
          {isSubmitting ? t('saving') : t(appointment ? 'save' : 'add')}
        </button>
      </div>
    </form>
  );
}

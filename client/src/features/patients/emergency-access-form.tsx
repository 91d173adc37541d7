// Emergency ("break the glass") access to one patient who has not linked this medic: the reason is
// required and audited, so the form says plainly who will see it before the medic commits. Success
// opens the record, read-only; a failure keeps the reason as typed and says why.
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { EMERGENCY_REASON_MAX } from '../../../../shared/constants';
import { emergencyAccessInput, type PatientSearchResult } from '../../../../shared/patients';
import { TextAreaField } from '../../components/text-area-field';
import { useToast } from '../../components/toasts';
import { readApiError } from '../../lib/api-error';
import { trpc } from '../../lib/trpc';
import { translateValidation } from '../../lib/translate-error';
import { useSchemaForm } from '../../lib/use-schema-form';
import { FormFailure } from '../../components/form-failure';

// The email is the chosen patient's, never typed here: only the reason is the medic's to write.
const reasonSchema = emergencyAccessInput.pick({ reason: true });

interface EmergencyAccessFormProps {
  patient: PatientSearchResult;
  onBack: () => void;
}

export function EmergencyAccessForm({ patient, onBack }: EmergencyAccessFormProps) {
  const { t } = useTranslation('patients');
  const toast = useToast();
  const utils = trpc.useUtils();
  const [, navigate] = useLocation();
  const name = `${patient.name} ${patient.lname}`.trim();
  const { register, handleSubmit, setError, control, formState: { errors } } = useSchemaForm(reasonSchema, { reason: '' });
  const reason = useWatch({ control, name: 'reason' }) ?? '';

  const start = trpc.medics.emergencyAccess.useMutation({
    onSuccess: (access) => {
      toast.success(t('emergency.started', { name }));
      void utils.medics.patientDetail.invalidate({ idPatient: access.patient.idPatient });
      navigate(`/medic/patient/${access.patient.idPatient}`);
    },
    onError: (error) => {
      const issue = readApiError(error).issues.find((one) => one.path === 'reason');
      if (issue) setError('reason', { message: issue.message });
    },
  });

  const onSubmit = handleSubmit((values) => {
    if (!start.isPending) start.mutate({ patientEmail: patient.email, reason: values.reason });
  });

  return (
    <form className="form emergency-form" onSubmit={onSubmit} noValidate>
      <FormFailure error={start.error} title={t('emergency.failed')} fallbackKey="patients:errors.network" />
      <dl className="emergency-form__patient">
        <dt>{t('emergency.patient')}</dt>
        <dd>
          <span className="emergency-form__name">{name}</span> <span className="emergency-form__email">{patient.email}</span>
        </dd>
      </dl>
      <p className="alert alert--warning">{t('emergency.warning')}</p>
      <TextAreaField
        label={t('emergency.reason')}
        hint={
          <>
            {t('emergency.reasonHint')}{' '}
            <span className="emergency-form__counter">{t('emergency.counter', { count: reason.length, max: EMERGENCY_REASON_MAX })}</span>
          </>
        }
        error={translateValidation(t, errors.reason?.message)}
        rows={4}
        maxLength={EMERGENCY_REASON_MAX}
        // The form replaces the search in the same dialog: the reason is where the medic goes next.
        autoFocus
        {...register('reason')}
      />
      <div className="form__actions">
        <button type="button" className="button button--secondary" onClick={onBack}>
          {t('emergency.back')}
        </button>
        <button type="submit" className="button button--emergency" aria-disabled={start.isPending}>
          {start.isPending ? t('emergency.submitting') : t('emergency.submit')}
        </button>
      </div>
    </form>
  );
}

import { useEffect, useId, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { isPendingRegistration, registerForm, type RegisterInput } from '../../../../shared/auth';
import { TextField } from '../../components/text-field';
import { showFieldIssues } from '../../lib/field-issues';
import { trpc } from '../../lib/trpc';
import { translateValidation } from '../../lib/translate-error';
import { useStartSession } from './use-start-session';
import { useSchemaForm } from '../../lib/use-schema-form';
import { SecretField } from '../../components/secret-field';
import { FormFailure } from '../../components/form-failure';
import { SubmitButton } from '../../components/submit-button';

const fieldNames = ['name', 'lname', 'email', 'password', 'type', 'doctorEmail'] as const;

export function RegisterForm() {
  const { t } = useTranslation('auth');
  const startSession = useStartSession();
  const {
    register,
    field,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useSchemaForm(registerForm, { name: '', lname: '', email: '', password: '', confirmPassword: '', doctorEmail: '' });
  const type = useWatch({ control, name: 'type' });
  const typeErrorId = useId();
  const [pending, setPending] = useState(false);
  const signUp = trpc.auth.register.useMutation({
    // A medic joining a practice that already has its administrator gets no session yet.
    onSuccess: (answer) => (isPendingRegistration(answer) ? setPending(true) : startSession(answer)),
    onError: (error) => showFieldIssues(error, fieldNames, setError),
  });

  // The confirmation never leaves the browser, and only a patient names a doctor.
  const onSubmit = handleSubmit(({ name, lname, email, password, type, doctorEmail }) => {
    const payload: RegisterInput = { name, lname, email, password, type };
    if (type === 'patient' && doctorEmail) payload.doctorEmail = doctorEmail;
    signUp.mutate(payload);
  });

  const error = (message: string | undefined) => translateValidation(t, message);
  if (pending) return <AwaitingApproval />;

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <FormFailure error={signUp.error} fallbackKey="auth:register.failed" />
      <div className="form__row">
        <TextField label={t('register.name')} autoComplete="given-name" {...field('name')} />
        <TextField label={t('register.lname')} autoComplete="family-name" {...field('lname')} />
      </div>
      <fieldset
        className="choice"
        aria-invalid={errors.type ? true : undefined}
        aria-describedby={errors.type ? typeErrorId : undefined}
      >
        <legend className="field__label">{t('register.type')}</legend>
        <div className="choice__options">
          <label className="choice__option">
            <input type="radio" value="patient" {...register('type')} />
            <span>{t('register.typePatient')}</span>
          </label>
          <label className="choice__option">
            <input type="radio" value="medic" {...register('type')} />
            <span>{t('register.typeMedic')}</span>
          </label>
        </div>
        {errors.type && (
          <p id={typeErrorId} className="field__error">
            {error(errors.type.message)}
          </p>
        )}
      </fieldset>
      {type === 'patient' && (
        <TextField
          label={t('register.doctorEmail')}
          hint={t('register.doctorEmailHint')}
          type="email"
          inputMode="email"
          autoComplete="off"
          error={error(errors.doctorEmail?.message)}
          // Switching to medic drops what was typed here, so a hidden field can never block sending.
          {...register('doctorEmail', { shouldUnregister: true })}
        />
      )}
      <TextField label={t('register.email')} type="email" inputMode="email" autoComplete="email" {...field('email')} />
      <SecretField label={t('register.password')} hint={t('register.passwordHint')} kind="newPassword" {...field('password')} />
      <SecretField label={t('register.confirmPassword')} kind="newPassword" {...field('confirmPassword')} />
      <SubmitButton label={t('register.submit')} pendingLabel={t('register.submitting')} pending={signUp.isPending} block />
    </form>
  );
}

/** Shown instead of the form: the account exists but cannot sign in until it is approved. */
function AwaitingApproval() {
  const { t } = useTranslation('auth');
  const messageRef = useRef<HTMLDivElement>(null);
  // The form the user was in has gone: focus the message so it is read out and the page does not
  // leave focus on nothing.
  useEffect(() => messageRef.current?.focus(), []);
  return (
    <div className="form">
      <div ref={messageRef} role="status" className="security-banner" tabIndex={-1}>
        <p>
          <strong>{t('register.pendingTitle')}</strong> {t('register.pending')}
        </p>
      </div>
      <Link href="/login" className="button button--primary button--block">
        {t('register.pendingToLogin')}
      </Link>
    </div>
  );
}

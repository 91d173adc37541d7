// The first step of signing in: email and password. A right password answers a session, or, on an
// account with a second factor, a challenge for the next step (login-form.tsx decides which follows).
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { LoginResult } from '../../../../shared/second-factor';
import type { loginInput } from '../../../../shared/auth';
import { TextField } from '../../components/text-field';
import { showFieldIssues } from '../../lib/field-issues';
import { lazyZodResolver } from '../../lib/lazy-zod-resolver';
import { trpc } from '../../lib/trpc';
import { useTouchedForm } from '../../lib/use-touched-form';
import { PasskeySignInButton } from './passkey-sign-in-button';
import { SecretField } from '../../components/secret-field';
import { FormFailure } from '../../components/form-failure';
import { SubmitButton } from '../../components/submit-button';

type LoginFields = z.input<typeof loginInput>;
type LoginValues = z.output<typeof loginInput>;
const fieldNames = ['email', 'password'] as const;

/**
 * The sign-in rules and zod load on the first check of the form, not with the page: the sign-in
 * page is the first download of every visit, and zod is the largest part it does not need to draw.
 */
const lazyLoginResolver = lazyZodResolver<LoginFields, LoginValues>(async () => (await import('../../../../shared/auth')).loginInput);

interface PasswordStepProps {
  /** Kept from an earlier try ("Start again" after a second step): the password is asked afresh. */
  email: string;
  /** The form says it is signing in until the promise settles (the next page is shown). */
  onAnswer: (result: LoginResult, email: string) => Promise<void>;
}

export function PasswordStep({ email, onAnswer }: PasswordStepProps) {
  const { t } = useTranslation('auth');
  const { field, handleSubmit, setError, setFocus } = useTouchedForm(lazyLoginResolver, { email, password: '' });
  // Here a 401 is a wrong password, not an expired session: it stays on the form.
  const login = trpc.auth.login.useMutation({
    meta: { handlesUnauthorized: true },
    onError: (error) => showFieldIssues(error, fieldNames, setError),
    // Awaited by the mutation, so the button keeps saying "Signing in…" until the next screen is up.
    onSuccess: (result, values) => onAnswer(result, values.email),
  });

  // Back from the second step, the button that was pressed is gone: focus goes where typing resumes.
  useEffect(() => {
    if (email) setFocus('password');
  }, [email, setFocus]);

  const onSubmit = handleSubmit((values) => login.mutate(values));

  return (
    <>
      <form className="form" onSubmit={onSubmit} noValidate>
        <FormFailure error={login.error} fallbackKey="auth:login.failed" />
        <TextField label={t('login.email')} type="email" autoComplete="username" inputMode="email" {...field('email')} />
        <SecretField label={t('login.password')} kind="currentPassword" {...field('password')} />
        <SubmitButton label={t('login.submit')} pendingLabel={t('login.submitting')} pending={login.isPending} block />
      </form>
      <PasskeySignInButton />
    </>
  );
}

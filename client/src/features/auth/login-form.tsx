import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { loginInput } from '../../../../shared/auth';
import { TextField } from '../../components/text-field';
import { showFieldIssues } from '../../lib/field-issues';
import { trpc } from '../../lib/trpc';
import { translateApiError, translateValidation } from '../../lib/translate-error';
import { useStartSession } from './use-start-session';

type LoginFields = z.input<typeof loginInput>;
type LoginValues = z.output<typeof loginInput>;
const fieldNames = ['email', 'password'] as const;

/**
 * The sign-in rules and zod load on the first check of the form, not with the page: the sign-in
 * page is the first download of every visit, and zod is the largest part it does not need to draw.
 */
const lazyLoginResolver: Resolver<LoginFields, unknown, LoginValues> = async (values, context, options) => {
  const [{ zodResolver }, { loginInput }] = await Promise.all([import('@hookform/resolvers/zod'), import('../../../../shared/auth')]);
  return zodResolver(loginInput)(values, context, options);
};

export function LoginForm() {
  const { t } = useTranslation('auth');
  const startSession = useStartSession();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<LoginFields, unknown, LoginValues>({
    resolver: lazyLoginResolver,
    mode: 'onTouched',
    defaultValues: { email: '', password: '' },
  });
  // Here a 401 is a wrong password, not an expired session: it stays on the form.
  const login = trpc.auth.login.useMutation({
    meta: { handlesUnauthorized: true },
    onSuccess: startSession,
    onError: (error) => showFieldIssues(error, fieldNames, setError),
  });

  const onSubmit = handleSubmit((values) => login.mutate(values));

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      {login.error && (
        <div role="alert" className="alert alert--error">
          {translateApiError(t, login.error, 'auth:login.failed')}
        </div>
      )}
      <TextField
        label={t('login.email')}
        type="email"
        autoComplete="username"
        inputMode="email"
        error={translateValidation(t, errors.email?.message)}
        {...register('email')}
      />
      <TextField
        label={t('login.password')}
        type="password"
        autoComplete="current-password"
        error={translateValidation(t, errors.password?.message)}
        {...register('password')}
      />
      <button type="submit" className="button button--primary button--block" disabled={login.isPending}>
        {login.isPending ? t('login.submitting') : t('login.submit')}
      </button>
    </form>
  );
}

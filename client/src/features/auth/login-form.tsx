import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { loginInput } from '../../../../shared/auth';
import { TextField } from '../../components/text-field';
import { readApiError } from '../../lib/api-error';
import { trpc } from '../../lib/trpc';
import { translateApiError, translateValidation } from '../../lib/translate-error';
import { useStartSession } from './use-start-session';

type LoginFields = z.input<typeof loginInput>;
const fieldNames = ['email', 'password'] as const;

export function LoginForm() {
  const { t } = useTranslation('auth');
  const startSession = useStartSession();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<LoginFields, unknown, z.output<typeof loginInput>>({
    resolver: zodResolver(loginInput),
    mode: 'onTouched',
    defaultValues: { email: '', password: '' },
  });
  // Here a 401 is a wrong password, not an expired session: it stays on the form.
  const login = trpc.auth.login.useMutation({
    meta: { handlesUnauthorized: true },
    onSuccess: startSession,
    onError: (error) => {
      for (const issue of readApiError(error).issues) {
        const field = fieldNames.find((name) => name === issue.path);
        if (field) setError(field, { message: issue.message });
      }
    },
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

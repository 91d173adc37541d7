// Turning the authenticator app off asks for the password again: whoever finds the session open must
// not be able to lower the account's protection. A wrong password is said under its field and the
// form stays as typed.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { totpDisableInput } from '../../../../shared/second-factor';
import { TextField } from '../../components/text-field';
import { isShownOnFields, showFieldIssues } from '../../lib/field-issues';
import { trpc } from '../../lib/trpc';
import { translateApiError, translateValidation } from '../../lib/translate-error';
import { useFocusOnMount } from './use-focus-on-mount';

type DisableFields = z.input<typeof totpDisableInput>;

interface TotpDisableFormProps {
  onDisabled: () => void;
  onCancel: () => void;
}

export function TotpDisableForm({ onDisabled, onCancel }: TotpDisableFormProps) {
  const { t } = useTranslation('security');
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<DisableFields, unknown, z.output<typeof totpDisableInput>>({
    resolver: zodResolver(totpDisableInput),
    mode: 'onTouched',
    defaultValues: { password: '' },
  });
  const disable = trpc.auth.totpDisable.useMutation({
    onSuccess: onDisabled,
    onError: (error) => showFieldIssues(error, ['password'], setError),
  });
  const onSubmit = handleSubmit((values) => disable.mutate(values));
  const shownOnField = isShownOnFields(disable.error, ['password']);

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <h3 ref={headingRef} tabIndex={-1} className="security-stage__title">
        {t('totp.disableTitle')}
      </h3>
      <p>{t('totp.disableIntro')}</p>
      {disable.error && !shownOnField && (
        <div role="alert" className="alert alert--error">
          {translateApiError(t, disable.error, 'security:totp.disableFailed')}
        </div>
      )}
      <TextField
        label={t('totp.password')}
        type="password"
        autoComplete="current-password"
        error={translateValidation(t, errors.password?.message)}
        {...register('password')}
      />
      <div className="form__actions">
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {t('cancel')}
        </button>
        <button type="submit" className="button button--danger" disabled={disable.isPending}>
          {disable.isPending ? t('totp.disabling') : t('totp.disable')}
        </button>
      </div>
    </form>
  );
}

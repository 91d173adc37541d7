// The signed-in user's new password (API.md auth.changePassword). The server refuses a wrong current
// password, an unchanged one and a too common one; each refusal names its field, so it is shown on
// that field and what was typed stays for the user to correct.
import { useTranslation } from 'react-i18next';
import { changePasswordForm } from '../../../../shared/auth';
import { readApiError } from '../../lib/api-error';
import { trpc } from '../../lib/trpc';
import { useUpdateSessionUser } from './use-update-session-user';
import { useSchemaForm } from '../../lib/use-schema-form';
import { SecretField } from '../../components/secret-field';
import { FormFailure } from '../../components/form-failure';
import { SubmitButton } from '../../components/submit-button';

const fieldNames = ['currentPassword', 'newPassword'] as const;
const isFieldName = (path: string): path is (typeof fieldNames)[number] => (fieldNames as readonly string[]).includes(path);

interface ChangePasswordFormProps {
  /** After an administrator's reset the current password is the temporary one: say so. */
  forced: boolean;
  onChanged: () => void;
}

export function ChangePasswordForm({ forced, onChanged }: ChangePasswordFormProps) {
  const { t } = useTranslation('account');
  const updateSessionUser = useUpdateSessionUser();
  const { field, handleSubmit, setError } = useSchemaForm(changePasswordForm, { currentPassword: '', newPassword: '', confirmPassword: '' });
  const change = trpc.auth.changePassword.useMutation({
    onSuccess: () => {
      // The server has lifted the requirement; the stored user must stop asking for it too.
      updateSessionUser({ mustChangePassword: false });
      onChanged();
    },
    onError: (error) => {
      for (const issue of readApiError(error).issues) {
        if (isFieldName(issue.path)) setError(issue.path, { message: issue.message }, { shouldFocus: true });
      }
    },
  });

  // The confirmation never leaves the browser.
  const onSubmit = handleSubmit(({ currentPassword, newPassword }) => change.mutate({ currentPassword, newPassword }));
  // A refusal already shown on its field needs no second, vaguer sentence above the form.
  const shownOnField = change.error ? readApiError(change.error).issues.some((issue) => isFieldName(issue.path)) : false;

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <FormFailure error={shownOnField ? null : change.error} fallbackKey="account:password.failed" />
      <SecretField
        label={t('password.current')}
        hint={forced ? t('password.currentForcedHint') : undefined}
        kind="currentPassword"
        {...field('currentPassword')}
      />
      <SecretField label={t('password.new')} hint={t('password.newHint')} kind="newPassword" {...field('newPassword')} />
      <SecretField label={t('password.confirm')} kind="newPassword" {...field('confirmPassword')} />
      <div className="form__actions">
        <SubmitButton label={t('password.submit')} pendingLabel={t('password.submitting')} pending={change.isPending} />
      </div>
    </form>
  );
}

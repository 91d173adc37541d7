// The set-up page's first step: the practice passphrase, chosen twice. The server makes the practice
// key with it and answers the recovery key (201), which the next step shows once.
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { setUpForm } from '../../../../shared/practice-lock';
import { readApiError } from '../../lib/api-error';
import { showFieldIssues } from '../../lib/field-issues';
import { translateApiError } from '../../lib/translate-error';
import { setUpPractice } from './unlock-api';
import { useSchemaForm } from '../../lib/use-schema-form';
import { SecretField } from '../../components/secret-field';
import { SubmitButton } from '../../components/submit-button';


export function SetUpForm({ onSetUp }: { onSetUp: (recoveryKey: string) => void }) {
  const { t } = useTranslation('auth');
  const { field, handleSubmit, setError } = useSchemaForm(setUpForm, { passphrase: '', confirmPassphrase: '' });
  const setUp = useMutation({
    mutationFn: (passphrase: string) => setUpPractice(passphrase),
    onError: (error) => showFieldIssues(error, ['passphrase'] as const, setError),
    onSuccess: onSetUp,
  });
  const shownOnField = readApiError(setUp.error).issues.some((issue) => issue.path === 'passphrase');
  const problem = setUp.error && !shownOnField ? (readApiError(setUp.error).httpStatus ? translateApiError(t, setUp.error, 'auth:practiceLock.setUp.failed') : t('practiceLock.unreachable')) : null;

  return (
    <form className="form" onSubmit={handleSubmit(({ passphrase }) => setUp.mutate(passphrase))} noValidate>
      {problem && (
        <div role="alert" className="alert alert--error">
          {problem}
        </div>
      )}
      <SecretField label={t('practiceLock.setUp.passphrase')} hint={t('practiceLock.setUp.passphraseHint')} kind="newPassword" {...field('passphrase')} />
      <SecretField label={t('practiceLock.setUp.confirm')} kind="newPassword" {...field('confirmPassphrase')} />
      <SubmitButton label={t('practiceLock.setUp.submit')} pendingLabel={t('practiceLock.setUp.submitting')} pending={setUp.isPending} block />
    </form>
  );
}

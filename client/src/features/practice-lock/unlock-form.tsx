// The unlock page's form: the practice passphrase, or instead the recovery key printed at set-up.
// A right one opens the practice (204) and the page waits for its app (use-opening.ts), then goes to
// sign-in; a wrong one says so, and after too many from this address, how long to wait.
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { unlockWithPassphrase, unlockWithRecoveryKey, type UnlockInput } from '../../../../shared/practice-lock';
import { readApiError } from '../../lib/api-error';
import { translateApiError, translateValidation } from '../../lib/translate-error';
import { OpeningStatus } from './opening-status';
import { retryAfterOf, unlockPractice } from './unlock-api';
import { useOpening } from './use-opening';
import { useSchemaForm } from '../../lib/use-schema-form';
import { SecretField } from '../../components/secret-field';
import { SubmitButton } from '../../components/submit-button';

type Method = 'passphrase' | 'recoveryKey';

interface FieldsProps {
  onSubmit: (input: UnlockInput) => void;
  /** The field's own refusal from the server (a 400's issue), already translated. */
  serverError: string | undefined;
  /** The alert, the submit button and the switch to the other method. */
  children: ReactNode;
}

function PassphraseFields({ onSubmit, serverError, children }: FieldsProps) {
  const { t } = useTranslation('auth');
  const { field, handleSubmit, setFocus } = useSchemaForm(unlockWithPassphrase, { passphrase: '' });
  useEffect(() => setFocus('passphrase'), [setFocus]);
  return (
    <form className="form" onSubmit={handleSubmit(onSubmit)} noValidate>
      <SecretField label={t('practiceLock.unlock.passphrase')} kind="passphrase" {...field('passphrase', serverError)} />
      {children}
    </form>
  );
}

function RecoveryKeyFields({ onSubmit, serverError, children }: FieldsProps) {
  const { t } = useTranslation('auth');
  const { field, handleSubmit, setFocus } = useSchemaForm(unlockWithRecoveryKey, { recoveryKey: '' });
  useEffect(() => setFocus('recoveryKey'), [setFocus]);
  return (
    <form className="form" onSubmit={handleSubmit(onSubmit)} noValidate>
      <SecretField
        label={t('practiceLock.unlock.recoveryKey')}
        hint={t('practiceLock.unlock.recoveryKeyHint')}
        kind="recoveryKey"
        className="practice-lock__recovery-field"
        {...field('recoveryKey', serverError)}
      />
      {children}
    </form>
  );
}

export function UnlockForm() {
  const { t } = useTranslation('auth');
  const [method, setMethod] = useState<Method>('passphrase');
  const opening = useOpening('/login');
  const unlock = useMutation({
    mutationFn: (input: UnlockInput) => unlockPractice(input),
    // A 401 here is a wrong passphrase, not a session that ended.
    meta: { handlesUnauthorized: true },
    onSuccess: () => opening.waitAndGo(),
  });

  if (opening.state !== 'idle') return <OpeningStatus state={opening.state} onRetry={opening.waitAndGo} />;

  const fieldIssue = readApiError(unlock.error).issues.find((issue) => issue.path === method);
  const problem = unlock.error && !fieldIssue ? describe(unlock.error) : null;
  function describe(error: unknown): string {
    const { httpStatus } = readApiError(error);
    if (httpStatus === 401) return t(method === 'passphrase' ? 'practiceLock.unlock.wrongPassphrase' : 'practiceLock.unlock.wrongRecoveryKey');
    if (httpStatus === 429) return t('practiceLock.unlock.tooMany', { count: Math.ceil((retryAfterOf(error) ?? 900) / 60) });
    if (!httpStatus) return t('practiceLock.unreachable');
    return translateApiError(t, error, 'auth:practiceLock.unlock.failed');
  }
  const switchTo = (next: Method) => {
    unlock.reset();
    setMethod(next);
  };

  const Fields = method === 'passphrase' ? PassphraseFields : RecoveryKeyFields;
  return (
    <Fields key={method} onSubmit={(input) => unlock.mutate(input)} serverError={translateValidation(t, fieldIssue?.message)}>
      {problem && (
        <div role="alert" className="alert alert--error">
          {problem}
        </div>
      )}
      <SubmitButton label={t('practiceLock.unlock.submit')} pendingLabel={t('practiceLock.unlock.submitting')} pending={unlock.isPending} block />
      <button type="button" className="button button--ghost button--block" onClick={() => switchTo(method === 'passphrase' ? 'recoveryKey' : 'passphrase')}>
        {method === 'passphrase' ? t('practiceLock.unlock.useRecoveryKey') : t('practiceLock.unlock.usePassphrase')}
      </button>
    </Fields>
  );
}

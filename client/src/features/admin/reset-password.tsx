// "Reset a password or a second factor": find an account by its exact email, then, once confirmed,
// give it a temporary password that its owner must replace at their next sign-in (API.md
// admin.resetPassword), or remove the second factors its owner lost (admin.resetSecondFactor).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountLookupInput, type AccountSummary } from '../../../../shared/admin';
import { confirmAction } from '../../components/confirm';
import { TextField } from '../../components/text-field';
import { trpc } from '../../lib/trpc';
import { translateApiError } from '../../lib/translate-error';
import { AccountStatusTag } from './account-status-tag';
import { fullName } from './full-name';
import { ResetSecondFactor } from './reset-second-factor';
import { TemporaryPasswordDialog } from './temporary-password-dialog';
import { useSchemaForm } from '../../lib/use-schema-form';
import { CardSection } from '../../components/card-section';


export function ResetPassword() {
  const { t } = useTranslation('admin');
  const [email, setEmail] = useState<string | null>(null);
  const { field, handleSubmit } = useSchemaForm(accountLookupInput, { email: '' });
  // Always asked afresh: an account found a while ago may have changed since.
  const lookup = trpc.admin.findAccount.useQuery({ email: email ?? '' }, { enabled: email !== null, staleTime: 0, gcTime: 0 });

  const onSubmit = handleSubmit((values) => {
    if (values.email === email) void lookup.refetch();
    else setEmail(values.email);
  });

  return (
    <CardSection title={t('reset.title')} intro={t('reset.intro')}>
      <form className="form admin-lookup" onSubmit={onSubmit} noValidate>
        <TextField label={t('reset.email')} type="email" inputMode="email" autoComplete="off" {...field('email')} />
        <button type="submit" className="button button--secondary" disabled={lookup.isFetching}>
          {lookup.isFetching ? t('reset.finding') : t('reset.find')}
        </button>
      </form>
      <div aria-live="polite">
        {lookup.isError && (
          <p role="alert" className="alert alert--error">
            {t('reset.findFailed')} {translateApiError(t, lookup.error, 'admin:network')}
          </p>
        )}
        {lookup.isSuccess && !lookup.isFetching && (lookup.data.account ? <FoundAccount account={lookup.data.account} /> : <p>{t('reset.notFound')}</p>)}
      </div>
    </CardSection>
  );
}

function FoundAccount({ account }: { account: AccountSummary }) {
  const { t } = useTranslation(['admin', 'common']);
  const [issued, setIssued] = useState<string | null>(null);
  // No cache keeps the answer: the temporary password is shown once, in the dialog, and forgotten.
  const reset = trpc.admin.resetPassword.useMutation({ gcTime: 0 });
  const name = fullName(account);

  const resetPassword = () => {
    if (reset.isPending || !confirmAction(t('reset.confirm', { name, email: account.email }))) return;
    reset.mutate({ idUser: account.idUser }, { onSuccess: ({ temporaryPassword }) => setIssued(temporaryPassword) });
  };
  const closeDialog = () => {
    setIssued(null);
    reset.reset();
  };

  return (
    <div className="admin-found" role="group" aria-label={t('reset.resultLabel')}>
      <div className="admin-found__who">
        <p className="admin-found__name">{name}</p>
        <p>{account.email}</p>
        <p className="badge-line">
          <span className={`badge badge--${account.type}`}>{t(`common:userTypes.${account.type}`)}</span>{' '}
          <AccountStatusTag status={account.status} />
        </p>
      </div>
      {/* aria-disabled, not disabled: a disabled button drops focus to <body>, and the dialog that
          follows would have nothing to give focus back to when it closes. */}
      <div className="admin-found__actions">
        <button type="button" className="button button--danger" aria-disabled={reset.isPending} onClick={resetPassword}>
          {reset.isPending ? t('reset.resetting') : t('reset.resetButton')}
        </button>
        <ResetSecondFactor account={account} name={name} />
      </div>
      {reset.isError && (
        <p role="alert" className="alert alert--error admin-found__error">
          {t('reset.failed')} {translateApiError(t, reset.error, 'admin:network')}
        </p>
      )}
      {issued !== null && <TemporaryPasswordDialog name={name} password={issued} onClose={closeDialog} />}
    </div>
  );
}

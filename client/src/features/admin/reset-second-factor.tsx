// "Reset second factor" for an account found by email: for someone who lost their phone and their
// recovery codes, or every passkey. A dialog says what goes (the authenticator app, the recovery
// codes, the passkeys, every open session) before admin.resetSecondFactor runs.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountSummary } from '../../../../shared/admin';
import { Modal } from '../../components/modal';
import { trpc } from '../../lib/trpc';
import { translateApiError } from '../../lib/translate-error';

export function ResetSecondFactor({ account, name }: { account: AccountSummary; name: string }) {
  const { t } = useTranslation('admin');
  const [asking, setAsking] = useState(false);
  const reset = trpc.admin.resetSecondFactor.useMutation({ onSuccess: () => setAsking(false) });

  return (
    <>
      <button
        type="button"
        className="button button--danger"
        onClick={() => {
          reset.reset();
          setAsking(true);
        }}
      >
        {t('reset.secondFactorButton')}
      </button>
      {reset.isSuccess && (
        <p role="status" className="admin-found__note">
          {t('reset.secondFactorDone', { name })}
        </p>
      )}
      {asking && (
        <Modal title={t('reset.secondFactorTitle', { name })} onClose={() => setAsking(false)}>
          <div className="form">
            <p>{t('reset.secondFactorIntro', { name, email: account.email })}</p>
            <p>{t('reset.secondFactorPolicy')}</p>
            {reset.isError && (
              <p role="alert" className="alert alert--error">
                {t('reset.secondFactorFailed')} {translateApiError(t, reset.error, 'admin:network')}
              </p>
            )}
            <div className="form__actions">
              <button type="button" className="button button--secondary" data-autofocus onClick={() => setAsking(false)}>
                {t('reset.cancel')}
              </button>
              <button
                type="button"
                className="button button--danger"
                aria-disabled={reset.isPending}
                onClick={() => {
                  if (!reset.isPending) reset.mutate({ idUser: account.idUser });
                }}
              >
                {reset.isPending ? t('reset.secondFactorResetting') : t('reset.secondFactorConfirm')}
              </button>
            </div>
          </div>
        </Modal>
      )}
    </>
  );
}

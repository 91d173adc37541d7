// Removing a passkey asks first, in a dialog that names it and says what follows: it no longer signs
// in, and when it is the account's last second factor, the password alone will again.
import { useTranslation } from 'react-i18next';
import type { Passkey } from '../../../../shared/second-factor';
import { Modal } from '../../components/modal';
import { trpc } from '../../lib/trpc';
import { translateApiError } from '../../lib/translate-error';

interface RemovePasskeyDialogProps {
  passkey: Passkey;
  /** No authenticator app and no other passkey: removing this one leaves the password alone. */
  isLastFactor: boolean;
  onRemoved: () => void;
  onClose: () => void;
}

export function RemovePasskeyDialog({ passkey, isLastFactor, onRemoved, onClose }: RemovePasskeyDialogProps) {
  const { t } = useTranslation('security');
  const remove = trpc.auth.deletePasskey.useMutation({ onSuccess: onRemoved });

  return (
    <Modal title={t('passkeys.removeTitle', { name: passkey.name })} onClose={onClose}>
      <div className="form">
        <p>{t('passkeys.removeIntro')}</p>
        {isLastFactor && <p className="security-banner">{t('passkeys.removeLast')}</p>}
        {remove.error && (
          <p role="alert" className="alert alert--error">
            {translateApiError(t, remove.error, 'security:passkeys.removeFailed')}
          </p>
        )}
        <div className="form__actions">
          <button type="button" className="button button--secondary" data-autofocus onClick={onClose}>
            {t('cancel')}
          </button>
          <button
            type="button"
            className="button button--danger"
            aria-disabled={remove.isPending}
            onClick={() => {
              if (!remove.isPending) remove.mutate({ idPasskey: passkey.idPasskey });
            }}
          >
            {remove.isPending ? t('passkeys.removing') : t('passkeys.removeConfirm')}
          </button>
        </div>
      </div>
    </Modal>
  );
}

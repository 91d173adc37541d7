// Removing a passkey asks first, in the dialog that asks for the password again (password-again-
// dialog.tsx): it names the passkey and says what follows: it no longer signs in, and when it is the
// account's last second factor, the password alone will again.
import { useTranslation } from 'react-i18next';
import type { Passkey } from '../../../../shared/second-factor';
import { trpc } from '../../lib/trpc';
import { PasswordAgainDialog } from './password-again-dialog';

interface RemovePasskeyDialogProps {
  passkey: Passkey;
  /** No authenticator app and no other passkey: removing this one leaves the password alone. */
  isLastFactor: boolean;
  onRemoved: () => void;
  onClose: () => void;
}

export function RemovePasskeyDialog({ passkey, isLastFactor, onRemoved, onClose }: RemovePasskeyDialogProps) {
  const { t } = useTranslation('security');
  // A 401 here is a wrong password, said in the dialog, not an ended session.
  const remove = trpc.auth.deletePasskey.useMutation({ meta: { handlesUnauthorized: true } });

  return (
    <PasswordAgainDialog
      title={t('passkeys.removeTitle', { name: passkey.name })}
      intro={t('passkeys.removeIntro')}
      confirmLabel={t('passkeys.removeConfirm')}
      pendingLabel={t('passkeys.removing')}
      failedKey="security:passkeys.removeFailed"
      tone="danger"
      confirm={async (password) => {
        await remove.mutateAsync({ idPasskey: passkey.idPasskey, password });
        onRemoved();
      }}
      onClose={onClose}
    >
      {isLastFactor && <p className="security-banner">{t('passkeys.removeLast')}</p>}
    </PasswordAgainDialog>
  );
}

// "Authenticator app" on the security page: whether TOTP is on, and the way through each change —
// set up (the password again, then QR code, key, first code), the recovery codes shown once, or off
// (the password again). Both ask for the password in the one dialog (password-again-dialog.tsx).
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TotpSetup } from '../../../../shared/second-factor';
import { useToast } from '../../components/toasts';
import { trpc } from '../../lib/trpc';
import { RecoveryCodes } from './recovery-codes';
import { PasswordAgainDialog } from './password-again-dialog';
import { TotpSetupForm } from './totp-setup-form';
import { useRefreshProfile } from './use-refresh-profile';
import { CardSection } from '../../components/card-section';

type Stage = { name: 'status' } | { name: 'setup'; setup: TotpSetup } | { name: 'codes'; codes: string[] };

interface TotpSectionProps {
  enabled: boolean;
  /** TOTP is on and its recovery codes were seen: the account has a second factor now. */
  onFactorAdded: () => void;
}

export function TotpSection({ enabled, onFactorAdded }: TotpSectionProps) {
  const { t } = useTranslation('security');
  const toast = useToast();
  const refreshProfile = useRefreshProfile();
  const [stage, setStage] = useState<Stage>({ name: 'status' });
  const [asking, setAsking] = useState<'setup' | 'disable' | null>(null);
  const statusButtonRef = useRef<HTMLButtonElement>(null);
  // The secret is shown on the next screen only; no cache keeps it. A 401 is a wrong password.
  const start = trpc.auth.totpSetup.useMutation({ gcTime: 0, meta: { handlesUnauthorized: true } });
  const disable = trpc.auth.totpDisable.useMutation({ meta: { handlesUnauthorized: true } });

  // Back to the status, focus goes to its button rather than to <body>.
  const backToStatus = () => {
    setStage({ name: 'status' });
    requestAnimationFrame(() => statusButtonRef.current?.focus());
  };

  const body = () => {
    switch (stage.name) {
      case 'setup':
        return (
          <TotpSetupForm
            setup={stage.setup}
            onEnabled={(codes) => {
              refreshProfile();
              setStage({ name: 'codes', codes });
            }}
            onCancel={backToStatus}
          />
        );
      case 'codes':
        return (
          <RecoveryCodes
            codes={stage.codes}
            onDone={() => {
              backToStatus();
              toast.success(t('totp.enabled'));
              onFactorAdded();
            }}
          />
        );
      case 'status':
        return enabled ? (
          <div className="security-status">
            <p>
              <span className="tag tag--on">{t('status.on')}</span> {t('totp.onStatus')}
            </p>
            <button ref={statusButtonRef} type="button" className="button button--secondary" onClick={() => setAsking('disable')}>
              {t('totp.turnOff')}
            </button>
          </div>
        ) : (
          <div className="security-status">
            <p>
              <span className="tag tag--off">{t('status.off')}</span> {t('totp.offStatus')}
            </p>
            <button ref={statusButtonRef} type="button" className="button button--primary" onClick={() => setAsking('setup')}>
              {t('totp.setUp')}
            </button>
          </div>
        );
    }
  };

  return (
    <CardSection title={t('totp.title')} intro={t('totp.intro')} className="security-section">
      {body()}
      {asking === 'setup' && (
        <PasswordAgainDialog
          title={t('totp.setUp')}
          intro={t('totp.setupIntro')}
          confirmLabel={t('totp.continueSetup')}
          pendingLabel={t('totp.startingSetup')}
          failedKey="security:totp.setupFailed"
          confirm={async (password) => {
            const setup = await start.mutateAsync({ password });
            setAsking(null);
            setStage({ name: 'setup', setup });
          }}
          onClose={() => setAsking(null)}
        />
      )}
      {asking === 'disable' && (
        <PasswordAgainDialog
          title={t('totp.disableTitle')}
          intro={t('totp.disableIntro')}
          confirmLabel={t('totp.disable')}
          pendingLabel={t('totp.disabling')}
          failedKey="security:totp.disableFailed"
          tone="danger"
          confirm={async (password) => {
            await disable.mutateAsync({ password });
            setAsking(null);
            refreshProfile();
            toast.success(t('totp.disabled'));
          }}
          onClose={() => setAsking(null)}
        />
      )}
    </CardSection>
  );
}

// "Authenticator app" on the security page: whether TOTP is on, and the way through each change —
// set up (QR code, key, first code), the recovery codes shown once, or off with the password.
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TotpSetup } from '../../../../shared/second-factor';
import { useToast } from '../../components/toasts';
import { trpc } from '../../lib/trpc';
import { translateApiError } from '../../lib/translate-error';
import { RecoveryCodes } from './recovery-codes';
import { TotpDisableForm } from './totp-disable-form';
import { TotpSetupForm } from './totp-setup-form';
import { useRefreshProfile } from './use-refresh-profile';

type Stage = { name: 'status' } | { name: 'setup'; setup: TotpSetup } | { name: 'codes'; codes: string[] } | { name: 'disable' };

interface TotpSectionProps {
  enabled: boolean;
  /** TOTP is on and its recovery codes were seen: the account has a second factor now. */
  onFactorAdded: () => void;
}

export function TotpSection({ enabled, onFactorAdded }: TotpSectionProps) {
  const { t } = useTranslation('security');
  const headingId = useId();
  const toast = useToast();
  const refreshProfile = useRefreshProfile();
  const [stage, setStage] = useState<Stage>({ name: 'status' });
  const statusButtonRef = useRef<HTMLButtonElement>(null);
  // The secret is shown on the next screen only; no cache keeps it.
  const start = trpc.auth.totpSetup.useMutation({ gcTime: 0, onSuccess: (setup) => setStage({ name: 'setup', setup }) });

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
      case 'disable':
        return (
          <TotpDisableForm
            onDisabled={() => {
              refreshProfile();
              backToStatus();
              toast.success(t('totp.disabled'));
            }}
            onCancel={backToStatus}
          />
        );
      case 'status':
        return enabled ? (
          <div className="security-status">
            <p>
              <span className="tag tag--on">{t('status.on')}</span> {t('totp.onStatus')}
            </p>
            <button ref={statusButtonRef} type="button" className="button button--secondary" onClick={() => setStage({ name: 'disable' })}>
              {t('totp.turnOff')}
            </button>
          </div>
        ) : (
          <div className="security-status">
            <p>
              <span className="tag tag--off">{t('status.off')}</span> {t('totp.offStatus')}
            </p>
            {start.error && (
              <p role="alert" className="alert alert--error">
                {translateApiError(t, start.error, 'security:totp.setupFailed')}
              </p>
            )}
            <button
              ref={statusButtonRef}
              type="button"
              className="button button--primary"
              aria-disabled={start.isPending}
              onClick={() => {
                if (!start.isPending) start.mutate();
              }}
            >
              {start.isPending ? t('totp.startingSetup') : t('totp.setUp')}
            </button>
          </div>
        );
    }
  };

  return (
    <section className="card dashboard-section security-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="dashboard-section__title">
        {t('totp.title')}
      </h2>
      <p className="dashboard-section__intro">{t('totp.intro')}</p>
      {body()}
    </section>
  );
}

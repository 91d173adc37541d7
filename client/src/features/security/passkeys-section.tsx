// "Passkeys" on the security page: the list, adding one (where the browser can) and removing one.
// A browser that cannot use passkeys here is told why instead of being offered a button that fails:
// WebAuthn needs a secure page (HTTPS) and a browser that has it.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Passkey } from '../../../../shared/second-factor';
import { Spinner } from '../../components/spinner';
import { useToast } from '../../components/toasts';
import { trpc } from '../../lib/trpc';
import { translateApiError } from '../../lib/translate-error';
import { passkeySupport } from '../../lib/webauthn';
import { AddPasskeyForm } from './add-passkey-form';
import { PasskeyList } from './passkey-list';
import { RemovePasskeyDialog } from './remove-passkey-dialog';
import { useRefreshProfile } from './use-refresh-profile';
import { LoadFailed } from '../../components/load-failed';
import { CardSection } from '../../components/card-section';

interface PasskeysSectionProps {
  /** Whether the authenticator app is on: then no passkey is the account's last second factor. */
  totpEnabled: boolean;
  onFactorAdded: () => void;
}

export function PasskeysSection({ totpEnabled, onFactorAdded }: PasskeysSectionProps) {
  const { t } = useTranslation('security');
  const toast = useToast();
  const utils = trpc.useUtils();
  const refreshProfile = useRefreshProfile();
  const [support] = useState(passkeySupport);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const list = trpc.auth.passkeys.useQuery();
  const passkeys = list.data?.passkeys ?? [];

  const afterChange = () => {
    void utils.auth.passkeys.invalidate();
    refreshProfile();
  };

  return (
    <CardSection title={t('passkeys.title')} intro={t('passkeys.intro')} className="security-section">
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <LoadFailed message={translateApiError(t, list.error, 'security:passkeys.loadFailed')} retryLabel={t('retry')} onRetry={() => void list.refetch()} />
      ) : (
        <PasskeyList passkeys={passkeys} onRemove={setRemoving} />
      )}
      {support === 'available' ? (
        <AddPasskeyForm
          onAdded={(name) => {
            afterChange();
            toast.success(t('passkeys.added', { name }));
            onFactorAdded();
          }}
        />
      ) : (
        <p className="security-banner">{t(support === 'insecure' ? 'passkeys.needsHttps' : 'passkeys.unsupported')}</p>
      )}
      {removing && (
        <RemovePasskeyDialog
          passkey={removing}
          isLastFactor={!totpEnabled && passkeys.length === 1}
          onRemoved={() => {
            setRemoving(null);
            afterChange();
            toast.success(t('passkeys.removed', { name: removing.name }));
          }}
          onClose={() => setRemoving(null)}
        />
      )}
    </CardSection>
  );
}

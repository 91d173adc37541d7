// /security: the signed-in user's second factors — an authenticator app (with its recovery codes) and
// passkeys (API.md "Second factor, passkeys and oversight"). ProtectedRoute also shows this page,
// `required`, in place of every other one while the practice requires a second factor of a medic who
// has none: the server answers nothing else then (403 TWO_FACTOR_REQUIRED), and once one is set up
// the user goes on to the home page.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../features/auth/use-session';
import { PasskeysSection } from '../features/security/passkeys-section';
import { TotpSection } from '../features/security/totp-section';
import { trpc } from '../lib/trpc';
import { useDocumentTitle } from '../lib/use-document-title';
import '../features/security/security.css';

interface SecurityPageProps {
  /** The practice's policy holds the user here until they have a second factor. */
  required?: boolean;
  /** A second factor was just set up (the recovery codes seen, for the app). */
  onSecured?: () => void;
}

export function SecurityPage({ required = false, onSecured }: SecurityPageProps) {
  const { t } = useTranslation(['security', 'common']);
  useDocumentTitle(t('common:titles.security'));
  const headingId = useId();
  // ProtectedRoute has confirmed the profile already; the stored user stands in when the server could not answer.
  const stored = useSession()?.user;
  const profile = trpc.auth.profile.useQuery();
  const twoFactor = profile.data?.user.twoFactor ?? stored?.twoFactor ?? { totp: false, passkeys: 0 };
  const onFactorAdded = () => onSecured?.();

  return (
    <section className="security-page" aria-labelledby={headingId}>
      <div>
        <h1 id={headingId} className="page-title">
          {t('title')}
        </h1>
        {required ? (
          <div className="security-banner" role="alert">
            <p>{t('requiredNotice')}</p>
          </div>
        ) : (
          <p className="page-subtitle">{t('intro')}</p>
        )}
      </div>
      <TotpSection enabled={twoFactor.totp} onFactorAdded={onFactorAdded} />
      <PasskeysSection totpEnabled={twoFactor.totp} onFactorAdded={onFactorAdded} />
    </section>
  );
}

// "Sign in with a passkey" under the password form: no email, no password, the passkey names the
// account. Not drawn where the browser cannot use passkeys (no WebAuthn, or plain HTTP).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { passkeySupport } from '../../lib/webauthn';
import { PasskeySignInMessage } from './passkey-sign-in-message';
import { usePasskeySignIn } from './use-passkey-sign-in';

export function PasskeySignInButton() {
  const { t } = useTranslation('auth');
  // Read once: whether the page is secure and the browser has WebAuthn does not change while it is open.
  const [available] = useState(() => passkeySupport() === 'available');
  const { state, signIn } = usePasskeySignIn();
  if (!available) return null;

  return (
    <div className="passkey-sign-in">
      <p className="passkey-sign-in__or">{t('passkey.or')}</p>
      <button
        type="button"
        className="button button--secondary button--block"
        aria-disabled={state.status === 'waiting'}
        onClick={() => {
          if (state.status !== 'waiting') void signIn();
        }}
      >
        {state.status === 'waiting' ? t('passkey.waiting') : t('passkey.signIn')}
      </button>
      <PasskeySignInMessage state={state} />
    </div>
  );
}

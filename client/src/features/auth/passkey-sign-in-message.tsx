// What came of a passkey attempt, beside its button: a calm note when the user closed the browser's
// dialog, the reason in the user's language when it failed.
import { useTranslation } from 'react-i18next';
import { translateApiError } from '../../lib/translate-error';
import type { PasskeySignInState } from './use-passkey-sign-in';

export function PasskeySignInMessage({ state }: { state: PasskeySignInState }) {
  const { t } = useTranslation('auth');
  if (state.status === 'cancelled') {
    return (
      <p role="status" className="passkey-note">
        {t('passkey.cancelled')}
      </p>
    );
  }
  if (state.status === 'failed') {
    return (
      <p role="alert" className="alert alert--error">
        {translateApiError(t, state.error, 'auth:passkey.failed')}
      </p>
    );
  }
  return null;
}

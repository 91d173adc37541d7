// Signing in with a passkey: the server's options, the browser's ceremony, the server's check, then
// the session. With a challenge it answers the second step after a password; without one it stands
// in for email and password altogether (API.md auth.passkeyAuthenticationOptions/passkeyAuthentication).
import { useState } from 'react';
import { isCancelledCeremony, signWithPasskey } from '../../lib/webauthn';
import { trpc } from '../../lib/trpc';
import { useStartSession } from './use-start-session';

export type PasskeySignInState =
  | { status: 'idle' }
  | { status: 'waiting' }
  /** The user closed the browser's dialog: nothing failed, they may try again or pick another way. */
  | { status: 'cancelled' }
  | { status: 'failed'; error: unknown };

export function usePasskeySignIn(options: { onFailed?: (error: unknown) => void } = {}) {
  const startSession = useStartSession();
  const [state, setState] = useState<PasskeySignInState>({ status: 'idle' });
  // A refused passkey is a 401 of this form's own, not an ended session.
  const askOptions = trpc.auth.passkeyAuthenticationOptions.useMutation({ meta: { handlesUnauthorized: true } });
  const verify = trpc.auth.passkeyAuthentication.useMutation({ meta: { handlesUnauthorized: true } });

  const signIn = async (challenge?: string) => {
    setState({ status: 'waiting' });
    try {
      // An empty object, not nothing: a POST with a JSON content type and no body is refused as malformed.
      const optionsJSON = await askOptions.mutateAsync(challenge ? { challenge } : {});
      const response = await signWithPasskey(optionsJSON);
      const session = await verify.mutateAsync(challenge ? { response, challenge } : { response });
      await startSession(session);
    } catch (error) {
      if (isCancelledCeremony(error)) {
        setState({ status: 'cancelled' });
        return;
      }
      setState({ status: 'failed', error });
      options.onFailed?.(error);
    }
  };

  return { state, signIn };
}

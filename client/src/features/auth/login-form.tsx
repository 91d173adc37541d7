// Signing in, in one or two steps on the same page: the password, then, for an account with a second
// factor, a code or a passkey (API.md "Second factor, passkeys and oversight"). Whichever step ends
// with a session hands it to useStartSession.
import { lazy, Suspense, useState } from 'react';
import type { LoginResult, SecondFactorChallenge } from '../../../../shared/second-factor';
import { Spinner } from '../../components/spinner';
import { PasswordStep } from './password-step';
import { useStartSession } from './use-start-session';

// Most visits never see the second step: its code comes only when a password asks for it.
const SecondFactorStep = lazy(() => import('./second-factor-step').then((module) => ({ default: module.SecondFactorStep })));

// Not shared/second-factor's isSecondFactorChallenge: importing a value from there would bring zod
// into the sign-in page's first download.
const isChallenge = (result: LoginResult): result is SecondFactorChallenge => 'twoFactorRequired' in result && result.twoFactorRequired;

export function LoginForm() {
  const startSession = useStartSession();
  const [email, setEmail] = useState('');
  const [challenge, setChallenge] = useState<SecondFactorChallenge | null>(null);

  const onPasswordAnswer = async (result: LoginResult, typedEmail: string) => {
    setEmail(typedEmail);
    if (isChallenge(result)) setChallenge(result);
    else await startSession(result);
  };

  if (!challenge) return <PasswordStep email={email} onAnswer={onPasswordAnswer} />;
  return (
    <Suspense fallback={<Spinner />}>
      <SecondFactorStep challenge={challenge} onStartAgain={() => setChallenge(null)} />
    </Suspense>
  );
}

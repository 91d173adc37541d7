// The second step of signing in, on the sign-in page itself: a code from the authenticator app, a
// recovery code, or a passkey, as the challenge's `methods` allow. The challenge lives 5 minutes and
// dies after 5 wrong codes (API.md); the server then only answers INVALID_CODE, which cannot be told
// from a mistyped code, so the step counts and times for itself and, once the challenge must be dead,
// leads back to the password ("Start again", the email kept).
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SecondFactorChallenge } from '../../../../shared/second-factor';
import { readApiError } from '../../lib/api-error';
import { passkeySupport } from '../../lib/webauthn';
import { PasskeySignInMessage } from './passkey-sign-in-message';
import { SecondFactorCodeForm, type CodeKind } from './second-factor-code-form';
import { usePasskeySignIn } from './use-passkey-sign-in';
import { useStartSession } from './use-start-session';

// API.md: "the challenge lives 5 minutes and dies after 5 wrong codes".
const CHALLENGE_LIFETIME_MS = 5 * 60_000;
const CHALLENGE_MAX_FAILURES = 5;

interface SecondFactorStepProps {
  challenge: SecondFactorChallenge;
  onStartAgain: () => void;
}

export function SecondFactorStep({ challenge, onStartAgain }: SecondFactorStepProps) {
  const { t } = useTranslation('auth');
  const headingId = useId();
  const startSession = useStartSession();
  const { methods } = challenge;
  const firstKind: CodeKind | null = methods.includes('totp') ? 'totp' : methods.includes('recovery') ? 'recovery' : null;
  const [kind, setKind] = useState(firstKind);
  const [issuedAt] = useState(() => Date.now());
  const failures = useRef(0);
  const [expired, setExpired] = useState(false);
  const startAgainRef = useRef<HTMLButtonElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const onInvalidCode = () => {
    failures.current += 1;
    if (failures.current >= CHALLENGE_MAX_FAILURES || Date.now() - issuedAt >= CHALLENGE_LIFETIME_MS) setExpired(true);
  };
  const passkey = usePasskeySignIn({
    onFailed: (error) => {
      if (readApiError(error).appCode === 'INVALID_CODE') onInvalidCode();
    },
  });
  const passkeyUsable = methods.includes('passkey') && passkeySupport() === 'available';

  // The password form that had focus is gone: without a code field to take it (a passkey-only
  // account), the step's heading does, so a screen reader starts reading here.
  useEffect(() => {
    if (!firstKind) headingRef.current?.focus();
  }, [firstKind]);
  // The form that had focus is gone with the challenge: the way forward takes it.
  useEffect(() => {
    if (expired) startAgainRef.current?.focus();
  }, [expired]);

  const intro = kind === 'totp' ? 'secondFactor.introTotp' : kind === 'recovery' ? 'secondFactor.introRecovery' : 'secondFactor.introPasskey';

  return (
    <section className="second-factor" aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="second-factor__heading">
        {t('secondFactor.heading')}
      </h2>
      {expired ? (
        <p role="alert" className="alert alert--error">
          {t('secondFactor.expired')}
        </p>
      ) : (
        <>
          <p className="second-factor__intro">{t(intro)}</p>
          {kind && (
            <SecondFactorCodeForm
              key={kind}
              kind={kind}
              challenge={challenge.challenge}
              onSignedIn={startSession}
              onInvalidCode={onInvalidCode}
            />
          )}
          <div className="second-factor__other-ways">
            {kind === 'totp' && methods.includes('recovery') && (
              <button type="button" className="button button--ghost button--block" onClick={() => setKind('recovery')}>
                {t('secondFactor.useRecovery')}
              </button>
            )}
            {kind === 'recovery' && methods.includes('totp') && (
              <button type="button" className="button button--ghost button--block" onClick={() => setKind('totp')}>
                {t('secondFactor.useTotp')}
              </button>
            )}
            {passkeyUsable && (
              <button
                type="button"
                className="button button--secondary button--block"
                aria-disabled={passkey.state.status === 'waiting'}
                onClick={() => {
                  if (passkey.state.status !== 'waiting') void passkey.signIn(challenge.challenge);
                }}
              >
                {passkey.state.status === 'waiting' ? t('passkey.waiting') : t('secondFactor.usePasskey')}
              </button>
            )}
            {methods.includes('passkey') && !passkeyUsable && !kind && <p className="alert alert--error">{t('secondFactor.passkeyUnavailable')}</p>}
            <PasskeySignInMessage state={passkey.state} />
          </div>
        </>
      )}
      <button ref={startAgainRef} type="button" className="button button--ghost button--block" onClick={onStartAgain}>
        {t('secondFactor.startAgain')}
      </button>
    </section>
  );
}

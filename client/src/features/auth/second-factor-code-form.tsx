// The code that answers a second-factor challenge: six digits from the authenticator app, or one of
// the recovery codes. A wrong code (INVALID_CODE) is said under the field, in the user's language,
// and what was typed stays there to be corrected.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Session } from '../../../../shared/auth';
import { readApiError } from '../../lib/api-error';
import { lazyZodResolver } from '../../lib/lazy-zod-resolver';
import { trpc } from '../../lib/trpc';
import { useTouchedForm } from '../../lib/use-touched-form';
import { SecretField } from '../../components/secret-field';
import { FormFailure } from '../../components/form-failure';
import { SubmitButton } from '../../components/submit-button';

export type CodeKind = 'totp' | 'recovery';

interface CodeFields {
  code: string;
}

/** The shared rules (and zod with them) load on the first check, as the password step's do. */
const lazyResolver = (kind: CodeKind) => lazyZodResolver<CodeFields>(async () => (await import('./second-factor-code-rules')).codeRules[kind]);

interface SecondFactorCodeFormProps {
  kind: CodeKind;
  challenge: string;
  /** The session is started; the form stays busy until the promise, if any, settles. */
  onSignedIn: (session: Session) => void | Promise<void>;
  /** Every INVALID_CODE, so the step can tell when the challenge has died. */
  onInvalidCode: () => void;
}

export function SecondFactorCodeForm({ kind, challenge, onSignedIn, onInvalidCode }: SecondFactorCodeFormProps) {
  const { t } = useTranslation('auth');
  const { field, handleSubmit, setFocus } = useTouchedForm(lazyResolver(kind), { code: '' });
  // INVALID_CODE is a 401 that belongs to this form, not an ended session.
  const verify = trpc.auth.loginSecondFactor.useMutation({
    meta: { handlesUnauthorized: true },
    onSuccess: onSignedIn,
    onError: (error) => {
      if (readApiError(error).appCode !== 'INVALID_CODE') return;
      onInvalidCode();
      setFocus('code');
    },
  });

  // The step replaces the password form, whose button had focus: typing goes on here.
  useEffect(() => setFocus('code'), [setFocus]);

  const onSubmit = handleSubmit(({ code }) => verify.mutate(kind === 'totp' ? { challenge, code } : { challenge, recoveryCode: code }));
  const invalidCode = verify.error && readApiError(verify.error).appCode === 'INVALID_CODE';

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <FormFailure error={invalidCode ? null : verify.error} fallbackKey="auth:secondFactor.failed" />
      {/* Keyed by kind: a switch to the other kind starts an empty field with its own keyboard. */}
      <SecretField
        key={kind}
        label={kind === 'totp' ? t('secondFactor.code') : t('secondFactor.recoveryCode')}
        hint={kind === 'totp' ? t('secondFactor.codeHint') : t('secondFactor.recoveryCodeHint')}
        kind={kind === 'totp' ? 'oneTimeCode' : 'recoveryCode'}
        {...field('code', invalidCode ? t('errors:INVALID_CODE') : undefined)}
      />
      <SubmitButton label={t('secondFactor.submit')} pendingLabel={t('secondFactor.submitting')} pending={verify.isPending} block />
    </form>
  );
}

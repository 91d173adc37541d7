// "Add a passkey": a name to tell it apart in the list (a guess at this browser and system to start
// with), then the password again (password-again-dialog.tsx), the server's options, the browser's
// ceremony and the server's check (auth.passkeyRegistrationOptions → startRegistration →
// auth.passkeyRegistration). Closing the browser's dialog is not a failure: it is said calmly and
// the form stays as it was.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { passkeyRegistrationInput } from '../../../../shared/second-factor';
import { TextField } from '../../components/text-field';
import { readApiError } from '../../lib/api-error';
import { trpc } from '../../lib/trpc';
import { translateApiError, translateValidation } from '../../lib/translate-error';
import { createPasskey, isCancelledCeremony, isPasskeyAlreadyRegistered } from '../../lib/webauthn';
import { guessPasskeyPlace } from './passkey-name-guess';
import { PasswordAgainDialog } from './password-again-dialog';
import { useSchemaForm } from '../../lib/use-schema-form';

const nameOnly = passkeyRegistrationInput.pick({ name: true });

type Outcome = { kind: 'none' } | { kind: 'cancelled' } | { kind: 'failed'; error: unknown };

function useSuggestedName(): string {
  const { t } = useTranslation('security');
  const { browser, system } = guessPasskeyPlace(navigator.userAgent);
  if (browser && system) return t('passkeys.suggestedName', { browser, system });
  return browser ?? system ?? t('passkeys.fallbackName');
}

export function AddPasskeyForm({ onAdded }: { onAdded: (name: string) => void }) {
  const { t } = useTranslation(['security', 'validation']);
  const suggested = useSuggestedName();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'none' });
  const [busy, setBusy] = useState(false);
  /** The name typed, while the password is asked for. */
  const [asking, setAsking] = useState<string | null>(null);
  const { field, handleSubmit, reset } = useSchemaForm(nameOnly, { name: suggested });
  // A 401 from the options is a wrong password, said in the dialog.
  const askOptions = trpc.auth.passkeyRegistrationOptions.useMutation({ meta: { handlesUnauthorized: true } });
  const registerPasskey = trpc.auth.passkeyRegistration.useMutation();

  const onSubmit = handleSubmit(({ name }) => {
    if (busy) return;
    setOutcome({ kind: 'none' });
    setAsking(name);
  });

  /** The password was right: the browser's ceremony, then the server's check. */
  const create = async (name: string, optionsJSON: Awaited<ReturnType<typeof askOptions.mutateAsync>>) => {
    setBusy(true);
    try {
      const response = await createPasskey(optionsJSON);
      await registerPasskey.mutateAsync({ response, name });
      reset({ name: suggested });
      onAdded(name);
    } catch (error) {
      setOutcome(isCancelledCeremony(error) ? { kind: 'cancelled' } : { kind: 'failed', error });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="form add-passkey" onSubmit={(event) => void onSubmit(event)} noValidate>
      {outcome.kind === 'cancelled' && (
        <p role="status" className="security-note">
          {t('passkeys.cancelled')}
        </p>
      )}
      {outcome.kind === 'failed' && (
        <p role="alert" className="alert alert--error">
          {failureText(t, outcome.error)}
        </p>
      )}
      <TextField label={t('passkeys.name')} hint={t('passkeys.nameHint')} autoComplete="off" {...field('name')} />
      <div className="form__actions">
        <button type="submit" className="button button--primary" aria-disabled={busy}>
          {busy ? t('passkeys.adding') : t('passkeys.add')}
        </button>
      </div>
      {asking !== null && (
        <PasswordAgainDialog
          title={t('passkeys.add')}
          intro={t('passkeys.addIntro', { name: asking })}
          confirmLabel={t('passkeys.continueAdding')}
          pendingLabel={t('passkeys.checkingPassword')}
          failedKey="security:passkeys.addFailed"
          confirm={async (password) => {
            const optionsJSON = await askOptions.mutateAsync({ password });
            setAsking(null);
            void create(asking, optionsJSON);
          }}
          onClose={() => setAsking(null)}
        />
      )}
    </form>
  );
}

/** The browser's own refusal, the server's reason about the passkey itself, or the usual failure text. */
function failureText(t: ReturnType<typeof useTranslation>['t'], error: unknown): string {
  if (isPasskeyAlreadyRegistered(error)) return t('passkeys.alreadyRegistered');
  const issue = readApiError(error).issues.find((item) => item.path === 'response');
  if (issue) return translateValidation(t, issue.message) ?? t('passkeys.addFailed');
  return translateApiError(t, error, 'security:passkeys.addFailed');
}

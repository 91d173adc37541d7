// The one dialog for the four changes to an account's second factors that need its password again
// (API.md "Account changes that need the password again"): setting up the authenticator app,
// turning it off, adding a passkey and removing one. A wrong password is said under the field and
// the dialog stays open with what was typed; any other failure is said above it. The change itself
// is the caller's (`confirm`); its mutation must handle its own 401 (`meta.handlesUnauthorized`),
// which here means a wrong password, not an ended session.
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { passwordAgainForm } from '../../../../shared/second-factor';
import { Modal } from '../../components/modal';
import { readApiError } from '../../lib/api-error';
import { translateApiError } from '../../lib/translate-error';
import { useSchemaForm } from '../../lib/use-schema-form';
import { SecretField } from '../../components/secret-field';


interface PasswordAgainDialogProps {
  title: string;
  /** What follows from the change; the request for the password is said after it. */
  intro: string;
  confirmLabel: string;
  pendingLabel: string;
  /** The translation key of the text for a failure the server does not name. */
  failedKey: string;
  tone?: 'primary' | 'danger';
  /** What the change is about, shown above the field (the last-factor warning, say). */
  children?: ReactNode;
  /** Runs the change with the password; a rejection is shown and the dialog stays. */
  confirm: (password: string) => Promise<unknown>;
  onClose: () => void;
}

export function PasswordAgainDialog({ title, intro, confirmLabel, pendingLabel, failedKey, tone = 'primary', children, confirm, onClose }: PasswordAgainDialogProps) {
  const { t } = useTranslation(['security', 'validation']);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const { field, handleSubmit, setError } = useSchemaForm(passwordAgainForm, { password: '' });

  const onSubmit = handleSubmit(async ({ password }) => {
    if (pending) return;
    setPending(true);
    setFailure(null);
    try {
      await confirm(password);
    } catch (error) {
      if (readApiError(error).appCode === 'INVALID_CREDENTIALS') setError('password', { message: 'validation.passwordWrong' }, { shouldFocus: true });
      else setFailure(error);
    } finally {
      setPending(false);
    }
  });

  return (
    <Modal title={title} onClose={onClose}>
      {/* React carries a submit up through the portal to a form the dialog was opened from: it stops here. */}
      <form
        className="form"
        onSubmit={(event) => {
          event.stopPropagation();
          void onSubmit(event);
        }}
        noValidate
      >
        <p>{intro}</p>
        {children}
        <p>{t('reauthentication.askPassword')}</p>
        {failure !== null && (
          <p role="alert" className="alert alert--error">
            {translateApiError(t, failure, failedKey)}
          </p>
        )}
        <SecretField label={t('reauthentication.password')} kind="currentPassword" data-autofocus {...field('password')} />
        <div className="form__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            {t('cancel')}
          </button>
          <button type="submit" className={`button button--${tone}`} aria-disabled={pending}>
            {pending ? pendingLabel : confirmLabel}
          </button>
        </div>
      </form>
    </Modal>
  );
}

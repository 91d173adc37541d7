// The one and only time a temporary password is shown. It lives in the dialog's props; once the
// dialog closes nothing in the page keeps it.
import { useTranslation } from 'react-i18next';
import { Modal } from '../../components/modal';

interface TemporaryPasswordDialogProps {
  name: string;
  password: string;
  onClose: () => void;
}

export function TemporaryPasswordDialog({ name, password, onClose }: TemporaryPasswordDialogProps) {
  const { t } = useTranslation('admin');
  return (
    <Modal title={t('reset.dialogTitle')} onClose={onClose}>
      <div className="form">
        <p>{t('reset.dialogIntro', { name })}</p>
        <p>
          <code className="secret-text temporary-password">{password}</code>
        </p>
        <p className="field__hint">{t('reset.onceNote', { name })}</p>
        <div className="form__actions">
          <button type="button" className="button button--primary" data-autofocus onClick={onClose}>
            {t('reset.done')}
          </button>
        </div>
      </div>
    </Modal>
  );
}

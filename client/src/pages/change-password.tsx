// /change-password: any signed-in user picks a new password. ProtectedRoute also shows this page,
// `forced`, in place of every other one while the user must replace a password an administrator reset.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { useToast } from '../components/toasts';
import { ChangePasswordForm } from '../features/account/change-password-form';
import { useDocumentTitle } from '../lib/use-document-title';

export function ChangePasswordPage({ forced = false }: { forced?: boolean }) {
  const { t } = useTranslation(['account', 'common']);
  useDocumentTitle(t('common:titles.changePassword'));
  const toast = useToast();
  const [, navigate] = useLocation();
  const headingId = useId();

  const onChanged = () => {
    toast.success(t('password.success'));
    navigate('/dashboard', { replace: forced });
  };

  return (
    <section className="page-section card" aria-labelledby={headingId}>
      <h1 id={headingId} className="page-title">
        {forced ? t('password.forcedTitle') : t('password.title')}
      </h1>
      {forced ? (
        <div className="security-banner">
          <p>{t('password.forcedIntro')}</p>
        </div>
      ) : (
        <p className="page-subtitle">{t('password.intro')}</p>
      )}
      <ChangePasswordForm forced={forced} onChanged={onChanged} />
    </section>
  );
}

import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { AuthLayout } from '../features/auth/auth-layout';
import { LoginForm } from '../features/auth/login-form';
import { useDocumentTitle } from '../lib/use-document-title';

export function LoginPage() {
  const { t } = useTranslation(['auth', 'common']);
  useDocumentTitle(t('common:titles.login'));
  return (
    <AuthLayout
      heading={t('login.heading')}
      subtitle={t('login.subtitle')}
      footer={
        <>
          {t('login.noAccount')} <Link href="/register">{t('login.toRegister')}</Link>
        </>
      }
    >
      <LoginForm />
    </AuthLayout>
  );
}

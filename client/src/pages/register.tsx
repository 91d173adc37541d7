import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { AuthLayout } from '../features/auth/auth-layout';
import { RegisterForm } from '../features/auth/register-form';
import { useDocumentTitle } from '../lib/use-document-title';

export function RegisterPage() {
  const { t } = useTranslation(['auth', 'common']);
  useDocumentTitle(t('common:titles.register'));
  return (
    <AuthLayout
      heading={t('register.heading')}
      subtitle={t('register.subtitle')}
      footer={
        <>
          {t('register.haveAccount')} <Link href="/login">{t('register.toLogin')}</Link>
        </>
      }
    >
      <RegisterForm />
    </AuthLayout>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { AuthLayout } from '../features/auth/auth-layout';
import { LoginForm } from '../features/auth/login-form';
import { readSessionEnd } from '../features/auth/session-end';
import './session-ended.css';
import { useDocumentTitle } from '../lib/use-document-title';

export function LoginPage() {
  const { t } = useTranslation(['auth', 'common']);
  useDocumentTitle(t('common:titles.login'));
  // Read once: the note is about how this visit to the page began.
  const [ended] = useState(readSessionEnd);
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
      {ended && (
        <p role="status" className="alert session-ended">
          {t(ended.reason === 'idle' ? 'sessionEnded.idle' : 'sessionEnded.expired')}
        </p>
      )}
      <LoginForm />
    </AuthLayout>
  );
}

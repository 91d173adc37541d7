// A new practice's first page (API.md "Encryption at rest"): choose the practice passphrase, then
// keep the recovery key shown once, before the first account is registered.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthLayout } from '../features/auth/auth-layout';
import { RecoveryKeySheet } from '../features/practice-lock/recovery-key-sheet';
import { SetUpForm } from '../features/practice-lock/set-up-form';
import '../features/practice-lock/practice-lock.css';
import { useDocumentTitle } from '../lib/use-document-title';

export function SetUpPage() {
  const { t } = useTranslation(['auth', 'common']);
  useDocumentTitle(t('common:titles.setUp'));
  const [recoveryKey, setRecoveryKey] = useState<string | null>(null);
  if (recoveryKey) {
    return (
      <AuthLayout heading={t('practiceLock.recoveryKey.heading')} subtitle={t('practiceLock.recoveryKey.subtitle')} footer={t('practiceLock.recoveryKey.footer')}>
        <RecoveryKeySheet recoveryKey={recoveryKey} />
      </AuthLayout>
    );
  }
  return (
    <AuthLayout heading={t('practiceLock.setUp.heading')} subtitle={t('practiceLock.setUp.subtitle')} footer={t('practiceLock.setUp.footer')}>
      <SetUpForm onSetUp={setRecoveryKey} />
    </AuthLayout>
  );
}

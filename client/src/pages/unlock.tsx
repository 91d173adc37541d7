// The page of a locked practice (API.md "Encryption at rest"): its records stay encrypted until the
// practice passphrase, or the recovery key, is given here.
import { useTranslation } from 'react-i18next';
import { AuthLayout } from '../features/auth/auth-layout';
import { UnlockForm } from '../features/practice-lock/unlock-form';
import '../features/practice-lock/practice-lock.css';
import { useDocumentTitle } from '../lib/use-document-title';

export function UnlockPage() {
  const { t } = useTranslation(['auth', 'common']);
  useDocumentTitle(t('common:titles.unlock'));
  return (
    <AuthLayout heading={t('practiceLock.unlock.heading')} subtitle={t('practiceLock.unlock.subtitle')} footer={t('practiceLock.unlock.footer')}>
      <UnlockForm />
    </AuthLayout>
  );
}

// /admin: the practice administrator's page (API.md "Practice administration"): medic accounts to
// approve, disable or enable, the practice's details that prescriptions print, a password reset for
// someone locked out, the emergency accesses, and whether the scheduled backups are running.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { BackupStatusPanel } from '../features/admin/backup-status';
import { EmergencyAccesses } from '../features/admin/emergency-accesses';
import { MedicAccounts } from '../features/admin/medic-accounts';
import { PracticeForm } from '../features/admin/practice-form';
import { ResetPassword } from '../features/admin/reset-password';
import { useSession } from '../features/auth/use-session';
import { useDocumentTitle } from '../lib/use-document-title';
import '../features/admin/admin.css';

export function AdminPage() {
  const { t } = useTranslation(['admin', 'common', 'audit']);
  useDocumentTitle(t('common:titles.admin'));
  const headingId = useId();
  const currentUserId = useSession()?.user.idUser;

  return (
    <section className="admin-page" aria-labelledby={headingId}>
      <div>
        <h1 id={headingId} className="page-title">
          {t('title')}
        </h1>
        <p className="page-subtitle">{t('intro')}</p>
        <p>
          <Link href="/admin/audit">{t('audit:link')}</Link>
        </p>
      </div>
      <MedicAccounts currentUserId={currentUserId} />
      <PracticeForm />
      <ResetPassword />
      <EmergencyAccesses />
      <BackupStatusPanel />
    </section>
  );
}

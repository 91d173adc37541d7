// /dashboard for a patient: their own dashboard, under the signed-in header.
import { useTranslation } from 'react-i18next';
import { useLogout } from '../features/auth/use-logout';
import { useSession } from '../features/auth/use-session';
import { PatientDashboard } from '../features/dashboard/patient-dashboard';
import { useDocumentTitle } from '../lib/use-document-title';

export function PatientHomePage() {
  const { t } = useTranslation('common');
  const user = useSession()?.user;
  const { logout, isPending } = useLogout();
  useDocumentTitle(t('titles.home'));
  if (!user) return null;
  return <PatientDashboard signedIn={user} onLogout={() => void logout()} loggingOut={isPending} />;
}

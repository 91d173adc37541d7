// /dashboard for a patient: their own dashboard, under the signed-in header, with what other
// features add to it (print, FHIR download, vitals trends) composed here.
import { useTranslation } from 'react-i18next';
import { useLogout } from '../features/auth/use-logout';
import { useSession } from '../features/auth/use-session';
import { PatientDashboard } from '../features/dashboard/patient-dashboard';
import { ownFhirExportUrl } from '../features/fhir/fhir-export-urls';
import { FhirDownloadButton } from '../features/fhir/fhir-download-button';
import { PrintLink } from '../features/print/print-link';
import { VitalsTrends } from '../features/vitals-trends/vitals-trends';
import { useDocumentTitle } from '../lib/use-document-title';

export function PatientHomePage() {
  const { t } = useTranslation('common');
  const user = useSession()?.user;
  const { logout, isPending } = useLogout();
  useDocumentTitle(t('titles.home'));
  if (!user) return null;
  return (
    <PatientDashboard
      signedIn={user}
      onLogout={() => void logout()}
      loggingOut={isPending}
      recordActions={
        <>
          <PrintLink href="/dashboard/print" />
          <FhirDownloadButton url={ownFhirExportUrl} labelKey="downloadMine" />
        </>
      }
      vitalsTrends={(vitals) => <VitalsTrends readings={vitals} headingLevel={4} />}
    />
  );
}

// /dashboard for a patient: their own dashboard, under the signed-in header, with what other
// features add to it (print, FHIR download, vitals trends, the older appointments on request)
// composed here.
import { useTranslation } from 'react-i18next';
import { useLogout } from '../features/auth/use-logout';
import { useSession } from '../features/auth/use-session';
import { PatientDashboard } from '../features/dashboard/patient-dashboard';
import { ownFhirExportUrl } from '../features/fhir/fhir-export-urls';
import { FhirDownloadButton } from '../features/fhir/fhir-download-button';
import { PrintLink } from '../features/print/print-link';
import { VitalsTrends } from '../features/vitals-trends/vitals-trends';
import { LoadMore } from '../features/record/load-more';
import { useLongList } from '../features/record/use-long-list';
import { trpc } from '../lib/trpc';
import { useDocumentTitle } from '../lib/use-document-title';

export function PatientHomePage() {
  const { t } = useTranslation('common');
  const user = useSession()?.user;
  const { logout, isPending } = useLogout();
  useDocumentTitle(t('titles.home'));
  // The dashboard's own query (one request, shared): the record carries the newest appointments.
  const me = trpc.patients.me.useQuery(undefined, { enabled: user?.type === 'patient' });
  const self = me.data;
  const history = useLongList('self', 'history', self && { items: self.clinicalHistories, total: self.historyTotal, nextCursor: self.historyNextCursor });
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
      history={{ appointments: [...history.items], more: <LoadMore state={history} /> }}
    />
  );
}

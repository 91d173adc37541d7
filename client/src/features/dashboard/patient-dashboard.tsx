// The patient's own dashboard (SPEC §2 "Patient dashboard"): a short welcome, the appointments still
// ahead (what a patient opens it for, so on the first screen even of a phone), doctors' requests to
// see the record (nothing is granted until the patient answers), their doctors, and their record in
// tabs, whose overview holds the consultations already held. It is read-only: answering requests,
// linking and unlinking doctors are the only actions. SPEC says a failed load renders an empty page;
// a patient is better served by saying so and offering a retry.
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { localDay } from '../../../../shared/dates';
import { SkeletonCard } from '../../components/skeleton-card';
import type { Appointment } from '../../lib/api-types';
import { trpc } from '../../lib/trpc';
import { AccessLog } from './access-log';
import { AllergiesTab } from './allergies-tab';
import { DashboardHeader, type DashboardPerson } from './dashboard-header';
import { LinkRequests } from './link-requests';
import { MedicalHistory } from './medical-history';
import { MedicationsTab } from './medications-tab';
import { MyDoctors } from './my-doctors';
import { MyHealth, type VitalsTrendsSlot } from './my-health';
import { MyInformation } from './my-information';
import { MyPrescriptions } from './my-prescriptions';
import { OverviewCards } from './overview-cards';
import { PastConsultations } from './past-consultations';
import { SecurityBanner } from './security-banner';
import { splitAppointments } from './split-appointments';
import { Tabs } from './tabs';
import { UpcomingAppointments } from './upcoming-appointments';
import './dashboard.css';
import './my-doctors.css';
import './health-lists.css';
import './access-log.css';
import { LoadFailed } from '../../components/load-failed';

type TabId = 'overview' | 'history' | 'allergies' | 'medications' | 'prescriptions' | 'access';

interface PatientDashboardProps {
  /** Shown until the record arrives, and if it cannot be loaded. */
  signedIn: DashboardPerson;
  onLogout: () => void;
  loggingOut: boolean;
  /** What the patient can do with the whole record (print it, download it), below their doctors. */
  recordActions?: ReactNode;
  /** The vital signs as trends, under "My health"; other features draw them, the page composes. */
  vitalsTrends?: VitalsTrendsSlot;
  /**
   * The appointments with the older pages loaded on request (the record carries the newest 50), and
   * what loads the next page, under the Medical History tab; the page composes them from the record feature.
   */
  history?: AppointmentHistorySlot;
}

export interface AppointmentHistorySlot {
  appointments: Appointment[];
  more: ReactNode;
}

export function PatientDashboard({ signedIn, onLogout, loggingOut, recordActions, vitalsTrends, history }: PatientDashboardProps) {
  const { t } = useTranslation('dashboard');
  const [tab, setTab] = useState<TabId>('overview');
  const me = trpc.patients.me.useQuery();
  const self = me.data;
  const appointments = history?.appointments ?? self?.clinicalHistories ?? [];
  // "Today" is the patient's own calendar day.
  const { upcoming, past } = splitAppointments(appointments, localDay(new Date()));

  return (
    <section className="page-section patient-dashboard" aria-labelledby="dashboard-title">
      <DashboardHeader person={self?.patient ?? signedIn} onLogout={onLogout} loggingOut={loggingOut} />
      {me.isPending && (
        <div className="patient-dashboard__loading" aria-busy="true">
          <p role="status" className="visually-hidden">
            {t('common:loading')}
          </p>
          <SkeletonCard />
          <SkeletonCard />
        </div>
      )}
      {me.isError && !self && (
        <LoadFailed message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void me.refetch()} retrying={me.isFetching} retryingLabel={t('retrying')} />
      )}
      {self && (
        <>
          <UpcomingAppointments appointments={upcoming} />
          {self.linkRequests.length > 0 && <LinkRequests requests={self.linkRequests} />}
          <MyDoctors doctors={self.doctors} />
          {recordActions}
          <Tabs
            label={t('tabs.label')}
            selected={tab}
            onSelect={setTab}
            tabs={[
              { id: 'overview', label: t('tabs.overview') },
              { id: 'history', label: t('tabs.history') },
              { id: 'allergies', label: t('tabs.allergies') },
              { id: 'medications', label: t('tabs.medications') },
              { id: 'prescriptions', label: t('tabs.prescriptions') },
              { id: 'access', label: t('tabs.access') },
            ]}
          >
            {tab === 'overview' && (
              <div className="patient-dashboard__overview">
                <OverviewCards self={self} />
                <PastConsultations appointments={past} />
                <SecurityBanner />
                <MyInformation self={self} />
                <MyHealth self={self} vitalsTrends={vitalsTrends} />
              </div>
            )}
            {tab === 'history' && (
              <>
                <MedicalHistory appointments={appointments} />
                {history?.more}
              </>
            )}
            {tab === 'allergies' && <AllergiesTab allergies={self.allergies} />}
            {tab === 'medications' && <MedicationsTab appointments={appointments} />}
            {tab === 'prescriptions' && <MyPrescriptions appointments={appointments} />}
            {tab === 'access' && <AccessLog />}
          </Tabs>
        </>
      )}
    </section>
  );
}

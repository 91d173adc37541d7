// "My appointments" (SPEC §2, issue 21 item 5): the appointments still to come first, then the
// consultations already held with their diagnoses. "Today" is the patient's own calendar day.
import { useTranslation } from 'react-i18next';
import { localDay } from '../../../../shared/dates';
import { PastConsultations } from './past-consultations';
import { splitAppointments } from './split-appointments';
import { UpcomingAppointments } from './upcoming-appointments';
import type { Appointment } from '../../lib/api-types';

export function MyAppointments({ appointments }: { appointments: Appointment[] }) {
  const { t } = useTranslation('dashboard');
  const { upcoming, past } = splitAppointments(appointments, localDay(new Date()));
  return (
    <section className="dashboard-section card" aria-labelledby="my-appointments-title">
      <h2 id="my-appointments-title" className="dashboard-section__title">
        {t('appointments.title')}
      </h2>
      <UpcomingAppointments appointments={upcoming} />
      <PastConsultations appointments={past} />
    </section>
  );
}

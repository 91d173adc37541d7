// One of the patient's lists of appointments, a section of the dashboard of its own: its heading,
// then its appointments (each its summary and whatever the list adds after it) or a line saying
// there are none.
import type { ReactNode } from 'react';
import { AppointmentSummary } from './appointment-summary';
import type { Appointment } from '../../lib/api-types';
import { CardSection } from '../../components/card-section';

interface AppointmentsPartProps {
  title: string;
  /** The heading's id, by which the page's journeys find the section. */
  titleId: string;
  empty: string;
  appointments: Appointment[];
  /** What an appointment's entry shows after its summary. */
  renderExtra?: (appointment: Appointment) => ReactNode;
}

export function AppointmentsPart({ title, titleId, empty, appointments, renderExtra }: AppointmentsPartProps) {
  return (
    <CardSection title={title} titleId={titleId}>
      {appointments.length === 0 ? (
        <p className="dashboard-section__empty">{empty}</p>
      ) : (
        <ul className="bordered-list item-list" aria-label={title}>
          {appointments.map((appointment) => (
            <li key={appointment.idHistory} className="item-list__item appointment-item">
              <AppointmentSummary appointment={appointment} />
              {renderExtra?.(appointment)}
            </li>
          ))}
        </ul>
      )}
    </CardSection>
  );
}

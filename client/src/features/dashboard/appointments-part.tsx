// One part of "My appointments": its heading, then its appointments (each its summary and whatever
// the part adds after it) or a line saying there are none.
import type { ReactNode } from 'react';
import { AppointmentSummary } from './appointment-summary';
import type { Appointment } from '../../lib/api-types';

interface AppointmentsPartProps {
  /** The heading's id, unique on the page. */
  titleId: string;
  title: string;
  empty: string;
  appointments: Appointment[];
  /** What an appointment's entry shows after its summary. */
  renderExtra?: (appointment: Appointment) => ReactNode;
}

export function AppointmentsPart({ titleId, title, empty, appointments, renderExtra }: AppointmentsPartProps) {
  return (
    <section className="appointments-part" aria-labelledby={titleId}>
      <h3 id={titleId} className="appointments-part__title">
        {title}
      </h3>
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
    </section>
  );
}

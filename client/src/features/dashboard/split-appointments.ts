// Which of the patient's appointments are still ahead of them and which are consultations already
// held. Days are the patient's own calendar days; an appointment's day and start
// are practice-local text ("2025-03-04", "09:30"), so they compare and sort as strings.
import type { Appointment } from '../../lib/api-types';

export interface SplitAppointments {
  /** Today's not yet closed and every later one, soonest first. */
  upcoming: Appointment[];
  /** Every earlier day's, closed or not, and today's closed ones, most recent first. */
  past: Appointment[];
}

const dayOf = (appointment: Appointment) => appointment.date.slice(0, 10);

/** Soonest first; the same day and start fall back to the order they were booked in. */
const chronological = (a: Appointment, b: Appointment) =>
  dayOf(a).localeCompare(dayOf(b)) || a.start.localeCompare(b.start) || a.idHistory - b.idHistory;

/**
 * A closed appointment today has been held, so it is a past consultation; one on an earlier day is
 * one too even when the doctor never closed it, since the patient cannot go to it any more.
 */
export function splitAppointments(appointments: readonly Appointment[], today: string): SplitAppointments {
  const isUpcoming = (appointment: Appointment) => dayOf(appointment) > today || (dayOf(appointment) === today && !appointment.closed);
  const sorted = [...appointments].sort(chronological);
  return {
    upcoming: sorted.filter(isUpcoming),
    past: sorted.filter((appointment) => !isUpcoming(appointment)).reverse(),
  };
}

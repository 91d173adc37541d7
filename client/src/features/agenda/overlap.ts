// Which of a day's appointments a new or moved one would overlap. Only a warning: a medic may
// double-book on purpose (a quick check between two visits), so nothing here blocks a save.
import type { AgendaItem } from '../../../../shared/agenda';

/**
 * An appointment booked without an end (the record's own form sets none) still takes the medic's
 * time: it counts as a usual visit of this length.
 */
export const UNTIMED_VISIT_MINUTES = 30;

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

export interface Slot {
  /** YYYY-MM-DD */
  date: string;
  /** HH:mm */
  start: string;
  end: string;
  /** The appointment being moved, which cannot overlap itself. */
  idHistory?: number;
}

/** The appointments of `slot`'s day that share any minute with it, in the order given. */
export function overlapping(appointments: AgendaItem[], slot: Slot): AgendaItem[] {
  const start = minutesOf(slot.start);
  const end = minutesOf(slot.end);
  if (!(end > start)) return [];
  return appointments.filter((other) => {
    if (other.idHistory === slot.idHistory || other.date.slice(0, 10) !== slot.date) return false;
    const otherStart = minutesOf(other.start);
    const otherEnd = other.end ? minutesOf(other.end) : otherStart + UNTIMED_VISIT_MINUTES;
    return otherStart < end && start < otherEnd;
  });
}

// The appointments of the chosen day that the chosen times overlap, for the booking and the move
// dialogs' warning; the appointment being moved is left out of its own overlaps.
import type { AgendaItem } from '../../../../shared/agenda';
import { overlapping } from './overlap';
import { useDayAppointments, type ShownAgenda } from './use-day-appointments';

export function useSlotOverlaps(slot: { date: string; start: string; end: string }, shown: ShownAgenda, idHistory?: number): AgendaItem[] {
  const sameDay = useDayAppointments(slot.date, shown);
  if (!slot.start || !slot.end) return [];
  return overlapping(sameDay, idHistory === undefined ? slot : { ...slot, idHistory });
}

// The agenda's calendar: which days a view shows, and stepping a view back and forth. Days are
// YYYY-MM-DD strings throughout, as the server sends and takes them.
import { addDays, weekdayIndex } from '../../../../shared/agenda';

export type AgendaView = 'day' | 'week';

export interface DayRange {
  from: string;
  to: string;
}

/** The days a view shows around `day`: that day, or its week from Monday to Sunday. */
export function rangeOf(view: AgendaView, day: string): DayRange {
  if (view === 'day') return { from: day, to: day };
  const monday = addDays(day, -weekdayIndex(day));
  return { from: monday, to: addDays(monday, 6) };
}

/** The day one step (`direction` 1) or one step back (-1) from `day`, a step being the view's length. */
export const stepFrom = (view: AgendaView, day: string, direction: 1 | -1) => addDays(day, direction * (view === 'day' ? 1 : 7));

/** Every day of the range, in order. */
export function daysOf({ from, to }: DayRange): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

export const isWithin = (day: string, { from, to }: DayRange) => day >= from && day <= to;

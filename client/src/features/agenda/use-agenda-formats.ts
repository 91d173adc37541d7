// How the agenda writes its dates and times in the active language, with Intl's own ranges:
// "22–28 de junio de 2026" / "June 22 – 28, 2026", "9:00–9:30" / "9:00 – 9:30 AM".
import { useMemo } from 'react';
import type { AgendaItem } from '../../../../shared/agenda';
import { parseServerDate, useFormatters } from '../../lib/use-formatters';
import type { DayRange } from './agenda-dates';

const clockOf = (time: string) => new Date(2000, 0, 1, Number(time.slice(0, 2)), Number(time.slice(3, 5)));

export function useAgendaFormats() {
  const format = useFormatters();
  return useMemo(() => {
    const days = new Intl.DateTimeFormat(format.language, { day: 'numeric', month: 'long', year: 'numeric' });
    const clock = new Intl.DateTimeFormat(format.language, { timeStyle: 'short' });
    return {
      /** A day with its weekday. */
      day: (day: string) => format.fullDay(day),
      /** The days a view shows: one day in full, or a week as one range. */
      range: ({ from, to }: DayRange) => (from === to ? format.fullDay(from) : days.formatRange(parseServerDate(from)!, parseServerDate(to)!)),
      /** When an appointment runs: its start and end, or its start alone when it has no end. */
      slot: (item: Pick<AgendaItem, 'start' | 'end'>) =>
        item.end ? clock.formatRange(clockOf(item.start), clockOf(item.end)) : clock.format(clockOf(item.start)),
      /** A time of day alone. */
      time: (time: string) => format.time(time),
      /** A day and time, for a confirmation: "lunes, 22 de junio de 2026, 9:00". */
      when: (item: Pick<AgendaItem, 'date' | 'start'>) => `${format.fullDay(item.date)}, ${format.time(item.start)}`,
    };
  }, [format]);
}

export type AgendaFormats = ReturnType<typeof useAgendaFormats>;

// The appointments of one day, for the overlap warning of a booking or a move: taken from what the
// agenda already shows when the day is on screen, otherwise read for that day alone (and kept, so
// going back and forth between two days asks once for each).
import type { AgendaItem } from '../../../../shared/agenda';
import { calendarDateSchema } from '../../../../shared/fields';
import { trpc } from '../../lib/trpc';
import { isWithin, type DayRange } from './agenda-dates';

export interface ShownAgenda {
  range: DayRange;
  appointments: AgendaItem[] | undefined;
}

export function useDayAppointments(day: string, shown: ShownAgenda): AgendaItem[] {
  const valid = calendarDateSchema.safeParse(day).success;
  const onScreen = valid && isWithin(day, shown.range) && shown.appointments !== undefined;
  const read = trpc.medics.agenda.useQuery({ from: day, to: day }, { enabled: valid && !onScreen });
  if (!valid) return [];
  const source = onScreen ? shown.appointments! : (read.data?.appointments ?? []);
  return source.filter((item) => item.date.startsWith(day));
}

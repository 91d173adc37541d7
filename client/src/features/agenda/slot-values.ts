// The form rules of booking and moving: a day that has not passed, a start and an end after it,
// and for a booking a reason. The server has the same rules (and the last word); checking here
// says so next to the field before anything is sent.
import { z } from 'zod';
import { calendarDateSchema, timeOfDaySchema } from '../../../../shared/fields';
import { appointmentFields, endsAfterStart } from '../../../../shared/record';

const slotShape = (today: string) => ({
  // YYYY-MM-DD compares as text.
  date: calendarDateSchema.refine((day) => day >= today, 'validation.appointmentInPast'),
  start: timeOfDaySchema,
  end: timeOfDaySchema,
});

const endsInTime = (slot: { start: string; end: string }) => endsAfterStart(slot.start, slot.end);
const endAfterStart = {
  path: ['end'],
  message: 'validation.endBeforeStart',
  // Compared as soon as both times are valid, even while another field (the reason) is not.
  when: ({ issues }: { issues: { path?: PropertyKey[] }[] }) => !issues.some((issue) => issue.path?.[0] === 'start' || issue.path?.[0] === 'end'),
};

export const moveSchema = (today: string) => z.object(slotShape(today)).refine(endsInTime, endAfterStart);
export type MoveValues = z.input<ReturnType<typeof moveSchema>>;

// An intersection, not one object: a missing reason stops the checks of its own object, and the
// times should still be compared meanwhile.
export const bookingSchema = (today: string) => moveSchema(today).and(z.object({ motive: appointmentFields.shape.motive }));
export type BookingValues = z.input<ReturnType<typeof bookingSchema>>;

/** The moment the server takes for a day and a time of day. */
export const momentOf = (date: string, time: string) => `${date}T${time}`;

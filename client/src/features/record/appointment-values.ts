// Appointment form values and rules: medications and diagnosis ids are typed as one text, split
// on commas or new lines; only an appointment of today may be edited or deleted (SPEC §4).
import { z } from 'zod';
import { localDay } from '../../../../shared/dates';
import { appointmentFields, appointmentUpdateFields, type ClinicalHistory } from '../../../../shared/record';

export function splitList(text: string): string[] {
  return text
    .split(/[,\n]/)
    .map((part) => part.trim())
    .filter(Boolean);
}

export const isTodays = (appointment: Pick<ClinicalHistory, 'date'>, now = new Date()) => localDay(now) === appointment.date.slice(0, 10);

const listOf = (schema: typeof appointmentUpdateFields.shape.medications) => z.string().transform(splitList).pipe(schema.unwrap());

/** The form's view of appointmentFields: the lists as text. */
export const appointmentFormSchema = z.object({
  date: appointmentFields.shape.date,
  motive: appointmentFields.shape.motive,
  notes: appointmentFields.shape.notes,
  medications: listOf(appointmentUpdateFields.shape.medications),
  diagnosisIds: listOf(appointmentUpdateFields.shape.diagnosisIds),
});

export type AppointmentFormValues = z.input<typeof appointmentFormSchema>;
export type AppointmentInput = z.output<typeof appointmentFormSchema>;

const pad = (n: number) => String(n).padStart(2, '0');
/** Now as a datetime-local value, to start a new appointment from. */
export const nowMoment = (now = new Date()) => `${localDay(now)}T${pad(now.getHours())}:${pad(now.getMinutes())}`;

export function appointmentFormValues(appointment: ClinicalHistory | null): AppointmentFormValues {
  return {
    date: appointment ? appointment.date.slice(0, 16) : nowMoment(),
    motive: appointment?.motive ?? '',
    notes: appointment?.notes ?? '',
    medications: appointment?.medications.join('\n') ?? '',
    diagnosisIds: appointment?.diagnosisIds.join(', ') ?? '',
  };
}

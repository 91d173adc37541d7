// Appointment form values and rules: medications are typed as one text, split on commas or new
// lines; diagnoses are picked from the catalog (diagnosis-combobox.tsx) and sent as their codes; the
// consultation note's four texts are the shared schema's own fields. Only an appointment of today
// may be edited or deleted (SPEC §4).
import { z } from 'zod';
import { DIAGNOSES_MAX } from '../../../../shared/catalog';
import { localDay } from '../../../../shared/dates';
import { appointmentFields, appointmentUpdateFields, type ClinicalHistory } from '../../../../shared/record';

export function splitList(text: string): string[] {
  return text
    .split(/[,\n]/)
    .map((part) => part.trim())
    .filter(Boolean);
}

/** Today's and later appointments may still be edited, moved or cancelled (API.md: today or later). */
export const isEditable = (appointment: Pick<ClinicalHistory, 'date'>, now = new Date()) => appointment.date.slice(0, 10) >= localDay(now);

const listOf = (schema: typeof appointmentUpdateFields.shape.medications) => z.string().transform(splitList).pipe(schema.unwrap());

/** The form's view of appointmentFields: medications as text, diagnoses as the picked {code, name}. */
export const appointmentFormSchema = z.object({
  date: appointmentFields.shape.date,
  motive: appointmentFields.shape.motive,
  subjective: appointmentFields.shape.subjective,
  exploration: appointmentFields.shape.exploration,
  diagnoses: z
    .array(z.object({ code: z.string(), name: z.string() }))
    .max(DIAGNOSES_MAX, 'validation.tooMany')
    .transform((diagnoses) => diagnoses.map((diagnosis) => diagnosis.code)),
  plan: appointmentFields.shape.plan,
  prognosis: appointmentFields.shape.prognosis,
  notes: appointmentFields.shape.notes,
  medications: listOf(appointmentUpdateFields.shape.medications),
});

export type AppointmentFormValues = z.input<typeof appointmentFormSchema>;
/** What the form sends; without `diagnoses` when an edit left them as they were (see withoutUnchangedDiagnoses). */
export type AppointmentInput = Omit<z.output<typeof appointmentFormSchema>, 'diagnoses'> & { diagnoses?: string[] };

const pad = (n: number) => String(n).padStart(2, '0');
/** Now as a datetime-local value, to start a new appointment from. */
export const nowMoment = (now = new Date()) => `${localDay(now)}T${pad(now.getHours())}:${pad(now.getMinutes())}`;

export function appointmentFormValues(appointment: ClinicalHistory | null): AppointmentFormValues {
  return {
    date: appointment ? appointment.date.slice(0, 16) : nowMoment(),
    motive: appointment?.motive ?? '',
    subjective: appointment?.subjective ?? '',
    exploration: appointment?.exploration ?? '',
    diagnoses: appointment?.diagnoses ?? [],
    plan: appointment?.plan ?? '',
    prognosis: appointment?.prognosis ?? '',
    notes: appointment?.notes ?? '',
    medications: appointment?.medications.join('\n') ?? '',
  };
}

/**
 * An edit sends the diagnoses only when the doctor changed them: one written before the catalog (a
 * free text the server keeps but would refuse as a new code) must not block saving the rest.
 */
export function withoutUnchangedDiagnoses(values: z.output<typeof appointmentFormSchema>, appointment: ClinicalHistory | null): AppointmentInput {
  if (!appointment) return values;
  const { diagnoses, ...rest } = values;
  const before = appointment.diagnoses.map((diagnosis) => diagnosis.code);
  return diagnoses.length === before.length && diagnoses.every((code, index) => code === before[index]) ? rest : values;
}

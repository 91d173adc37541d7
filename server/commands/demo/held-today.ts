// The demo's day so far: today's consultations already held (note, vital signs, receta; one issued
// twice and voided) and the addenda written today on past visits.
import type { Prescription } from '../../../shared/prescriptions';
import type { ApiClient } from './api-client';
import type { DemoCalendar } from './calendar';
import type { DiagnosisCodes } from './diagnosis-codes';
import { prescriptionItemOf } from './prescription-items';
import type { Random } from './random';
import type { RecordPlan } from './record-plan';
import type { SeededPatient, WrittenAppointment } from './seeded';
import { todaysConsultation } from './todays-consultations';

/** Today's earliest consultations each medic has held, with their note and receta. */
const HELD_TODAY_PER_MEDIC = 3;

/** One of today's appointments, booked or the featured patient's, and whose it is. */
export interface TodaysAppointment extends WrittenAppointment {
  patient: SeededPatient;
  motive: string;
  featured: boolean;
}

export interface HeldToday {
  held: number;
  issued: Prescription[];
  voided: number;
}

/**
 * Today's consultations already held: each medic's earliest appointments whose motive the record
 * answers with a treatment (todays-consultations.ts), and the featured patient's, get the day's vital
 * signs, their whole note and a receta whose items say what the note's medications say. The booked
 * ones are closed; the featured one stays open, for whoever tries the demo to go on with. One receta
 * is issued twice by mistake and the first voided, so the demo shows a voided one beside its
 * replacement.
 */
export async function holdTodaysConsultations(
  random: Random,
  calendar: DemoCalendar,
  medics: ApiClient[],
  codes: DiagnosisCodes,
  appointments: readonly TodaysAppointment[],
  plans: ReadonlyMap<SeededPatient, RecordPlan>,
): Promise<HeldToday> {
  const result: HeldToday = { held: 0, issued: [], voided: 0 };
  const heldBy = new Map<number, number>();
  const ordered = [...appointments].sort((a, b) => a.date.localeCompare(b.date) || a.medic - b.medic);
  for (const appointment of ordered) {
    const held = heldBy.get(appointment.medic) ?? 0;
    if (held >= HELD_TODAY_PER_MEDIC && !appointment.featured) continue;
    const consultation = todaysConsultation(random, calendar, appointment.motive, appointment.patient.profile, plans.get(appointment.patient)!);
    if (!consultation) continue;
    const doctor = medics[appointment.medic]!;
    const { vitals, ...note } = consultation;
    await doctor.call('POST', `/api/patients/${appointment.patient.idPatient}/vitals`, vitals);
    await doctor.call('PATCH', `/api/clinical-history/${appointment.idHistory}`, { ...note, diagnosisIds: await codes.known(note.diagnosisIds) });
    const prescribe = () =>
      doctor.call<Prescription>('POST', `/api/clinical-history/${appointment.idHistory}/prescriptions`, { items: note.medications.map(prescriptionItemOf) });
    let prescription = await prescribe();
    if (result.issued.length === 0) {
      const replacement = await prescribe();
      await doctor.call('POST', `/api/prescriptions/${prescription.idPrescription}/void`, { reason: `Emitida por duplicado; la receta válida es la ${replacement.number}.` }, 200);
      result.issued.push(prescription);
      result.voided += 1;
      prescription = replacement;
    }
    result.issued.push(prescription);
    if (!appointment.featured) await doctor.call('PATCH', `/api/clinical-history/${appointment.idHistory}`, { closed: true });
    heldBy.set(appointment.medic, held + 1);
    result.held += 1;
  }
  return result;
}

const dayMonthYear = (day: string) => day.split('-').reverse().join('/');

/**
 * Addenda, dated today, on two past visits: on the featured patient's visit that asked for their
 * latest lab tests, the results that came in after it; on another patient's latest visit, with the
 * other medic, a follow-up call. Written by whoever held the visit.
 */
export async function writeAddenda(medics: ApiClient[], featured: { plan: RecordPlan; visits: readonly WrittenAppointment[] }, followUp: WrittenAppointment | undefined): Promise<number> {
  let written = 0;
  const labDay = featured.plan.labs.map((lab) => lab.date).sort().at(-1);
  const askedFor = labDay && featured.visits.filter((visit) => visit.date.slice(0, 10) <= labDay).at(-1);
  if (labDay && askedFor) {
    const results = featured.plan.labs.filter((lab) => lab.date === labDay).map((lab) => `${lab.testName} ${lab.value} ${lab.unit} (ref. ${lab.referenceRange})`);
    const text = `Llega el informe de la analítica del ${dayMonthYear(labDay)}: ${results.join('; ')}. Resultados comentados por teléfono; sin cambios en el tratamiento.`;
    await medics[askedFor.medic]!.call('POST', `/api/clinical-history/${askedFor.idHistory}/addenda`, { text });
    written += 1;
  }
  if (followUp) {
    const text = 'Llamada telefónica de seguimiento: se encuentra mejor y tolera bien el tratamiento. Se mantiene la pauta indicada en la consulta.';
    await medics[followUp.medic]!.call('POST', `/api/clinical-history/${followUp.idHistory}/addenda`, { text });
    written += 1;
  }
  return written;
}

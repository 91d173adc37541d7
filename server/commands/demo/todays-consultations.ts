// The consultations each medic has already held today: a booked appointment whose motive the
// patient's own record explains (a control of one of their conditions, a renewal of their
// treatment, or one of the acute illnesses in episodes.ts) gets its whole note, the day's vital
// signs and, since prescriptions are issued on their appointment's day only, its receta.
import type { DemoCalendar } from './calendar';
import { vitalSignsLine, type DayVitals, type NoteTexts } from './consultation-note';
import { EPISODES, episodeNote, isChild, noNsaid, type EpisodeContext } from './episodes';
import type { DemoPatient } from './people';
import type { Random } from './random';
import type { RecordPlan } from './record-plan';

/** A receta carries one to three medicines here: what a family practice's visit usually ends with. */
const ITEMS_MAX = 3;

/** The booked motives (booked-week.ts) an acute illness in episodes.ts answers, by its CIE-10 code. */
const ACUTE_MOTIVES: Record<string, string> = {
  'Dolor de garganta': 'J03.9',
  'Tos de una semana': 'J20.9',
  'Dolor lumbar': 'M54.5',
  'Fiebre desde ayer': 'J06.9',
  'Tos y mocos': 'J06.9',
  'Dolor de oído': 'H66.9',
  'Dolor de tripa': 'A09',
};

/** What a booked complaint with no episode of its own turns out to be today, with its note and treatment. */
interface Complaint extends Omit<NoteTexts, 'exploration'> {
  notes: string;
  findings: string;
  icd10: string;
  treatment: (context: EpisodeContext) => string[];
}

const COMPLAINTS: Record<string, Complaint> = {
  'Dolor de hombro': {
    notes: 'Tendinopatía del manguito rotador derecho. Sin signos de rotura.',
    subjective: 'Dolor en el hombro derecho de tres semanas, peor por la noche y al peinarse. Sin traumatismo previo.',
    findings: 'Arco doloroso entre 60 y 120 grados. Jobe doloroso sin pérdida de fuerza. Rotaciones conservadas.',
    plan: 'Evitar elevar el brazo por encima del hombro. Hielo local y ejercicios pendulares. Revisión en cuatro semanas; ecografía si no mejora.',
    prognosis: 'Bueno; mejoría esperada en 4 a 6 semanas.',
    icd10: 'M75.1',
    treatment: (context) => [noNsaid(context) ? 'Paracetamol 1 g, vía oral, cada 8 h durante 10 días' : 'Ibuprofeno 600 mg, vía oral, cada 8 h con comida durante 10 días'],
  },
  'Cefalea frecuente': {
    notes: 'Cefalea tensional episódica. Exploración neurológica normal.',
    subjective: 'Dolor de cabeza opresivo en ambas sienes, por las tardes, dos o tres días por semana desde hace un mes. Relaciona con estrés laboral. Sin náuseas ni fotofobia.',
    findings: 'Exploración neurológica normal. Contractura de trapecios. Fondo de ojo normal.',
    plan: 'Higiene del sueño, pausas activas y ejercicio regular. Diario de cefaleas. No tomar analgésicos más de diez días al mes. Volver si cambia el dolor o aparecen síntomas neurológicos.',
    prognosis: 'Bueno.',
    icd10: 'G44.2',
    treatment: () => ['Paracetamol 1 g, vía oral, cada 8 h si dolor'],
  },
  Mareos: {
    notes: 'Vértigo posicional paroxístico benigno. Maniobra de Epley realizada.',
    subjective: 'Sensación de que todo gira al tumbarse y al girarse en la cama, de segundos de duración, desde hace cuatro días. Sin hipoacusia ni acúfenos.',
    findings: 'Dix-Hallpike derecho positivo con nistagmo rotatorio agotable. Exploración neurológica normal. Se realiza maniobra de Epley.',
    plan: 'Dormir con la cabecera elevada dos noches. Levantarse despacio. Revisión en una semana para repetir la maniobra si persiste.',
    prognosis: 'Bueno; suele resolverse en días.',
    icd10: 'H81.1',
    treatment: () => ['Dimenhidrinato 50 mg, vía oral, cada 8 h si mareo durante 3 días'],
  },
  'Erupción en la piel': {
    notes: 'Urticaria aguda sin afectación de mucosas.',
    subjective: 'Ronchas que pican en tronco y brazos desde ayer, que aparecen y desaparecen. Catarro la semana pasada. Sin alimentos ni medicamentos nuevos.',
    findings: 'Habones eritematosos evanescentes en tronco y extremidades. Sin angioedema. Auscultación normal.',
    plan: 'Evitar el calor y la ropa ajustada. Volver de inmediato si hinchazón de labios o dificultad para respirar.',
    prognosis: 'Bueno; autolimitada en días.',
    icd10: 'L50.9',
    treatment: (context) => [
      isChild(context)
        ? `Cetirizina 1 mg/mL solución oral, ${context.years < 6 ? '2,5 mg (2,5 mL)' : '5 mg (5 mL)'}, vía oral, cada 12 h durante 7 días`
        : 'Cetirizina 10 mg, vía oral, cada 24 h durante 7 días',
    ],
  },
};

export interface TodaysConsultation extends NoteTexts {
  notes: string;
  /** What the receta carries, item by item (prescription-items.ts reads each one). */
  medications: string[];
  diagnosisIds: string[];
  vitals: DayVitals & { date: string };
}

/** Today's figures, near the patient's latest ones; a feverish illness brings its fever. */
function todaysVitals(random: Random, calendar: DemoCalendar, plan: RecordPlan, fever: boolean): (DayVitals & { date: string }) | null {
  const latest = plan.vitals.at(-1);
  if (!latest) return null;
  return {
    date: calendar.today,
    systolic: latest.systolic === null ? null : latest.systolic + random.int(-5, 5),
    diastolic: latest.diastolic === null ? null : latest.diastolic + random.int(-3, 3),
    heartRate: latest.heartRate + random.int(-4, 4) + (fever ? 16 : 0),
    temperature: fever ? random.real(38.1, 38.9) : random.real(36.2, 36.8),
    oxygenSaturation: Math.min(100, latest.oxygenSaturation + random.int(-1, 1)),
    respiratoryRate: latest.respiratoryRate + (fever ? 4 : 0),
    weight: latest.weight,
  };
}

/** The note and prescription of a booked `motive` today, or null when nothing in the record answers it with a treatment. */
export function todaysConsultation(random: Random, calendar: DemoCalendar, motive: string, patient: DemoPatient, plan: RecordPlan): TodaysConsultation | null {
  const control = plan.controls.find((candidate) => candidate.motive === motive);
  // A renewal, or lab results talked over with a patient on treatment, ends with the treatment renewed.
  const renewal = motive === 'Renovación de tratamiento crónico' || motive === 'Resultados de analítica' ? plan.controls[0] : undefined;
  const complaint = COMPLAINTS[motive];
  const code = ACUTE_MOTIVES[motive];
  const context: EpisodeContext = { allergies: new Set(plan.allergies.map((allergy) => allergy.allergyName)), years: patient.age, weight: patient.weight, sex: patient.sex };
  const episode = code ? EPISODES.find((candidate) => candidate.icd10 === code && candidate.fits(context)) : undefined;

  let note: Omit<TodaysConsultation, 'vitals' | 'exploration'> & { findings: string; fever: boolean };
  if (control) {
    const { motive: _motive, ...texts } = control;
    note = { ...texts, fever: false };
  } else if (renewal) {
    const results = motive === 'Resultados de analítica';
    note = {
      diagnosisIds: renewal.diagnosisIds,
      findings: renewal.findings,
      prognosis: renewal.prognosis,
      notes: results ? 'Se revisan los resultados de la analítica: en objetivo. Se renueva el tratamiento.' : 'Renovación de la medicación crónica. Buena adherencia y tolerancia.',
      subjective: results
        ? 'Acude a recoger los resultados de la analítica de control. Se encuentra bien y toma su tratamiento a diario.'
        : 'Acude para renovar su tratamiento habitual. Lo toma a diario sin efectos adversos.',
      plan: `${results ? 'Resultados comentados con el paciente. ' : ''}Se renueva el tratamiento crónico para un mes. ${renewal.plan}`,
      medications: plan.chronicMedications,
      fever: false,
    };
  } else if (episode) {
    note = { ...episodeNote(episode, context), fever: episode.fever };
  } else if (complaint) {
    const { icd10, treatment, ...texts } = complaint;
    note = { ...texts, medications: treatment(context), diagnosisIds: [icd10], fever: false };
  } else {
    return null;
  }
  const { findings, fever, medications, ...texts } = note;
  if (medications.length === 0) return null;
  const vitals = todaysVitals(random, calendar, plan, fever);
  if (!vitals) return null;
  return { ...texts, medications: medications.slice(0, ITEMS_MAX), exploration: `${vitalSignsLine(vitals)} ${findings}`, vitals };
}

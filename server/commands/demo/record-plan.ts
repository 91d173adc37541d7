// One patient's two years of care (or their life, for a child younger than that), planned before
// anything is sent: conditions and allergies, vitals with the trend their treatment explains and
// a child's growth, the lab tests that follow each condition, vaccines by age, and the visits —
// each with its whole note and what was prescribed — that tie them together.
import { clockTime, type DemoCalendar } from './calendar';
import { ALLERGIES, CHRONIC_CONDITIONS, RESOLVED_EPISODES, type ChronicCondition, type ConditionKey } from './conditions';
import { vitalSignsLine, type DayVitals, type NoteTexts } from './consultation-note';
import { EPISODES, episodeNote, type EpisodeContext } from './episodes';
import { planFamilyHistory, type PlannedFamilyHistory } from './family-history';
import { ADULT_AGE, childVitalRanges, medianWeight } from './growth';
import type { DemoPatient } from './people';
import type { Random } from './random';
import { planVaccines, type PlannedVaccine } from './vaccines';
import { CHECK_UP_MONTHS, WELL_CHILD_CODE, checkUpNote } from './well-child';

const DAYS_OF_CARE = 730;
const DAYS_PER_YEAR = 365.25;
const DAYS_PER_MONTH = DAYS_PER_YEAR / 12;

export interface PlannedVisit extends NoteTexts {
  date: string;
  end: string | null;
  motive: string;
  notes: string;
  medications: string[];
  diagnosisIds: string[];
}

/** A control visit's note for one chronic condition, before the day's vital signs are known. */
export interface PlannedControl extends Omit<NoteTexts, 'exploration'> {
  motive: string;
  notes: string;
  /** The examination's findings; the day's vital signs are written before them. */
  findings: string;
  medications: string[];
  diagnosisIds: string[];
}

export interface RecordPlan {
  conditions: { condition: string; diagnosisDate: string; status: 'Active' | 'Resolved' | 'Chronic'; notes: string }[];
  allergies: { allergyName: string; severity: 'Mild' | 'Moderate' | 'Severe'; type: string; reaction: string }[];
  vitals: (DayVitals & { date: string })[];
  labs: { testName: string; value: string; unit: string; referenceRange: string; date: string; comment: string | null }[];
  vaccines: PlannedVaccine[];
  familyHistory: PlannedFamilyHistory[];
  /** Past visits, newest last; each is closed once written. */
  visits: PlannedVisit[];
  lifestyle: {
    alcohol: { frequency: string; quantity: string; type: string } | null;
    tobacco: { frequency: string; quantity: string; yearsUsing: string } | null;
    drugs: null;
    physicalActivity: { frequency: string; type: string; duration: string } | null;
  };
  /** A control note for each chronic condition, main one first, should the patient come today for one (todays-consultations.ts). */
  controls: PlannedControl[];
  /** Every chronic treatment the patient takes today, for a renewal. */
  chronicMedications: string[];
  /** What today's visit is about, should the patient have one. */
  todaysVisit: Omit<PlannedVisit, 'date' | 'end' | keyof NoteTexts>;
  /** What brings this patient back in the coming days, for the booked agenda. */
  followUpMotives: string[];
}

/** Spanish decimals: a comma. */
const decimal = (value: number, digits: number) => value.toFixed(digits).replace('.', ',');
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** A morning or afternoon slot on the quarter hour, in minutes after midnight. */
const visitTime = (random: Random) => (random.chance(0.7) ? random.int(34, 55) : random.int(64, 75)) * 15;

/** The patient as the plan sees them: how long they have lived and been cared for, and their age on any day. */
interface Lifetime {
  /** Days from birth to today. */
  lifeDays: number;
  /** Days of care before today: two years, or since a fortnight after birth. */
  careDays: number;
  /** Age in years `ago` days before today. */
  yearsAt(ago: number): number;
}

function lifetimeOf(calendar: DemoCalendar, patient: DemoPatient): Lifetime {
  const lifeDays = calendar.daysSince(patient.birthDate);
  return { lifeDays, careDays: Math.min(DAYS_OF_CARE, lifeDays - 15), yearsAt: (ago) => (lifeDays - ago) / DAYS_PER_YEAR };
}

function chooseConditions(random: Random, patient: DemoPatient): ChronicCondition[] {
  return CHRONIC_CONDITIONS.filter((condition) => random.chance(condition.likelihood(patient))).slice(0, 4);
}

/** Blood pressure at `day` days into the two years: treated hypertension comes down over the first months. */
function adultBloodPressure(random: Random, patient: DemoPatient, keys: Set<ConditionKey>, newlyHypertensive: boolean, day: number) {
  const ageEffect = Math.max(0, patient.age - 40) * 0.35;
  let systolic = 112 + ageEffect;
  let diastolic = 72 + ageEffect * 0.3;
  if (keys.has('hypertension')) {
    const untreatedExcess = newlyHypertensive ? 26 * Math.exp(-day / 90) : 0;
    systolic = 133 + untreatedExcess;
    diastolic = 83 + untreatedExcess * 0.45;
  }
  return {
    systolic: Math.round(clamp(systolic + random.int(-6, 6), 90, 200)),
    diastolic: Math.round(clamp(diastolic + random.int(-4, 4), 55, 120)),
  };
}

/**
 * Vital signs on every visit's day, and for an adult with hypertension or diabetes every two weeks
 * (every month otherwise) at the practice or the pharmacy. A child's weight follows their growth
 * curve back in time; an adult's drifts toward today's.
 */
function planVitals(random: Random, calendar: DemoCalendar, patient: DemoPatient, life: Lifetime, keys: Set<ConditionKey>, newlyHypertensive: boolean, visitDays: Set<number>, feverDays: Set<number>) {
  const child = patient.age < ADULT_AGE;
  const lungs = keys.has('copd') ? [91, 94] : keys.has('asthma') ? [95, 98] : [96, 99];
  const weightTwoYearsAgo = patient.weight + (keys.has('diabetes') ? random.real(2, 5) : random.real(-2, 2));
  const days = new Set<number>([...visitDays, ...feverDays]);
  if (!child) {
    const step = keys.has('hypertension') || keys.has('diabetes') ? 14 : 30;
    for (let ago = life.careDays - random.int(0, step - 1); ago > 0; ago -= step) days.add(ago);
  }
  const vitals = new Map<number, RecordPlan['vitals'][number]>();
  for (const ago of [...days].sort((a, b) => b - a)) {
    const fever = feverDays.has(ago);
    const years = life.yearsAt(ago);
    const ranges = child ? childVitalRanges(years) : null;
    const pressure = ranges
      ? { systolic: ranges.systolic && random.int(...ranges.systolic), diastolic: ranges.diastolic && random.int(...ranges.diastolic) }
      : adultBloodPressure(random, patient, keys, newlyHypertensive, life.careDays - ago);
    const weight = child
      ? (patient.weight * medianWeight(years, patient.sex)) / medianWeight(life.yearsAt(0), patient.sex)
      : patient.weight + ((weightTwoYearsAgo - patient.weight) * ago) / DAYS_OF_CARE + random.real(-0.6, 0.6);
    vitals.set(ago, {
      date: calendar.daysAgo(ago),
      ...pressure,
      heartRate: (ranges ? random.int(...ranges.heartRate) : random.int(62, 82)) + (fever ? 18 : 0),
      temperature: fever ? random.real(38.1, 39.2) : random.real(36.1, 36.9),
      oxygenSaturation: random.int(lungs[0]!, lungs[1]!) - (fever && keys.has('copd') ? 2 : 0),
      respiratoryRate: (ranges ? random.int(...ranges.respiratoryRate) : random.int(12, 16) + (keys.has('copd') ? 4 : 0)) + (fever ? 4 : 0),
      weight: Number(weight.toFixed(1)),
    });
  }
  return vitals;
}

function planLabs(random: Random, calendar: DemoCalendar, patient: DemoPatient, keys: Set<ConditionKey>): RecordPlan['labs'] {
  // A healthy child has no routine blood tests; from fourteen the yearly panel an adult has.
  if (patient.age < 14) return [];
  const labs: RecordPlan['labs'] = [];
  const female = patient.sex === 'F';
  // A general panel every year, and a follow-up test every six months for each condition that has one.
  for (const ago of [700, 335]) {
    const date = calendar.daysAgo(ago + random.int(0, 20));
    const glucose = keys.has('diabetes') ? random.int(128, 165) : random.int(78, 99);
    const cholesterol = keys.has('dyslipidemia') ? (ago === 700 ? random.int(240, 275) : random.int(185, 210)) : random.int(160, 199);
    labs.push(
      { testName: 'Hemoglobina', value: decimal(female ? random.real(12.2, 14.8) : random.real(13.6, 16.5), 1), unit: 'g/dL', referenceRange: female ? '12,0–15,5' : '13,5–17,5', date, comment: null },
      { testName: 'Glucosa en ayunas', value: String(glucose), unit: 'mg/dL', referenceRange: '70–100', date, comment: glucose > 100 ? 'Por encima del rango de referencia.' : null },
      { testName: 'Colesterol total', value: String(cholesterol), unit: 'mg/dL', referenceRange: '< 200', date, comment: cholesterol >= 200 ? 'Elevado: se inicia o ajusta tratamiento hipolipemiante.' : null },
      { testName: 'Creatinina', value: decimal(female ? random.real(0.6, 0.95, 2) : random.real(0.75, 1.15, 2), 2), unit: 'mg/dL', referenceRange: female ? '0,50–1,00' : '0,70–1,20', date, comment: null },
    );
  }
  for (const [index, ago] of [690, 510, 330, 150].entries()) {
    const date = calendar.daysAgo(ago + random.int(0, 15));
    if (keys.has('diabetes')) {
      const hba1c = [8.3, 7.4, 7.0, 6.8][index]! + random.real(-0.2, 0.2);
      labs.push({ testName: 'Hemoglobina glicosilada (HbA1c)', value: decimal(hba1c, 1), unit: '%', referenceRange: '4,0–5,6', date, comment: hba1c > 7 ? 'Por encima del objetivo; se refuerza dieta y adherencia.' : 'En objetivo terapéutico.' });
    }
    if (keys.has('dyslipidemia')) {
      const ldl = [168, 124, 104, 96][index]! + random.int(-6, 6);
      labs.push({ testName: 'Colesterol LDL', value: String(ldl), unit: 'mg/dL', referenceRange: '< 100', date, comment: ldl >= 100 ? 'Pendiente de alcanzar el objetivo.' : 'En objetivo.' });
    }
    if (keys.has('hypothyroidism')) {
      const tsh = [6.9, 4.6, 2.8, 2.2][index]! + random.real(-0.3, 0.3);
      labs.push({ testName: 'TSH', value: decimal(tsh, 2), unit: 'µUI/mL', referenceRange: '0,40–4,00', date, comment: tsh > 4 ? 'Elevada: se ajusta la dosis de levotiroxina.' : null });
    }
    if (keys.has('hypertension') && index % 2 === 1) {
      labs.push({ testName: 'Potasio', value: decimal(random.real(3.9, 4.9), 1), unit: 'mEq/L', referenceRange: '3,5–5,1', date, comment: null });
    }
  }
  return labs;
}

function planLifestyle(random: Random, patient: DemoPatient, keys: Set<ConditionKey>): RecordPlan['lifestyle'] {
  const adult = patient.age >= ADULT_AGE;
  const smokes = adult && !keys.has('copd') && random.chance(0.22);
  const drinks = adult && random.chance(0.5);
  const active = patient.age >= 4 && random.chance(0.65);
  return {
    alcohol: drinks ? { frequency: random.pick(['Fines de semana', 'Ocasional', 'Diario con las comidas'] as const), quantity: random.pick(['1 copa', '1–2 cervezas', '2 copas'] as const), type: random.pick(['Vino', 'Cerveza'] as const) } : null,
    tobacco: smokes
      ? { frequency: 'Diario', quantity: `${random.int(5, 20)} cigarrillos/día`, yearsUsing: String(random.int(3, Math.max(4, patient.age - 17))) }
      : keys.has('copd')
        ? { frequency: 'Exfumador', quantity: '0 (antes 20 cigarrillos/día)', yearsUsing: String(random.int(20, 40)) }
        : null,
    drugs: null,
    physicalActivity: active
      ? adult
        ? { frequency: random.pick(['3 veces por semana', 'Diario', '2 veces por semana'] as const), type: random.pick(['Caminar', 'Natación', 'Bicicleta', 'Gimnasio', 'Pilates'] as const), duration: random.pick(['30 minutos', '45 minutos', '1 hora'] as const) }
        : { frequency: random.pick(['2 veces por semana', '3 veces por semana'] as const), type: random.pick(['Fútbol', 'Natación', 'Baloncesto', 'Danza', 'Judo'] as const), duration: random.pick(['1 hora', '1 hora y media'] as const) }
      : null,
  };
}

/** A visit before its vital signs are known: the note's findings wait for the day's figures. */
interface DraftVisit extends Omit<PlannedVisit, 'date' | 'end' | 'exploration'> {
  ago: number;
  findings: string;
}

const controlMedications = (condition: ChronicCondition, years: number) => (years < 12 && condition.childMedications) || condition.medications;

export function planRecord(random: Random, calendar: DemoCalendar, patient: DemoPatient): RecordPlan {
  const life = lifetimeOf(calendar, patient);
  const child = patient.age < ADULT_AGE;
  const chronic = chooseConditions(random, patient);
  const keys = new Set(chronic.map((condition) => condition.key));
  const newlyHypertensive = keys.has('hypertension') && random.chance(0.5);
  const allergies = random.sample(ALLERGIES, random.weighted([[0, 35], [1, 45], [2, 20]] as const)).map((allergy) => ({ ...allergy }));
  const allergyNames = new Set<string>(allergies.map((allergy) => allergy.allergyName));

  // How long ago each condition was diagnosed: a newly found hypertension at the start of the two
  // years, the rest years before, but never before the patient was old enough to have it.
  const diagnosedAgo = new Map<ConditionKey, number>();
  for (const condition of chronic) {
    const latest = Math.max(30, Math.floor(life.lifeDays - condition.onsetAge * DAYS_PER_YEAR) - 30);
    const ago = condition.key === 'hypertension' && newlyHypertensive ? life.careDays : random.int(3, Math.max(4, patient.age - 18)) * 365 + random.int(0, 300);
    diagnosedAgo.set(condition.key, Math.min(ago, latest));
  }
  const conditions: RecordPlan['conditions'] = chronic.map((condition) => ({
    condition: condition.condition,
    diagnosisDate: calendar.daysAgo(diagnosedAgo.get(condition.key)!),
    status: condition.status,
    notes: condition.notes,
  }));
  const pastEpisodes = RESOLVED_EPISODES.filter(({ ages: [youngest, oldest] }) => patient.age >= youngest && patient.age <= oldest);
  const episodeLatest = Math.min(5000, life.lifeDays - 30);
  if (pastEpisodes.length && episodeLatest > 14 && (random.chance(0.35) || conditions.length === 0)) {
    const episode = random.pick(pastEpisodes);
    // A baby's illness happened in the first two years of life.
    const earliest = Math.max(Math.min(800, episodeLatest), episode.ages[1] < ADULT_AGE ? life.lifeDays - 730 : 0);
    conditions.push({ condition: episode.condition, diagnosisDate: calendar.daysAgo(random.int(Math.min(earliest, episodeLatest), episodeLatest)), status: 'Resolved', notes: episode.notes });
  }

  // Controls of each chronic condition (about every three months; a child's every four to six),
  // a child's check-ups, a yearly check for an adult without conditions, and a few acute episodes.
  const drafts: DraftVisit[] = [];
  for (const condition of chronic.slice(0, 2)) {
    const firstControl = Math.min(life.careDays, diagnosedAgo.get(condition.key)!);
    for (let ago = firstControl - random.int(0, 40); ago > 20; ago -= child ? random.int(120, 180) : random.int(80, 110)) {
      const firstTime = ago > life.careDays - 45 && condition.key === 'hypertension' && newlyHypertensive;
      drafts.push({
        ago,
        motive: firstTime ? 'Cifras de presión arterial elevadas' : condition.controlMotive,
        notes: firstTime
          ? 'Presión arterial elevada en tres tomas. Se diagnostica hipertensión arterial y se inicia tratamiento.'
          : random.pick(['Buena adherencia al tratamiento. Sin efectos adversos.', 'Estable. Se mantiene el tratamiento.', 'Refiere buen control en domicilio. Se revisan analíticas.'] as const),
        subjective: firstTime
          ? 'Acude por cifras de presión arterial elevadas en la farmacia (158/96 mmHg). Asintomático. Sin antecedentes cardiovasculares personales.'
          : random.pick(condition.control.subjective),
        findings: firstTime ? 'Auscultación cardiaca rítmica, sin soplos. Fondo de ojo sin retinopatía. Electrocardiograma en ritmo sinusal, sin hipertrofia ventricular.' : condition.control.exploration,
        plan: firstTime
          ? 'Se inicia enalapril. Dieta hiposódica, reducir alcohol y ejercicio aeróbico. Analítica con perfil renal y lipídico. Control en un mes con automedidas en domicilio.'
          : condition.control.plan,
        prognosis: condition.control.prognosis,
        medications: controlMedications(condition, life.yearsAt(ago)),
        diagnosisIds: [condition.icd10],
      });
    }
  }
  if (child) {
    for (const months of CHECK_UP_MONTHS) {
      const ago = life.lifeDays - Math.round(months * DAYS_PER_MONTH);
      if (ago < 1 || ago > life.careDays) continue;
      const { findings, ...checkUp } = checkUpNote(months);
      drafts.push({ ago, ...checkUp, findings, notes: 'Revisión del programa de salud infantil: crecimiento y desarrollo normales.', diagnosisIds: [WELL_CHILD_CODE] });
    }
  } else if (chronic.length === 0) {
    drafts.push({
      ago: random.int(120, 500),
      motive: 'Revisión de salud anual',
      notes: 'Exploración física normal. Se solicita analítica de rutina.',
      subjective: 'Acude para revisión general. Se encuentra bien, sin síntomas. Sin antecedentes personales de interés.',
      findings: 'Buen estado general. Auscultación cardiopulmonar normal. Abdomen sin hallazgos.',
      plan: 'Analítica de rutina con hemograma, glucosa, perfil lipídico y función renal. Consejo sobre dieta mediterránea y actividad física.',
      prognosis: 'Bueno.',
      medications: [],
      diagnosisIds: ['Z00.0'],
    });
  }
  const feverDays = new Set<number>();
  const seen = new Set<string>();
  for (let count = random.int(1, child ? 3 : 2); count > 0 && life.careDays > 25; count--) {
    const ago = random.int(25, Math.max(25, life.careDays - 10));
    const context: EpisodeContext = { allergies: allergyNames, years: life.yearsAt(ago), weight: patient.weight, sex: patient.sex };
    if (child) context.weight = (patient.weight * medianWeight(context.years, patient.sex)) / medianWeight(life.yearsAt(0), patient.sex);
    const eligible = EPISODES.filter((episode) => !seen.has(episode.icd10) && episode.fits(context));
    if (!eligible.length) continue;
    const episode = random.pick(eligible);
    seen.add(episode.icd10);
    if (episode.fever) feverDays.add(ago);
    drafts.push({ ago, motive: episode.motive, ...episodeNote(episode, context) });
  }
  // Past visits fall on the practice's working days, one a day: a weekend's moves to the Friday before.
  const taken = new Set<number>();
  for (const draft of drafts) {
    let ago = calendar.weekdayAgo(draft.ago);
    while (taken.has(ago)) ago = calendar.weekdayAgo(ago + 1);
    taken.add(ago);
    if (feverDays.delete(draft.ago)) feverDays.add(ago);
    draft.ago = ago;
  }
  drafts.sort((a, b) => b.ago - a.ago);

  const vitals = planVitals(random, calendar, patient, life, keys, newlyHypertensive, new Set(drafts.map((draft) => draft.ago)), feverDays);
  const visits: PlannedVisit[] = drafts.map(({ ago, findings, ...visit }) => {
    const start = visitTime(random);
    return {
      ...visit,
      date: calendar.at(calendar.daysAgo(ago), start),
      end: clockTime(start + random.pick([15, 20, 30] as const)),
      exploration: `${vitalSignsLine(vitals.get(ago)!)} ${findings}`,
    };
  });

  const main = chronic[0];
  const medications = chronic.flatMap((condition) => controlMedications(condition, patient.age));
  return {
    conditions,
    allergies,
    vitals: [...vitals.values()],
    labs: planLabs(random, calendar, patient, keys),
    vaccines: planVaccines(random, calendar, patient, keys),
    familyHistory: planFamilyHistory(random, patient, keys),
    visits,
    lifestyle: planLifestyle(random, patient, keys),
    // Drawn without the generator, so the rest of the practice is the same with or without today's notes.
    controls: chronic.map((condition) => ({
      motive: condition.controlMotive,
      notes: 'Revisión programada. Estable; se mantiene el tratamiento.',
      subjective: condition.control.subjective[0]!,
      findings: condition.control.exploration,
      plan: condition.control.plan,
      prognosis: condition.control.prognosis,
      medications: controlMedications(condition, patient.age),
      diagnosisIds: [condition.icd10],
    })),
    chronicMedications: medications,
    todaysVisit: main
      ? { motive: main.controlMotive, notes: 'Revisión programada.', medications: controlMedications(main, patient.age), diagnosisIds: [main.icd10] }
      : { motive: 'Resultados de analítica', notes: 'Revisión de resultados de la analítica de rutina.', medications: [], diagnosisIds: [] },
    followUpMotives: [
      ...chronic.map((condition) => condition.controlMotive),
      ...(medications.length ? ['Renovación de tratamiento crónico'] : []),
      // Blood tests follow these conditions, and every adult from fifty.
      ...(patient.age >= 50 || ['diabetes', 'dyslipidemia', 'hypothyroidism'].some((key) => keys.has(key as ConditionKey)) ? ['Resultados de analítica'] : []),
      ...(child && patient.age < 15 ? ['Revisión del niño sano', 'Vacunación según calendario'] : []),
    ],
  };
}

// One patient's two years of care, planned before anything is sent: conditions and allergies,
// vitals with the trend their treatment explains, the lab tests that follow each condition,
// vaccines by age, and the visits (with what was prescribed) that tie them together.
import { clockTime, type DemoCalendar } from './calendar';
import { ALLERGIES, CHRONIC_CONDITIONS, RESOLVED_EPISODES, type ChronicCondition, type ConditionKey } from './conditions';
import type { DemoPatient } from './people';
import type { Random } from './random';

const DAYS_OF_CARE = 730;

export interface PlannedVisit {
  date: string;
  end: string | null;
  motive: string;
  notes: string;
  medications: string[];
  diagnosisIds: string[];
}

export interface RecordPlan {
  conditions: { condition: string; diagnosisDate: string; status: 'Active' | 'Resolved' | 'Chronic'; notes: string }[];
  allergies: { allergyName: string; severity: 'Mild' | 'Moderate' | 'Severe'; type: string; reaction: string }[];
  vitals: { date: string; systolic: number; diastolic: number; heartRate: number; temperature: number; oxygenSaturation: number; respiratoryRate: number; weight: number }[];
  labs: { testName: string; value: string; unit: string; referenceRange: string; date: string; comment: string | null }[];
  vaccines: { vaccineName: string; date: string; dose: string; manufacturer: string; nextDose: string | null }[];
  /** Past visits, newest last; each is closed once written. */
  visits: PlannedVisit[];
  lifestyle: {
    alcohol: { frequency: string; quantity: string; type: string } | null;
    tobacco: { frequency: string; quantity: string; yearsUsing: string } | null;
    drugs: null;
    physicalActivity: { frequency: string; type: string; duration: string } | null;
  };
  /** What today's visit is about, should the patient have one. */
  todaysVisit: Omit<PlannedVisit, 'date' | 'end'>;
}

/** Spanish decimals: a comma. */
const decimal = (value: number, digits: number) => value.toFixed(digits).replace('.', ',');
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** A morning or afternoon slot on the quarter hour, in minutes after midnight. */
const visitTime = (random: Random) => (random.chance(0.7) ? random.int(34, 55) : random.int(64, 75)) * 15;

function chooseConditions(random: Random, patient: DemoPatient): ChronicCondition[] {
  const chosen = CHRONIC_CONDITIONS.filter((condition) => {
    if (condition.key === 'copd' && patient.age < 45) return false;
    return random.chance(condition.likelihood(patient));
  });
  return chosen.slice(0, 4);
}

interface Episode {
  motive: string;
  notes: string;
  treatment: (allergies: Set<string>) => string[];
  fever: boolean;
  icd10: string;
}

const EPISODES: readonly Episode[] = [
  {
    motive: 'Odinofagia y fiebre de 2 días',
    notes: 'Amígdalas hipertróficas con exudado. Centor 4. Faringoamigdalitis aguda.',
    treatment: (allergies) => [allergies.has('Penicilina') ? 'Azitromicina 500 mg cada 24 h durante 3 días' : 'Amoxicilina 500 mg cada 8 h durante 10 días', 'Paracetamol 1 g cada 8 h si fiebre'],
    fever: true,
    icd10: 'J03.9',
  },
  {
    motive: 'Tos y congestión nasal',
    notes: 'Infección respiratoria de vías altas. Auscultación normal. Medidas generales.',
    treatment: () => ['Paracetamol 1 g cada 8 h si fiebre'],
    fever: false,
    icd10: 'J06.9',
  },
  {
    motive: 'Dolor lumbar tras esfuerzo',
    notes: 'Lumbalgia mecánica sin signos de alarma. Lasègue negativo. Mantener actividad.',
    treatment: (allergies) => [allergies.has('Ibuprofeno') || allergies.has('Ácido acetilsalicílico') ? 'Paracetamol 1 g cada 8 h durante 5 días' : 'Ibuprofeno 600 mg cada 8 h durante 5 días', 'Metocarbamol 500 mg cada 8 h durante 5 días'],
    fever: false,
    icd10: 'M54.5',
  },
  {
    motive: 'Diarrea y vómitos desde ayer',
    notes: 'Gastroenteritis aguda. Buen estado general, sin signos de deshidratación. Dieta astringente.',
    treatment: () => ['Suero de rehidratación oral a demanda'],
    fever: false,
    icd10: 'A09',
  },
  {
    motive: 'Fiebre, tos productiva y malestar',
    notes: 'Crepitantes en base derecha. Se solicita radiografía de tórax. Bronquitis aguda.',
    treatment: (allergies) => [allergies.has('Penicilina') ? 'Levofloxacino 500 mg cada 24 h durante 7 días' : 'Amoxicilina/clavulánico 875/125 mg cada 8 h durante 7 días', 'Paracetamol 1 g cada 8 h si fiebre'],
    fever: true,
    icd10: 'J20.9',
  },
  {
    motive: 'Torcedura de tobillo derecho',
    notes: 'Esguince de tobillo grado I. Reglas de Ottawa negativas. Reposo relativo, hielo y vendaje.',
    treatment: () => ['Paracetamol 1 g cada 8 h si dolor'],
    fever: false,
    icd10: 'S93.4',
  },
];

/** Blood pressure at `day` days into the two years: treated hypertension comes down over the first months. */
function bloodPressure(random: Random, patient: DemoPatient, keys: Set<ConditionKey>, newlyHypertensive: boolean, day: number) {
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

function planVitals(random: Random, calendar: DemoCalendar, patient: DemoPatient, keys: Set<ConditionKey>, newlyHypertensive: boolean, feverDays: Set<number>) {
  // Treated hypertension and diabetes are seen (or measured at the pharmacy) every two weeks; the others monthly.
  const step = keys.has('hypertension') || keys.has('diabetes') ? 14 : 30;
  const lungs = keys.has('copd') ? [91, 94] : keys.has('asthma') ? [95, 98] : [96, 99];
  const vitals: RecordPlan['vitals'] = [];
  // Weight drifts toward today's (the patient's own field): treated diabetics lose a few kilos over the two years.
  const weightTwoYearsAgo = patient.weight + (keys.has('diabetes') ? random.real(2, 5) : random.real(-2, 2));
  const days = new Set<number>(feverDays);
  for (let ago = DAYS_OF_CARE - random.int(0, step - 1); ago > 0; ago -= step) days.add(ago);
  for (const ago of [...days].sort((a, b) => b - a)) {
    const fever = feverDays.has(ago);
    vitals.push({
      date: calendar.daysAgo(ago),
      ...bloodPressure(random, patient, keys, newlyHypertensive, DAYS_OF_CARE - ago),
      heartRate: random.int(62, 82) + (fever ? 18 : 0),
      temperature: fever ? random.real(38.1, 39.2) : random.real(36.1, 36.9),
      oxygenSaturation: random.int(lungs[0]!, lungs[1]!) - (fever && keys.has('copd') ? 2 : 0),
      respiratoryRate: random.int(12, 16) + (keys.has('copd') ? 4 : 0) + (fever ? 4 : 0),
      weight: Number((patient.weight + ((weightTwoYearsAgo - patient.weight) * ago) / DAYS_OF_CARE + random.real(-0.6, 0.6)).toFixed(1)),
    });
  }
  return vitals;
}

function planLabs(random: Random, calendar: DemoCalendar, patient: DemoPatient, keys: Set<ConditionKey>): RecordPlan['labs'] {
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

function planVaccines(random: Random, calendar: DemoCalendar, patient: DemoPatient, keys: Set<ConditionKey>): RecordPlan['vaccines'] {
  const vaccines: RecordPlan['vaccines'] = [];
  const atRisk = patient.age >= 60 || keys.has('diabetes') || keys.has('copd') || keys.has('asthma');
  // The autumn campaigns: the vaccination days of the last two Octobers.
  const today = new Date(`${calendar.today}T12:00:00`);
  const lastOctober = today.getMonth() >= 9 ? today.getFullYear() : today.getFullYear() - 1;
  for (const year of [lastOctober - 1, lastOctober]) {
    const day = `${year}-10-${String(random.int(14, 30)).padStart(2, '0')}`;
    if (day > calendar.today) continue;
    if (atRisk || random.chance(0.25)) vaccines.push({ vaccineName: 'Gripe (tetravalente)', date: day, dose: 'Anual', manufacturer: random.pick(['Sanofi Pasteur', 'Seqirus', 'Viatris'] as const), nextDose: `${year + 1}-10-15` });
    if (patient.age >= 60) vaccines.push({ vaccineName: 'COVID-19 (Comirnaty)', date: day, dose: 'Recuerdo estacional', manufacturer: 'Pfizer-BioNTech', nextDose: null });
  }
  const tetanus = calendar.daysAgo(random.int(60, 700));
  if (patient.age >= 65) {
    vaccines.push({ vaccineName: 'Neumococo conjugada 20-valente (Prevenar 20)', date: calendar.daysAgo(random.int(200, 650)), dose: 'Única', manufacturer: 'Pfizer', nextDose: null });
    const first = random.int(300, 650);
    vaccines.push(
      { vaccineName: 'Herpes zóster (Shingrix)', date: calendar.daysAgo(first), dose: '1.ª dosis', manufacturer: 'GSK', nextDose: calendar.daysAgo(first - 60) },
      { vaccineName: 'Herpes zóster (Shingrix)', date: calendar.daysAgo(first - 60), dose: '2.ª dosis', manufacturer: 'GSK', nextDose: null },
    );
  } else if (random.chance(0.6) || vaccines.length === 0) {
    vaccines.push({ vaccineName: 'Tétanos-difteria (Td)', date: tetanus, dose: 'Recuerdo', manufacturer: 'MSD', nextDose: calendar.yearsAfter(tetanus, 10) });
  }
  return vaccines.sort((a, b) => a.date.localeCompare(b.date));
}

function planLifestyle(random: Random, patient: DemoPatient, keys: Set<ConditionKey>): RecordPlan['lifestyle'] {
  const smokes = !keys.has('copd') && random.chance(0.22);
  return {
    alcohol: random.chance(0.5) ? { frequency: random.pick(['Fines de semana', 'Ocasional', 'Diario con las comidas'] as const), quantity: random.pick(['1 copa', '1–2 cervezas', '2 copas'] as const), type: random.pick(['Vino', 'Cerveza'] as const) } : null,
    tobacco: smokes
      ? { frequency: 'Diario', quantity: `${random.int(5, 20)} cigarrillos/día`, yearsUsing: String(random.int(3, Math.max(4, patient.age - 17))) }
      : keys.has('copd')
        ? { frequency: 'Exfumador', quantity: '0 (antes 20 cigarrillos/día)', yearsUsing: String(random.int(20, 40)) }
        : null,
    drugs: null,
    physicalActivity: random.chance(0.65)
      ? { frequency: random.pick(['3 veces por semana', 'Diario', '2 veces por semana'] as const), type: random.pick(['Caminar', 'Natación', 'Bicicleta', 'Gimnasio', 'Pilates'] as const), duration: random.pick(['30 minutos', '45 minutos', '1 hora'] as const) }
      : null,
  };
}

export function planRecord(random: Random, calendar: DemoCalendar, patient: DemoPatient): RecordPlan {
  const chronic = chooseConditions(random, patient);
  const keys = new Set(chronic.map((condition) => condition.key));
  const newlyHypertensive = keys.has('hypertension') && random.chance(0.5);
  const allergies = random.sample(ALLERGIES, random.weighted([[0, 35], [1, 45], [2, 20]] as const)).map((allergy) => ({ ...allergy }));
  const allergyNames = new Set<string>(allergies.map((allergy) => allergy.allergyName));

  const conditions: RecordPlan['conditions'] = chronic.map((condition) => ({
    condition: condition.condition,
    // A newly found hypertension is diagnosed at the start of the two years; the rest years before.
    diagnosisDate: condition.key === 'hypertension' && newlyHypertensive ? calendar.daysAgo(DAYS_OF_CARE) : calendar.daysAgo(random.int(3, Math.max(4, patient.age - 18)) * 365 + random.int(0, 300)),
    status: condition.status,
    notes: condition.notes,
  }));
  if (random.chance(0.35) || conditions.length === 0) {
    const episode = random.pick(RESOLVED_EPISODES);
    conditions.push({ condition: episode.condition, diagnosisDate: calendar.daysAgo(random.int(800, 5000)), status: 'Resolved', notes: episode.notes });
  }

  // Controls of each chronic condition about every three months, and a few acute episodes.
  const visits: (PlannedVisit & { ago: number })[] = [];
  const firstVisitTime = visitTime(random);
  const addVisit = (ago: number, visit: Omit<PlannedVisit, 'date' | 'end'>) => {
    const start = ago === DAYS_OF_CARE ? firstVisitTime : visitTime(random);
    visits.push({ ...visit, ago, date: calendar.at(calendar.daysAgo(ago), start), end: clockTime(start + random.pick([15, 20, 30] as const)) });
  };
  for (const condition of chronic.slice(0, 2)) {
    for (let ago = DAYS_OF_CARE - random.int(0, 40); ago > 20; ago -= random.int(80, 110)) {
      const firstTime = ago > DAYS_OF_CARE - 45 && condition.key === 'hypertension' && newlyHypertensive;
      addVisit(ago, {
        motive: firstTime ? 'Cifras de presión arterial elevadas' : condition.controlMotive,
        notes: firstTime
          ? 'Presión arterial elevada en tres tomas. Se diagnostica hipertensión arterial y se inicia tratamiento.'
          : random.pick(['Buena adherencia al tratamiento. Sin efectos adversos.', 'Estable. Se mantiene el tratamiento.', 'Refiere buen control en domicilio. Se revisan analíticas.'] as const),
        medications: condition.medications,
        diagnosisIds: [condition.icd10],
      });
    }
  }
  if (chronic.length === 0) {
    const ago = random.int(120, 500);
    addVisit(ago, { motive: 'Revisión de salud anual', notes: 'Exploración física normal. Se solicita analítica de rutina.', medications: [], diagnosisIds: ['Z00.0'] });
  }
  const feverDays = new Set<number>();
  for (const episode of random.sample(EPISODES, random.int(1, 2))) {
    const ago = random.int(25, 700);
    if (episode.fever) feverDays.add(ago);
    addVisit(ago, { motive: episode.motive, notes: episode.notes, medications: episode.treatment(allergyNames), diagnosisIds: [episode.icd10] });
  }
  visits.sort((a, b) => b.ago - a.ago);

  const main = chronic[0];
  return {
    conditions,
    allergies,
    vitals: planVitals(random, calendar, patient, keys, newlyHypertensive, feverDays),
    labs: planLabs(random, calendar, patient, keys),
    vaccines: planVaccines(random, calendar, patient, keys),
    visits: visits.map(({ ago: _ago, ...visit }) => visit),
    lifestyle: planLifestyle(random, patient, keys),
    todaysVisit: main
      ? { motive: main.controlMotive, notes: 'Revisión programada.', medications: main.medications, diagnosisIds: [main.icd10] }
      : { motive: 'Resultados de analítica', notes: 'Revisión de resultados de la analítica de rutina.', medications: [], diagnosisIds: [] },
  };
}

// Antecedentes heredo-familiares (NOM-004 6.1.1): which relative had what, and when. What runs in
// a family shows in its members: a diabetic patient's parent is more often diabetic, an asthmatic
// child's parent allergic, and a relative is only given an illness at an age they have reached.
import type { ConditionKey } from './conditions';
import type { DemoPatient } from './people';
import type { Random } from './random';

export interface PlannedFamilyHistory {
  relative: string;
  condition: string;
  notes: string | null;
}

interface Relative {
  name: string;
  female: boolean;
  /** Generations above the patient: siblings 0, parents 1, grandparents 2. */
  generation: 0 | 1 | 2;
}

const RELATIVES: readonly Relative[] = [
  { name: 'Padre', female: false, generation: 1 },
  { name: 'Madre', female: true, generation: 1 },
  { name: 'Abuelo paterno', female: false, generation: 2 },
  { name: 'Abuela paterna', female: true, generation: 2 },
  { name: 'Abuelo materno', female: false, generation: 2 },
  { name: 'Abuela materna', female: true, generation: 2 },
  { name: 'Hermano', female: false, generation: 0 },
  { name: 'Hermana', female: true, generation: 0 },
];

interface FamilyCondition {
  condition: string;
  /** The ages it usually starts at. */
  onset: readonly [number, number];
  /** What the note says, given the age it started at. */
  notes: (onsetAge: number) => string;
  /** The patient's own conditions that make it more likely in the family. */
  runsWith?: readonly ConditionKey[];
  femaleOnly?: boolean;
  /** A cause of death, said so when the relative has died of it. */
  fatal?: boolean;
}

const FAMILY_CONDITIONS: readonly FamilyCondition[] = [
  { condition: 'Diabetes mellitus tipo 2', onset: [45, 70], notes: (age) => `Diagnosticada a los ${age} años; en tratamiento con antidiabéticos orales.`, runsWith: ['diabetes'] },
  { condition: 'Hipertensión arterial', onset: [40, 65], notes: (age) => `Desde los ${age} años.`, runsWith: ['hypertension'] },
  { condition: 'Cardiopatía isquémica', onset: [50, 75], notes: (age) => `Infarto agudo de miocardio a los ${age} años.`, runsWith: ['dyslipidemia', 'hypertension', 'diabetes'], fatal: true },
  { condition: 'Hipercolesterolemia', onset: [35, 60], notes: () => 'En tratamiento con estatinas.', runsWith: ['dyslipidemia'] },
  { condition: 'Ictus isquémico', onset: [65, 85], notes: (age) => `A los ${age} años, con secuelas motoras leves.`, runsWith: ['hypertension'], fatal: true },
  { condition: 'Cáncer de colon', onset: [55, 80], notes: (age) => `Diagnosticado a los ${age} años.`, fatal: true },
  { condition: 'Cáncer de mama', onset: [40, 70], notes: (age) => `Diagnosticado a los ${age} años; tratado con cirugía y quimioterapia.`, femaleOnly: true },
  { condition: 'Enfermedad de Alzheimer', onset: [72, 88], notes: (age) => `Inicio de los síntomas a los ${age} años.`, fatal: true },
  { condition: 'Asma bronquial', onset: [3, 30], notes: () => 'Asma alérgica a ácaros.', runsWith: ['asthma', 'eczema'] },
  { condition: 'Rinitis alérgica', onset: [5, 30], notes: () => 'Alergia a pólenes de gramíneas.', runsWith: ['asthma', 'eczema'] },
  { condition: 'Migraña', onset: [15, 35], notes: () => 'Migraña sin aura desde la juventud.', runsWith: ['migraine'], femaleOnly: true },
  { condition: 'Hipotiroidismo', onset: [30, 60], notes: () => 'Tiroiditis de Hashimoto, en tratamiento con levotiroxina.', runsWith: ['hypothyroidism'], femaleOnly: true },
  { condition: 'Depresión', onset: [25, 60], notes: () => 'En tratamiento antidepresivo.', runsWith: ['anxiety'] },
];

/** About how old a relative is: parents some thirty years older than the patient, grandparents sixty. */
const relativeAge = (random: Random, patient: DemoPatient, relative: Relative) =>
  relative.generation === 0 ? Math.max(0, patient.age + random.int(-6, 6)) : patient.age + relative.generation * random.int(26, 34);

function entryFor(random: Random, patient: DemoPatient, condition: FamilyCondition, taken: Set<string>): PlannedFamilyHistory | null {
  const candidates = RELATIVES.filter((relative) => !taken.has(`${relative.name}|${condition.condition}`) && (!condition.femaleOnly || relative.female));
  for (const relative of random.sample(candidates, candidates.length)) {
    const age = relativeAge(random, patient, relative);
    if (age < condition.onset[0]) continue;
    const onsetAge = random.int(condition.onset[0], Math.min(condition.onset[1], age));
    // Past ninety, or years after a fatal illness began, the relative has most likely died of it.
    const died = condition.fatal === true && (age > 90 || (age - onsetAge > 3 && random.chance(0.5)));
    const deathAge = Math.min(age, onsetAge + random.int(1, 8));
    taken.add(`${relative.name}|${condition.condition}`);
    return {
      relative: relative.name,
      condition: condition.condition,
      notes: `${condition.notes(onsetAge)}${died ? ` Fallecid${relative.female ? 'a' : 'o'} a los ${deathAge} años.` : ''}`,
    };
  }
  return null;
}

/** Most patients (about four in five) know of one to three illnesses in their family. */
export function planFamilyHistory(random: Random, patient: DemoPatient, keys: Set<ConditionKey>): PlannedFamilyHistory[] {
  if (!random.chance(0.8)) return [];
  const wanted = random.int(1, 3);
  const taken = new Set<string>();
  const entries: PlannedFamilyHistory[] = [];
  const linked = FAMILY_CONDITIONS.filter((condition) => condition.runsWith?.some((key) => keys.has(key)));
  for (const condition of linked) {
    if (entries.length >= wanted || !random.chance(0.6)) continue;
    const entry = entryFor(random, patient, condition, taken);
    if (entry) entries.push(entry);
  }
  for (let tries = 0; entries.length < wanted && tries < 6; tries++) {
    const entry = entryFor(random, patient, random.pick(FAMILY_CONDITIONS), taken);
    if (entry) entries.push(entry);
  }
  return entries;
}

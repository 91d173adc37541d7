// Vaccines by age: a child carries Spain's childhood calendar (Consejo Interterritorial, calendario
// común 2024) dose by dose from birth; an adult the autumn campaigns of the last two years and the
// boosters their age calls for.
import type { DemoCalendar } from './calendar';
import type { ConditionKey } from './conditions';
import { ADULT_AGE } from './growth';
import type { DemoPatient } from './people';
import type { Random } from './random';

export interface PlannedVaccine {
  vaccineName: string;
  date: string;
  dose: string;
  manufacturer: string;
  nextDose: string | null;
}

/** One vaccine's doses, each at an age in months. */
interface Series {
  vaccineName: string;
  manufacturer: string;
  doses: readonly (readonly [months: number, dose: string])[];
}

const CHILDHOOD_CALENDAR: readonly Series[] = [
  { vaccineName: 'Hexavalente (DTPa-VPI-Hib-HB)', manufacturer: 'Sanofi Pasteur', doses: [[2, '1.ª dosis'], [4, '2.ª dosis'], [11, 'Refuerzo']] },
  { vaccineName: 'Neumococo conjugada 15-valente (Vaxneuvance)', manufacturer: 'MSD', doses: [[2, '1.ª dosis'], [4, '2.ª dosis'], [11, 'Refuerzo']] },
  { vaccineName: 'Meningococo B (Bexsero)', manufacturer: 'GSK', doses: [[2, '1.ª dosis'], [4, '2.ª dosis'], [12, 'Refuerzo']] },
  { vaccineName: 'Rotavirus (Rotarix)', manufacturer: 'GSK', doses: [[2, '1.ª dosis'], [4, '2.ª dosis']] },
  { vaccineName: 'Meningococo C (NeisVac-C)', manufacturer: 'Pfizer', doses: [[4, 'Única']] },
  { vaccineName: 'Triple vírica (M-M-RvaxPro)', manufacturer: 'MSD', doses: [[12, '1.ª dosis'], [36, '2.ª dosis']] },
  { vaccineName: 'Meningococo ACWY (Nimenrix)', manufacturer: 'Pfizer', doses: [[12, '1.ª dosis'], [144, 'Refuerzo']] },
  { vaccineName: 'Varicela (Varivax)', manufacturer: 'MSD', doses: [[15, '1.ª dosis'], [36, '2.ª dosis']] },
  { vaccineName: 'DTPa-VPI (Tetraxim)', manufacturer: 'Sanofi Pasteur', doses: [[72, 'Refuerzo']] },
  { vaccineName: 'Virus del papiloma humano (Gardasil 9)', manufacturer: 'MSD', doses: [[144, '1.ª dosis'], [150, '2.ª dosis']] },
  { vaccineName: 'Tétanos-difteria (Td)', manufacturer: 'MSD', doses: [[168, 'Refuerzo']] },
];

/** Every dose of the calendar given by today, each naming the next dose of its series (a booster ten years on for Td). */
function childhoodDoses(calendar: DemoCalendar, birthDate: string): PlannedVaccine[] {
  const given: PlannedVaccine[] = [];
  for (const series of CHILDHOOD_CALENDAR) {
    for (const [index, [months, dose]] of series.doses.entries()) {
      const date = calendar.monthsAfter(birthDate, months);
      if (date > calendar.today) break;
      const next = series.doses[index + 1];
      const nextDose = next ? calendar.monthsAfter(birthDate, next[0]) : series.vaccineName.startsWith('Tétanos') ? calendar.yearsAfter(date, 10) : null;
      given.push({ vaccineName: series.vaccineName, date, dose, manufacturer: series.manufacturer, nextDose });
    }
  }
  return given;
}

export function planVaccines(random: Random, calendar: DemoCalendar, patient: DemoPatient, keys: Set<ConditionKey>): PlannedVaccine[] {
  const child = patient.age < ADULT_AGE;
  const vaccines: PlannedVaccine[] = child ? childhoodDoses(calendar, patient.birthDate) : [];
  // Spain vaccinates every child from 6 to 59 months against the flu, and anyone at risk.
  const fluFrom = calendar.monthsAfter(patient.birthDate, 6);
  const atRisk = patient.age >= 60 || (child && patient.age < 5) || keys.has('diabetes') || keys.has('copd') || keys.has('asthma');
  // The autumn campaigns: the vaccination days of the last two Octobers.
  const today = new Date(`${calendar.today}T12:00:00`);
  const lastOctober = today.getMonth() >= 9 ? today.getFullYear() : today.getFullYear() - 1;
  for (const year of [lastOctober - 1, lastOctober]) {
    const day = `${year}-10-${String(random.int(14, 30)).padStart(2, '0')}`;
    if (day > calendar.today || day < fluFrom) continue;
    if (atRisk || random.chance(0.25)) vaccines.push({ vaccineName: 'Gripe (tetravalente)', date: day, dose: 'Anual', manufacturer: random.pick(['Sanofi Pasteur', 'Seqirus', 'Viatris'] as const), nextDose: `${year + 1}-10-15` });
    if (patient.age >= 60) vaccines.push({ vaccineName: 'COVID-19 (Comirnaty)', date: day, dose: 'Recuerdo estacional', manufacturer: 'Pfizer-BioNTech', nextDose: null });
  }
  if (child) return vaccines.sort((a, b) => a.date.localeCompare(b.date));
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

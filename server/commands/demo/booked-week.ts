// The medics' booked days: today and every working day up to the Friday of next week, so the
// agenda opens full. Each medic consults in their own hours; appointments follow one another
// without overlapping, a patient comes at most once a day, and the visits are spread over each
// medic's patients before anyone is booked twice.
import { clockTime, type DemoCalendar } from './calendar';
import type { Random } from './random';

export interface BookablePatient {
  idPatient: number;
  /** Indexes in MEDICS of the doctors linked to the patient. */
  medics: number[];
  age: number;
  /** What the patient's own record would bring them back for (controls, results, check-ups). */
  followUpMotives: string[];
}

export interface Booking {
  medic: number;
  idPatient: number;
  /** YYYY-MM-DDTHH:mm */
  date: string;
  /** HH:mm */
  end: string;
  motive: string;
}

/** Minutes after midnight, [from, to): Lucía consults mornings; Andrés late mornings and afternoons, when school is out. */
const CONSULTING_HOURS: readonly (readonly (readonly [number, number])[])[] = [
  [[8 * 60, 15 * 60]],
  [[11 * 60, 14 * 60], [16 * 60, 19 * 60]],
];

const ADULT_REASONS = [
  'Dolor de garganta', 'Tos de una semana', 'Dolor lumbar', 'Mareos', 'Lesión en la piel', 'Dolor abdominal', 'Cefalea frecuente',
  'Informe médico para el trabajo', 'Dolor de hombro', 'Insomnio', 'Cansancio', 'Revisión de lunares',
];
const CHILD_REASONS = ['Fiebre desde ayer', 'Tos y mocos', 'Dolor de oído', 'Erupción en la piel', 'Dolor de tripa', 'Informe para el colegio'];

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Start and end minutes of a day's appointments for one medic, in order, skipping around the ones already fixed. */
function slots(random: Random, medic: number, count: number, fixed: readonly (readonly [number, number])[]): [number, number][] {
  const placed: [number, number][] = [];
  for (const [opens, closes] of CONSULTING_HOURS[medic]!) {
    let cursor = opens + random.pick([0, 15, 30] as const);
    while (placed.length < count) {
      const length = random.pick([15, 20, 20, 30] as const);
      const clash = fixed.find(([start, end]) => cursor < end && start < cursor + length);
      if (clash) {
        cursor = clash[1];
        continue;
      }
      if (cursor + length > closes) break;
      placed.push([cursor, cursor + length]);
      cursor += length + random.pick([0, 10, 15, 30, 45, 60] as const);
    }
  }
  return placed;
}

/**
 * The bookings of every medic from today to the Friday of next week. `fixed` are appointments
 * already decided (the featured patient's today): they keep their time and count toward the day.
 */
export function planBookedWeek(random: Random, calendar: DemoCalendar, patients: readonly BookablePatient[], fixed: readonly Booking[]): Booking[] {
  const bookings: Booking[] = [];
  const visits = new Map<number, number>(patients.map((patient) => [patient.idPatient, 0]));
  for (const day of [calendar.today, ...calendar.comingWorkingDays()]) {
    const fixedToday = fixed.filter((booking) => booking.date.startsWith(day));
    const bookedToday = new Set(fixedToday.map((booking) => booking.idPatient));
    for (const medic of CONSULTING_HOURS.keys()) {
      const mine = fixedToday.filter((booking) => booking.medic === medic);
      const count = (day === calendar.today ? random.int(6, 8) : random.int(3, 6)) - mine.length;
      const times = slots(random, medic, count, mine.map((booking) => [minutesOf(booking.date.slice(11, 16)), minutesOf(booking.end)] as const));
      for (const [start, end] of times) {
        const free = patients.filter((patient) => patient.medics.includes(medic) && !bookedToday.has(patient.idPatient));
        if (!free.length) break;
        const fewest = Math.min(...free.map((patient) => visits.get(patient.idPatient)!));
        const patient = random.pick(free.filter((candidate) => visits.get(candidate.idPatient) === fewest));
        bookedToday.add(patient.idPatient);
        visits.set(patient.idPatient, fewest + 1);
        const reasons = patient.age < 14 ? CHILD_REASONS : ADULT_REASONS;
        const motive = patient.followUpMotives.length && random.chance(0.5) ? random.pick(patient.followUpMotives) : random.pick(reasons);
        bookings.push({ medic, idPatient: patient.idPatient, date: calendar.at(day, start), end: clockTime(end), motive });
      }
    }
  }
  return bookings.sort((a, b) => a.date.localeCompare(b.date) || a.medic - b.medic);
}

// Who is in the demo practice: its three doctors and forty patients with Spanish names, birth
// dates, addresses, documents and families. Everything comes from the seeded generator, so every run agrees.
import type { DemoCalendar } from './calendar';
import { ADULT_AGE, medianHeight, medianWeight, type Sex } from './growth';
import type { Random } from './random';

export type { Sex };

export interface DemoMedic {
  name: string;
  lname: string;
  email: string;
  phone: string;
  about: string;
  /** Printed on their prescriptions with the licence number, which a prescription cannot go without. */
  specialty: string;
  /** Número de colegiado as Spain writes it: the province's college (28, Madrid) and the member's number. */
  licenseNumber: string;
}

export interface DemoPatient {
  name: string;
  lname: string;
  sex: Sex;
  /** Whole years on the demo's today, as the birth date gives them. */
  age: number;
  birthDate: string;
  email: string;
  phone: string;
  address: string;
  addressSpecific: string;
  bloodGroup: 'A' | 'B' | 'AB' | 'O';
  bloodRh: '+' | '-';
  /** Null for a child, whom neither applies to. */
  civilStatus: string | null;
  weight: number;
  height: number;
  profession: string | null;
  religion: string;
  nationality: string;
  education: string | null;
  documentType: string;
  documentNumber: string;
  insurance: { name: string; type: string; provider: string; policyNumber: string };
  contacts: { name: string; relationship: string; phone: string; email: string | null; address: string | null }[];
}

const DOMAIN = 'consultorio-demo.es';

/** The administrator runs the practice; the two medics keep the patients. */
export const ADMINISTRATOR: DemoMedic = {
  name: 'Carmen',
  lname: 'Ortega Salas',
  email: `direccion@${DOMAIN}`,
  phone: '+34 910 555 100',
  about: 'Directora médica del consultorio. Medicina familiar y comunitaria.',
  specialty: 'Medicina familiar y comunitaria',
  licenseNumber: '28/2804417',
};

export const MEDICS: readonly DemoMedic[] = [
  {
    name: 'Lucía',
    lname: 'Martínez Robles',
    email: `lucia.martinez@${DOMAIN}`,
    phone: '+34 910 555 101',
    about: 'Médica de familia. Consulta de crónicos: hipertensión, diabetes y riesgo cardiovascular.',
    specialty: 'Medicina familiar y comunitaria',
    licenseNumber: '28/2812345',
  },
  {
    name: 'Andrés',
    lname: 'Herrera Campos',
    email: `andres.herrera@${DOMAIN}`,
    phone: '+34 910 555 102',
    about: 'Médico de familia. Patología respiratoria y atención al paciente joven.',
    // Patients are not split by age (practice.ts admits them to each medic in turn): both see children.
    specialty: 'Medicina familiar y comunitaria',
    licenseNumber: '28/2836902',
  },
];

/** The practice's own data, which the administrator saves and every receta prints in its header. */
export const PRACTICE = {
  name: 'Consultorio Médico San Rafael',
  address: 'Calle de Alcalá 214, 1.º B',
  city: '28028 Madrid',
  phone: '+34 910 555 100',
} as const;

const FEMALE_NAMES = [
  'María', 'Carmen', 'Ana', 'Isabel', 'Laura', 'Marta', 'Elena', 'Pilar', 'Lucía', 'Cristina', 'Rosa', 'Paula',
  'Sara', 'Teresa', 'Beatriz', 'Nuria', 'Alicia', 'Irene', 'Julia', 'Rocío', 'Inmaculada', 'Mercedes', 'Silvia', 'Montserrat',
];
const MALE_NAMES = [
  'Antonio', 'José', 'Manuel', 'Francisco', 'David', 'Juan', 'Javier', 'Daniel', 'Carlos', 'Alejandro', 'Miguel', 'Rafael',
  'Pedro', 'Pablo', 'Fernando', 'Sergio', 'Jorge', 'Alberto', 'Luis', 'Álvaro', 'Ramón', 'Enrique', 'Vicente', 'Adrián',
];
const SURNAMES = [
  'García', 'Rodríguez', 'González', 'Fernández', 'López', 'Martínez', 'Sánchez', 'Pérez', 'Gómez', 'Martín',
  'Jiménez', 'Ruiz', 'Hernández', 'Díaz', 'Moreno', 'Muñoz', 'Álvarez', 'Romero', 'Alonso', 'Gutiérrez',
  'Navarro', 'Torres', 'Domínguez', 'Vázquez', 'Ramos', 'Gil', 'Ramírez', 'Serrano', 'Blanco', 'Molina',
  'Morales', 'Suárez', 'Ortiz', 'Delgado', 'Castro', 'Ortega', 'Rubio', 'Marín', 'Sanz', 'Iglesias', 'Núñez', 'Medina',
];
const STREETS = [
  'Calle Mayor', 'Calle de Alcalá', 'Avenida de América', 'Calle del Olivo', 'Paseo de la Castellana', 'Calle de Toledo',
  'Calle de Bravo Murillo', 'Calle de Atocha', 'Avenida de la Albufera', 'Calle del Doctor Esquerdo', 'Calle de Embajadores',
  'Calle de Arturo Soria', 'Calle de López de Hoyos', 'Calle de Santa Engracia', 'Calle de Fuencarral',
];
const CITIES: readonly (readonly [string, string])[] = [
  ['28013', 'Madrid'], ['28007', 'Madrid'], ['28028', 'Madrid'], ['28045', 'Madrid'], ['28039', 'Madrid'],
  ['28901', 'Getafe'], ['28911', 'Leganés'], ['28921', 'Alcorcón'], ['28801', 'Alcalá de Henares'],
];
const PROFESSIONS = [
  'Administrativa', 'Profesor', 'Enfermera', 'Ingeniero', 'Dependienta', 'Conductor', 'Camarero', 'Abogada',
  'Electricista', 'Cocinero', 'Informático', 'Farmacéutica', 'Albañil', 'Auxiliar de enfermería', 'Comercial',
];
const EDUCATION = ['Primaria', 'Secundaria', 'Bachillerato', 'Formación Profesional', 'Universitaria'];
// Spain's blood groups, roughly as often as the national transfusion centres report them.
const BLOOD: readonly (readonly [readonly ['A' | 'B' | 'AB' | 'O', '+' | '-'], number])[] = [
  [['O', '+'], 36], [['A', '+'], 34], [['B', '+'], 8], [['AB', '+'], 2.5],
  [['O', '-'], 9], [['A', '-'], 8], [['B', '-'], 2], [['AB', '-'], 0.5],
];
const NATIONALITIES: readonly (readonly [string, number])[] = [
  ['Española', 85], ['Colombiana', 4], ['Ecuatoriana', 3], ['Rumana', 3], ['Marroquí', 3], ['Peruana', 2],
];
const INSURERS = [
  { name: 'Sistema Nacional de Salud', type: 'Pública', provider: 'Servicio Madrileño de Salud' },
  { name: 'Sanitas Más Salud', type: 'Privada', provider: 'Sanitas' },
  { name: 'Adeslas Plena', type: 'Privada', provider: 'SegurCaixa Adeslas' },
  { name: 'DKV Integral', type: 'Privada', provider: 'DKV Seguros' },
  { name: 'MUFACE', type: 'Mutualidad', provider: 'Asisa' },
];

/** Letters and accents dropped, for email addresses. */
export const asciiOf = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^a-z]/g, '');

const mobile = (random: Random) => `+34 6${random.int(0, 9)}${random.int(0, 9)} ${random.int(100, 999)} ${random.int(100, 999)}`;

/** A DNI with its real check letter, or an NIE for a foreign national. */
function identityDocument(random: Random, nationality: string): { documentType: string; documentNumber: string } {
  const letters = 'TRWAGMYFPDXBNJZSQVHLCKE';
  if (nationality !== 'Española') {
    const prefix = random.pick(['X', 'Y'] as const);
    const digits = random.int(1_000_000, 9_999_999);
    const letter = letters[(Number(`${prefix === 'X' ? 0 : 1}${digits}`) % 23)]!;
    return { documentType: 'NIE', documentNumber: `${prefix}${digits}${letter}` };
  }
  const digits = random.int(10_000_000, 79_999_999);
  return { documentType: 'DNI', documentNumber: `${digits}${letters[digits % 23]!}` };
}

function civilStatusFor(random: Random, sex: Sex, age: number): string | null {
  const ending = sex === 'F' ? 'a' : 'o';
  if (age < ADULT_AGE) return null;
  if (age < 28) return `Solter${ending}`;
  const status = random.weighted([['Casad', 55], ['Solter', 20], ['Divorciad', 13], ['Viud', age > 65 ? 25 : 2]] as const);
  return `${status}${ending}`;
}

/** A child's schooling in Spain's system, by age; null before nursery school. */
function schoolingOf(age: number): string | null {
  if (age < 3) return null;
  if (age < 6) return 'Educación infantil (en curso)';
  if (age < 12) return 'Primaria (en curso)';
  if (age < 16) return 'Secundaria (en curso)';
  return 'Bachillerato (en curso)';
}

/** A birth date that makes the patient `age` on the demo's today: a random day of that year of life (a newborn at least a month old). */
function birthDateFor(random: Random, calendar: DemoCalendar, age: number): string {
  const lastBirthday = calendar.yearsAfter(calendar.today, -age);
  const daysSinceBirthday = age === 0 ? random.int(30, 330) : random.int(0, 364);
  return calendar.daysAgo(calendar.daysSince(lastBirthday) + daysSinceBirthday);
}

/** Who answers for a child: both parents, whose first surnames the child carries (father's, then mother's). */
function parentsOf(random: Random, first: string, second: string): DemoPatient['contacts'] {
  return [
    { name: `${random.pick(FEMALE_NAMES)} ${second} ${random.pick(SURNAMES)}`, relationship: 'Madre', phone: mobile(random), email: null, address: null },
    { name: `${random.pick(MALE_NAMES)} ${first} ${random.pick(SURNAMES)}`, relationship: 'Padre', phone: mobile(random), email: null, address: null },
  ];
}

/** Forty patients from newborns to 90, weighted toward the adults and older patients a family practice sees most. */
export function demoPatients(random: Random, calendar: DemoCalendar, count: number): DemoPatient[] {
  const taken = new Set<string>();
  const patients: DemoPatient[] = [];
  while (patients.length < count) {
    const sex: Sex = random.chance(0.52) ? 'F' : 'M';
    const name = random.pick(sex === 'F' ? FEMALE_NAMES : MALE_NAMES);
    const [first, second] = random.sample(SURNAMES, 2) as [string, string];
    const lname = `${first} ${second}`;
    const email = `${asciiOf(name)}.${asciiOf(first)}${asciiOf(second).slice(0, 1)}@example.com`;
    if (taken.has(email)) continue;
    taken.add(email);

    const age = random.weighted([[random.int(0, 17), 18], [random.int(18, 39), 22], [random.int(40, 64), 32], [random.int(65, 90), 28]] as const);
    const child = age < ADULT_AGE;
    const birthDate = birthDateFor(random, calendar, age);
    const [bloodGroup, bloodRh] = random.weighted(BLOOD);
    let height: number;
    let weight: number;
    if (child) {
      const years = calendar.daysSince(birthDate) / 365.25;
      height = Math.round(medianHeight(years, sex) * random.real(0.96, 1.04, 3));
      weight = Number((medianWeight(years, sex) * random.real(0.88, 1.15, 3)).toFixed(1));
    } else {
      height = sex === 'F' ? random.int(150, 175) : random.int(162, 190);
      const bmi = random.real(20, age > 45 ? 33 : 28, 1);
      weight = Number(((bmi * height * height) / 10_000).toFixed(1));
    }
    const nationality = random.weighted(NATIONALITIES);
    const [postcode, city] = random.pick(CITIES);
    const insurer = random.weighted(INSURERS.map((insurer, index) => [insurer, index === 0 ? 60 : 10] as const));
    const partnerSex: Sex = sex === 'F' ? 'M' : 'F';
    const civilStatus = civilStatusFor(random, sex, age);
    let contacts: DemoPatient['contacts'];
    if (child) {
      contacts = parentsOf(random, first, second);
    } else {
      const relative = civilStatus?.startsWith('Casad')
        ? { name: `${random.pick(partnerSex === 'F' ? FEMALE_NAMES : MALE_NAMES)} ${random.pick(SURNAMES)}`, relationship: partnerSex === 'F' ? 'Esposa' : 'Esposo' }
        : age > 60
          ? { name: `${random.pick(random.chance(0.5) ? FEMALE_NAMES : MALE_NAMES)} ${first}`, relationship: random.pick(['Hija', 'Hijo'] as const) }
          : { name: `${random.pick(FEMALE_NAMES)} ${second}`, relationship: 'Madre' };
      contacts = [{ ...relative, phone: mobile(random), email: null, address: null }];
      if (random.chance(0.4)) {
        const friend = `${random.pick(FEMALE_NAMES)} ${random.pick(SURNAMES)}`;
        contacts.push({ name: friend, relationship: random.pick(['Hermana', 'Vecina', 'Amiga'] as const), phone: mobile(random), email: `${asciiOf(friend.split(' ')[0]!)}.${asciiOf(friend.split(' ')[1]!)}@example.com`, address: null });
      }
    }
    const ownPhone = mobile(random);

    patients.push({
      name,
      lname,
      sex,
      age,
      birthDate,
      email,
      // Under fourteen the practice calls the mother's mobile.
      phone: age < 14 ? contacts[0]!.phone : ownPhone,
      address: `${random.pick(STREETS)}, ${random.int(1, 160)}, ${postcode} ${city}`,
      addressSpecific: `${random.int(1, 8)}.º ${random.pick(['A', 'B', 'C', 'D', 'Izda.', 'Dcha.'] as const)}`,
      bloodGroup,
      bloodRh,
      civilStatus,
      weight,
      height,
      profession: age >= 67 ? (sex === 'F' ? 'Jubilada' : 'Jubilado') : age < 6 ? null : age < 23 ? 'Estudiante' : random.pick(PROFESSIONS),
      religion: random.weighted([['Católica', 55], ['Ninguna', 38], ['Musulmana', 4], ['Evangélica', 3]] as const),
      nationality,
      education: child ? schoolingOf(age) : random.pick(EDUCATION),
      ...identityDocument(random, nationality),
      insurance: { ...insurer, policyNumber: `${insurer.provider.slice(0, 3).toUpperCase()}-${random.int(100000, 999999)}-${random.int(10, 99)}` },
      contacts,
    });
  }
  return patients;
}

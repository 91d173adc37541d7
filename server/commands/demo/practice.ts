// Seeds the demo practice into a DATA_DIR through the real app: every account, link, record item,
// note, booked appointment, prescription, addendum and document is created by a REST call, as a
// receptionist and two doctors would make them, so the consent rules, triggers, audit trail and
// document encryption all hold for what it makes. The practice is encrypted, as every new practice
// is: its key is set up first, wrapped by the passphrase of PASSPHRASE_FILE or PASSPHRASE, else by
// one made here, and the report shows the recovery key once, as a practice's set-up does.
import type { FastifyInstance } from 'fastify';
import type { PendingRegistration, Session } from '../../../shared/auth';
import type { MedicAccount } from '../../../shared/admin';
import type { Patient } from '../../../shared/patients';
import type { ClinicalHistory } from '../../../shared/record';
import { buildApp } from '../../app';
import type { Config } from '../../config';
import { openDatabase } from '../../db/client';
import { sqliteEngineOf } from '../../db/engine';
import { lockDataDir } from '../../data-dir-lock';
import { setUpPracticeKey } from '../../encryption/new-practice-key';
import { passphraseFrom } from '../../encryption/passphrase-source';
import { ensureDataDir } from '../../secrets';
import { apiClient, type ApiClient } from './api-client';
import { planBookedWeek, type Booking } from './booked-week';
import { diagnosisCodes, type DiagnosisCodes } from './diagnosis-codes';
import { clockTime, demoCalendar, type DemoCalendar } from './calendar';
import { ADULT_AGE } from './growth';
import { demoPassphrase } from './demo-passphrase';
import { databasePathOf, practiceIn, type ExistingPractice } from './existing-practice';
import { ADMINISTRATOR, MEDICS, PRACTICE, demoPatients, type DemoMedic, type DemoPatient } from './people';
import { seededRandom } from './random';
import { planRecord, type RecordPlan } from './record-plan';
import { ecgStripPng, onePagePdf } from './sample-documents';
import { holdTodaysConsultations, writeAddenda, type TodaysAppointment } from './held-today';
import type { SeededPatient, WrittenAppointment } from './seeded';
import { practiceText } from '../../practice-messages/practice-text';

/** Every demo account's password: long enough, and not on the common-password list. */
export const DEMO_PASSWORD = 'consulta-demo-2025';
export const DEMO_PATIENT_COUNT = 40;
const SEED = 20_240_611;

/** The featured patient's appointment today, in both medics' consulting hours (booked-week.ts). */
const FEATURED_TODAY = { start: 11 * 60 + 30, minutes: 20 };

/** The passphrase that opens the demo practice, and where it came from: made here (and so shown) or the environment's. */
export type DemoPassphrase = { value: string } & ({ from: 'generated' } | { from: 'PASSPHRASE' } | { from: 'PASSPHRASE_FILE'; file: string });

export interface DemoPractice {
  dataDir: string;
  password: string;
  passphrase: DemoPassphrase;
  /** Shown once, as at a practice's set-up: it opens the practice when the passphrase is lost. */
  recoveryKey: string;
  administrator: { name: string; email: string };
  medics: { name: string; email: string; patients: number }[];
  /** The patient with both documents and an appointment today: a good first record to open. */
  featuredPatient: { name: string; email: string; idPatient: number };
  patients: number;
  sharedPatients: number;
  todaysAppointments: number;
  /** Appointments booked on the working days after today, up to the Friday of next week. */
  comingAppointments: number;
  /** The plan's diagnosis codes the catalog did not hold (all of them without CATALOG_DIR's files): visits were written without them. */
  diagnosisCodesLeftOut: string[];
  /** The practice's name, as its recetas print it. */
  practiceName: string;
  /** Today's appointments already held: written, with a prescription each. */
  heldToday: number;
  /** Prescriptions issued today, the voided one included. */
  prescriptions: number;
  voidedPrescriptions: number;
  /** Addenda on past appointments (a result that came in after the visit, a follow-up call). */
  addenda: number;
}

export class PracticeExistsError extends Error {
  constructor(readonly dataDir: string, readonly found: ExistingPractice) {
    const text = practiceText();
    super(
      found.kind === 'encrypted'
        ? text.demoEncryptedPracticeExists({ path: found.path })
        : found.accounts > 0
          ? text.demoPracticeExists({ path: found.path, accounts: found.accounts })
          : text.demoPlainDatabaseExists({ path: found.path }),
    );
  }
}

/** PASSPHRASE_FILE's or PASSPHRASE's passphrase, else a new one for the demo. */
function passphraseFor(config: Config): DemoPassphrase {
  const source = config.passphraseSource;
  if (!source) return { value: demoPassphrase(), from: 'generated' };
  return 'file' in source ? { value: passphraseFrom(source)!, from: 'PASSPHRASE_FILE', file: source.file } : { value: source.value, from: 'PASSPHRASE' };
}

const fullName = (person: { name: string; lname: string }) => `${person.name} ${person.lname}`;

async function signIn(anonymous: ApiClient, email: string): Promise<Session> {
  return anonymous.call<Session>('POST', '/api/auth/login', { email, password: DEMO_PASSWORD }, 200);
}

/** The administrator registers first (and so becomes it), then approves the two medics who register after. */
async function createDoctors(app: FastifyInstance, anonymous: ApiClient): Promise<{ admin: ApiClient; medics: ApiClient[] }> {
  const registerMedic = (medic: DemoMedic) =>
    anonymous.call<Session | PendingRegistration>('POST', '/api/auth/register', { name: medic.name, lname: medic.lname, email: medic.email, password: DEMO_PASSWORD, type: 'medic' });
  const adminSession = (await registerMedic(ADMINISTRATOR)) as Session;
  const admin = apiClient(app, adminSession.access_token);
  for (const medic of MEDICS) await registerMedic(medic);
  const { medics: accounts } = await admin.call<{ medics: MedicAccount[] }>('GET', '/api/admin/medics');
  const medics: ApiClient[] = [];
  for (const medic of [ADMINISTRATOR, ...MEDICS]) {
    const account = accounts.find((candidate) => candidate.email === medic.email)!;
    if (account.status === 'pending') await admin.call('POST', `/api/admin/medics/${account.idMedic}/approve`, undefined, 200);
    const client = medic === ADMINISTRATOR ? admin : apiClient(app, (await signIn(anonymous, medic.email)).access_token);
    await client.call('PATCH', '/api/medics/me', { phone: medic.phone, whatsapp: medic.phone, about: medic.about, specialty: medic.specialty, licenseNumber: medic.licenseNumber });
    if (medic !== ADMINISTRATOR) medics.push(client);
  }
  await admin.call('PATCH', '/api/admin/practice', PRACTICE);
  return { admin, medics };
}

/** The record fields a new account does not take, sent as the record's first edit. */
const recordDetails = (profile: DemoPatient, lifestyle: RecordPlan['lifestyle']) => ({
  birthDate: profile.birthDate,
  sex: profile.sex === 'F' ? 'female' : 'male',
  phone: profile.phone,
  address: profile.address,
  addressSpecific: profile.addressSpecific,
  bloodGroup: profile.bloodGroup,
  bloodRh: profile.bloodRh,
  civilStatus: profile.civilStatus,
  weight: profile.weight,
  height: profile.height,
  documentNumber: profile.documentNumber,
  documentType: profile.documentType,
  profession: profile.profession,
  religion: profile.religion,
  nationality: profile.nationality,
  education: profile.education,
  insurance: profile.insurance,
  lifestyle,
});

/**
 * Each patient comes to the practice the way the product allows, so every link carries consent:
 * most are created by their doctor (linked at once) and then chose their own password; every fourth
 * registered themself naming their doctor; every fifth also accepted the other doctor's link request.
 */
async function admitPatient(app: FastifyInstance, anonymous: ApiClient, medics: ApiClient[], profile: DemoPatient, index: number): Promise<SeededPatient> {
  const medic = index % 2;
  const secondMedic = index % 5 === 2 ? 1 - medic : null;
  const doctor = medics[medic]!;
  let session: Session;
  let idPatient: number;
  if (index % 4 === 3) {
    session = await anonymous.call<Session>('POST', '/api/auth/register', {
      name: profile.name, lname: profile.lname, email: profile.email, password: DEMO_PASSWORD, type: 'patient', doctorEmail: MEDICS[medic]!.email,
    });
    idPatient = (await apiClient(app, session.access_token).call<{ patient: Patient }>('GET', '/api/patients/me')).patient.idPatient;
  } else {
    // The doctor's password is temporary: the patient's first sign-in replaces it with their own,
    // as at a real practice, and here with the demo's one password.
    const temporary = `${DEMO_PASSWORD}-temporal`;
    idPatient = (await doctor.call<Patient>('POST', '/api/patients', {
      name: profile.name, lname: profile.lname, email: profile.email, password: temporary, phone: profile.phone, address: profile.address,
    })).idPatient;
    session = await anonymous.call<Session>('POST', '/api/auth/login', { email: profile.email, password: temporary }, 200);
    await apiClient(app, session.access_token).call('POST', '/api/auth/change-password', { currentPassword: temporary, newPassword: DEMO_PASSWORD }, 204);
  }
  if (secondMedic !== null) {
    const { request } = await medics[secondMedic]!.call<{ request: { idRequest: number } }>('POST', '/api/medics/link-patient', { patientEmail: profile.email }, 202);
    await apiClient(app, session.access_token).call('POST', `/api/patients/me/link-requests/${request.idRequest}/accept`, undefined, 200);
  }
  return { profile, idPatient, medic, secondMedic, session };
}

/** Writes the record; answers its past visits, oldest first, and for the featured patient today's appointment. */
async function writeRecord(
  medics: ApiClient[],
  patient: SeededPatient,
  plan: RecordPlan,
  calendar: DemoCalendar,
  featured: boolean,
  codes: DiagnosisCodes,
): Promise<{ visits: WrittenAppointment[]; today: WrittenAppointment | null }> {
  const doctor = medics[patient.medic]!;
  const base = `/api/patients/${patient.idPatient}`;
  await doctor.call('PATCH', base, recordDetails(patient.profile, plan.lifestyle));
  for (const item of plan.conditions) await doctor.call('POST', `${base}/pathological-records`, item);
  for (const item of plan.allergies) await doctor.call('POST', `${base}/allergies`, item);
  for (const item of patient.profile.contacts) await doctor.call('POST', `${base}/contacts`, item);
  for (const item of plan.familyHistory) await doctor.call('POST', `${base}/family-history`, item);
  for (const item of plan.vitals) await doctor.call('POST', `${base}/vitals`, item);
  for (const item of plan.labs) await doctor.call('POST', `${base}/labs`, item);
  for (const item of plan.vaccines) await doctor.call('POST', `${base}/vaccines`, item);
  const visits: WrittenAppointment[] = [];
  for (const [number, visit] of plan.visits.entries()) {
    // A shared patient sees the second doctor now and then; the appointment is theirs.
    const seenByIndex = patient.secondMedic !== null && number % 3 === 2 ? patient.secondMedic : patient.medic;
    const seenBy = medics[seenByIndex]!;
    const appointment = await seenBy.call<ClinicalHistory>('POST', '/api/clinical-history', {
      idPatient: patient.idPatient,
      ...visit,
      diagnosisIds: await codes.known(visit.diagnosisIds),
    });
    // Past days stay as written; closing is the one change allowed on them.
    await seenBy.call('PATCH', `/api/clinical-history/${appointment.idHistory}`, { closed: true });
    visits.push({ idHistory: appointment.idHistory, date: visit.date, medic: seenByIndex });
  }
  if (!featured) return { visits, today: null };
  const todaysVisit = { ...plan.todaysVisit, diagnosisIds: await codes.known(plan.todaysVisit.diagnosisIds) };
  const { start, minutes } = FEATURED_TODAY;
  const date = calendar.at(calendar.today, start);
  const today = await doctor.call<ClinicalHistory>('POST', '/api/clinical-history', { idPatient: patient.idPatient, date, end: clockTime(start + minutes), ...todaysVisit });
  return { visits, today: { idHistory: today.idHistory, date, medic: patient.medic } };
}

/** A booked appointment: the motive only, open; the note is written when the patient comes. */
async function book(medics: ApiClient[], booking: Booking): Promise<number> {
  const appointment = await medics[booking.medic]!.call<ClinicalHistory>('POST', '/api/clinical-history', { idPatient: booking.idPatient, date: booking.date, end: booking.end, motive: booking.motive });
  return appointment.idHistory;
}

async function uploadDocuments(doctor: ApiClient, patient: SeededPatient, plan: RecordPlan, calendar: DemoCalendar): Promise<void> {
  const labDay = plan.labs.map((lab) => lab.date).sort().at(-1) ?? calendar.today;
  const report = onePagePdf('Informe de laboratorio', [
    `Paciente: ${fullName(patient.profile)}    ${patient.profile.documentType}: ${patient.profile.documentNumber}`,
    `Fecha de extracción: ${labDay}`,
    '',
    ...plan.labs.filter((lab) => lab.date === labDay || plan.labs.length < 8).slice(0, 14).map((lab) => `${lab.testName}: ${lab.value} ${lab.unit}   (referencia ${lab.referenceRange})`),
    '',
    'Laboratorio de análisis clínicos (datos de demostración).',
  ]);
  await doctor.upload(`/api/medics/patients/${patient.idPatient}/files`, { bytes: report, name: 'informe-laboratorio.pdf', type: 'application/pdf' }, 'Analítica de control');
  await doctor.upload(`/api/medics/patients/${patient.idPatient}/files`, { bytes: ecgStripPng(), name: 'electrocardiograma.png', type: 'image/png' }, 'ECG en reposo: ritmo sinusal a 75 lpm');
}

/** Seeds the demo practice into `config.dataDir`, or throws PracticeExistsError when it holds one. */
export async function seedDemoPractice(config: Config, now = new Date()): Promise<DemoPractice> {
  const { dataDir } = config;
  const found = practiceIn(dataDir);
  if (found) throw new PracticeExistsError(dataDir, found);
  const passphrase = passphraseFor(config);
  ensureDataDir(dataDir);
  // Seeding is a server's work on DATA_DIR: never beside a running one (data-dir-lock.ts).
  const lock = await lockDataDir(dataDir);
  try {
    return await seedLocked(config, now, passphrase);
  } finally {
    await lock.release();
  }
}

async function seedLocked(config: Config, now: Date, passphrase: DemoPassphrase): Promise<DemoPractice> {
  const { dataDir } = config;
  // Asked again under the lock: a server that started in between may have made a practice here.
  const found = practiceIn(dataDir);
  if (found) throw new PracticeExistsError(dataDir, found);

  // The practice key before anything is stored, so that the database and every key file are encrypted from their first byte.
  const { recoveryKey } = await setUpPracticeKey(dataDir, passphrase.value);
  const db = openDatabase(databasePathOf(dataDir));
  // Thousands of small commits: without a flush each, seeding takes seconds instead of a minute. WAL
  // stays consistent; only this database's writer relaxes it, and `npm start` opens its own with FULL.
  sqliteEngineOf(db).writer.pragma('synchronous = NORMAL');
  // One address makes every call here: the per-address cap on sign-ins and registrations is for strangers.
  const app = await buildApp({ config, db, clientDir: null, authFlood: { max: 10_000, timeWindowMs: 60_000 } });
  try {
    const random = seededRandom(SEED);
    const calendar = demoCalendar(now);
    const anonymous = apiClient(app);
    const { medics } = await createDoctors(app, anonymous);
    const codes = diagnosisCodes(medics[0]!);
    const profiles = demoPatients(random, calendar, DEMO_PATIENT_COUNT);
    const seeded: SeededPatient[] = [];
    for (const [index, profile] of profiles.entries()) seeded.push(await admitPatient(app, anonymous, medics, profile, index));

    // The first adult's record shows every kind of item (a child has no lab tests), whatever the draw gave it.
    const featured = seeded.find((patient) => patient.profile.age >= ADULT_AGE)!;
    const plans = new Map<SeededPatient, RecordPlan>();
    const pastVisits = new Map<SeededPatient, WrittenAppointment[]>();
    let featuredToday: WrittenAppointment | null = null;
    for (const patient of seeded) {
      const plan = planRecord(random, calendar, patient.profile);
      plans.set(patient, plan);
      const isFeatured = patient === featured;
      if (isFeatured && plan.allergies.length === 0) plan.allergies.push({ allergyName: 'Penicilina', type: 'Medicamento', severity: 'Severe', reaction: 'Urticaria generalizada y angioedema' });
      if (isFeatured && plan.familyHistory.length === 0) plan.familyHistory.push({ relative: 'Padre', condition: 'Hipertensión arterial', notes: 'Desde los 50 años.' });
      const written = await writeRecord(medics, patient, plan, calendar, isFeatured, codes);
      pastVisits.set(patient, written.visits);
      if (written.today) featuredToday = written.today;
      if (isFeatured) await uploadDocuments(medics[patient.medic]!, patient, plan, calendar);
    }

    const { start, minutes } = FEATURED_TODAY;
    const featuredBooking: Booking = { medic: featured.medic, idPatient: featured.idPatient, date: calendar.at(calendar.today, start), end: clockTime(start + minutes), motive: plans.get(featured)!.todaysVisit.motive };
    const bookable = seeded.map((patient) => ({
      idPatient: patient.idPatient,
      medics: patient.secondMedic === null ? [patient.medic] : [patient.medic, patient.secondMedic],
      age: patient.profile.age,
      followUpMotives: plans.get(patient)!.followUpMotives,
    }));
    const bookings = planBookedWeek(random, calendar, bookable, [featuredBooking]);
    const todays: TodaysAppointment[] = [{ ...featuredToday!, patient: featured, motive: featuredBooking.motive, featured: true }];
    const byId = new Map(seeded.map((patient) => [patient.idPatient, patient]));
    for (const booking of bookings) {
      const idHistory = await book(medics, booking);
      if (booking.date.startsWith(calendar.today)) todays.push({ idHistory, date: booking.date, medic: booking.medic, patient: byId.get(booking.idPatient)!, motive: booking.motive, featured: false });
    }
    const todaysAppointments = todays.length;
    const heldToday = await holdTodaysConsultations(random, calendar, medics, codes, todays, plans);
    const followUp = seeded.filter((patient) => patient.medic !== featured.medic).map((patient) => pastVisits.get(patient)!.at(-1)).find(Boolean);
    const addenda = await writeAddenda(medics, { plan: plans.get(featured)!, visits: pastVisits.get(featured)! }, followUp);

    return {
      dataDir,
      password: DEMO_PASSWORD,
      passphrase,
      recoveryKey,
      administrator: { name: fullName(ADMINISTRATOR), email: ADMINISTRATOR.email },
      medics: MEDICS.map((medic, index) => ({
        name: fullName(medic),
        email: medic.email,
        patients: seeded.filter((patient) => patient.medic === index || patient.secondMedic === index).length,
      })),
      featuredPatient: { name: fullName(featured.profile), email: featured.profile.email, idPatient: featured.idPatient },
      patients: seeded.length,
      sharedPatients: seeded.filter((patient) => patient.secondMedic !== null).length,
      todaysAppointments,
      comingAppointments: bookings.length + 1 - todaysAppointments,
      diagnosisCodesLeftOut: codes.leftOut(),
      practiceName: PRACTICE.name,
      heldToday: heldToday.held,
      prescriptions: heldToday.issued.length,
      voidedPrescriptions: heldToday.voided,
      addenda,
    };
  } finally {
    await app.close();
  }
}

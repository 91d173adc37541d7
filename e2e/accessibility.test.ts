// Issue 14's automated accessibility check: axe-core (through @axe-core/playwright, which injects it
// with Playwright's evaluate, so the Content-Security-Policy has nothing to block) over every page of
// the real built app in Chromium, in Spanish and in English, against WCAG 2.1 A and AA. A page passes
// with no violation of impact serious or critical; the moderate and minor ones are printed, not
// asserted, so they can be fixed later. The pages: sign-in, registration, the medic home with
// patients and its dialogs (new patient, link patient, emergency access), a record with an item in
// every section (an item form and the upload dialog open, the vital-sign trends as charts and as a
// table), the agenda by day and by week with its booking and move dialogs, the patient's dashboard
// with every tab, both printable summaries, the Security page (authenticator set-up and recovery codes)
// and the sign-in's second step, the administration page and the API reference.
import { AxeBuilder } from '@axe-core/playwright';
import { Secret, TOTP } from 'otpauth';
import type { Result } from 'axe-core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import enAgenda from '../shared/locales/en/agenda.json';
import enCharts from '../shared/locales/en/charts.json';
import enDashboard from '../shared/locales/en/dashboard.json';
import enPatients from '../shared/locales/en/patients.json';
import enPrint from '../shared/locales/en/print.json';
import enRecord from '../shared/locales/en/record.json';
import enSecurity from '../shared/locales/en/security.json';
import esAgenda from '../shared/locales/es/agenda.json';
import esCharts from '../shared/locales/es/charts.json';
import esDashboard from '../shared/locales/es/dashboard.json';
import esPatients from '../shared/locales/es/patients.json';
import esPrint from '../shared/locales/es/print.json';
import esRecord from '../shared/locales/es/record.json';
import esSecurity from '../shared/locales/es/security.json';
import { samplePdf, samplePng } from '../server/test/sample-files';
import { callApiAs, linkedPatientId, openAppTab, registerViaApi, uniqueEmail, useJourney, type ApiSession, type App, type Locale, type Tab } from './harness';
import { fill, texts as commonTexts } from './texts';

const PASSWORD = 'secreto-123';
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);

const texts = {
  'es-ES': { language: 'es', ...commonTexts['es-ES'], agenda: esAgenda, charts: esCharts, dashboard: esDashboard, patients: esPatients, print: esPrint, record: esRecord, security: esSecurity },
  'en-US': { language: 'en', ...commonTexts['en-US'], agenda: enAgenda, charts: enCharts, dashboard: enDashboard, patients: enPatients, print: enPrint, record: enRecord, security: enSecurity },
} as const;

const journey = useJourney();
let app: App;
let medic: ApiSession;
let patient: ApiSession;
let idPatient: number;
let idPrescription: number;
let stranger: { email: string; name: string; idPatient: number };
let emergencyMedic: ApiSession;
const PATIENT_NAME = 'Lucía Hernández';

/** Every moderate and minor violation seen, by rule, with the pages it was seen on: printed at the end. */
const leftForLater = new Map<string, { impact: string; help: string; pages: Set<string>; targets: Set<string> }>();
/** What axe could not decide by itself (e.g. contrast over an image), by rule: printed for a person to review. */
const toReview = new Map<string, { pages: Set<string>; nodes: Set<string> }>();

const api = (session: ApiSession, method: string, path: string, body: object | undefined, expected: number) => callApiAs(app, session, method, path, body, expected);

async function upload(file: { name: string; type: string; bytes: Buffer }, comment: string): Promise<void> {
  const form = new FormData();
  form.append('comment', comment);
  form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const response = await fetch(`${app.url}/api/medics/patients/${idPatient}/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${medic.access_token}` },
    body: form,
  });
  if (response.status !== 201) throw new Error(`upload ${file.name}: ${response.status} ${await response.text()}`);
}

const isoDay = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

beforeAll(async () => {
  app = journey.app();
  medic = await registerViaApi(app, { name: 'Andrea', lname: 'Campos', email: uniqueEmail('medic'), password: PASSWORD, type: 'medic' });
  const email = uniqueEmail('patient');
  patient = await registerViaApi(app, { name: 'Lucía', lname: 'Hernández', email, password: PASSWORD, type: 'patient', doctorEmail: medic.user.email });
  // More patients, so the medic home shows a grid of them.
  for (const [name, lname] of [['Mario', 'Ruiz'], ['Rosa', 'Jiménez']] as const) {
    await registerViaApi(app, { name, lname, email: uniqueEmail('patient'), password: PASSWORD, type: 'patient', doctorEmail: medic.user.email });
  }
  idPatient = await linkedPatientId(app, medic, email);

  // An item in every section of the record.
  await api(
    medic,
    'PATCH',
    `/patients/${idPatient}`,
    {
      phone: '5598765432',
      address: 'Av. Juárez 100, CDMX',
      bloodGroup: 'AB',
      bloodRh: '-',
      weight: 61.5,
      height: 164,
      civilStatus: 'Casada',
      profession: 'Arquitecta',
      nationality: 'Mexicana',
      insurance: { name: 'Seguros Azul', type: 'Privado', provider: 'Azul S.A.', policyNumber: 'POL-123' },
      lifestyle: {
        alcohol: { frequency: 'Semanal', quantity: '2 copas', type: 'Vino' },
        tobacco: null,
        drugs: null,
        physicalActivity: { frequency: 'Diaria', type: 'Caminar', duration: '30 min' },
      },
    },
    200,
  );
  await api(medic, 'POST', `/patients/${idPatient}/allergies`, { allergyName: 'Penicilina', severity: 'Severe', type: 'Medicamento', reaction: 'Anafilaxia' }, 201);
  await api(medic, 'POST', `/patients/${idPatient}/pathological-records`, { condition: 'Asma', status: 'Chronic', diagnosisDate: '2015-06-01', notes: 'Controlada' }, 201);
  for (let month = 0; month < 6; month += 1) {
    const date = new Date();
    date.setMonth(date.getMonth() - month);
    await api(
      medic,
      'POST',
      `/patients/${idPatient}/vitals`,
      { date: isoDay(date), systolic: 118 + month, diastolic: 76, heartRate: 64 + month, temperature: 36.6, oxygenSaturation: 97, respiratoryRate: 16, weight: 61 + month / 2 },
      201,
    );
  }
  await api(medic, 'POST', `/patients/${idPatient}/labs`, { testName: 'Glucosa', value: '92', unit: 'mg/dL', referenceRange: '70-100', date: '2025-02-01', comment: 'En ayunas' }, 201);
  await api(medic, 'POST', `/patients/${idPatient}/vaccines`, { vaccineName: 'Influenza', date: '2024-10-15', dose: 'Única', manufacturer: 'Sanofi', nextDose: '2025-10-15' }, 201);
  await api(medic, 'POST', `/patients/${idPatient}/contacts`, { name: 'Mario Hernández', relationship: 'Hermano', phone: '5599887766', email: 'mario@example.test' }, 201);
  await api(medic, 'POST', '/clinical-history', { idPatient, date: '2025-01-10T10:00', motive: 'Control de asma', notes: 'Sin crisis', medications: ['Salbutamol inhalado'], diagnosisIds: ['J45'] }, 201);
  const now = new Date();
  const todays = (await api(medic, 'POST', '/clinical-history', { idPatient, date: `${isoDay(now)}T08:00`, motive: 'Revisión', medications: ['Budesonida'] }, 201)) as {
    idHistory: number;
  };
  // A prescription on today's appointment, for the printed receta (it needs the medic's licence number).
  await api(medic, 'PATCH', '/medics/me', { specialty: 'Neumología', licenseNumber: '12345678' }, 200);
  const prescription = (await api(
    medic,
    'POST',
    `/clinical-history/${todays.idHistory}/prescriptions`,
    { items: [{ drug: 'Budesonida', strength: '200 mcg', form: 'inhalador', route: 'vía inhalada', dose: '1 inhalación', frequency: 'cada 12 horas', duration: '30 días' }] },
    201,
  )) as { idPrescription: number };
  idPrescription = prescription.idPrescription;
  await upload({ name: 'radiografia.png', type: 'image/png', bytes: samplePng }, 'Tórax PA');
  await upload({ name: 'analisis.pdf', type: 'application/pdf', bytes: samplePdf }, 'Biometría hemática');

  // A second medic's request waits on the patient's dashboard, and that medic waits on the administrator.
  const other = await registerViaApi(app, { name: 'Pablo', lname: 'Soto', email: uniqueEmail('medic'), password: PASSWORD, type: 'medic' });
  await api(other, 'POST', '/medics/link-patient', { patientEmail: email }, 202);
  await fetch(`${app.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Elena', lname: 'Pendiente', email: uniqueEmail('pending'), password: PASSWORD, type: 'medic' }),
  });
  // A patient who is not the medic's, found by exact email for a request or emergency access, and one
  // emergency access so the administrator has one to list.
  const strangerEmail = uniqueEmail('stranger');
  await registerViaApi(app, { name: 'Rosa', lname: 'Nieto', email: strangerEmail, password: PASSWORD, type: 'patient' });
  emergencyMedic = await registerViaApi(app, { name: 'Inés', lname: 'Urgencias', email: uniqueEmail('medic'), password: PASSWORD, type: 'medic' });
  const access = (await api(emergencyMedic, 'POST', '/medics/emergency-access', { patientEmail: strangerEmail, reason: 'Paciente inconsciente en urgencias' }, 200)) as {
    patient: { idPatient: number };
  };
  stranger = { email: strangerEmail, name: 'Rosa Nieto', idPatient: access.patient.idPatient };
}, 120_000);

afterAll(() => {
  const review = [...toReview.entries()].map(
    ([id, seen]) => `  ${id} on: ${[...seen.pages].join(', ')}\n    ${[...seen.nodes].slice(0, 12).join('\n    ')}`,
  );
  if (review.length) console.log(`[accessibility] for a person to review (axe "incomplete"):\n${review.join('\n')}`);
  if (leftForLater.size === 0) {
    console.log('[accessibility] no moderate or minor violations');
    return;
  }
  const lines = [...leftForLater.entries()].map(
    ([id, seen]) => `  ${id} (${seen.impact}): ${seen.help}\n    on: ${[...seen.pages].join(', ')}\n    at: ${[...seen.targets].slice(0, 8).join(' | ')}`,
  );
  console.log(`[accessibility] moderate and minor violations, left for later:\n${lines.join('\n')}`);
});

const targetsOf = (violation: Result) => violation.nodes.map((node) => node.target.map(String).join(' >> '));

/** Runs axe over the page as it is now: fails on serious and critical violations, remembers the rest. */
async function expectAccessible(page: Page, where: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const blocking: string[] = [];
  for (const unsure of results.incomplete) {
    const seen = toReview.get(unsure.id) ?? { pages: new Set<string>(), nodes: new Set<string>() };
    seen.pages.add(where);
    for (const node of unsure.nodes) seen.nodes.add(`${node.target.map(String).join(' >> ')}: ${node.any[0]?.message ?? node.failureSummary ?? ''}`);
    toReview.set(unsure.id, seen);
  }
  for (const violation of results.violations) {
    const impact = violation.impact ?? 'unknown';
    if (BLOCKING.has(impact)) {
      blocking.push(`${violation.id} (${impact}): ${violation.help}\n    ${targetsOf(violation).join('\n    ')}`);
      continue;
    }
    const seen = leftForLater.get(violation.id) ?? { impact, help: violation.help, pages: new Set<string>(), targets: new Set<string>() };
    seen.pages.add(where);
    for (const target of targetsOf(violation)) seen.targets.add(target);
    leftForLater.set(violation.id, seen);
  }
  // Soft, so one run lists every page's violations, not only the first page's.
  expect.soft(blocking, `serious or critical accessibility violations on ${where} (${page.url()})`).toEqual([]);
}

/** A tab in `locale`, signed in as `session` when one is given. */
const tabFor = async (locale: Locale, session?: ApiSession): Promise<Tab> => journey.setTab(await openAppTab(journey.browser(), locale, app.url, session));

describe.each<Locale>(['es-ES', 'en-US'])('accessibility (axe, WCAG 2.1 A/AA), browser in %s', (locale) => {
  const t = texts[locale];
  const where = (name: string) => `${name} [${t.language}]`;

  test('sign-in and registration', async () => {
    const { page } = await tabFor(locale);
    await page.goto('/login');
    await page.getByRole('heading', { level: 1, name: t.auth.login.heading }).waitFor();
    await expectAccessible(page, where('login'));
    await page.getByRole('button', { name: t.auth.login.submit, exact: true }).click();
    await page.getByText(t.validation.emailRequired).first().waitFor();
    await expectAccessible(page, where('login with errors'));
    await page.goto('/register');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('button', { name: t.auth.register.submit, exact: true }).waitFor();
    await expectAccessible(page, where('register'));
    await page.getByRole('button', { name: t.auth.register.submit, exact: true }).click();
    await page.getByText(t.validation.emailRequired).first().waitFor();
    await expectAccessible(page, where('register with errors'));
  });

  test('the medic home and its dialogs', async () => {
    const { page } = await tabFor(locale, medic);
    const p = t.patients;
    await page.goto('/medic/patients');
    await page.getByRole('article', { name: PATIENT_NAME, exact: true }).waitFor();
    await expectAccessible(page, where('medic home'));

    await page.getByRole('button', { name: p.home.createPatient, exact: true }).click();
    const create = page.getByRole('dialog', { name: p.create.title });
    await create.waitFor();
    await expectAccessible(page, where('create patient dialog'));
    await page.keyboard.press('Escape');
    await create.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: p.home.linkPatient, exact: true }).click();
    const link = page.getByRole('dialog', { name: p.link.title });
    await link.getByLabel(p.link.searchLabel, { exact: true }).fill(stranger.email);
    const emergency = link.getByRole('button', { name: fill(p.link.emergencyNamed, { name: stranger.name }), exact: true });
    await emergency.waitFor();
    await expectAccessible(page, where('link patient dialog with results'));

    await emergency.click();
    const form = page.getByRole('dialog', { name: p.emergency.title });
    await form.getByText(p.emergency.warning).waitFor();
    await expectAccessible(page, where('emergency access form'));
  });

  test('a record with every section, its forms and its vital-sign trends', async () => {
    const { page } = await tabFor(locale, medic);
    const r = t.record;
    const c = t.charts;
    await page.goto(`/medic/patient/${idPatient}`);
    await page.getByRole('heading', { level: 1, name: PATIENT_NAME }).waitFor();
    const trends = page.getByRole('region', { name: new RegExp(`^${c.title} \\(`) });
    await trends.getByRole('img', { name: `${c.measures.bloodPressure} (${c.units.bloodPressure})` }).locator('canvas').waitFor();
    await page.getByRole('region', { name: new RegExp(`^${r.documents.title} \\(`) }).getByText('Tórax PA').waitFor();
    await expectAccessible(page, where('record, trends as charts'));

    await trends.getByRole('button', { name: c.showTable, exact: true }).click();
    await trends.getByRole('table', { name: c.table.caption }).waitFor();
    await expectAccessible(page, where('record, trends as a table'));

    const allergies = page.getByRole('region', { name: new RegExp(`^${r.allergies.title} \\(`) });
    await allergies.getByRole('button', { name: r.allergies.add, exact: true }).click();
    await allergies.getByRole('form', { name: r.allergies.newTitle }).waitFor();
    await expectAccessible(page, where('record, new allergy form'));
    await allergies.getByRole('button', { name: r.cancel, exact: true }).click();

    const appointments = page.getByRole('region', { name: new RegExp(`^${r.appointments.title} \\(`) });
    await appointments.getByRole('button', { name: r.appointments.add, exact: true }).click();
    const appointment = appointments.getByRole('form', { name: r.appointments.newTitle });
    await appointment.waitFor();
    await expectAccessible(page, where('record, new appointment form'));
    await appointment.getByRole('button', { name: r.cancel, exact: true }).click();
    await appointment.waitFor({ state: 'detached' });

    // An appointment's details open in a dialog.
    await appointments.getByRole('article').last().getByRole('button').first().click();
    const details = page.getByRole('dialog', { name: r.appointments.detailsTitle });
    await details.waitFor();
    await expectAccessible(page, where('record, appointment details dialog'));
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'detached' });

    await page.getByRole('region', { name: new RegExp(`^${r.documents.title} \\(`) }).getByRole('button', { name: r.documents.upload, exact: true }).click();
    await page.getByRole('dialog', { name: r.documents.uploadTitle }).waitFor();
    await expectAccessible(page, where('record, upload dialog'));
  });

  test('a record opened in an emergency, read-only', async () => {
    const { page } = await tabFor(locale, emergencyMedic);
    await page.goto(`/medic/patient/${stranger.idPatient}`);
    await page.getByRole('heading', { level: 1, name: stranger.name }).waitFor();
    await page.getByText(t.record.emergency.note).waitFor();
    await expectAccessible(page, where('record in emergency access'));
  });

  test('the agenda, by day and by week, and its booking and move dialogs', async () => {
    const { page } = await tabFor(locale, medic);
    const a = t.agenda;
    await page.goto('/agenda');
    // Today's appointment with the patient (seeded above at 08:00).
    const today = page.getByRole('list').filter({ hasText: 'Revisión' });
    await today.getByRole('link', { name: PATIENT_NAME, exact: true }).waitFor();
    await expectAccessible(page, where('agenda, day'));

    await page.getByRole('button', { name: a.views.week, exact: true }).click();
    await page.getByText(a.emptyDay).first().waitFor();
    await expectAccessible(page, where('agenda, week'));

    await page.getByRole('button', { name: a.book.open, exact: true }).click();
    const book = page.getByRole('dialog', { name: a.book.title });
    await book.getByRole('searchbox', { name: a.book.patient }).fill('Hernández');
    await book.getByRole('list', { name: a.book.results }).getByRole('button').first().waitFor();
    await book.getByLabel(a.book.start, { exact: true }).fill('08:15');
    await book.getByLabel(a.book.end, { exact: true }).fill('08:45');
    await book.getByText(a.overlapHint).waitFor();
    await expectAccessible(page, where('agenda, new appointment dialog with results and an overlap'));
    // What was typed is not thrown away without asking.
    await page.keyboard.press('Escape');
    const asking = book.getByRole('alertdialog', { name: t.common.dialog.discard.title });
    await asking.waitFor();
    await expectAccessible(page, where('agenda, new appointment dialog asking before discarding'));
    await asking.getByRole('button', { name: t.common.dialog.discard.confirm, exact: true }).click();
    await book.waitFor({ state: 'detached' });

    await today.getByRole('button', { name: new RegExp(`^${a.item.move} `) }).click();
    const move = page.getByRole('dialog', { name: a.move.title });
    await move.waitFor();
    await expectAccessible(page, where('agenda, move dialog'));
  });

  test('the account pages', async () => {
    const { page } = await tabFor(locale, medic);
    await page.goto('/change-password');
    await page.getByRole('heading', { level: 1, name: t.account.password.title }).waitFor();
    await expectAccessible(page, where('change password'));
    await page.goto('/profile');
    await page.getByRole('heading', { level: 1, name: t.account.profile.title }).waitFor();
    await expectAccessible(page, where('medic profile'));
  });

  test('the record’s printable summary', async () => {
    const { page } = await tabFor(locale, medic);
    await page.goto(`/medic/patient/${idPatient}/print`);
    await page.getByRole('heading', { level: 1, name: `${t.print.title}: ${PATIENT_NAME}` }).waitFor();
    await expectAccessible(page, where('medic print view'));
  });

  test('the patient dashboard, every tab, and its printable summary', async () => {
    const { page } = await tabFor(locale, patient);
    const d = t.dashboard;
    await page.goto('/dashboard');
    await page.getByRole('region', { name: t.charts.title, exact: true }).locator('canvas').first().waitFor();
    await expectAccessible(page, where('patient dashboard, overview'));
    for (const key of ['history', 'allergies', 'medications', 'access'] as const) {
      await page.getByRole('tab', { name: d.tabs[key], exact: true }).click();
      await page.getByRole('tabpanel').waitFor();
      await expectAccessible(page, where(`patient dashboard, ${key} tab`));
    }
    await page.getByRole('tab', { name: d.tabs.overview, exact: true }).click();
    await page.getByRole('button', { name: d.doctors.add, exact: true }).click();
    await page.getByLabel(d.doctors.searchLabel, { exact: true }).fill('Soto');
    await page.getByLabel(d.doctors.searchLabel, { exact: true }).press('Enter');
    await page.getByRole('button', { name: fill(d.doctors.linkNamed, { name: 'Pablo Soto' }), exact: true }).waitFor();
    await expectAccessible(page, where('patient dashboard, doctor search'));
    await page.goto('/dashboard/print');
    await page.getByRole('heading', { level: 1, name: `${t.print.title}: ${PATIENT_NAME}` }).waitFor();
    await expectAccessible(page, where('patient print view'));
  });

  test('the printed receta', async () => {
    const { page } = await tabFor(locale, medic);
    await page.goto(`/medic/patient/${idPatient}/prescriptions/${idPrescription}/print`);
    await page.locator('.receta__letterhead').waitFor();
    await page.getByText('Budesonida', { exact: false }).first().waitFor();
    await expectAccessible(page, where('printed receta'));
  });

  test('the audit review', async () => {
    const { page } = await tabFor(locale, app.admin);
    await page.goto('/admin/audit');
    await page.locator('table.audit-table tbody tr').first().waitFor();
    await expectAccessible(page, where('audit review'));
  });

  test('the security page and the sign-in second step', async () => {
    const s = t.security;
    // A medic of its own: this one leaves with an authenticator app on.
    const email = uniqueEmail('security');
    const owner = await registerViaApi(app, { name: 'Inés', lname: 'Roldán', email, password: PASSWORD, type: 'medic' });
    const securityTab = await tabFor(locale, owner);
    const { page } = securityTab;
    await page.goto('/security');
    await page.getByRole('heading', { level: 1, name: s.title }).waitFor();
    await expectAccessible(page, where('security'));
    await page.getByRole('button', { name: s.totp.setUp, exact: true }).click();
    const reauthentication = page.getByRole('dialog', { name: s.totp.setUp });
    await reauthentication.getByLabel(s.reauthentication.password, { exact: true }).waitFor();
    await expectAccessible(page, where('security, password again'));
    await reauthentication.getByLabel(s.reauthentication.password, { exact: true }).fill(PASSWORD);
    await reauthentication.getByRole('button', { name: s.totp.continueSetup, exact: true }).click();
    await page.getByRole('img', { name: s.totp.qrAlt }).waitFor();
    await expectAccessible(page, where('security, authenticator set-up'));
    const key = (await page.getByText(s.totp.cannotScan).locator('xpath=following::code[1]').textContent()) ?? '';
    const totp = new TOTP({ secret: Secret.fromBase32(key.replace(/\s+/g, '')), algorithm: 'SHA1', digits: 6, period: 30 });
    await page.getByLabel(s.totp.code, { exact: true }).fill(totp.generate());
    await page.getByRole('button', { name: s.totp.enable, exact: true }).click();
    await page.getByRole('list', { name: s.recovery.listLabel }).waitFor();
    await expectAccessible(page, where('security, recovery codes'));
    await securityTab.close();

    const signIn = (await tabFor(locale)).page;
    await signIn.goto('/login');
    await signIn.getByLabel(t.auth.login.email, { exact: true }).fill(email);
    await signIn.getByLabel(t.auth.login.password, { exact: true }).fill(PASSWORD);
    await signIn.getByRole('button', { name: t.auth.login.submit, exact: true }).click();
    await signIn.getByLabel(t.auth.secondFactor.code, { exact: true }).waitFor();
    await expectAccessible(signIn, where('sign-in second step'));
  });

  test('the administration page', async () => {
    const { page } = await tabFor(locale, app.admin);
    await page.goto('/admin');
    await page.getByRole('heading', { level: 1, name: t.admin.title }).waitFor();
    await page.getByText('Pendiente').first().waitFor();
    await page.getByText('Paciente inconsciente en urgencias').first().waitFor();
    await expectAccessible(page, where('admin'));
  });

  test('the API reference', async () => {
    const { page } = await tabFor(locale);
    await page.goto('/api/docs');
    await page.getByRole('heading', { level: 2, name: 'auth', exact: true }).waitFor();
    await expect.poll(() => page.locator('.api-op').count()).toBeGreaterThan(50);
    await expectAccessible(page, where('API reference'));
  });
});

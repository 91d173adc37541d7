// The automated accessibility check: axe-core (axe-check.ts) over every page of the real built
// app in Chromium, in Spanish and in English, against WCAG 2.1 A and AA. A page passes with no
// violation of impact serious or critical; the moderate and minor ones are printed, not asserted, so
// they can be fixed later. The pages: sign-in, registration, the medic home with patients and its
// dialogs (new patient, link patient, emergency access), a record with an item in every section
// (seeded-practice.ts; an item form and the upload dialog open, the vital-sign trends as charts and as
// a table), the agenda by day and by week with its booking and move dialogs, the patient's dashboard
// with every tab, both printable summaries, the Security page (authenticator set-up and recovery codes)
// and the sign-in's second step, the administration page and the API reference.
import { Secret, TOTP } from 'otpauth';
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
import { axeCheck } from './axe-check';
import { openAppTab, registerViaApi, uniqueEmail, useJourney, type ApiSession, type App, type Locale, type Tab } from './harness';
import { PASSWORD, PATIENT_NAME, seedPractice } from './seeded-practice';
import { fill, texts as commonTexts } from './texts';

const texts = {
  'es-ES': { language: 'es', ...commonTexts['es-ES'], agenda: esAgenda, charts: esCharts, dashboard: esDashboard, patients: esPatients, print: esPrint, record: esRecord, security: esSecurity },
  'en-US': { language: 'en', ...commonTexts['en-US'], agenda: enAgenda, charts: enCharts, dashboard: enDashboard, patients: enPatients, print: enPrint, record: enRecord, security: enSecurity },
} as const;

const journey = useJourney();
const { expectAccessible, report } = axeCheck('accessibility');
let app: App;
let medic: ApiSession;
let patient: ApiSession;
let idPatient: number;
let idPrescription: number;
let stranger: { email: string; name: string; idPatient: number };
let emergencyMedic: ApiSession;

beforeAll(async () => {
  app = journey.app();
  ({ medic, patient, idPatient, idPrescription, stranger, emergencyMedic } = await seedPractice(app));
}, 120_000);

afterAll(report);

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

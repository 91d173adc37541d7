// The patient's consent and emergency access, driven through the real built app in Chromium, once
// with a Spanish browser and once with an English one: a medic asks to see a record and the patient
// accepts; a medic opens a stranger's record for emergency care, read-only, under a banner.
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, test } from 'vitest';
import enDashboard from '../shared/locales/en/dashboard.json';
import enPatients from '../shared/locales/en/patients.json';
import enRecord from '../shared/locales/en/record.json';
import esDashboard from '../shared/locales/es/dashboard.json';
import esPatients from '../shared/locales/es/patients.json';
import esRecord from '../shared/locales/es/record.json';
import { openTab, registerViaApi, uniqueEmail, useJourney, type Locale, type Tab } from './harness';
import { fill, texts } from './texts';

const PASSWORD = 'secreto-123';
const REASON = 'Paciente inconsciente en urgencias; se necesitan sus alergias';
const more = {
  'es-ES': { dashboard: esDashboard, patients: esPatients, record: esRecord },
  'en-US': { dashboard: enDashboard, patients: enPatients, record: enRecord },
} as const;

const { app, browser, setTab } = useJourney();

describe.each<Locale>(['es-ES', 'en-US'])('consent and emergency access, browser in %s', (locale) => {
  const t = { ...texts[locale], ...more[locale] };
  let tab: Tab;
  let page: Page;

  beforeEach(async () => {
    tab = setTab(await openTab(browser(), locale, app().url));
    page = tab.page;
  });

  async function signIn(email: string): Promise<void> {
    await page.goto('/login');
    await page.getByLabel(t.auth.login.email, { exact: true }).fill(email);
    await page.getByLabel(t.auth.login.password, { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: t.auth.login.submit, exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
  }

  async function signOut(): Promise<void> {
    await page.getByRole('button', { name: t.common.header.openUserMenu }).click();
    await page.getByRole('dialog').getByRole('button', { name: t.common.header.logout, exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/login');
  }

  /** Opens the link dialog and finds the patient by their exact email, the only way to find a stranger. */
  async function findInLinkDialog(email: string) {
    await page.getByRole('button', { name: t.patients.home.linkPatient, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: t.patients.link.title });
    await dialog.getByRole('searchbox', { name: t.patients.link.searchLabel }).fill(email);
    await dialog.getByRole('button', { name: t.patients.link.search, exact: true }).click();
    return dialog;
  }

  test("a patient accepts a medic's request, and only then does the record open to the medic", async () => {
    const medic = { name: 'Inés', lname: `Robles${locale.slice(0, 2)}`, email: uniqueEmail('ines') };
    await registerViaApi(app(), { ...medic, password: PASSWORD, type: 'medic' });
    const patient = { name: 'Tomás', lname: `Arce${locale.slice(0, 2)}`, email: uniqueEmail('tomas') };
    await registerViaApi(app(), { ...patient, password: PASSWORD, type: 'patient' });
    const patientName = `${patient.name} ${patient.lname}`;
    const medicName = `${medic.name} ${medic.lname}`;

    await signIn(medic.email);
    const dialog = await findInLinkDialog(patient.email);
    await dialog.getByRole('button', { name: fill(t.patients.link.requestNamed, { name: patientName }), exact: true }).click();
    await dialog.getByText(fill(t.patients.link.requested, { name: patientName })).waitFor();
    await page.keyboard.press('Escape');
    const requests = page.getByRole('list', { name: t.patients.requests.listLabel });
    await requests.getByRole('listitem').filter({ hasText: patient.email }).filter({ hasText: t.patients.requests.status.pending }).waitFor();
    await signOut();

    await signIn(patient.email);
    await page.getByText(fill(t.dashboard.linkRequests.asks, { name: medicName })).waitFor();
    await page.getByRole('button', { name: fill(t.dashboard.linkRequests.acceptNamed, { name: medicName }), exact: true }).click();
    await page.getByText(fill(t.dashboard.linkRequests.accepted, { name: medicName })).first().waitFor();
    await page.getByRole('article', { name: medicName, exact: true }).waitFor();
    await signOut();

    await signIn(medic.email);
    const patientCard = page.getByRole('article', { name: patientName, exact: true });
    await patientCard.getByRole('link', { name: patientName }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/medic/patient/'));
    await page.getByRole('heading', { name: patientName }).first().waitFor();
  });

  test('a medic opens a stranger\'s record for emergency care: read-only, under a banner, shown to the patient', async () => {
    const medic = { name: 'Pablo', lname: `Urgencias${locale.slice(0, 2)}`, email: uniqueEmail('pablo') };
    await registerViaApi(app(), { ...medic, password: PASSWORD, type: 'medic' });
    const patient = { name: 'Rosa', lname: `Nieto${locale.slice(0, 2)}`, email: uniqueEmail('rosa') };
    await registerViaApi(app(), { ...patient, password: PASSWORD, type: 'patient' });
    const patientName = `${patient.name} ${patient.lname}`;

    await signIn(medic.email);
    const dialog = await findInLinkDialog(patient.email);
    await dialog.getByRole('button', { name: fill(t.patients.link.emergencyNamed, { name: patientName }), exact: true }).click();
    const form = page.getByRole('dialog', { name: t.patients.emergency.title });
    await form.getByText(t.patients.emergency.warning).waitFor();
    await form.getByLabel(t.patients.emergency.reason, { exact: true }).fill(REASON);
    await form.getByRole('button', { name: t.patients.emergency.submit, exact: true }).click();

    await page.waitForURL((url) => url.pathname.startsWith('/medic/patient/'));
    const bannerTitle = t.record.emergency.title.split('{{')[0]!.trim();
    await page.getByRole('heading', { name: bannerTitle }).waitFor();
    await page.getByText(REASON).first().waitFor();
    await page.getByRole('heading', { name: patientName }).first().waitFor();
    // Read-only: no way to edit the patient or add to the record.
    await page.getByText(t.record.emergency.note).waitFor();
    expect(await page.getByRole('button', { name: t.record.patient.edit, exact: true }).count()).toBe(0);
    await signOut();

    await signIn(patient.email);
    await page.getByRole('tab', { name: t.dashboard.tabs.access, exact: true }).click();
    const log = page.getByRole('list', { name: t.dashboard.accessLog.listLabel });
    await log.getByRole('listitem').filter({ hasText: t.dashboard.accessLog.emergency }).filter({ hasText: REASON }).first().waitFor();
  });
});

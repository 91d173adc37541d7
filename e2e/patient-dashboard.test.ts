// The patient's dashboard in Chromium against the real server: a patient signs up naming their
// doctor; the doctor records an allergy, a vital, an appointment and a document through the API;
// the patient sees them, links a second doctor by search, unlinks the first by press and hold,
// opens the document and finds the doctor's visit under "Who viewed my record" — once with a
// Spanish browser and once with an English one.
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, test } from 'vitest';
import { samplePng } from '../server/test/sample-files';
import enDashboard from '../shared/locales/en/dashboard.json';
import esDashboard from '../shared/locales/es/dashboard.json';
import enRecord from '../shared/locales/en/record.json';
import esRecord from '../shared/locales/es/record.json';
import { answerNextConfirmation, openTab, registerViaApi, uniqueEmail, useJourney, type ApiSession, type Locale, type Tab } from './harness';
import { fill, texts } from './texts';

const PASSWORD = 'secreto-123';
const LANGUAGE_KEY = 'expediente.lang';
const dashboardTexts = { 'es-ES': { language: 'es', d: esDashboard, rec: esRecord }, 'en-US': { language: 'en', d: enDashboard, rec: enRecord } } as const;

const { app, browser, setTab } = useJourney();

/** A REST call as the given user; fails the test on an unexpected status. */
async function api<T>(session: ApiSession, method: string, path: string, body?: unknown, expected = 200): Promise<T> {
  const isForm = body instanceof FormData;
  const response = await fetch(`${app().url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${session.access_token}`, ...(body && !isForm ? { 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
  });
  if (response.status !== expected) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (response.status === 204 ? null : await response.json()) as T;
}

/** Now as the practice writes moments: YYYY-MM-DDTHH:mm in local time. */
function localMoment(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

describe.each<Locale>(['es-ES', 'en-US'])('patient dashboard, browser in %s', (locale) => {
  const { auth, common } = texts[locale];
  const { language, d, rec } = dashboardTexts[locale];
  let tab: Tab;
  let page: Page;

  beforeEach(async () => {
    tab = setTab(await openTab(browser(), locale, app().url));
    page = tab.page;
    await tab.context.addInitScript(([key, value]) => localStorage.setItem(key!, value!), [LANGUAGE_KEY, language]);
  });

  const card = (name: string) => page.getByRole('article', { name, exact: true });
  const toast = (role: 'status' | 'alert', text: string) => page.getByRole(role).filter({ hasText: text });

  test('a patient sees what the doctor recorded, manages doctors, opens a document and sees who viewed the record', async () => {
    const suffix = uniqueEmail('x').slice(2, 10);
    const first = await registerViaApi(app(), { name: 'Ana', lname: `Ruiz ${suffix}`, email: uniqueEmail('ana'), password: PASSWORD, type: 'medic' });
    const second = await registerViaApi(app(), { name: 'Luis', lname: `Pérez ${suffix}`, email: uniqueEmail('luis'), password: PASSWORD, type: 'medic' });
    const firstName = `${first.user.name} ${first.user.lname}`;
    const secondName = `${second.user.name} ${second.user.lname}`;

    // The patient signs up through the form, naming the first doctor.
    const r = auth.register;
    const email = uniqueEmail('patient');
    await page.goto('/register');
    await page.getByLabel(r.name, { exact: true }).fill('Marta');
    await page.getByLabel(r.lname, { exact: true }).fill('Gómez');
    await page.getByRole('radio', { name: r.typePatient, exact: true }).check();
    await page.getByLabel(r.doctorEmail, { exact: true }).fill(first.user.email);
    await page.getByLabel(r.email, { exact: true }).fill(email);
    await page.getByLabel(r.password, { exact: true }).fill(PASSWORD);
    await page.getByLabel(r.confirmPassword, { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: r.submit, exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByRole('heading', { level: 1, name: fill(common.patientHome.welcome, { name: 'Marta' }) }).waitFor();
    await card(firstName).waitFor();

    // The doctor opens the record and adds to it.
    const { patients } = await api<{ patients: { idPatient: number; email: string }[] }>(first, 'GET', '/medics/my-patients');
    const idPatient = patients.find((patient) => patient.email === email)!.idPatient;
    await api(first, 'GET', `/medics/patients/${idPatient}`);
    await api(first, 'POST', `/patients/${idPatient}/allergies`, { allergyName: 'Penicilina', severity: 'Severe', reaction: 'Urticaria' }, 201);
    await api(first, 'POST', `/patients/${idPatient}/vitals`, { date: '2025-03-01', systolic: 118, diastolic: 76, heartRate: 64, temperature: 36.6 }, 201);
    await api(first, 'POST', '/clinical-history', { idPatient, date: localMoment(new Date()), motive: 'Control de presión' }, 201);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(samplePng)], { type: 'image/png' }), 'radiografia.png');
    await api(first, 'POST', `/medics/patients/${idPatient}/files`, form, 201);

    // The patient sees it all.
    await page.reload();
    const health = page.getByRole('region', { name: d.health.title, exact: true });
    await health.getByText('Penicilina', { exact: true }).waitFor();
    // Read as the doctor's record reads it: labelled lines, the severity named for a screen reader.
    const allergy = health.getByRole('list', { name: d.health.allergies, exact: true }).getByRole('listitem');
    expect(await allergy.getByRole('definition').textContent()).toBe('Urticaria');
    expect(await allergy.getByRole('term').textContent()).toBe(rec.allergies.reaction);
    await allergy.getByText(`${rec.allergies.severity}: ${rec.severity.Severe}`, { exact: true }).waitFor();
    // In the list of vitals: the trends part below it names the same reading too.
    await health.getByRole('list', { name: d.health.vitals, exact: true }).getByText('118/76\u00a0mmHg').waitFor();
    await health.getByText('64\u00a0bpm').first().waitFor();
    // Today's open appointment is still ahead of the patient, with the doctor who holds it.
    const upcoming = page.getByRole('region', { name: d.appointments.upcoming, exact: true }).getByRole('list', { name: d.appointments.upcoming, exact: true });
    await upcoming.getByText('Control de presión').waitFor();
    await upcoming.getByText(fill(d.appointments.withMedic, { name: firstName }), { exact: true }).waitFor();
    const longToday = new Intl.DateTimeFormat(language, { dateStyle: 'full' }).format(new Date());
    await upcoming.getByText(longToday, { exact: true }).waitFor();
    await health.getByText('radiografia.png', { exact: true }).waitFor();

    // Links the second doctor by search.
    await page.getByRole('button', { name: d.doctors.add, exact: true }).click();
    await page.getByRole('searchbox', { name: d.doctors.searchLabel }).fill(second.user.lname);
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: fill(d.doctors.linkNamed, { name: secondName }), exact: true }).click();
    await toast('status', d.doctors.linkSuccess).waitFor();
    await card(secondName).waitFor();
    expect(await page.getByRole('searchbox').count()).toBe(0);

    // Unlinks the first by press and hold, accepting the confirmation.
    const confirmation = answerNextConfirmation(page);
    const box = (await card(firstName).getByRole('heading').boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.waitForTimeout(650);
    await page.mouse.up();
    await page.getByRole('menu', { name: fill(d.doctors.actionsFor, { name: firstName }) }).waitFor();
    await page.getByRole('menuitem', { name: d.doctors.unlink, exact: true }).click();
    expect(await confirmation).toBe(fill(d.doctors.unlinkConfirm, { name: firstName }));
    await toast('status', d.doctors.unlinkSuccess).waitFor();
    await card(firstName).waitFor({ state: 'detached' });
    await card(secondName).waitFor();

    // Opens the document in a new tab.
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: fill(d.documents.openNamed, { name: 'radiografia.png' }), exact: true }).click(),
    ]);
    await popup.waitForURL((url) => url.protocol === 'blob:');
    expect(popup.url()).toMatch(/^blob:/);
    await popup.close();

    // The first doctor's visit is in the access log, in the patient's language.
    await page.getByRole('tab', { name: d.tabs.access, exact: true }).click();
    const log = page.getByRole('list', { name: d.accessLog.listLabel });
    const visit = log.getByRole('listitem').filter({ hasText: d.accessLog.actions.patient.detail }).filter({ hasText: firstName });
    await visit.waitFor();
    await log.getByRole('listitem').filter({ hasText: d.accessLog.actions.allergies.add }).waitFor();
    await log.getByRole('listitem').filter({ hasText: d.accessLog.actions.files.upload }).waitFor();
  });
});

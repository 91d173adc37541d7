// The medic workspace in Chromium against the real server: sign up as a medic, create a patient
// through the modal, find and open it, link an existing patient account, and unlink by long press
// and by the keyboard menu — once with a Spanish browser and once with an English one.
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, test } from 'vitest';
import enAuth from '../shared/locales/en/auth.json';
import enCommon from '../shared/locales/en/common.json';
import enPatients from '../shared/locales/en/patients.json';
import esAuth from '../shared/locales/es/auth.json';
import esCommon from '../shared/locales/es/common.json';
import esPatients from '../shared/locales/es/patients.json';
import { answerNextConfirmation, openTab, registerViaApi, uniqueEmail, useJourney, type ApiSession, type Locale, type Tab } from './harness';

const PASSWORD = 'secreto-123';
const LANGUAGE_KEY = 'expediente.lang';
const SESSION_KEY = 'expediente.session';

const texts = {
  'es-ES': { language: 'es', auth: esAuth, common: esCommon, patients: esPatients },
  'en-US': { language: 'en', auth: enAuth, common: enCommon, patients: enPatients },
} as const;

/** i18next-style `{{name}}` interpolation, and its plural choice for the patient count. */
const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, key: string) => String(values[key] ?? ''));

const { app, browser, setTab } = useJourney();

describe.each<Locale>(['es-ES', 'en-US'])('medic workspace, browser in %s', (locale) => {
  const t = texts[locale];
  const p = t.patients;
  let tab: Tab;
  let page: Page;

  beforeEach(async () => {
    tab = setTab(await openTab(browser(), locale, app().url));
    page = tab.page;
    // The language is chosen explicitly too, so the journey does not hang on locale detection.
    await tab.context.addInitScript(([key, language]) => localStorage.setItem(key!, language!), [LANGUAGE_KEY, t.language]);
  });

  const pathOf = () => new URL(page.url()).pathname;
  const card = (name: string) => page.getByRole('article', { name, exact: true });
  const toast = (role: 'status' | 'alert', text: string) => page.getByRole(role).filter({ hasText: text });

  /** A medic the administrator approved (registration itself has its own journey), signed in through the form. */
  async function registerMedic(): Promise<void> {
    const email = uniqueEmail('medic');
    await registerViaApi(app(), { name: 'Andrea', lname: 'Campos', email, password: PASSWORD, type: 'medic' });
    await page.goto('/login');
    await page.getByLabel(t.auth.login.email, { exact: true }).fill(email);
    await page.getByLabel(t.auth.login.password, { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: t.auth.login.submit, exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByText(p.home.empty, { exact: true }).waitFor();
  }

  /** The patient's id as the server knows it, read with the signed-in medic's token. */
  async function patientIdOf(email: string): Promise<number> {
    const session = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), SESSION_KEY)) ?? 'null') as {
      access_token: string;
    };
    const response = await fetch(`${app().url}/api/medics/my-patients`, { headers: { authorization: `Bearer ${session.access_token}` } });
    const { patients } = (await response.json()) as { patients: { idPatient: number; email: string }[] };
    const found = patients.find((patient) => patient.email === email);
    if (!found) throw new Error(`${email} is not among the medic's patients`);
    return found.idPatient;
  }

  async function createPatient(patient: { name: string; lname: string; email: string }): Promise<void> {
    const c = p.create;
    await page.getByRole('button', { name: p.home.createPatient, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: c.title });
    await dialog.getByLabel(c.name, { exact: true }).fill(patient.name);
    await dialog.getByLabel(c.lname, { exact: true }).fill(patient.lname);
    await dialog.getByLabel(c.email, { exact: true }).fill(patient.email);
    await dialog.getByLabel(c.password, { exact: true }).fill(PASSWORD);
    await dialog.getByLabel(c.phone, { exact: true }).fill('5512345678');
    await dialog.getByLabel(c.weight, { exact: true }).fill('61.5');
    await dialog.getByLabel(c.height, { exact: true }).fill('164');
    await dialog.getByLabel(c.bloodGroup, { exact: true }).selectOption('O');
    await dialog.getByLabel(c.bloodRh, { exact: true }).selectOption('+');
    await dialog.getByRole('button', { name: c.submit, exact: true }).click();
    await toast('status', c.success).waitFor();
    await dialog.waitFor({ state: 'detached' });
  }

  /** The medic asks from the link dialog; the patient accepts (their side has its own journey); the list shows them. */
  async function linkPatient(patient: { name: string; lname: string; email: string; session: ApiSession }): Promise<void> {
    const l = p.link;
    const fullName = `${patient.name} ${patient.lname}`;
    await page.getByRole('button', { name: p.home.linkPatient, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: l.title });
    await dialog.getByRole('searchbox', { name: l.searchLabel }).fill(patient.email);
    await dialog.getByRole('button', { name: l.search, exact: true }).click();
    await dialog.getByRole('button', { name: fill(l.requestNamed, { name: fullName }), exact: true }).click();
    await dialog.getByText(fill(l.requested, { name: fullName })).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('list', { name: p.requests.listLabel }).getByText(patient.email).waitFor();

    const self = await fetch(`${app().url}/api/patients/me`, { headers: { authorization: `Bearer ${patient.session.access_token}` } });
    const [request] = ((await self.json()) as { linkRequests: { idRequest: number }[] }).linkRequests;
    const accepted = await fetch(`${app().url}/api/patients/me/link-requests/${request!.idRequest}/accept`, {
      method: 'POST',
      headers: { authorization: `Bearer ${patient.session.access_token}` },
    });
    expect(accepted.status).toBe(200);
    await page.reload();
  }

  /** Accepts the browser's confirmation, checking it names the patient. */
  function acceptConfirmation(fullName: string): Promise<string> {
    return answerNextConfirmation(page).then((message) => {
      expect(message).toBe(fill(p.unlink.confirm, { name: fullName }));
      return message;
    });
  }

  test('a medic creates, finds, opens, links and unlinks patients (long press and keyboard menu)', async () => {
    const suffix = locale === 'es-ES' ? 'Es' : 'En';
    const account = { name: 'Elena', lname: `Vidal${suffix}`, email: uniqueEmail('elena') };
    const existing = { ...account, session: await registerViaApi(app(), { ...account, password: PASSWORD, type: 'patient' }) };
    const created = { name: 'Lucía', lname: `Hernández${suffix}`, email: uniqueEmail('lucia') };
    const createdName = `${created.name} ${created.lname}`;
    const existingName = `${existing.name} ${existing.lname}`;

    await registerMedic();
    await createPatient(created);
    const createdCard = card(createdName);
    await createdCard.waitFor();
    expect(await createdCard.getByText('O+').count()).toBe(1);
    await page.getByText(fill(p.home.count_one, { count: 1 }), { exact: true }).waitFor();

    // The search box narrows the list, and says so when nothing is left.
    const search = page.getByRole('searchbox', { name: p.home.searchLabel });
    await search.fill(created.lname.toUpperCase());
    await createdCard.waitFor();
    await search.fill('nadie-nobody');
    await page.getByText(p.home.emptySearch, { exact: true }).waitFor();
    await search.fill(created.email.slice(0, 10));
    await createdCard.waitFor();

    const id = await patientIdOf(created.email);
    await createdCard.getByRole('link', { name: createdName }).click();
    await page.waitForURL((url) => url.pathname === `/medic/patient/${id}`);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await search.fill('');

    await linkPatient(existing);
    await card(existingName).waitFor();
    await page.getByText(fill(p.home.count_other, { count: 2 }), { exact: true }).waitFor();

    // Press and hold the created patient's card for 600 ms: the menu opens, the release stays put.
    const box = await createdCard.boundingBox();
    if (!box) throw new Error('the card has no box');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.waitForTimeout(600);
    await page.mouse.up();
    const menu = page.getByRole('menu', { name: fill(p.card.actionsFor, { name: createdName }) });
    await menu.waitFor();
    await page.waitForTimeout(200);
    expect(pathOf()).toBe('/dashboard');
    expect(await menu.isVisible()).toBe(true);

    const confirmed = acceptConfirmation(createdName);
    await menu.getByRole('menuitem', { name: p.card.unlink }).click();
    await confirmed;
    await toast('status', fill(p.unlink.success, { name: createdName })).waitFor();
    await createdCard.waitFor({ state: 'detached' });
    await page.getByText(fill(p.home.count_one, { count: 1 }), { exact: true }).waitFor();

    // The same from the keyboard: the card's menu button, Enter, Enter.
    const menuButton = page.getByRole('button', { name: fill(p.card.actionsFor, { name: existingName }), exact: true });
    await menuButton.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('menuitem');
    const confirmedByKeyboard = acceptConfirmation(existingName);
    await page.keyboard.press('Enter');
    await confirmedByKeyboard;
    await toast('status', fill(p.unlink.success, { name: existingName })).waitFor();
    await page.getByText(p.home.empty, { exact: true }).waitFor();
    expect(pathOf()).toBe('/dashboard');
  });

  test('creating a patient with a taken email keeps the form and explains why', async () => {
    const taken = uniqueEmail('taken');
    await registerViaApi(app(), { name: 'Otra', lname: 'Persona', email: taken, password: PASSWORD, type: 'patient' });
    await registerMedic();
    const c = p.create;
    await page.getByRole('button', { name: p.home.createPatient, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: c.title });
    await dialog.getByLabel(c.name, { exact: true }).fill('Otra');
    await dialog.getByLabel(c.lname, { exact: true }).fill('Persona');
    await dialog.getByLabel(c.email, { exact: true }).fill(taken);
    await dialog.getByLabel(c.password, { exact: true }).fill(PASSWORD);
    await dialog.getByRole('button', { name: c.submit, exact: true }).click();

    const alert = dialog.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain(c.failed);
    expect(await dialog.getByLabel(c.email, { exact: true }).inputValue()).toBe(taken);
    // Focus never left the dialog while it was busy, so Escape reaches it: it asks before throwing
    // away what was typed, Keep editing (focused first) keeps it, Discard closes and focus returns.
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);
    await page.keyboard.press('Escape');
    const asking = dialog.getByRole('alertdialog', { name: t.common.dialog.discard.title });
    await expect.poll(() => asking.getByRole('button', { name: t.common.dialog.discard.keep, exact: true }).evaluate((button) => button === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await asking.waitFor({ state: 'detached' });
    expect(await dialog.getByLabel(c.email, { exact: true }).inputValue()).toBe(taken);
    await page.keyboard.press('Escape');
    await asking.getByRole('button', { name: t.common.dialog.discard.confirm, exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain(p.home.createPatient);
  });
});

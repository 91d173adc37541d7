// Keyboard focus in Chromium against the real built app, in Spanish and in
// English: the skip link is the first Tab stop and takes focus into the page; after deleting a
// record item, after a card's menu opens a confirmation (whether the card stays or goes), and after
// a dialog whose opener lost focus closes, focus lands somewhere sensible — never on <body>, from
// where a keyboard or screen-reader user would start over at the top of the page.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import enDashboard from '../shared/locales/en/dashboard.json';
import enPatients from '../shared/locales/en/patients.json';
import enRecord from '../shared/locales/en/record.json';
import esDashboard from '../shared/locales/es/dashboard.json';
import esPatients from '../shared/locales/es/patients.json';
import esRecord from '../shared/locales/es/record.json';
import { SESSION_KEY, answerNextConfirmation, callApiAs, linkViaApi, openAppTab, registerViaApi, uniqueEmail, useJourney, type ApiSession, type Locale } from './harness';
import { medicWithPatient, openPatientPage } from './record-journey';
import { fill, texts } from './texts';

const PASSWORD = 'secreto-123';
const moreTexts = {
  'es-ES': { patients: esPatients, record: esRecord, dashboard: esDashboard },
  'en-US': { patients: enPatients, record: enRecord, dashboard: enDashboard },
} as const;

const { app, browser, setTab } = useJourney();

/** The focused element as a short description (tag, id, accessible label), for readable failures. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'body';
    const label = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 60) ?? '';
    return `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} ${label}`.trim();
  });

const hasFocus = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

/** The labels of the cards' ⋮ buttons in `list`, in the order the page shows them. */
const menuButtonLabels = (list: Locator) => list.locator('[aria-haspopup="menu"]').evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label') ?? ''));

/** Opens the card menu of the ⋮ button labelled `label` from the keyboard and chooses its one item with Enter. */
async function chooseFromCardMenu(page: Page, label: string, item: string): Promise<void> {
  await page.getByRole('button', { name: label, exact: true }).focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: label });
  await expect.poll(() => hasFocus(menu.getByRole('menuitem', { name: item, exact: true }))).toBe(true);
  await page.keyboard.press('Enter');
}

describe.each<Locale>(['es-ES', 'en-US'])('keyboard focus, browser in %s', (locale) => {
  const t = { ...texts[locale], ...moreTexts[locale] };

  test('the skip link is the first Tab stop of a page and takes focus to the main content', async () => {
    const medic = await registerViaApi(app(), { name: 'Andrea', lname: 'Campos', email: uniqueEmail('medic'), password: PASSWORD, type: 'medic' });
    const { page } = setTab(await openAppTab(browser(), locale, app().url));
    const skipLink = page.getByRole('link', { name: t.common.skipToContent, exact: true });

    for (const path of ['/login', '/dashboard']) {
      // Signed in for the second page, as the client stores a session itself.
      if (path === '/dashboard') await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [SESSION_KEY, JSON.stringify(medic)]);
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.keyboard.press('Tab');
      await expect.poll(() => hasFocus(skipLink), { message: `the skip link is the first Tab stop on ${path}` }).toBe(true);
      await page.keyboard.press('Enter');
      await expect.poll(() => hasFocus(page.getByRole('main'))).toBe(true);
      // The next Tab goes on from inside the page, past the header.
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true);
    }
  });

  test('deleting a record item by keyboard leaves focus on the item that took its place', async () => {
    const linked = await medicWithPatient(app());
    const names = ['Penicilina', 'Ibuprofeno', 'Látex'];
    for (const allergyName of names) {
      await callApiAs(app(), linked.medic, 'POST', `/patients/${linked.idPatient}/allergies`, { allergyName, severity: 'Mild' }, 201);
    }
    const { page } = setTab(await openPatientPage(app(), browser(), locale, linked));
    const section = page.getByRole('region', { name: new RegExp(`^${t.record.allergies.title} \\(`) });
    const deleteLabels = names.map((name) => fill(t.record.deleteItem, { name }));
    const shown = await section.getByRole('button').evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label') ?? ''));
    const order = shown.filter((label) => deleteLabels.includes(label)).map((label) => names[deleteLabels.indexOf(label)]!);
    expect(order).toHaveLength(3);
    const [, middle, next] = order;

    await section.getByRole('button', { name: fill(t.record.deleteItem, { name: middle! }), exact: true }).focus();
    const confirmation = answerNextConfirmation(page);
    await page.keyboard.press('Enter');
    expect(await confirmation).toBe(t.record.allergies.confirmDelete);
    await page.getByRole('status').filter({ hasText: t.record.messages.deleted }).first().waitFor();
    await expect.poll(() => section.getByText(middle!, { exact: true }).count()).toBe(0);

    await expect.poll(() => focused(page)).not.toBe('body');
    const inNext = await page.evaluate((name) => document.activeElement?.closest('li')?.textContent?.includes(name) ?? false, next!);
    expect(inNext, `focus on ${await focused(page)}`).toBe(true);
  });

  test("a patient card's menu hands focus back to its ⋮ button, and to the next card's when the patient is unlinked", async () => {
    const medic = await registerViaApi(app(), { name: 'Andrea', lname: 'Campos', email: uniqueEmail('medic'), password: PASSWORD, type: 'medic' });
    for (const name of ['Ana', 'Bruno', 'Carla']) {
      await registerViaApi(app(), { name, lname: 'Soto', email: uniqueEmail(name.toLowerCase()), password: PASSWORD, type: 'patient', doctorEmail: medic.user.email });
    }
    const { page } = setTab(await openAppTab(browser(), locale, app().url, medic));
    await page.goto('/dashboard');
    const list = page.getByRole('list', { name: t.patients.home.listLabel, exact: true });
    await expect.poll(() => menuButtonLabels(list)).toHaveLength(3);
    const [, middle, next] = await menuButtonLabels(list);

    // Cancelling the confirmation (Escape in a real browser; Playwright answers it instead) keeps the card.
    const cancelled = answerNextConfirmation(page, 'dismiss');
    await chooseFromCardMenu(page, middle!, t.patients.card.unlink);
    await cancelled;
    await page.getByRole('menu').waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toBe(`button ${middle}`);

    const confirmed = answerNextConfirmation(page);
    await chooseFromCardMenu(page, middle!, t.patients.card.unlink);
    await confirmed;
    await expect.poll(() => menuButtonLabels(list)).toHaveLength(2);
    await expect.poll(() => focused(page)).toBe(`button ${next}`);
  });

  test("a doctor card's menu hands focus to the other doctor's ⋮ button when the doctor is unlinked", async () => {
    const doctors: ApiSession[] = [];
    for (const lname of ['Campos', 'Ruiz']) {
      doctors.push(await registerViaApi(app(), { name: 'Andrea', lname, email: uniqueEmail('medic'), password: PASSWORD, type: 'medic' }));
    }
    const patient = await registerViaApi(app(), { name: 'Lucía', lname: 'Hernández', email: uniqueEmail('patient'), password: PASSWORD, type: 'patient', doctorEmail: doctors[0]!.user.email });
    await linkViaApi(app(), doctors[1]!, patient);
    const { page } = setTab(await openAppTab(browser(), locale, app().url, patient));
    await page.goto('/dashboard');
    const list = page.getByRole('list', { name: t.dashboard.doctors.listLabel, exact: true });
    await expect.poll(() => menuButtonLabels(list)).toHaveLength(2);
    const [first, other] = await menuButtonLabels(list);

    const confirmed = answerNextConfirmation(page);
    await chooseFromCardMenu(page, first!, t.dashboard.doctors.unlink);
    await confirmed;
    await expect.poll(() => menuButtonLabels(list)).toHaveLength(1);
    await expect.poll(() => focused(page)).toBe(`button ${other}`);
  });

  test('closing the temporary-password dialog gives focus back to the button that opened it', async () => {
    // "Reset password" stays focusable while its request runs (aria-disabled): a disabled button
    // would drop focus to <body> in Chromium before the dialog opens, leaving it nothing to return to.
    const account = await registerViaApi(app(), { name: 'Raúl', lname: 'Olmo', email: uniqueEmail('forgetful'), password: PASSWORD, type: 'patient' });
    const { page } = setTab(await openAppTab(browser(), locale, app().url, app().admin));
    await page.goto('/admin');
    await page.getByLabel(t.admin.reset.email, { exact: true }).fill(account.user.email);
    await page.getByRole('button', { name: t.admin.reset.find, exact: true }).click();
    await page.getByRole('button', { name: t.admin.reset.resetButton, exact: true }).focus();
    const confirmed = answerNextConfirmation(page);
    await page.keyboard.press('Enter');
    await confirmed;
    const dialog = page.getByRole('dialog', { name: t.admin.reset.dialogTitle });
    await expect.poll(() => hasFocus(dialog.getByRole('button', { name: t.admin.reset.done, exact: true }))).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => hasFocus(page.getByRole('button', { name: t.admin.reset.resetButton, exact: true }))).toBe(true);
  });
});

// In Chromium with a real mouse: the first click on "Create patient" in an
// empty form used to be lost. Pressing the button took the focus from the first field, whose error
// then appeared and pushed the button down before the button was released, so the click landed on
// nothing and only the first field's error showed; a second click was needed.
import { beforeEach, describe, expect, test } from 'vitest';
import enPatients from '../shared/locales/en/patients.json';
import { openAppTab, registerViaApi, uniqueEmail, useJourney, type Tab } from './harness';

const { app, browser, setTab } = useJourney();

describe('create patient, first click', () => {
  let tab: Tab;

  beforeEach(async () => {
    const medic = await registerViaApi(app(), { name: 'Andrea', lname: 'Campos', email: uniqueEmail('medic'), password: 'secreto-123', type: 'medic' });
    tab = setTab(await openAppTab(browser(), 'en-US', app().url, medic));
  });

  test('one click on "Create patient" in the empty form checks every field', async () => {
    const { page } = tab;
    const c = enPatients.create;
    await page.goto('/medic/patients');
    await page.getByRole('button', { name: enPatients.home.createPatient, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: c.title });
    await expect.poll(() => dialog.getByLabel(c.name, { exact: true }).evaluate((input) => input === document.activeElement)).toBe(true);

    // A person's click: press, a moment's hold, release — where the button was when pressed.
    const submit = dialog.getByRole('button', { name: c.submit, exact: true });
    // Where a person would see it: a dialog taller than the window scrolls first.
    await submit.scrollIntoViewIfNeeded();
    const box = await submit.boundingBox();
    if (!box) throw new Error('no submit button on screen');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.waitForTimeout(150);
    await page.mouse.up();

    // The submit ran: every required field says what is missing, not only the one left by the click.
    for (const label of [c.name, c.lname, c.email, c.password]) {
      await expect.poll(() => dialog.getByLabel(label, { exact: true }).getAttribute('aria-invalid')).toBe('true');
    }
  });
});

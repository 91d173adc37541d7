// A consultation written and read in Chromium against the real server: the note's texts, two
// diagnoses chosen from the catalog with the combobox by keyboard (one by words without accents, one
// by its code typed without the dot), the appointment's details in NOM-004's order with its author,
// the vital signs recorded from the visit, and the same note through the API. The server loads the
// small catalog of the server's tests (harness.ts), in Spanish and English alike.
import { AxeBuilder } from '@axe-core/playwright';
import { describe, expect, test } from 'vitest';
import enRecord from '../shared/locales/en/record.json';
import esRecord from '../shared/locales/es/record.json';
import { callApiAs, linkedPatientId, openAppTab, registerViaApi, uniqueEmail, useJourney, type Locale } from './harness';

const PASSWORD = 'secreto-123';
const texts = { 'es-ES': esRecord, 'en-US': enRecord } as const;
/** The catalog is searched in the interface's language: words without accents, and what the chips then show. */
const searched = {
  'es-ES': { words: 'hipertension', chips: ['I10 Hipertensión esencial (primaria)', 'R51 Cefalea'] },
  'en-US': { words: 'essential hypert', chips: ['I10 Essential (primary) hypertension', 'R51 Headache'] },
} as const;

const { app, browser, setTab } = useJourney();

describe.each<Locale>(['es-ES', 'en-US'])('the consultation note, browser in %s', (locale) => {
  const t = texts[locale].appointments;

  test('a medic writes a note with catalog diagnoses chosen by keyboard, and reads it in NOM-004 order', async () => {
    const medic = await registerViaApi(app(), { name: 'Marta', lname: 'Solís', email: uniqueEmail('medic'), password: PASSWORD, type: 'medic' });
    const patient = await registerViaApi(app(), {
      name: 'Pilar',
      lname: 'Paz',
      email: uniqueEmail('patient'),
      password: PASSWORD,
      type: 'patient',
      doctorEmail: medic.user.email,
    });
    const idPatient = await linkedPatientId(app(), medic, patient.user.email);
    const { page } = setTab(await openAppTab(browser(), locale, app().url, medic));
    await page.goto(`/medic/patient/${idPatient}`);
    await page.getByRole('heading', { level: 1, name: 'Pilar Paz' }).waitFor();

    await page.getByRole('button', { name: t.add }).click();
    const form = page.getByRole('form', { name: t.newTitle });
    await form.getByLabel(t.motive).fill('Dolor de cabeza');
    await form.getByLabel(t.subjective, { exact: true }).fill('Cefalea de tres días.\nEmpeora por la tarde.');
    await form.getByLabel(t.exploration, { exact: true }).fill('TA 150/95 mmHg. Sin focalidad.');

    const combobox = form.getByRole('combobox', { name: t.diagnoses });
    await combobox.pressSequentially(searched[locale].words);
    const option = page.getByRole('option', { name: /I10/ });
    await option.waitFor();
    expect(await combobox.getAttribute('aria-expanded')).toBe('true');
    await combobox.press('ArrowDown');
    expect(await combobox.getAttribute('aria-activedescendant')).toBe(await option.getAttribute('id'));
    const axe = await new AxeBuilder({ page }).include('.diagnosis-combobox').analyze();
    expect(axe.violations.map((violation) => violation.id)).toEqual([]);
    await combobox.press('Enter');
    await combobox.pressSequentially('r51');
    await combobox.press('Enter');
    const chips = form.getByRole('list', { name: t.pickedDiagnoses });
    await expect.poll(() => chips.getByRole('listitem').allTextContents()).toEqual(searched[locale].chips);

    await form.getByLabel(t.plan, { exact: true }).fill('Losartán 50 mg cada 24 h.');
    await form.getByLabel(t.prognosis, { exact: true }).fill('Bueno.');
    await form.getByRole('button', { name: texts[locale].add, exact: true }).click();
    await form.waitFor({ state: 'detached' });

    const history = page.getByRole('region', { name: new RegExp(t.title) });
    await history.getByRole('article').first().locator('button').first().click();
    const dialog = page.getByRole('dialog', { name: t.detailsTitle });
    const note = dialog.getByRole('region', { name: t.note });
    await expect.poll(() => note.locator('dt').allTextContents()).toEqual([t.motive, t.subjective, t.exploration, t.diagnoses, t.plan, t.prognosis]);
    expect(await note.textContent()).toContain('Marta Solís');

    await dialog.getByRole('button', { name: t.recordVitals }).click();
    const vitals = dialog.getByRole('form', { name: t.recordVitals });
    await vitals.getByLabel(texts[locale].vitals.systolic).fill('150');
    await vitals.getByLabel(texts[locale].vitals.diastolic).fill('95');
    await vitals.getByRole('button', { name: texts[locale].add, exact: true }).click();
    await expect.poll(() => note.locator('dt').allTextContents()).toEqual([t.motive, t.subjective, t.exploration, t.vitalsOfVisit, t.diagnoses, t.plan, t.prognosis]);
    expect((await note.textContent())?.replace(/\s+/g, ' ')).toContain('150/95 mmHg');

    // Stored with the catalog's Spanish names, whatever language the note was written in.
    const record = (await callApiAs(app(), medic, 'GET', `/medics/patients/${idPatient}`, undefined, 200)) as {
      history: { subjective: string; diagnoses: { code: string; name: string }[]; diagnosisIds: string[]; medic: { name: string } }[];
    };
    expect(record.history[0]).toMatchObject({
      subjective: 'Cefalea de tres días.\nEmpeora por la tarde.',
      diagnoses: [
        { code: 'I10', name: 'Hipertensión esencial (primaria)' },
        { code: 'R51', name: 'Cefalea' },
      ],
      diagnosisIds: ['I10', 'R51'],
      medic: { name: 'Marta' },
    });
  });
});

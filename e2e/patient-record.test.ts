// The medic's patient page in Chromium against the real server: edit the patient, add, edit and
// delete one item of every collection, add and edit today's appointment, and read the page in
// Spanish and in English.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { localDay } from '../shared/dates';
import enRecord from '../shared/locales/en/record.json';
import esRecord from '../shared/locales/es/record.json';
import { answerNextConfirmation, useJourney } from './harness';
import { medicWithPatient, openPatientPage } from './record-journey';

const { app, browser, setTab } = useJourney();

const r = enRecord;
const fill = (template: string, values: Record<string, string>) => template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, key: string) => values[key] ?? '');

const region = (page: Page, title: string) => page.getByRole('region', { name: new RegExp(`^${title} \\(`) });
const saved = (page: Page) => page.getByRole('status').filter({ hasText: r.messages.saved }).first().waitFor();
const deleted = (page: Page) => page.getByRole('status').filter({ hasText: r.messages.deleted }).first().waitFor();

/** Adds, edits and deletes one item of a collection whose form is filled by `fillForm`. */
async function roundTrip(
  page: Page,
  texts: { title: string; add: string; newTitle: string; editTitle: string; confirmDelete: string },
  fillForm: (form: ReturnType<Page['getByRole']>) => Promise<void>,
  itemName: string,
  edit: (form: ReturnType<Page['getByRole']>) => Promise<void>,
  editedName: string,
) {
  const section = region(page, texts.title);
  await section.getByRole('button', { name: texts.add, exact: true }).click();
  const form = section.getByRole('form', { name: texts.newTitle });
  await fillForm(form);
  await form.getByRole('button', { name: r.add, exact: true }).click();
  await saved(page);
  await form.waitFor({ state: 'detached' });
  await section.getByText(itemName).first().waitFor();

  await section.getByRole('button', { name: fill(r.editItem, { name: itemName }), exact: true }).click();
  const editForm = section.getByRole('form', { name: texts.editTitle });
  await edit(editForm);
  await editForm.getByRole('button', { name: r.save, exact: true }).click();
  await editForm.waitFor({ state: 'detached' });
  await section.getByText(editedName).first().waitFor();

  const confirmation = answerNextConfirmation(page);
  await section.getByRole('button', { name: fill(r.deleteItem, { name: editedName }), exact: true }).click();
  expect(await confirmation).toBe(texts.confirmDelete);
  await deleted(page);
  await expect.poll(() => section.getByText(editedName).count()).toBe(0);
}

describe('patient record, browser in English', () => {
  test('a medic edits the patient and every collection, and adds and edits an appointment', async () => {
    const linked = await medicWithPatient(app());
    const tab = setTab(await openPatientPage(app(), browser(), 'en-US', linked));
    const { page } = tab;
    await expect.poll(() => page.title()).toBe(`Expediente · ${linked.fullName}`);

    // The patient: blood type and contact data.
    await page.getByRole('button', { name: r.patient.edit, exact: true }).click();
    const patientForm = page.getByRole('form', { name: r.patient.editTitle });
    await patientForm.getByLabel(r.patient.phone, { exact: true }).fill('5598765432');
    await patientForm.getByLabel(r.patient.address, { exact: true }).fill('Av. Juárez 100, CDMX');
    await patientForm.getByLabel(r.patient.bloodGroup, { exact: true }).selectOption('AB');
    await patientForm.getByLabel(r.patient.bloodRh, { exact: true }).selectOption('-');
    await patientForm.getByLabel(r.demographics.profession, { exact: true }).fill('Arquitecta');
    await patientForm.getByLabel(r.insurance.name, { exact: true }).fill('Seguros Azul');
    await patientForm.getByRole('button', { name: r.saveChanges, exact: true }).click();
    await saved(page);
    await patientForm.waitFor({ state: 'detached' });
    const summary = page.getByRole('region', { name: linked.fullName });
    await summary.getByText('AB-').waitFor();
    await summary.getByText('5598765432').waitFor();
    await summary.getByText('Av. Juárez 100, CDMX').waitFor();
    await region(page, r.demographics.title).getByText('Arquitecta').waitFor();
    await region(page, r.insurance.title).getByText('Seguros Azul').waitFor();

    await roundTrip(
      page,
      r.allergies,
      async (form) => {
        await form.getByLabel(r.allergies.name).fill('Penicilina');
        await form.getByLabel(r.allergies.severity).selectOption({ label: r.severity.Severe });
      },
      'Penicilina',
      async (form) => form.getByLabel(r.allergies.name).fill('Amoxicilina'),
      'Amoxicilina',
    );

    await roundTrip(
      page,
      r.records,
      async (form) => {
        await form.getByLabel(r.records.condition).fill('Asma');
        await form.getByLabel(r.records.status).selectOption({ label: r.status.Chronic });
      },
      'Asma',
      async (form) => form.getByLabel(r.records.condition).fill('Asma leve'),
      'Asma leve',
    );

    // Vitals are named by their date, shown in the page's language.
    const vitalDay = (day: string) => new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(new Date(`${day}T00:00`));
    await roundTrip(
      page,
      r.vitals,
      async (form) => {
        await form.getByLabel(r.vitals.date).fill('2025-03-01');
        await form.getByLabel(r.vitals.systolic).fill('120');
        await form.getByLabel(r.vitals.diastolic).fill('80');
        await form.getByLabel(r.vitals.temperature).fill('36.6');
        await form.getByLabel(r.vitals.respiratoryRate).fill('16');
      },
      vitalDay('2025-03-01'),
      async (form) => {
        await form.getByLabel(r.vitals.date).fill('2025-03-02');
        await form.getByLabel(r.vitals.respiratoryRate).fill('18');
      },
      vitalDay('2025-03-02'),
    );

    await roundTrip(
      page,
      r.vaccines,
      async (form) => {
        await form.getByLabel(r.vaccines.name).fill('Influenza');
        await form.getByLabel(r.vaccines.date, { exact: false }).first().fill('2024-10-01');
      },
      'Influenza',
      async (form) => form.getByLabel(r.vaccines.name).fill('Influenza 2025'),
      'Influenza 2025',
    );

    await roundTrip(
      page,
      r.contacts,
      async (form) => {
        await form.getByLabel(r.contacts.name, { exact: false }).first().fill('Mario Hernández');
        await form.getByLabel(r.contacts.phone).fill('5599887766');
      },
      'Mario Hernández',
      async (form) => form.getByLabel(r.contacts.relationship).fill('Padre'),
      'Mario Hernández',
    );

    // Labs: add, open the details, delete.
    const labs = region(page, r.labs.title);
    await labs.getByRole('button', { name: r.labs.add, exact: true }).click();
    const labForm = labs.getByRole('form', { name: r.labs.newTitle });
    await labForm.getByLabel(r.labs.date).fill('2025-02-01');
    await labForm.getByLabel(r.labs.testName).fill('Glucosa');
    await labForm.getByLabel(r.labs.value).fill('92');
    await labForm.getByLabel(r.labs.unit).fill('mg/dL');
    await labForm.getByRole('button', { name: r.add, exact: true }).click();
    await saved(page);
    await labs.getByRole('button', { name: /^Glucosa/ }).click();
    const labDialog = page.getByRole('dialog', { name: 'Glucosa' });
    await labDialog.getByText('mg/dL').waitFor();
    await page.keyboard.press('Escape');
    await labDialog.waitFor({ state: 'detached' });
    const labConfirmation = answerNextConfirmation(page);
    await labs.getByRole('button', { name: fill(r.deleteItem, { name: 'Glucosa' }), exact: true }).click();
    expect(await labConfirmation).toBe(r.labs.confirmDelete);
    await deleted(page);
    await labs.getByText(r.labs.empty).waitFor();

    // An appointment for today, then edited from its details.
    const today = localDay(new Date());
    const history = region(page, r.appointments.title);
    await history.getByRole('button', { name: r.appointments.add, exact: true }).click();
    const appointmentForm = history.getByRole('form', { name: r.appointments.newTitle });
    await appointmentForm.getByLabel(r.appointments.date).fill(`${today}T08:45`);
    await appointmentForm.getByLabel(r.appointments.motive).fill('Dolor de cabeza');
    await appointmentForm.getByLabel(r.appointments.notes, { exact: true }).fill('Sin fiebre');
    await appointmentForm.getByLabel(r.appointments.medications).fill('Paracetamol, Ibuprofeno');
    await appointmentForm.getByRole('button', { name: r.add, exact: true }).click();
    await saved(page);
    const card = history.getByRole('article');
    await card.getByText('Dolor de cabeza').waitFor();
    await card.getByText('Paracetamol, Ibuprofeno').waitFor();
    await card.getByRole('button', { name: /^Edit appointment of/ }).waitFor();

    await card.getByRole('button').first().click();
    const details = page.getByRole('dialog', { name: r.appointments.detailsTitle });
    await details.getByRole('button', { name: r.edit, exact: true }).click();
    const editForm = page.getByRole('dialog').getByRole('form', { name: r.appointments.editTitle });
    await editForm.getByLabel(r.appointments.motive).fill('Migraña');
    await editForm.getByRole('button', { name: r.save, exact: true }).click();
    await page.getByRole('dialog', { name: r.appointments.detailsTitle }).getByText('Migraña').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: r.appointments.close, exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: r.appointments.reopen, exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await card.getByText('Migraña').waitFor();
    await card.getByText(r.appointments.closed, { exact: true }).waitFor();
  });

  test('the same page reads in Spanish and in English', async () => {
    const linked = await medicWithPatient(app());
    let tab = setTab(await openPatientPage(app(), browser(), 'es-ES', linked));
    const { page } = tab;
    for (const title of [esRecord.allergies.title, esRecord.vitals.title, esRecord.documents.title, esRecord.appointments.title]) {
      await region(page, title).waitFor();
    }
    await page.getByRole('button', { name: esRecord.patient.edit, exact: true }).waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('es');

    await tab.close();
    tab = setTab(await openPatientPage(app(), browser(), 'en-US', linked));
    for (const title of [r.allergies.title, r.vitals.title, r.documents.title, r.appointments.title]) {
      await region(tab.page, title).waitFor();
    }
    await tab.page.getByRole('button', { name: r.patient.edit, exact: true }).waitFor();
  });
});

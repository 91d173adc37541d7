// Patient documents in Chromium against the real server: upload a PNG and a PDF with a comment,
// open one in a new tab (a blob: address), delete one after accepting the confirmation.
import { describe, expect, test } from 'vitest';
import enRecord from '../shared/locales/en/record.json';
import esRecord from '../shared/locales/es/record.json';
import { samplePdf, samplePng } from '../server/test/sample-files';
import { answerNextConfirmation, useJourney } from './harness';
import { medicWithPatient, openPatientPage } from './record-journey';

const { app, browser, setTab } = useJourney();

describe.each([
  ['Spanish', 'es-ES', esRecord],
  ['English', 'en-US', enRecord],
] as const)('documents, browser in %s', (_language, locale, texts) => {
  const d = texts.documents;
  test('a medic uploads a PNG and a PDF, opens one in a new tab and deletes one', async () => {
    const linked = await medicWithPatient(app());
    const tab = setTab(await openPatientPage(app(), browser(), locale, linked));
    const { page, context } = tab;
    const section = page.getByRole('region', { name: new RegExp(`^${d.title} \\(`) });

    const upload = async (file: { name: string; mimeType: string; buffer: Buffer }, comment: string) => {
      await section.getByRole('button', { name: d.upload, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: d.uploadTitle });
      const save = dialog.getByRole('button', { name: d.save, exact: true });
      expect(await save.isDisabled()).toBe(true);
      await dialog.getByLabel(d.file, { exact: true }).setInputFiles(file);
      await dialog.getByText(file.name).waitFor();
      await dialog.getByText(/\d[.,]\d{2}\sKB/).waitFor();
      await dialog.getByLabel(d.comment, { exact: true }).fill(comment);
      await save.click();
      await page.getByRole('status').filter({ hasText: d.uploaded }).first().waitFor();
      await dialog.waitFor({ state: 'detached' });
      await section.getByText(comment).waitFor();
    };
    await upload({ name: 'radiografia.png', mimeType: 'image/png', buffer: samplePng }, 'Tórax PA');
    await upload({ name: 'analisis.pdf', mimeType: 'application/pdf', buffer: samplePdf }, 'Biometría hemática');
    await section.getByText(d.types.pdf).first().waitFor();
    await section.getByText(d.types.image).first().waitFor();

    const [opened] = await Promise.all([context.waitForEvent('page'), section.getByRole('button', { name: /^analisis\.pdf/ }).click()]);
    await expect.poll(() => opened.url()).toMatch(/^blob:/);
    await opened.close();

    const confirmation = answerNextConfirmation(page);
    await section.getByRole('button', { name: texts.deleteItem.replace('{{name}}', 'radiografia.png'), exact: true }).click();
    expect(await confirmation).toBe(d.confirmDelete);
    await page.getByRole('status').filter({ hasText: texts.messages.deleted }).first().waitFor();
    await expect.poll(() => section.getByText('radiografia.png').count()).toBe(0);
    await section.getByRole('button', { name: /^analisis\.pdf/ }).waitFor();
  });
});

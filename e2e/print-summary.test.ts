// The printable summary in Chromium against the real server (with PRACTICE_NAME set): a
// medic opens a patient's summary from the record page and the patient their own from the
// dashboard; each is printed to PDF on A4 and on Letter, and page 1 of the PDF, read back with
// pdfjs-dist, holds the blood type and the allergies with their severity; every page carries the
// practice's name and its page number, and every column of the contacts' table is on paper (the box
// that scrolls a table on a phone's screen does not scroll in print). Once with a Spanish browser and
// once with an English one.
import type { Page } from 'playwright-core';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import { beforeAll, describe, expect, test } from 'vitest';
import enPrint from '../shared/locales/en/print.json';
import esPrint from '../shared/locales/es/print.json';
import enRecord from '../shared/locales/en/record.json';
import esRecord from '../shared/locales/es/record.json';
import { callApiAs, linkedPatientId, openAppTab, registerViaApi, uniqueEmail, useJourney, type ApiSession, type App, type Locale, type Tab } from './harness';

const PRACTICE = 'Consultorio San Rafael';
const PASSWORD = 'secreto-123';
const ALLERGIES = [
  { allergyName: 'Penicilina', severity: 'Severe', reaction: 'Anafilaxia' },
  { allergyName: 'Látex', severity: 'Moderate', reaction: 'Urticaria' },
  { allergyName: 'Nueces', severity: 'Mild', reaction: 'Prurito' },
] as const;
const CONDITIONS = ['Asma', 'Hipertensión arterial', 'Diabetes tipo 2', 'Hipotiroidismo', 'Migraña crónica', 'Artritis reumatoide', 'Insuficiencia venosa', 'Gastritis crónica', 'Rinitis alérgica', 'Dislipidemia', 'Lumbalgia crónica', 'Ansiedad generalizada'];

const texts = { 'es-ES': { language: 'es', p: esPrint, r: esRecord }, 'en-US': { language: 'en', p: enPrint, r: enRecord } } as const;

const journey = useJourney({ PRACTICE_NAME: PRACTICE });
let app: App;
let medic: ApiSession;
let patient: ApiSession;
let idPatient: number;

const api = (session: ApiSession, method: string, path: string, body: object | undefined, expected: number) => callApiAs(app, session, method, path, body, expected);

/** Now as the practice writes moments, at the given hour: YYYY-MM-DDTHH:mm in local time. */
function todayAt(hour: number): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}T${pad(hour)}:00`;
}

beforeAll(async () => {
  app = journey.app();
  medic = await registerViaApi(app, { name: 'Andrea', lname: 'Campos', email: uniqueEmail('medic'), password: PASSWORD, type: 'medic' });
  const email = uniqueEmail('patient');
  patient = await registerViaApi(app, { name: 'Lucía', lname: 'Hernández', email, password: PASSWORD, type: 'patient', doctorEmail: medic.user.email });
  idPatient = await linkedPatientId(app, medic, email);

  // A record long enough for two pages, so page 1 is a real test of what comes first.
  await api(medic, 'PATCH', `/patients/${idPatient}`, { bloodGroup: 'AB', bloodRh: '-' }, 200);
  for (const allergy of ALLERGIES) await api(medic, 'POST', `/patients/${idPatient}/allergies`, allergy, 201);
  for (const condition of CONDITIONS) await api(medic, 'POST', `/patients/${idPatient}/pathological-records`, { condition, status: 'Active', diagnosisDate: '2015-06-01' }, 201);
  for (const name of ['Mario Hernández', 'Rosa Jiménez', 'Pedro Hernández']) await api(medic, 'POST', `/patients/${idPatient}/contacts`, { name, relationship: 'Familiar', phone: '5599887766' }, 201);
  await api(medic, 'POST', `/patients/${idPatient}/vitals`, { date: '2025-03-01', systolic: 118, diastolic: 76, heartRate: 64, temperature: 36.6 }, 201);
  for (const hour of [8, 9, 10, 11, 12, 13]) {
    await api(medic, 'POST', '/clinical-history', { idPatient, date: todayAt(hour), motive: `Control ${hour}`, medications: [`Medicamento ${hour}`, 'Salbutamol inhalado'] }, 201);
  }
}, 120_000);

/** A tab signed in as `session`, in `locale`. */
const signedInTab = async (session: ApiSession, locale: Locale): Promise<Tab> => journey.setTab(await openAppTab(journey.browser(), locale, app.url, session));

/** The text of each page of the PDF the page prints to, whitespace collapsed. */
async function printedPages(page: Page, format: 'A4' | 'Letter'): Promise<string[]> {
  const pdf = await page.pdf({ format });
  const document = await pdfjs.getDocument({ data: new Uint8Array(pdf), useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    const text = content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
    pages.push(text.replace(/\s+/g, ' '));
  }
  await document.destroy();
  return pages;
}

describe.each<Locale>(['es-ES', 'en-US'])('printable summary, browser in %s', (locale) => {
  const { p, r } = texts[locale];

  async function expectPrintedSummary(page: Page): Promise<void> {
    await page.getByRole('heading', { level: 1, name: `${p.title}: Lucía Hernández` }).waitFor();
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('button', { name: p.print, exact: true }).isVisible()).toBe(false);
    // On a narrow screen a table scrolls inside its box; paper does not scroll, so in print no box does.
    const tableBoxes = page.getByRole('region', { name: new RegExp(`^(${Object.values(p.tables).join('|')})$`) });
    const overflows = await tableBoxes.evaluateAll((boxes) => boxes.map((box) => getComputedStyle(box).overflowX));
    expect(overflows.length, 'the allergies, conditions, contacts and appointments tables').toBe(4);
    expect(overflows.every((overflow) => overflow === 'visible'), `overflow in print: ${overflows.join(', ')}`).toBe(true);
    for (const format of ['A4', 'Letter'] as const) {
      const pages = await printedPages(page, format);
      expect(pages.length, `${format}: a record this long takes more than one page`).toBeGreaterThan(1);
      const first = pages[0]!;
      expect(first).toContain(p.essentials);
      expect(first).toContain('AB-');
      for (const allergy of ALLERGIES) {
        expect(first, `${format} page 1`).toContain(allergy.allergyName);
        expect(first, `${format} page 1`).toContain(r.severity[allergy.severity]);
      }
      pages.forEach((text, index) => {
        expect(text, `${format} page ${index + 1}`).toContain(PRACTICE);
        expect(text, `${format} page ${index + 1}`).toContain(`${index + 1} / ${pages.length}`);
        expect(text, `${format} page ${index + 1}`).toContain(p.printedOn.replace(/\{\{date\}\}.*/, '').trim());
      });
      // The app's own chrome stays off the paper, and every column of the widest table is on it.
      expect(pages.join(' ')).not.toContain(p.back);
      for (const column of [r.contacts.name, r.contacts.relationship, r.contacts.phone, r.contacts.email]) expect(pages.join(' '), `${format}: the contacts' ${column}`).toContain(column);
    }
  }

  test('a medic prints a patient’s summary from the record page', async () => {
    const { page } = await signedInTab(medic, locale);
    await page.goto(`/medic/patient/${idPatient}`);
    await page.getByRole('heading', { level: 1, name: 'Lucía Hernández' }).waitFor();
    await page.getByRole('link', { name: p.print, exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/medic/patient/${idPatient}/print`);
    await expectPrintedSummary(page);
  });

  test('a patient prints their own summary from the dashboard', async () => {
    const { page } = await signedInTab(patient, locale);
    await page.goto('/dashboard');
    await page.getByRole('link', { name: p.print, exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/print');
    await expectPrintedSummary(page);
  });
});

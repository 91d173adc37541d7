// The printed receta in Chromium against the real server. Everything it prints is set up
// through the REST API (the prescribing form is not what is tested here): a medic with a specialty
// and licence number, the practice's address and phone set by the administrator, a linked patient
// with a birth date and an identity document, an appointment today with a diagnosis, and a
// prescription of five items. The medic opens its print page, chooses the paper, and the PDF the
// browser prints, read back with pdfjs-dist, is one page of that paper holding the licence number,
// the practice's address, the patient's age and each item's dose, route, frequency and duration;
// voided through the API, it prints with the void mark. The patient prints their own once. Once with
// a Spanish browser and once with an English one.
import type { Page } from 'playwright-core';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import { beforeAll, describe, expect, test } from 'vitest';
import { ageOn } from '../shared/age';
import { localDay } from '../shared/dates';
import type { Prescription, PrescriptionItemInput } from '../shared/prescriptions';
import { callApiAs, linkedPatientId, openAppTab, registerViaApi, uniqueEmail, useJourney, type ApiSession, type App, type Locale, type Tab } from './harness';
import { fill, texts } from './texts';

const PASSWORD = 'secreto-123';
const LICENSE = '12345678';
const PRACTICE = { name: 'Consultorio San Rafael', address: 'Av. Juárez 120, Col. Centro', city: 'Puebla', phone: '222 123 4567' };
const BIRTH_DATE = '1973-09-15';
const DOCUMENT = 'HERL730915MPLRZC09';
const ITEMS = [
  { drug: 'Amoxicilina', strength: '500 mg', form: 'cápsulas', route: 'vía oral', presentation: 'Caja con 21', packages: '1', dose: '1 cápsula', frequency: 'cada 8 horas', duration: '7 días', instructions: 'Tomar con alimentos.' },
  { drug: 'Paracetamol', strength: '500 mg', form: 'tabletas', route: 'vía oral', presentation: 'Caja con 20', packages: '1', dose: '1 tableta', frequency: 'cada 6 horas si hay fiebre', duration: '3 días' },
  { drug: 'Salbutamol', strength: '100 mcg', form: 'aerosol', route: 'vía inhalada', presentation: 'Frasco con 200 dosis', packages: '1', dose: '2 inhalaciones', frequency: 'cada 12 horas', duration: '10 días' },
  { drug: 'Omeprazol', strength: '20 mg', form: 'cápsulas', route: 'vía oral', presentation: 'Caja con 14', packages: '1', dose: '1 cápsula', frequency: 'cada 24 horas en ayunas', duration: '14 días' },
  { drug: 'Loratadina', strength: '10 mg', form: 'tabletas', route: 'vía oral', presentation: 'Caja con 10', packages: '1', dose: '1 tableta', frequency: 'cada 24 horas por la noche', duration: '5 días' },
] satisfies PrescriptionItemInput[];
const NOTES = 'Reposo relativo tres días. Abundantes líquidos. Volver a consulta si la fiebre dura más de 72 horas.';

/** Paper sizes in PDF points: A5 is 148 × 210 mm, half Letter 5.5 × 8.5 in. */
const A5 = { width: 419.5, height: 595.3 };
const HALF_LETTER = { width: 396, height: 612 };

const journey = useJourney();
let app: App;
let medic: ApiSession;
let patient: ApiSession;
let idPatient: number;
let idHistory: number;

const api = (session: ApiSession, method: string, path: string, body: object | undefined, expected: number) => callApiAs(app, session, method, path, body, expected);

/** Today at the given hour, as the practice writes moments: YYYY-MM-DDTHH:mm in local time. */
const todayAt = (hour: number) => `${localDay(new Date())}T${String(hour).padStart(2, '0')}:00`;

beforeAll(async () => {
  app = journey.app();
  // The first medic is the administrator, who gives the practice its address.
  await api(app.admin, 'PATCH', '/admin/practice', PRACTICE, 200);
  medic = await registerViaApi(app, { name: 'Andrea', lname: 'Campos', email: uniqueEmail('medic'), password: PASSWORD, type: 'medic' });
  await api(medic, 'PATCH', '/medics/me', { specialty: 'Medicina familiar', licenseNumber: LICENSE }, 200);
  const email = uniqueEmail('patient');
  patient = await registerViaApi(app, { name: 'Lucía', lname: 'Hernández', email, password: PASSWORD, type: 'patient', doctorEmail: medic.user.email });
  idPatient = await linkedPatientId(app, medic, email);
  await api(medic, 'PATCH', `/patients/${idPatient}`, { birthDate: BIRTH_DATE, documentNumber: DOCUMENT }, 200);
  const appointment = (await api(medic, 'POST', '/clinical-history', { idPatient, date: todayAt(9), motive: 'Faringitis', diagnosisIds: ['J45'] }, 201)) as { idHistory: number };
  idHistory = appointment.idHistory;
}, 120_000);

const issue = async () => (await api(medic, 'POST', `/clinical-history/${idHistory}/prescriptions`, { items: ITEMS, notes: NOTES }, 201)) as Prescription;

/** A tab signed in as `session`, in `locale`. */
const signedInTab = async (session: ApiSession, locale: Locale): Promise<Tab> => journey.setTab(await openAppTab(journey.browser(), locale, app.url, session));

interface PrintedPage {
  text: string;
  width: number;
  height: number;
}

/** Each page of the PDF the page prints to, on the paper its CSS asks for: its text (whitespace collapsed) and size in points. */
async function printedPages(page: Page): Promise<PrintedPage[]> {
  const pdf = await page.pdf({ preferCSSPageSize: true });
  const document = await pdfjs.getDocument({ data: new Uint8Array(pdf), useSystemFonts: false }).promise;
  const pages: PrintedPage[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const printed = await document.getPage(number);
    const content = await printed.getTextContent();
    const text = content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
    const [, , width, height] = printed.view as [number, number, number, number];
    pages.push({ text: text.replace(/\s+/g, ' '), width, height });
  }
  await document.destroy();
  return pages;
}

/** Chromium rounds a page's size to whole points. */
const expectSize = (printed: PrintedPage, paper: { width: number; height: number }) => {
  expect(Math.abs(printed.width - paper.width), `width ${printed.width}`).toBeLessThan(1);
  expect(Math.abs(printed.height - paper.height), `height ${printed.height}`).toBeLessThan(1);
};

describe.each<Locale>(['es-ES', 'en-US'])('the printed receta, browser in %s', (locale) => {
  const { receta, common } = texts[locale];
  const years = ageOn(BIRTH_DATE, localDay(new Date()))!.years;
  const age = fill(common.age.years, { count: String(years) });

  async function openPrintPage(page: Page, path: string): Promise<void> {
    await page.goto(path);
    await page.getByRole('heading', { level: 1, name: receta.title }).waitFor();
  }

  test('a medic prints a receta on A5 with everything a pharmacy checks on page 1, and a voided one with its mark', async () => {
    const prescription = await issue();
    const { page } = await signedInTab(medic, locale);
    await openPrintPage(page, `/medic/patient/${idPatient}/prescriptions/${prescription.idPrescription}/print`);

    await page.getByRole('radio', { name: receta.paper.halfLetter }).check();
    const [halfLetter] = await printedPages(page);
    expectSize(halfLetter!, HALF_LETTER);

    await page.getByRole('radio', { name: receta.paper.a5 }).check();
    const pages = await printedPages(page);
    expect(pages.map((printed) => printed.text), 'five items, the diagnosis and the notes fit one A5 page').toHaveLength(1);
    const [first] = pages;
    expectSize(first!, A5);
    const text = first!.text;
    expect(text).toContain(fill(receta.license, { license: LICENSE }));
    expect(text).toContain(PRACTICE.address);
    expect(text).toContain(PRACTICE.city);
    expect(text).toContain(PRACTICE.phone);
    expect(text).toContain('Andrea Campos');
    expect(text).toContain('Medicina familiar');
    expect(text).toContain('Lucía Hernández');
    expect(text).toContain(age);
    expect(text).toContain('1973');
    expect(text).toContain(DOCUMENT);
    expect(text).toContain(prescription.number);
    expect(text).toContain('J45');
    for (const item of ITEMS) {
      for (const field of [item.drug, item.dose, item.route, item.frequency, item.duration]) expect(text, item.drug).toContain(field);
    }
    expect(text).toContain(NOTES);
    expect(text).not.toContain(receta.void.mark);
    // The toolbar stays off the paper.
    expect(text).not.toContain(receta.paper.a5);

    await api(medic, 'POST', `/prescriptions/${prescription.idPrescription}/void`, { reason: 'Dosis equivocada' }, 200);
    await openPrintPage(page, `/medic/patient/${idPatient}/prescriptions/${prescription.idPrescription}/print`);
    await page.getByText(receta.void.mark, { exact: true }).waitFor();
    const voided = await printedPages(page);
    expect(voided.map((printed) => printed.text)).toHaveLength(1);
    expect(voided[0]!.text).toContain(receta.void.mark);
    expect(voided[0]!.text).toContain(fill(receta.void.reason, { reason: 'Dosis equivocada' }));
    // Still what it said, so the pharmacy sees what was voided.
    expect(voided[0]!.text).toContain(ITEMS[0]!.dose);
  });

  test('a patient prints their own receta from the dashboard’s address', async () => {
    const prescription = await issue();
    const { page } = await signedInTab(patient, locale);
    await openPrintPage(page, `/dashboard/prescriptions/${prescription.idPrescription}/print`);
    const [first] = await printedPages(page);
    expectSize(first!, A5);
    expect(first!.text).toContain(fill(receta.license, { license: LICENSE }));
    expect(first!.text).toContain(prescription.number);
    expect(first!.text).toContain(ITEMS[2]!.route);
  });
});

// Vital sign trends in Chromium against the real server: a patient with two years of weekly vitals
// (104 readings, some without a temperature), seeded through the API. The medic's record draws a
// chart per measure on canvases, the table toggle lists every reading with its units, and the
// patient sees the same charts on "My health" — in Spanish and in English, with no
// Content-Security-Policy violation (uPlot styles its parts through the DOM, never through markup;
// the harness fails any journey whose page reports one).
// It also reads how long the charts took from the record's arrival to drawn; that number is
// printed, and `npm run bench:browser` reports it, but never asserted (no timing thresholds in tests).
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import enCharts from '../shared/locales/en/charts.json';
import esCharts from '../shared/locales/es/charts.json';
import { callApiAs, linkedPatientId, openAppTab, registerViaApi, uniqueEmail, useJourney, type ApiSession, type App, type Locale } from './harness';

const PASSWORD = 'secreto-123';
const DRAW_MEASURE = 'vitals-trends:drawn';
const WEEKS = 104;
/** The newest vital signs the record's first read carries (API.md "Long histories"): the charts draw what is loaded. */
const LOADED = 100;
const loadedWeeks = Array.from({ length: LOADED }, (_, index) => WEEKS - LOADED + index);
const chartTexts = { 'es-ES': esCharts, 'en-US': enCharts } as const;

const { app, browser, setTab } = useJourney();

interface Seeded {
  medic: ApiSession;
  patient: ApiSession;
  idPatient: number;
  fullName: string;
}

const isoDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** A medic, their patient, and a reading a week for two years; every ninth reading has no temperature. */
async function patientWithWeeklyVitals(server: App): Promise<Seeded> {
  const medic = await registerViaApi(server, { name: 'Andrea', lname: 'Campos', email: uniqueEmail('medic'), password: PASSWORD, type: 'medic' });
  const patient = await registerViaApi(server, {
    name: 'Lucía',
    lname: 'Hernández',
    email: uniqueEmail('patient'),
    password: PASSWORD,
    type: 'patient',
    doctorEmail: medic.user.email,
  });
  const idPatient = await linkedPatientId(server, medic, patient.user.email);
  for (let week = 0; week < WEEKS; week += 1) {
    const date = new Date();
    date.setDate(date.getDate() - 7 * (WEEKS - 1 - week));
    const body = {
      date: isoDay(date),
      systolic: 112 + (week % 17),
      diastolic: 72 + (week % 11),
      heartRate: 62 + (week % 19),
      temperature: week % 9 === 0 ? null : 36.2 + (week % 7) / 10,
      oxygenSaturation: 95 + (week % 5),
      // Weighed every fourth week, the newest reading included, losing about 4 kg over the two years.
      weight: week % 4 === 3 ? Math.round((80 - week / 26) * 10) / 10 : null,
    };
    await callApiAs(server, medic, 'POST', `/patients/${idPatient}/vitals`, body, 201);
  }
  return { medic, patient, idPatient, fullName: 'Lucía Hernández' };
}

/** A tab signed in as `session`, in the language of `locale`. */
async function signedInTab(locale: Locale, session: ApiSession) {
  return setTab(await openAppTab(browser(), locale, app().url, session));
}

/** For each canvas in `scope`: how many of its pixels are painted. */
const paintedPixels = (page: Page, scope: string) =>
  page.evaluate((selector) => {
    return [...document.querySelectorAll<HTMLCanvasElement>(`${selector} canvas`)].map((canvas) => {
      const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
      let painted = 0;
      for (let alpha = 3; alpha < data.length; alpha += 4) if (data[alpha]! > 0) painted += 1;
      return painted;
    });
  }, scope);

const drawMs = (page: Page) =>
  page.evaluate((name) => performance.getEntriesByName(name).map((entry) => entry.duration), DRAW_MEASURE);

describe.each<Locale>(['es-ES', 'en-US'])('vital sign trends, browser in %s', (locale) => {
  const c = chartTexts[locale];

  test('the medic record charts two years of weekly vitals and lists them as a table', async () => {
    const seeded = await patientWithWeeklyVitals(app());
    const { page } = await signedInTab(locale, seeded.medic);
    await page.goto(`/medic/patient/${seeded.idPatient}`);
    await page.getByRole('heading', { level: 1, name: seeded.fullName }).waitFor();

    const section = page.getByRole('region', { name: new RegExp(`^${c.title} \\(\\s*${LOADED}`) });
    await section.waitFor();
    for (const key of ['bloodPressure', 'heartRate', 'temperature', 'oxygenSaturation', 'weight'] as const) {
      const chart = section.getByRole('img', { name: `${c.measures[key]} (${c.units[key]})` });
      await chart.locator('canvas').waitFor();
    }
    await page.waitForFunction((name) => performance.getEntriesByName(name).length > 0, DRAW_MEASURE);
    const [ms] = await drawMs(page);
    console.log(`[vitals-trends] ${locale}: ${LOADED} weekly readings, record data to five charts drawn: ${ms!.toFixed(1)} ms`);

    const painted = await paintedPixels(page, '.vitals-trends');
    expect(painted).toHaveLength(5);
    for (const pixels of painted) expect(pixels).toBeGreaterThan(1_000);
    // The text alternative counts the loaded readings: all of them but for temperature, which misses every ninth.
    await section.getByText(new RegExp(`^${LOADED} `)).first().waitFor();
    await section.getByText(new RegExp(`^${loadedWeeks.filter((week) => week % 9 !== 0).length} `)).waitFor();

    const toggle = section.getByRole('button', { name: c.showTable, exact: true });
    await toggle.click();
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    const table = section.getByRole('table', { name: c.table.caption });
    await table.waitFor();
    expect(await table.getByRole('row').count()).toBe(LOADED + 1);
    const newest = (await table.getByRole('row').nth(1).locator('th, td').allTextContents()).map((cell) => cell.replace(/\u00a0/g, ' '));
    expect(newest.slice(1)).toEqual([`${112 + (103 % 17)}/${72 + (103 % 11)} mmHg`, `${62 + (103 % 19)} bpm`, expect.stringMatching(/^36[.,]\d °C$/), `${95 + (103 % 5)} %`, expect.stringMatching(/^76([.,]\d)? kg$/)]);
    expect(await section.locator('canvas').count()).toBe(0);

    await toggle.click();
    await expect.poll(() => section.locator('canvas').count()).toBe(5);
  });

  test('the patient sees the same charts on "My health"', async () => {
    const seeded = await patientWithWeeklyVitals(app());
    const { page } = await signedInTab(locale, seeded.patient);
    await page.goto('/dashboard');
    const part = page.getByRole('region', { name: c.title, exact: true });
    await part.waitFor();
    await part.getByRole('img', { name: `${c.measures.bloodPressure} (${c.units.bloodPressure})` }).locator('canvas').waitFor();
    await page.waitForFunction((name) => performance.getEntriesByName(name).length > 0, DRAW_MEASURE);
    for (const pixels of await paintedPixels(page, '.vitals-trends')) expect(pixels).toBeGreaterThan(1_000);
  });
});

// Every page of the medic and of the patient on a phone (390 × 844), in Chromium against the real
// server, in Spanish and in English: none scrolls sideways, no button or link sticks out past the
// window's edge where nothing can scroll to it, and axe (axe-check.ts) finds nothing serious. The
// practice is the one the accessibility check looks at (seeded-practice.ts), with an appointment
// still ahead of the patient. The pages to print count too: the record's summary and the receta of
// today's consultation, which a medic or a patient may well open on a phone before printing. On the patient's dashboard every tab shows within the window, and the
// appointments still ahead come before anything else but the welcome: what a patient opens it for.
// One walk per role and language, so each page costs a navigation, not a server.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import enAgenda from '../shared/locales/en/agenda.json';
import enCharts from '../shared/locales/en/charts.json';
import enDashboard from '../shared/locales/en/dashboard.json';
import enPrint from '../shared/locales/en/print.json';
import enRecord from '../shared/locales/en/record.json';
import enSecurity from '../shared/locales/en/security.json';
import esAgenda from '../shared/locales/es/agenda.json';
import esCharts from '../shared/locales/es/charts.json';
import esDashboard from '../shared/locales/es/dashboard.json';
import esPrint from '../shared/locales/es/print.json';
import esRecord from '../shared/locales/es/record.json';
import esSecurity from '../shared/locales/es/security.json';
import { addDays } from '../shared/agenda';
import { localDay } from '../shared/dates';
import { axeCheck } from './axe-check';
import { callApiAs, openAppTab, useJourney, type ApiSession, type Locale, type Tab } from './harness';
import { PATIENT_NAME, seedPractice, type SeededPractice } from './seeded-practice';
import { fill, texts as commonTexts } from './texts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const UPCOMING_MOTIVE = 'Control de seguimiento';

const texts = {
  'es-ES': { language: 'es', ...commonTexts['es-ES'], agenda: esAgenda, charts: esCharts, dashboard: esDashboard, print: esPrint, record: esRecord, security: esSecurity },
  'en-US': { language: 'en', ...commonTexts['en-US'], agenda: enAgenda, charts: enCharts, dashboard: enDashboard, print: enPrint, record: enRecord, security: enSecurity },
} as const;

const journey = useJourney();
const { expectAccessible, report } = axeCheck('phone layouts');
let practice: SeededPractice;

beforeAll(async () => {
  practice = await seedPractice(journey.app());
  // An appointment still ahead of the patient, in three days.
  const { medic, idPatient } = practice;
  const day = addDays(localDay(new Date()), 3);
  await callApiAs(journey.app(), medic, 'POST', '/clinical-history', { idPatient, date: `${day}T10:30`, motive: UPCOMING_MOTIVE }, 201);
}, 120_000);

afterAll(report);

/** A phone-sized tab in `locale`, signed in as `session`, that the harness reports on and closes. */
async function phoneTab(locale: Locale, session: ApiSession): Promise<Tab> {
  const tab = journey.setTab(await openAppTab(journey.browser(), locale, journey.app().url, session));
  await tab.page.setViewportSize(PHONE);
  return tab;
}

interface WidthReport {
  scrollWidth: number;
  /** The innermost elements reaching past the window's right edge, where no scroll box of their own holds them. */
  sticking: string[];
  /** Buttons, links, fields and tabs reaching past it the same way: cut off, or only reachable by scrolling the page. */
  cutControls: string[];
}

/** Measures the page at the window's width (in the page, so every element is seen at once). */
function measureWidth(page: Page, limit: number): Promise<WidthReport> {
  return page.evaluate((limit) => {
    const name = (element: Element) => {
      const classes = typeof element.className === 'string' && element.className.trim() ? `.${element.className.trim().split(/\s+/).join('.')}` : '';
      const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `${element.tagName.toLowerCase()}${classes} "${text}" (right ${Math.round(element.getBoundingClientRect().right)})`;
    };
    // Inside a box that scrolls or clips by itself, an element does not widen the page.
    const inOwnScrollBox = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible') return true;
      }
      return false;
    };
    const visible = (element: Element) => {
      const box = element.getBoundingClientRect();
      // Visually hidden text (1 px, clipped) is for screen readers, not the eye.
      return box.width > 1 && box.height > 1 && element.checkVisibility({ visibilityProperty: true, opacityProperty: false });
    };
    const beyond = [...document.body.querySelectorAll('*')].filter((element) => visible(element) && element.getBoundingClientRect().right > limit + 0.5);
    const sticking = beyond.filter((element) => !inOwnScrollBox(element) && !beyond.some((other) => other !== element && element.contains(other)));
    const controls = 'button, a[href], input, select, textarea, [role="tab"], [tabindex="0"]';
    // A control in a scroll box of its own is reached by scrolling that box; one in a box that clips is cut.
    const clipped = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const overflow = getComputedStyle(parent).overflowX;
        if (overflow === 'auto' || overflow === 'scroll') return false;
      }
      return true;
    };
    const cutControls = beyond.filter((element) => element.matches(controls) && clipped(element));
    return { scrollWidth: document.documentElement.scrollWidth, sticking: sticking.slice(0, 8).map(name), cutControls: cutControls.slice(0, 8).map(name) };
  }, limit);
}

/** The page, as it is now, fits the phone's width and passes axe. */
async function expectFitsPhone(page: Page, where: string): Promise<void> {
  const width = await measureWidth(page, PHONE.width);
  expect.soft(width.scrollWidth, `${where}: the page is ${width.scrollWidth} px wide in a ${PHONE.width} px window; sticking out: ${width.sticking.join('; ')}`).toBeLessThanOrEqual(PHONE.width);
  expect.soft(width.cutControls, `${where}: controls past the window's right edge`).toEqual([]);
  await expectAccessible(page, where);
}

const boxOf = async (locator: Locator) => {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator} has no box: it is not shown`);
  return box;
};

describe.each<Locale>(['es-ES', 'en-US'])('every page on a phone (390 px), browser in %s', (locale) => {
  const t = texts[locale];
  const where = (name: string) => `${name} [${t.language}, ${PHONE.width} px]`;
  const region = (page: Page, title: string) => page.getByRole('region', { name: new RegExp(`^${title} \\(`) });

  // The printable pages are what a phone shows before printing: the record's summary (its contacts,
  // appointments and documents tables drawn) and a receta, each at the address the role opens it at.
  async function expectPrintedSummaryFits(page: Page, path: string, who: string): Promise<void> {
    await page.goto(path);
    await page.getByRole('heading', { level: 1, name: `${t.print.title}: ${PATIENT_NAME}` }).waitFor();
    await page.getByRole('region', { name: t.print.contacts, exact: true }).getByText('mario@example.test').waitFor();
    await page.getByRole('region', { name: t.print.documents, exact: true }).getByText('Tórax PA').waitFor();
    await expectFitsPhone(page, where(`${who} printable summary (${path})`));
  }

  async function expectPrintedRecetaFits(page: Page, path: string, who: string): Promise<void> {
    await page.goto(path);
    await page.getByRole('heading', { level: 1, name: t.receta.title, exact: true }).waitFor();
    await page.getByText('Budesonida', { exact: false }).first().waitFor();
    await expectFitsPhone(page, where(`${who} printed receta (${path})`));
  }

  test("the medic's pages: home, a full record, today's consultation note, the record and a receta to print, the agenda, the account pages and the administration", async () => {
    const { medic, idPatient, idTodaysConsultation, idPrescription } = practice;
    const r = t.record;
    const { page } = await phoneTab(locale, medic);

    for (const home of ['/medic/patients', '/dashboard']) {
      await page.goto(home);
      await page.getByRole('article', { name: PATIENT_NAME, exact: true }).waitFor();
      await expectFitsPhone(page, where(`medic home (${home})`));
    }

    await page.goto(`/medic/patient/${idPatient}`);
    await page.getByRole('heading', { level: 1, name: PATIENT_NAME }).waitFor();
    const trends = region(page, t.charts.title);
    await trends.getByRole('img', { name: `${t.charts.measures.bloodPressure} (${t.charts.units.bloodPressure})` }).locator('canvas').waitFor();
    await region(page, r.documents.title).getByText('Tórax PA').waitFor();
    await expectFitsPhone(page, where('record with every section'));
    await trends.getByRole('button', { name: t.charts.showTable, exact: true }).click();
    await trends.getByRole('table', { name: t.charts.table.caption }).waitFor();
    await expectFitsPhone(page, where('record, vital-sign trends as a table'));

    // Today's consultation opened from the agenda's link: with no note written yet, a dialog on the note's form.
    await page.goto(`/medic/patient/${idPatient}?consultation=${idTodaysConsultation}`);
    const note = page.getByRole('dialog', { name: r.appointments.editTitle }).getByRole('form', { name: r.appointments.editTitle });
    await note.getByLabel(r.appointments.subjective, { exact: true }).waitFor();
    await expectFitsPhone(page, where("record, today's consultation note"));

    await expectPrintedSummaryFits(page, `/medic/patient/${idPatient}/print`, 'medic');
    await expectPrintedRecetaFits(page, `/medic/patient/${idPatient}/prescriptions/${idPrescription}/print`, 'medic');

    await page.goto('/agenda');
    await page.getByRole('list').filter({ hasText: 'Revisión' }).getByRole('link', { name: PATIENT_NAME, exact: true }).waitFor();
    await expectFitsPhone(page, where('agenda, day'));
    await page.getByRole('button', { name: t.agenda.views.week, exact: true }).click();
    await page.getByText(t.agenda.emptyDay).first().waitFor();
    await expectFitsPhone(page, where('agenda, week'));

    for (const [path, title] of [
      ['/profile', t.account.profile.title],
      ['/security', t.security.title],
      ['/change-password', t.account.password.title],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      await expectFitsPhone(page, where(`medic ${path}`));
    }

    // The administrator is a medic too: the practice's own pages.
    const admin = await phoneTab(locale, journey.app().admin);
    await page.context().close();
    await admin.page.goto('/admin');
    await admin.page.getByRole('heading', { level: 1, name: t.admin.title }).waitFor();
    await admin.page.getByText('Paciente inconsciente en urgencias').first().waitFor();
    await expectFitsPhone(admin.page, where('administration'));
    await admin.page.goto('/admin/audit');
    await admin.page.locator('table.audit-table tbody tr').first().waitFor();
    await expectFitsPhone(admin.page, where('audit review'));
  });

  test("the patient's pages: the dashboard with every tab in view and the appointments ahead first, their record and receta to print, security and password", async () => {
    const d = t.dashboard;
    const { page } = await phoneTab(locale, practice.patient);
    await page.goto('/dashboard');
    const welcome = page.getByRole('heading', { level: 1, name: fill(t.common.patientHome.welcome, { name: 'Lucía' }) });
    await welcome.waitFor();
    const upcoming = page.getByRole('list', { name: d.appointments.upcoming, exact: true }).getByRole('listitem').filter({ hasText: UPCOMING_MOTIVE });
    await upcoming.waitFor();
    await page.getByRole('region', { name: t.charts.title, exact: true }).locator('canvas').first().waitFor();
    await expectFitsPhone(page, where('patient dashboard, overview'));

    // The appointments ahead: on the first screen, above the welcome card (or with no card to be above).
    const expectUpcomingFirst = async (height: number, width: number) => {
      const next = await boxOf(upcoming);
      expect(next.y + next.height, `the next appointment ends within the first screen (${width} px wide)`).toBeLessThanOrEqual(height);
      const welcomeCard = welcome.locator('xpath=ancestor::*[contains(concat(" ", normalize-space(@class), " "), " card ")][1]');
      if ((await welcomeCard.count()) > 0) expect(next.y, `the next appointment is above the welcome card (${width} px wide)`).toBeLessThan((await boxOf(welcomeCard)).y);
    };
    await expectUpcomingFirst(PHONE.height, PHONE.width);

    // Every tab within the window at once, none scrolled out of view.
    const tabs = Object.entries(d.tabs).filter(([key]) => key !== 'label');
    const tablist = page.getByRole('tablist', { name: d.tabs.label, exact: true });
    for (const [, label] of tabs) {
      const box = await boxOf(tablist.getByRole('tab', { name: label, exact: true }));
      expect(box.x, `the tab "${label}" starts inside the window`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `the tab "${label}" ends inside the window`).toBeLessThanOrEqual(PHONE.width);
    }
    expect(await tablist.evaluate((list) => list.scrollWidth <= list.clientWidth), 'the tabs fit without scrolling sideways').toBe(true);

    const panelShows: Record<string, (panel: Locator) => Locator> = {
      history: (panel) => panel.getByRole('table'),
      allergies: (panel) => panel.getByText('Penicilina').first(),
      medications: (panel) => panel.getByText('Budesonida').first(),
      prescriptions: (panel) => panel.getByText('Budesonida').first(),
      access: (panel) => panel.getByRole('list', { name: d.accessLog.listLabel, exact: true }),
      overview: (panel) => panel.getByRole('region', { name: t.charts.title, exact: true }).locator('canvas').first(),
    };
    for (const [key, label] of [...tabs.filter(([key]) => key !== 'overview'), ['overview', d.tabs.overview] as const]) {
      await tablist.getByRole('tab', { name: label, exact: true }).click();
      await tablist.getByRole('tab', { name: label, exact: true, selected: true }).waitFor();
      await panelShows[key]!(page.getByRole('tabpanel')).waitFor();
      await expectFitsPhone(page, where(`patient dashboard, ${key} tab`));
    }

    await expectPrintedSummaryFits(page, '/dashboard/print', 'patient');
    await expectPrintedRecetaFits(page, `/dashboard/prescriptions/${practice.idPrescription}/print`, 'patient');

    for (const [path, title] of [
      ['/security', t.security.title],
      ['/change-password', t.account.password.title],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      await expectFitsPhone(page, where(`patient ${path}`));
    }

    // On a desktop, too, the appointments ahead come first.
    await page.setViewportSize(DESKTOP);
    await page.goto('/dashboard');
    await upcoming.waitFor();
    await expectUpcomingFirst(DESKTOP.height, DESKTOP.width);
  });
});

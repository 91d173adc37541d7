// The agenda in Chromium against the real server, once in Spanish on a phone-sized window (390 px)
// and once in English on a desktop one: the doctor opens the agenda from the home's "today" link,
// books an appointment next week for a linked patient, finds it in the week view, moves it to
// another day and time, and cancels it.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import enAgenda from '../shared/locales/en/agenda.json';
import esAgenda from '../shared/locales/es/agenda.json';
import { addDays, weekdayIndex } from '../shared/agenda';
import { localDay } from '../shared/dates';
import { answerNextConfirmation, openAppTab, useJourney, type Locale } from './harness';
import { medicWithPatient } from './record-journey';

const texts = {
  'es-ES': { agenda: esAgenda, viewport: { width: 390, height: 844 } },
  'en-US': { agenda: enAgenda, viewport: { width: 1280, height: 800 } },
} as const;

const { app, browser, setTab } = useJourney();

/** i18next's `{{count}}` and plural choice for the one-or-other keys of agenda.json. */
const plural = (forms: { one: string; other: string }, count: number) => (count === 1 ? forms.one : forms.other).replace('{{count}}', String(count));

describe.each<Locale>(['es-ES', 'en-US'])('the agenda, browser in %s', (locale) => {
  const { agenda: a, viewport } = texts[locale];
  const language = locale.slice(0, 2);
  const longDay = (day: string) => new Intl.DateTimeFormat(language, { dateStyle: 'full' }).format(new Date(`${day}T12:00`));
  /** The list of appointments under a day's heading. */
  const dayList = (page: Page, day: string) => page.getByRole('list', { name: longDay(day) });
  const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first();

  test('a doctor books next week from the agenda, finds it in the week view, moves it and cancels it', async () => {
    const linked = await medicWithPatient(app());
    const { page } = setTab(await openAppTab(browser(), locale, app().url, linked.medic));
    await page.setViewportSize(viewport);
    const today = localDay(new Date());
    const nextMonday = addDays(today, 7 - weekdayIndex(today));
    const [booked, movedTo] = [addDays(nextMonday, 2), addDays(nextMonday, 3)];

    // From the home's count of today's appointments to the agenda, which opens on today.
    await page.goto('/dashboard');
    await page.getByRole('link', { name: plural({ one: a.todayLink_one, other: a.todayLink_other }, 0), exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/agenda');
    await page.getByRole('heading', { level: 1, name: a.title }).waitFor();
    await page.getByText(a.emptyDay).waitFor();
    expect(await page.getByRole('heading', { level: 2 }).first().textContent()).toContain(longDay(today));

    await page.getByRole('button', { name: a.views.week, exact: true }).click();
    await page.getByRole('button', { name: a.nav.nextWeek, exact: true }).click();
    await page.getByRole('heading', { level: 2, name: longDay(nextMonday) }).waitFor();

    // Booking: the patient found among the doctor's own, then the day, times and reason.
    const opener = page.getByRole('button', { name: a.book.open, exact: true });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: a.book.title });
    await dialog.getByRole('searchbox', { name: a.book.patient }).fill('Hernández');
    await dialog.getByRole('list', { name: a.book.results }).getByRole('button', { name: /Lucía Hernández/ }).click();
    await dialog.getByLabel(a.book.date, { exact: true }).fill(booked);
    await dialog.getByLabel(a.book.start, { exact: true }).fill('09:00');
    await dialog.getByLabel(a.book.end, { exact: true }).fill('09:30');
    await dialog.getByLabel(a.book.motive, { exact: true }).fill('Primera visita');
    await dialog.getByRole('button', { name: a.book.submit, exact: true }).click();
    await toast(page, a.book.success).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => opener.evaluate((element) => element === document.activeElement)).toBe(true);

    // In the week view, under its day.
    const bookedDay = dayList(page, booked);
    await bookedDay.getByText('Primera visita').waitFor();
    await expect.poll(() => bookedDay.getByRole('link', { name: 'Lucía Hernández', exact: true }).getAttribute('href')).toBe(`/medic/patient/${linked.idPatient}`);
    expect(await page.getByText(a.emptyDay).count()).toBe(6);

    // Moved to the next day, later.
    await bookedDay.getByRole('button', { name: new RegExp(`^${a.item.move} `) }).click();
    const move = page.getByRole('dialog', { name: a.move.title });
    await move.getByLabel(a.book.date, { exact: true }).fill(movedTo);
    await move.getByLabel(a.book.start, { exact: true }).fill('11:00');
    await move.getByLabel(a.book.end, { exact: true }).fill('11:45');
    await move.getByRole('button', { name: a.move.submit, exact: true }).click();
    await toast(page, a.move.success).waitFor();
    await move.waitFor({ state: 'detached' });
    const movedDay = dayList(page, movedTo);
    await movedDay.getByText('Primera visita').waitFor();
    expect(await movedDay.locator('time').first().getAttribute('datetime')).toBe(`${movedTo}T11:00`);
    await expect.poll(() => dayList(page, booked).count()).toBe(0);

    // Cancelled, after the browser's confirmation names it.
    const confirmation = answerNextConfirmation(page);
    await movedDay.getByRole('button', { name: new RegExp(`^${a.item.cancel} `) }).click();
    expect(await confirmation).toContain('Lucía Hernández');
    await toast(page, a.item.cancelled).waitFor();
    await expect.poll(() => page.getByText(a.emptyDay).count()).toBe(7);

    // Nothing on the page is wider than the window, the phone's included.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
  });
});

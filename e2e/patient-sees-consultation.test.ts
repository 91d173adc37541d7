// The whole clinical day in Chromium against the real server, once in Spanish and once in
// English: the doctor opens the agenda and books the patient next week, then writes today's note with
// a diagnosis found in the catalog by words without accents, and closes it; the patient signs in on a
// phone-sized window (390 × 844) and finds the booked visit under their upcoming appointments and the
// consultation, with its diagnosis's code and name, under their past ones. The server loads the small
// catalog of the server's tests (harness.ts); the note stores its Spanish names in either language.
import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import enAgenda from '../shared/locales/en/agenda.json';
import esAgenda from '../shared/locales/es/agenda.json';
import enDashboard from '../shared/locales/en/dashboard.json';
import esDashboard from '../shared/locales/es/dashboard.json';
import enRecord from '../shared/locales/en/record.json';
import esRecord from '../shared/locales/es/record.json';
import { addDays, weekdayIndex } from '../shared/agenda';
import { localDay } from '../shared/dates';
import { linkedPatientId, openAppTab, registerViaApi, uniqueEmail, useJourney, type Locale } from './harness';
import { fill, texts } from './texts';

const PASSWORD = 'secreto-123';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const journeyTexts = {
  // Both type the Spanish word without its accent (the English search finds Spanish words too); the
  // catalog answers in the interface's language.
  'es-ES': { agenda: esAgenda, record: esRecord, dashboard: esDashboard, words: 'hipertension', chip: 'I10 Hipertensión esencial (primaria)' },
  'en-US': { agenda: enAgenda, record: enRecord, dashboard: enDashboard, words: 'hipertension', chip: 'I10 Essential (primary) hypertension' },
} as const;
/** The name the note stored, from the Spanish catalog, which the patient reads in either language. */
const STORED_DIAGNOSIS = 'I10 Hipertensión esencial (primaria)';

const { app, browser, setTab } = useJourney();

/** Text as a person reads it: Intl's narrow and no-break spaces ("9:00 AM") as plain ones. */
const readable = async (locator: Locator) => ((await locator.textContent()) ?? '').replace(/\s+/g, ' ').trim();

describe.each<Locale>(['es-ES', 'en-US'])('the patient sees the consultation, browser in %s', (locale) => {
  const { agenda: a, record: r, dashboard: d, words, chip } = journeyTexts[locale];
  const { auth } = texts[locale];
  const language = locale.slice(0, 2);
  const longDay = (day: string) => new Intl.DateTimeFormat(language, { dateStyle: 'full' }).format(new Date(`${day}T12:00`));
  const clock = (time: string) => new Intl.DateTimeFormat(language, { timeStyle: 'short' }).format(new Date(`2000-01-01T${time}`)).replace(/\s+/g, ' ');
  const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first();

  test('a doctor books next week and closes a note with a catalog diagnosis; the patient sees both on a phone', async () => {
    const medic = await registerViaApi(app(), { name: 'Elena', lname: 'Morales', email: uniqueEmail('medic'), password: PASSWORD, type: 'medic' });
    const patientEmail = uniqueEmail('patient');
    await registerViaApi(app(), { name: 'Tomás', lname: 'Vega', email: patientEmail, password: PASSWORD, type: 'patient', doctorEmail: medic.user.email });
    const idPatient = await linkedPatientId(app(), medic, patientEmail);
    const today = localDay(new Date());
    const booked = addDays(today, 7 - weekdayIndex(today) + 1);

    // The doctor books the patient next week from the agenda.
    const doctorTab = setTab(await openAppTab(browser(), locale, app().url, medic));
    const doctor = doctorTab.page;
    await doctor.setViewportSize(DESKTOP);
    await doctor.goto('/agenda');
    await doctor.getByRole('heading', { level: 1, name: a.title }).waitFor();
    await doctor.getByRole('button', { name: a.views.week, exact: true }).click();
    await doctor.getByRole('button', { name: a.nav.nextWeek, exact: true }).click();
    await doctor.getByRole('button', { name: a.book.open, exact: true }).click();
    const booking = doctor.getByRole('dialog', { name: a.book.title });
    await booking.getByRole('searchbox', { name: a.book.patient }).fill('Vega');
    await booking.getByRole('list', { name: a.book.results }).getByRole('button', { name: /Tomás Vega/ }).click();
    await booking.getByLabel(a.book.date, { exact: true }).fill(booked);
    await booking.getByLabel(a.book.start, { exact: true }).fill('09:00');
    await booking.getByLabel(a.book.end, { exact: true }).fill('09:30');
    await booking.getByLabel(a.book.motive, { exact: true }).fill('Control de presión');
    await booking.getByRole('button', { name: a.book.submit, exact: true }).click();
    await toast(doctor, a.book.success).waitFor();
    await doctor.getByRole('list', { name: longDay(booked) }).getByText('Control de presión').waitFor();

    // Today's consultation, written in the record, its diagnosis found by words without accents.
    const t = r.appointments;
    await doctor.goto(`/medic/patient/${idPatient}`);
    await doctor.getByRole('heading', { level: 1, name: 'Tomás Vega' }).waitFor();
    await doctor.getByRole('button', { name: t.add }).click();
    const form = doctor.getByRole('form', { name: t.newTitle });
    await form.getByLabel(t.motive).fill('Dolor de cabeza');
    await form.getByLabel(t.subjective, { exact: true }).fill('Cefalea de tres días.');
    await form.getByLabel(t.exploration, { exact: true }).fill('TA 150/95 mmHg.');
    const combobox = form.getByRole('combobox', { name: t.diagnoses });
    await combobox.pressSequentially(words);
    await doctor.getByRole('option', { name: /I10/ }).waitFor();
    await combobox.press('ArrowDown');
    await combobox.press('Enter');
    await expect.poll(() => form.getByRole('list', { name: t.pickedDiagnoses }).getByRole('listitem').allTextContents()).toEqual([chip]);
    await form.getByLabel(t.plan, { exact: true }).fill('Losartán 50 mg cada 24 h.');
    await form.getByLabel(t.prognosis, { exact: true }).fill('Bueno.');
    await form.getByRole('button', { name: r.add, exact: true }).click();
    await form.waitFor({ state: 'detached' });

    // Closed from its details.
    const history = doctor.getByRole('region', { name: new RegExp(t.title) });
    await history.getByRole('article').filter({ hasText: 'Dolor de cabeza' }).getByRole('button').first().click();
    const details = doctor.getByRole('dialog', { name: t.detailsTitle });
    await details.getByRole('button', { name: t.close, exact: true }).click();
    await details.getByRole('button', { name: t.reopen, exact: true }).waitFor();
    await doctorTab.close();

    // The patient signs in on a phone.
    const { page } = setTab(await openAppTab(browser(), locale, app().url));
    await page.setViewportSize(PHONE);
    await page.goto('/login');
    await page.getByLabel(auth.login.email, { exact: true }).fill(patientEmail);
    await page.getByLabel(auth.login.password, { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: auth.login.submit, exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');

    const upcoming = page.getByRole('region', { name: d.appointments.upcoming, exact: true }).getByRole('list', { name: d.appointments.upcoming, exact: true }).getByRole('listitem');
    await upcoming.first().waitFor();
    expect(await upcoming.count()).toBe(1);
    const next = await readable(upcoming);
    for (const part of [longDay(booked), fill(d.appointments.startsAt, { time: clock('09:00') }), 'Control de presión', fill(d.appointments.withMedic, { name: 'Elena Morales' })]) {
      expect(next).toContain(part);
    }

    const past = page.getByRole('region', { name: d.appointments.past, exact: true }).getByRole('list', { name: d.appointments.past, exact: true }).locator(':scope > li');
    expect(await past.count()).toBe(1);
    const held = await readable(past);
    for (const part of [longDay(today), 'Dolor de cabeza', fill(d.appointments.withMedic, { name: 'Elena Morales' })]) expect(held).toContain(part);
    expect(await past.getByRole('list', { name: d.appointments.diagnoses, exact: true }).getByRole('listitem').allTextContents()).toEqual([STORED_DIAGNOSIS]);

    // Readable on the phone: nothing wider than the window, and nothing serious for assistive technology.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const axe = await new AxeBuilder({ page })
      .include('section[aria-labelledby="upcoming-appointments-title"]')
      .include('section[aria-labelledby="past-consultations-title"]')
      .analyze();
    expect(axe.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id)).toEqual([]);
  });
});

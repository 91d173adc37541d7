// The doctor's shortest path through a consultation, in Chromium against the real server, once in
// Spanish on a phone (390 px) and once in English on a desktop: from the agenda, today's
// consultation opens on its note (one click), the note is saved (two), and Prescribe opens the
// receta (three). Escape on the half-written receta asks before throwing it away and keeps it when
// asked to; issued, it is on the consultation, and today's consultation stays at the top of the
// record until it is closed.
import { describe, expect, test } from 'vitest';
import enAgenda from '../shared/locales/en/agenda.json';
import enPrescriptions from '../shared/locales/en/prescriptions.json';
import enRecord from '../shared/locales/en/record.json';
import esAgenda from '../shared/locales/es/agenda.json';
import esPrescriptions from '../shared/locales/es/prescriptions.json';
import esRecord from '../shared/locales/es/record.json';
import { localDay } from '../shared/dates';
import { callApiAs, openAppTab, useJourney, type Locale } from './harness';
import { medicWithPatient } from './record-journey';
import { texts as commonTexts } from './texts';
import type { Locator } from 'playwright-core';

const texts = {
  'es-ES': { agenda: esAgenda, record: esRecord, prescriptions: esPrescriptions, viewport: { width: 390, height: 844 } },
  'en-US': { agenda: enAgenda, record: enRecord, prescriptions: enPrescriptions, viewport: { width: 1280, height: 800 } },
} as const;

const { app, browser, setTab } = useJourney();

describe.each<Locale>(['es-ES', 'en-US'])("today's consultation from the agenda, browser in %s", (locale) => {
  const { agenda: a, record: r, prescriptions: p, viewport } = texts[locale];
  const { common } = commonTexts[locale];

  test('the agenda opens today’s consultation on its note, and the receta is the third click; Escape asks before losing it', async () => {
    const linked = await medicWithPatient(app());
    // A receta carries its author's licence number (API.md: LICENSE_NUMBER_REQUIRED without one).
    await callApiAs(app(), linked.medic, 'PATCH', '/medics/me', { licenseNumber: '7654321' }, 200);
    // Booked for now, so that it is today's wherever in the day the test runs.
    const now = new Date();
    const moment = `${localDay(now)}T${String(now.getHours()).padStart(2, '0')}:${String(now.getMinutes()).padStart(2, '0')}`;
    await callApiAs(app(), linked.medic, 'POST', '/clinical-history', { idPatient: linked.idPatient, date: moment, motive: 'Dolor de garganta' }, 201);
    const { page } = setTab(await openAppTab(browser(), locale, app().url, linked.medic));
    await page.setViewportSize(viewport);
    await page.goto('/agenda');
    await page.getByRole('heading', { level: 1, name: a.title }).waitFor();

    let clicks = 0;
    const click = async (target: Locator) => {
      clicks += 1;
      await target.click();
    };

    // One: the row's "Open consultation", which opens the record on the note's form.
    await click(page.getByRole('link', { name: new RegExp(`^${a.item.openConsultationNamed.split('{{')[0]}${linked.fullName}`) }));
    const noteDialog = page.getByRole('dialog', { name: r.appointments.editTitle });
    const note = noteDialog.getByRole('form', { name: r.appointments.editTitle });
    await note.getByLabel(r.appointments.subjective, { exact: true }).fill('Odinofagia de dos días, sin fiebre.');
    await note.getByLabel(r.appointments.exploration, { exact: true }).fill('Faringe hiperémica, sin exudado.');
    await note.getByLabel(r.appointments.plan, { exact: true }).fill('Analgésico y líquidos.');
    // Two: saved, the consultation's details show the note and offer Prescribe.
    await click(note.getByRole('button', { name: r.save, exact: true }));
    const details = page.getByRole('dialog', { name: r.appointments.detailsTitle });
    await details.getByRole('region', { name: r.appointments.note }).getByText('Faringe hiperémica, sin exudado.').waitFor();
    // Three: the receta.
    await click(details.getByRole('button', { name: p.prescribe.action, exact: true }));
    const receta = page.getByRole('dialog', { name: p.prescribe.title });
    await receta.waitFor();
    expect(clicks).toBe(3);

    // Half-written, Escape asks first; "Keep editing" keeps every letter typed.
    const drug = receta.getByLabel(new RegExp(`^${p.fields.drug}`)).first();
    await drug.fill('Paracetamol');
    await page.keyboard.press('Escape');
    const asking = receta.getByRole('alertdialog', { name: common.dialog.discard.title });
    await asking.waitFor();
    await asking.getByRole('button', { name: common.dialog.discard.keep, exact: true }).click();
    await asking.waitFor({ state: 'detached' });
    expect(await drug.inputValue()).toBe('Paracetamol');
    await receta.getByLabel(new RegExp(`^${p.fields.dose}`)).first().fill('1 tableta');
    await receta.getByLabel(new RegExp(`^${p.fields.frequency}`)).first().fill('cada 8 horas');
    await receta.getByLabel(new RegExp(`^${p.fields.duration}`)).first().fill('3 días');
    await receta.getByRole('button', { name: p.prescribe.issue, exact: true }).click();
    await receta.waitFor({ state: 'detached' });

    // Issued on today's consultation, which heads the record while it is open.
    const todayBlock = page.getByRole('region', { name: r.today.title_one });
    await todayBlock.getByText('Dolor de garganta').waitFor();
    const history = page.getByRole('region', { name: new RegExp(r.appointments.title) });
    await history.getByRole('article').first().getByText('Paracetamol').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
  });
});

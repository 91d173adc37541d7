// The consultation note in the appointment's details, in NOM-004-SSA3-2012's order (6.2) and in both
// languages: reason, history of the present illness, examination, the vital signs recorded at it,
// diagnoses with their codes, plan, prognosis, under its author, date and time; and the form that writes it.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok } from '../../test/fake-trpc-server';
import { appointment, bareDetail, renderPatientPage, today, vital } from '../../test/record-fixtures';

const visit = appointment({
  idHistory: 7,
  date: `${today}T09:30`,
  motive: 'Dolor de cabeza',
  subjective: 'Cefalea de tres días.\nEmpeora por la tarde.',
  exploration: 'Sin focalidad neurológica.',
  diagnoses: [
    { code: 'R51', name: 'Cefalea' },
    { code: 'I10', name: 'Hipertensión esencial (primaria)' },
  ],
  diagnosisIds: ['R51', 'I10'],
  plan: 'Paracetamol 1 g cada 8 h por vía oral.',
  prognosis: 'Bueno.',
  medic: { idMedic: 3, name: 'Andrés', lname: 'Mora' },
});

const detail = () => ({
  ...bareDetail(),
  history: [visit],
  // One reading recorded at the visit (with its time), one of the same day recorded apart (after it,
  // as a reading of its own) and one of another day: only the first is the visit's.
  vitals: [{ ...vital(3, `${today}T18:00`), systolic: 190, diastolic: 110 }, { ...vital(2, `${today}T09:40`), temperature: 37.2, idHistory: 7 }, vital(1, '2025-01-10')],
});

async function openDetails(language: 'en' | 'es', handlers = {}) {
  const rendered = renderPatientPage({ detail: detail(), language, handlers });
  await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
  const user = userEvent.setup();
  const section = screen.getByRole('region', { name: /Appointment history|Historial de citas/ });
  await user.click(within(section).getAllByRole('article')[0]!.querySelector('button')!);
  return { ...rendered, user, dialog: screen.getByRole('dialog') };
}

const sectionLabels = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('region', { name: /Consultation note|Nota de la consulta/ }))
    .getAllByRole('term')
    .map((term) => term.textContent);

describe('the consultation note, as read', () => {
  it('follows NOM-004 in English: reason, history, examination, vital signs of the day, diagnoses, plan, prognosis', async () => {
    const { dialog } = await openDetails('en');
    expect(sectionLabels(dialog)).toEqual(['Reason', 'History of present illness', 'Physical examination', 'Vital signs', 'Diagnoses', 'Treatment plan and instructions', 'Prognosis']);
    const note = within(dialog).getByRole('region', { name: 'Consultation note' });
    expect(note).toHaveTextContent(/at 9:30\sAM · Andrés Mora/);
    expect(note).toHaveTextContent('R51 Cefalea');
    expect(note).toHaveTextContent('I10 Hipertensión esencial (primaria)');
    // Units after a no-break space, which the text comparison reads as a space.
    expect(note).toHaveTextContent(/9:40\sAM: Blood pressure 120\/80\smmHg/);
    expect(note).toHaveTextContent(/Temperature 37\.2\s°C/);
    // Only the readings recorded at the visit: the 190/110 of that evening is not part of the note.
    expect(within(note).getAllByRole('listitem').filter((item) => item.textContent?.includes('mmHg'))).toHaveLength(1);
    expect(note).not.toHaveTextContent('190/110');
  });

  it('follows the same order in Spanish, with dates and numbers as Spanish writes them', async () => {
    const { dialog } = await openDetails('es');
    expect(sectionLabels(dialog)).toEqual(['Motivo', 'Padecimiento actual', 'Exploración física', 'Signos vitales', 'Diagnósticos', 'Plan de tratamiento e indicaciones', 'Pronóstico']);
    const note = within(dialog).getByRole('region', { name: 'Nota de la consulta' });
    expect(note).toHaveTextContent(/de \d{4},? a las 9:30 · Andrés Mora/);
    expect(note).toHaveTextContent(/Temperatura 37,2\s°C/);
  });

  it('leaves out the vital signs when none were recorded at it, and says what is missing', async () => {
    renderPatientPage({ detail: { ...detail(), vitals: [vital(1, '2025-01-10')], history: [{ ...visit, plan: null, diagnoses: [] }] } });
    await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
    const user = userEvent.setup();
    await user.click(within(screen.getByRole('region', { name: /Appointment history/ })).getAllByRole('article')[0]!.querySelector('button')!);
    const dialog = screen.getByRole('dialog');
    expect(sectionLabels(dialog)).toEqual(['Reason', 'History of present illness', 'Physical examination', 'Diagnoses', 'Treatment plan and instructions', 'Prognosis']);
    const plan = within(dialog).getByText('Treatment plan and instructions').closest('div')!;
    expect(plan).toHaveTextContent('N/A');
  });

  it('records the vital signs of this visit, dated at its moment and carrying it', async () => {
    const { dialog, user, server } = await openDetails('en', { 'patients.vitals.add': () => ok({}) });
    await user.click(within(dialog).getByRole('button', { name: 'Record vital signs of this visit' }));
    const form = within(dialog).getByRole('form', { name: 'Record vital signs of this visit' });
    expect(within(form).queryByLabelText(/^Date/)).not.toBeInTheDocument();
    await user.type(within(form).getByLabelText(/Systolic/), '135');
    await user.type(within(form).getByLabelText(/Diastolic/), '85');
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    await screen.findByRole('status');
    expect(server.callsTo('patients.vitals.add')[0]!.input).toMatchObject({ idPatient: 11, date: `${today}T09:30`, systolic: 135, diastolic: 85, idHistory: 7 });
  });
});

describe('the consultation note, as written', () => {
  it('sends the four texts and the diagnoses picked from the catalog as their codes', async () => {
    const { user, server } = await openDetails('en', {
      'catalog.diagnoses': () => ok([{ code: 'K29.7', name: 'Gastritis, unspecified' }]),
      'clinicalHistory.update': () => ok({}),
    });
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Edit' }));
    const form = within(screen.getByRole('dialog')).getByRole('form', { name: 'Edit appointment' });
    expect(within(form).getByLabelText('History of present illness')).toHaveValue('Cefalea de tres días.\nEmpeora por la tarde.');
    await user.clear(within(form).getByLabelText('Prognosis'));
    await user.type(within(form).getByLabelText('Prognosis'), 'Favorable');
    await user.click(within(form).getByRole('button', { name: 'Remove diagnosis I10 Hipertensión esencial (primaria)' }));
    await user.type(within(form).getByRole('combobox', { name: 'Diagnoses' }), 'gastritis');
    await user.click(await within(form).findByRole('option', { name: /K29\.7/ }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await screen.findByRole('status');
    expect(server.callsTo('clinicalHistory.update')[0]!.input).toMatchObject({
      idHistory: 7,
      subjective: 'Cefalea de tres días.\nEmpeora por la tarde.',
      exploration: 'Sin focalidad neurológica.',
      plan: 'Paracetamol 1 g cada 8 h por vía oral.',
      prognosis: 'Favorable',
      diagnoses: ['R51', 'K29.7'],
    });
  });
});

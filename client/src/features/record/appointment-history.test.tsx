import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../../test/fake-trpc-server';
import { splitList } from './appointment-values';
import { appointment, bareDetail, renderPatientPage, today } from '../../test/record-fixtures';

const history = () => [
  appointment({
    idHistory: 2,
    date: `${today}T09:30`,
    motive: 'Dolor de cabeza',
    notes: 'Sin fiebre',
    medications: ['Paracetamol'],
    diagnosisIds: ['R51'],
    diagnoses: [{ code: 'R51', name: 'Cefalea' }],
  }),
  appointment({ idHistory: 1, date: '2024-11-05T16:00', motive: 'Revisión anual', closed: true }),
];

async function openPage(handlers: NonNullable<Parameters<typeof renderPatientPage>[0]>['handlers'] = {}, language: 'en' | 'es' = 'en') {
  const rendered = renderPatientPage({ detail: { ...bareDetail(), history: history() }, handlers, language });
  await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
  return { ...rendered, user: userEvent.setup(), section: screen.getByRole('region', { name: /Appointment history|Historial de citas/ }) };
}

describe('appointment history', () => {
  it("offers edit and delete icons on today's appointment only", async () => {
    const { section } = await openPage();
    const [todays, older] = within(section).getAllByRole('article');
    // Shown once the signed-in medic is known to hold the appointment (medics.me).
    expect(await within(todays!).findByRole('button', { name: /^Edit appointment of/ })).toBeInTheDocument();
    expect(within(todays!).getByRole('button', { name: /^Delete appointment of/ })).toBeInTheDocument();
    expect(within(older!).queryByRole('button', { name: /^Edit appointment of/ })).not.toBeInTheDocument();
    expect(within(older!).queryByRole('button', { name: /^Delete appointment of/ })).not.toBeInTheDocument();
  });

  it('shows the long date in the active language and badges for motive, notes and medications', async () => {
    const { section } = await openPage({}, 'es');
    const older = within(section).getAllByRole('article')[1]!;
    expect(older).toHaveAccessibleName(/5 de noviembre de 2024/);
    const todays = within(section).getAllByRole('article')[0]!;
    expect(todays).toHaveTextContent('Dolor de cabeza');
    expect(todays).toHaveTextContent('Sin fiebre');
    expect(todays).toHaveTextContent('1 medicamento');
    expect(todays).toHaveTextContent('Paracetamol');
  });

  it('opens the details from the card by keyboard, and offers no reopening of a closed appointment of another day', async () => {
    const { section, user } = await openPage({ 'clinicalHistory.update': () => ok({}) });
    within(within(section).getAllByRole('article')[1]!).getAllByRole('button')[0]!.focus();
    await user.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'Appointment details' });
    expect(dialog).toHaveTextContent('Revisión anual');
    expect(dialog).toHaveTextContent('Closed');
    expect(within(dialog).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    // A past note stays as written: the server would refuse reopening it (409), so it is not offered.
    expect(within(dialog).queryByRole('button', { name: 'Reopen appointment' })).not.toBeInTheDocument();
  });

  it("closes and reopens today's appointment", async () => {
    const { section, user, server } = await openPage({ 'clinicalHistory.update': () => ok({}) });
    await user.click(within(section).getAllByRole('article')[0]!.querySelector('button')!);
    const dialog = screen.getByRole('dialog', { name: 'Appointment details' });
    await user.click(within(dialog).getByRole('button', { name: 'Close appointment' }));
    await screen.findByRole('status');
    expect(server.callsTo('clinicalHistory.update')[0]!.input).toEqual({ idHistory: 2, closed: true });
  });

  it('says a note written after its day is a late entry, and when it was written', async () => {
    const late = appointment({ idHistory: 3, date: '2025-03-04T10:00', motive: 'Consulta registrada después', writtenAt: '2025-03-06T12:00:00.000Z', lateEntry: true });
    renderPatientPage({ detail: { ...bareDetail(), history: [late] }, handlers: {}, language: 'en' });
    await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
    const user = userEvent.setup();
    const section = screen.getByRole('region', { name: /Appointment history/ });
    await user.click(within(section).getAllByRole('article')[0]!.querySelector('button')!);
    expect(screen.getByRole('dialog', { name: 'Appointment details' })).toHaveTextContent(/Late entry: written on March 6, 2025/);
  });

  it("edits today's appointment from its details", async () => {
    const { section, user, server } = await openPage({ 'clinicalHistory.update': () => ok({}) });
    await user.click(within(section).getAllByRole('article')[0]!.querySelector('button')!);
    const dialog = screen.getByRole('dialog', { name: 'Appointment details' });
    expect(dialog).toHaveTextContent('R51');
    await user.click(within(dialog).getByRole('button', { name: 'Edit' }));
    const form = within(screen.getByRole('dialog')).getByRole('form', { name: 'Edit appointment' });
    await user.clear(within(form).getByLabelText(/Medications/));
    await user.type(within(form).getByLabelText(/Medications/), 'Ibuprofeno, Omeprazol');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await screen.findByRole('status');
    expect(server.callsTo('clinicalHistory.update')[0]!.input).toMatchObject({
      idHistory: 2,
      date: `${today}T09:30`,
      motive: 'Dolor de cabeza',
      medications: ['Ibuprofeno', 'Omeprazol'],
    });
    // The diagnoses were not changed: they are not sent again.
    expect(server.callsTo('clinicalHistory.update')[0]!.input).not.toHaveProperty('diagnoses');
    expect(server.callsTo('clinicalHistory.update')[0]!.input).not.toHaveProperty('diagnosisIds');
  });

  it('says inside the dialog why an edit failed, keeping the form open with what was typed', async () => {
    const { section, user } = await openPage({ 'clinicalHistory.update': () => fail('APPOINTMENT_LOCKED') });
    await user.click(within(section).getAllByRole('article')[0]!.querySelector('button')!);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Edit' }));
    const form = within(screen.getByRole('dialog')).getByRole('form', { name: 'Edit appointment' });
    await user.clear(within(form).getByLabelText(/Reason/));
    await user.type(within(form).getByLabelText(/Reason/), 'Motivo nuevo');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    const dialog = screen.getByRole('dialog');
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Error saving changes');
    expect(alert).toHaveTextContent('Past appointments cannot be changed or deleted: only those of today or later.');
    expect(within(dialog).getByLabelText(/Reason/)).toHaveValue('Motivo nuevo');
  });

  it('adds an appointment with a date-time input and medications one per line', async () => {
    const { user, server } = await openPage({ 'clinicalHistory.create': () => ok({}) });
    await user.click(screen.getByRole('button', { name: 'Add appointment' }));
    const form = screen.getByRole('form', { name: 'New appointment' });
    const date = within(form).getByLabelText(/Date and time/);
    expect(date).toHaveAttribute('type', 'datetime-local');
    await user.clear(date);
    await user.type(date, `${today}T11:15`);
    await user.type(within(form).getByLabelText(/Reason/), 'Control de presión');
    await user.type(within(form).getByLabelText('Notes'), 'Estable');
    await user.type(within(form).getByLabelText(/Medications/), 'Losartán{Enter}Aspirina');
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    await screen.findByRole('status');
    expect(server.callsTo('clinicalHistory.create')[0]!.input).toMatchObject({
      idPatient: 11,
      date: `${today}T11:15`,
      motive: 'Control de presión',
      notes: 'Estable',
      medications: ['Losartán', 'Aspirina'],
    });
  });

  it('asks before deleting and translates APPOINTMENT_LOCKED', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { section, user } = await openPage({ 'clinicalHistory.remove': () => fail('APPOINTMENT_LOCKED') });
    await user.click(await within(section).findByRole('button', { name: /^Delete appointment of/ }));
    expect(window.confirm).toHaveBeenCalledWith('Delete this appointment?');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error deleting');
    expect(alert).toHaveTextContent('Past appointments cannot be changed or deleted: only those of today or later.');
  });

  it('asks before Escape or Cancel throws away an edit of the appointment, and closes at once when nothing was typed', async () => {
    const { section, user } = await openPage({}, 'es');
    await user.click(within(section).getAllByRole('article')[0]!.querySelector('button')!);
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Editar' }));
    const form = within(dialog).getByRole('form');
    const medications = within(form).getByLabelText(/Medicamentos/);
    await user.type(medications, ', Omeprazol');

    await user.keyboard('{Escape}');
    const asking = within(dialog).getByRole('alertdialog', { name: '¿Descartar lo escrito?' });
    expect(within(asking).getByRole('button', { name: 'Seguir editando' })).toHaveFocus();
    await user.click(within(asking).getByRole('button', { name: 'Seguir editando' }));
    expect(medications).toHaveFocus();
    expect(medications).toHaveValue('Paracetamol, Omeprazol');

    // Cancel asks too; Discard leaves the edit for the details, and focus stays in the dialog.
    await user.click(within(form).getByRole('button', { name: 'Cancelar' }));
    await user.click(within(dialog).getByRole('button', { name: 'Descartar' }));
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(within(dialog).queryByRole('form')).not.toBeInTheDocument();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);

    // Nothing typed now: Escape closes at once.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('splits a list on commas and new lines', () => {
    expect(splitList(' a, b\nc ,,\n')).toEqual(['a', 'b', 'c']);
    expect(splitList('')).toEqual([]);
  });

  it("offers a colleague's appointment no edit, delete, close or vital signs, and says an addendum completes it", async () => {
    const { section, user } = await openPage({ 'medics.me': () => ok({ idMedic: 99 }) });
    const todays = within(section).getAllByRole('article')[0]!;
    await user.click(todays.querySelector('button')!);
    const dialog = screen.getByRole('dialog', { name: 'Appointment details' });
    expect(dialog).toHaveTextContent("This appointment is its medic's: only they change it. Add an addendum to say more.");
    expect(within(dialog).queryByRole('button', { name: /Edit|Delete|Close appointment|Record vital signs/ })).not.toBeInTheDocument();
    expect(within(todays).queryByRole('button', { name: /^Edit appointment of/ })).not.toBeInTheDocument();
  });

  it("opens today's consultation at once when the agenda asks for it, and prescribes from its details", async () => {
    renderPatientPage({ detail: { ...bareDetail(), history: history() }, handlers: {}, language: 'en', search: '?consultation=2' });
    const dialog = await screen.findByRole('dialog', { name: 'Appointment details' }, { timeout: 5000 });
    expect(dialog).toHaveTextContent('Dolor de cabeza');
    const user = userEvent.setup();
    await user.click(await within(dialog).findByRole('button', { name: 'Prescribe' }));
    expect(await screen.findByRole('dialog', { name: /New prescription/ })).toBeInTheDocument();
  });

  it("puts today's open consultation at the top of the record, and its link opens the note's form while nothing is written", async () => {
    const booked = appointment({ idHistory: 5, date: `${today}T12:00`, motive: 'Revisión de glucosa' });
    const closedToday = appointment({ idHistory: 4, date: `${today}T08:00`, motive: 'Ya atendida', closed: true, subjective: 'Escrita' });
    const { server } = renderPatientPage({ detail: { ...bareDetail(), history: [booked, closedToday] }, handlers: { 'clinicalHistory.update': () => ok({}) }, language: 'es' });
    const block = await screen.findByRole('region', { name: 'Consulta de hoy' }, { timeout: 5000 });
    // Above the record's sections, and only the one still open.
    const sections = screen.getByRole('region', { name: /Historial de citas/ });
    expect(block.compareDocumentPosition(sections) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(block).toHaveTextContent('Revisión de glucosa');
    expect(block).not.toHaveTextContent('Ya atendida');
    const user = userEvent.setup();
    await user.click(within(block).getByRole('link', { name: /^Abrir la consulta de hoy de las / }));
    // The medic holding it is known (medics.me), so the note's form opens for them at once.
    const form = await within(await screen.findByRole('dialog', { name: 'Editar cita' })).findByRole('form', { name: 'Editar cita' });
    await user.type(within(form).getByLabelText(/Padecimiento actual/), 'Sed y poliuria desde hace un mes');
    await user.click(within(form).getByRole('button', { name: 'Guardar' }));
    await screen.findByRole('status');
    expect(server.callsTo('clinicalHistory.update')[0]!.input).toMatchObject({ idHistory: 5, subjective: 'Sed y poliuria desde hace un mes' });
  });

  it("shows no block of today once today's consultation is closed", async () => {
    renderPatientPage({ detail: { ...bareDetail(), history: [appointment({ idHistory: 4, date: `${today}T08:00`, closed: true })] }, handlers: {}, language: 'en' });
    await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
    expect(screen.queryByRole('region', { name: "Today's consultation" })).not.toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ok } from '../../test/fake-trpc-server';
import { freezeDateAt } from '../../test/frozen-date';
import { agendaItem, NOW, renderAgenda, searchResult, TODAY } from './test-agenda';

const todays = [
  agendaItem({ idHistory: 1, date: `${TODAY}T09:00`, end: '09:30', motive: 'Dolor de cabeza' }),
  agendaItem({
    idHistory: 2,
    idPatient: 12,
    date: `${TODAY}T11:30`,
    end: '13:00',
    motive: 'Revisión anual',
    closed: true,
    patient: { name: 'Mateo', lname: 'Gómez', birthDate: null },
  }),
];
const yesterdays = agendaItem({ idHistory: 3, date: '2026-06-14T10:00', end: '10:30', motive: 'Ayer' });
const thursdays = agendaItem({ idHistory: 4, date: '2026-06-18T16:00', end: '16:45', motive: 'Jueves' });
const nextWeeks = agendaItem({ idHistory: 5, date: '2026-06-23T10:00', end: '10:30', motive: 'Semana que viene' });
const everything = [yesterdays, ...todays, thursdays, nextWeeks];

const rangesAsked = (server: ReturnType<typeof renderAgenda>['server']) => server.callsTo('medics.agenda').map((call) => call.input);
const dayHeadings = () => screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

describe('the agenda page', () => {
  freezeDateAt(NOW);

  it("opens on today's day: each appointment's time, patient with age, reason and status, in order", async () => {
    const { server } = renderAgenda({ appointments: everything });
    const list = await screen.findByRole('list', { name: /Monday, June 15, 2026/ });
    expect(rangesAsked(server)).toEqual([{ from: TODAY, to: TODAY }]);
    expect(screen.getByRole('heading', { level: 1, name: 'Agenda' })).toBeInTheDocument();
    expect(screen.getByText('Showing Monday, June 15, 2026')).toBeInTheDocument();
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('9:00 – 9:30 AM');
    expect(within(first!).getByRole('link', { name: 'Lucía Hernández' })).toHaveAttribute('href', '/medic/patient/11');
    expect(first).toHaveTextContent('Lucía Hernández34 years');
    expect(first).toHaveTextContent('Dolor de cabeza');
    expect(first).toHaveTextContent('Open');
    expect(second).toHaveTextContent('11:30 AM – 1:00 PM');
    expect(within(second!).getByRole('link', { name: 'Mateo Gómez' })).toHaveAttribute('href', '/medic/patient/12');
    // No birth date, no age.
    expect(second).not.toHaveTextContent(/years?\b/);
    expect(second).toHaveTextContent('Closed');
    expect(screen.getByText('2 appointments')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Expediente · Agenda'));
    expect(within(screen.getByRole('navigation', { name: 'Sections' })).getByRole('link', { name: 'Agenda' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows the week from Monday to Sunday, each day under its heading, and says when a day is free', async () => {
    const user = userEvent.setup();
    const { server } = renderAgenda({ appointments: everything });
    await screen.findByRole('list', { name: /June 15, 2026/ });
    await user.click(screen.getByRole('button', { name: 'Week', pressed: false }));
    await screen.findByRole('list', { name: /Thursday, June 18, 2026/ });
    expect(screen.getByRole('button', { name: 'Week' })).toHaveAttribute('aria-pressed', 'true');
    expect(rangesAsked(server).at(-1)).toEqual({ from: '2026-06-15', to: '2026-06-21' });
    expect(screen.getByText('Showing June 15 – 21, 2026')).toBeInTheDocument();
    expect(dayHeadings()).toEqual([
      'Monday, June 15, 2026Today',
      'Tuesday, June 16, 2026',
      'Wednesday, June 17, 2026',
      'Thursday, June 18, 2026',
      'Friday, June 19, 2026',
      'Saturday, June 20, 2026',
      'Sunday, June 21, 2026',
    ]);
    expect(screen.getAllByText('No appointments this day.')).toHaveLength(5);
    expect(within(screen.getByRole('list', { name: /Thursday/ })).getByRole('listitem')).toHaveTextContent('4:00 – 4:45 PM');
  });

  it('steps a day or a week back and forth, and back to today', async () => {
    const user = userEvent.setup();
    const { server } = renderAgenda({ appointments: everything });
    await screen.findByRole('list', { name: /June 15/ });

    await user.click(screen.getByRole('button', { name: 'Previous day' }));
    const yesterday = await screen.findByRole('list', { name: /Sunday, June 14, 2026/ });
    expect(yesterday).toHaveTextContent('Ayer');
    await user.click(screen.getByRole('button', { name: 'Today' }));
    await screen.findByRole('list', { name: /Monday, June 15, 2026/ });
    await user.click(screen.getByRole('button', { name: 'Next day' }));
    expect(await screen.findByText('Showing Tuesday, June 16, 2026')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Week' }));
    await user.click(screen.getByRole('button', { name: 'Next week' }));
    await screen.findByRole('list', { name: /Tuesday, June 23, 2026/ });
    expect(screen.getByText('Showing June 22 – 28, 2026')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous week' }));
    await user.click(screen.getByRole('button', { name: 'Previous week' }));
    expect(await screen.findByText('Showing June 8 – 14, 2026')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Today' }));
    expect(await screen.findByText('Showing June 15 – 21, 2026')).toBeInTheDocument();

    expect(rangesAsked(server)).toEqual([
      { from: '2026-06-15', to: '2026-06-15' },
      { from: '2026-06-14', to: '2026-06-14' },
      { from: '2026-06-16', to: '2026-06-16' },
      { from: '2026-06-15', to: '2026-06-21' },
      { from: '2026-06-22', to: '2026-06-28' },
      { from: '2026-06-08', to: '2026-06-14' },
    ]);
  });

  it('offers moving and cancelling for open appointments of today and later only: past days and held consultations stay as written', async () => {
    const user = userEvent.setup();
    renderAgenda({ appointments: everything });
    await screen.findByRole('list', { name: /June 15/ });
    await user.click(screen.getByRole('button', { name: 'Week' }));
    await user.click(screen.getByRole('button', { name: 'Previous week' }));
    const sunday = await screen.findByRole('list', { name: /Sunday, June 14/ });
    expect(within(sunday).queryByRole('button')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next week' }));
    const monday = await screen.findByRole('list', { name: /Monday, June 15/ });
    expect(within(monday).getByRole('button', { name: 'Move the appointment of Lucía Hernández at 9:00 AM' })).toBeInTheDocument();
    expect(within(monday).getByRole('button', { name: 'Cancel appointment of Lucía Hernández at 9:00 AM' })).toBeInTheDocument();
    // Mateo's consultation today was held and closed: nothing to move or cancel.
    expect(within(monday).queryByRole('button', { name: /Mateo Gómez/ })).not.toBeInTheDocument();
  });

  it("opens each of today's consultations in the record from its row, and no other day's", async () => {
    renderAgenda({ appointments: everything });
    const today = await screen.findByRole('list', { name: /June 15/ });
    const open = within(today).getByRole('link', { name: 'Open the consultation of Lucía Hernández at 9:00 AM' });
    expect(open.getAttribute('href')).toMatch(/^\/medic\/patient\/\d+\?consultation=1$/);
    expect(within(today).getByRole('link', { name: 'Open the consultation of Mateo Gómez at 11:30 AM' })).toBeInTheDocument();
  });

  it('speaks Spanish: long dates, 24-hour times, ages and statuses', async () => {
    const user = userEvent.setup();
    renderAgenda({ appointments: everything, language: 'es' });
    const list = await screen.findByRole('list', { name: /lunes, 15 de junio de 2026/ });
    expect(screen.getByText('Mostrando lunes, 15 de junio de 2026')).toBeInTheDocument();
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('9:00–9:30');
    expect(first).toHaveTextContent('34 años');
    expect(first).toHaveTextContent('Abierta');
    expect(second).toHaveTextContent('11:30–13:00');
    expect(second).toHaveTextContent('Cerrada');
    expect(within(first!).getByRole('button', { name: 'Mover la cita de Lucía Hernández de las 9:00' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Semana' }));
    expect(await screen.findByText('Mostrando 15–21 de junio de 2026')).toBeInTheDocument();
    expect(screen.getAllByText('No hay citas este día.')).toHaveLength(5);
    expect(screen.getByRole('button', { name: 'Semana siguiente' })).toBeInTheDocument();
  });

  it('says when the agenda cannot be loaded, and tries again', async () => {
    const user = userEvent.setup();
    let fail = true;
    renderAgenda({
      handlers: { 'medics.agenda': () => (fail ? { error: 'INTERNAL_ERROR' } : ok({ appointments: todays })) },
    });
    const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
    expect(alert).toHaveTextContent('The agenda could not be loaded.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Lucía Hernández' })).toBeInTheDocument();
  });
});

describe('booking from the agenda', () => {
  freezeDateAt(NOW);

  const linkedLucia = searchResult({ idPatient: 11, name: 'Lucía', lname: 'Hernández' });
  const someoneElses = searchResult({ idPatient: 40, name: 'Lucía', lname: 'Ajena', linked: false });

  async function openBooking(language: 'en' | 'es' = 'en', handlers = {}) {
    const user = userEvent.setup();
    const rendered = renderAgenda({
      appointments: everything,
      language,
      handlers: { 'medics.searchPatients': () => ok([linkedLucia, someoneElses]), 'clinicalHistory.create': () => ok({}), ...handlers },
    });
    await screen.findByRole('list', { name: language === 'en' ? /June 15/ : /15 de junio/ });
    const opener = screen.getByRole('button', { name: language === 'en' ? 'New appointment' : 'Nueva cita' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: language === 'en' ? 'New appointment' : 'Nueva cita' });
    return { ...rendered, user, dialog, opener };
  }

  it("books a linked patient (someone else's is not offered), warns of an overlap on screen without blocking, and returns focus", async () => {
    const { user, dialog, opener, server } = await openBooking();
    const search = within(dialog).getByRole('searchbox', { name: 'Patient' });
    expect(search).toHaveFocus();
    await user.type(search, 'lucía');
    const results = await within(dialog).findByRole('list', { name: 'Your patients found' });
    expect(within(results).getAllByRole('button').map((button) => button.textContent)).toEqual(['Lucía Hernándezlucía@example.com']);
    expect(server.callsTo('medics.searchPatients').at(-1)!.input).toEqual({ q: 'lucía' });
    await user.click(within(results).getByRole('button', { name: /Lucía Hernández/ }));
    expect(within(dialog).getByText('Patient: Lucía Hernández')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Change patient' })).toHaveFocus();

    expect(within(dialog).getByLabelText('Day')).toHaveValue(TODAY);
    await user.type(within(dialog).getByLabelText('Starts'), '09:15');
    await user.type(within(dialog).getByLabelText('Ends'), '09:45');
    await user.type(within(dialog).getByLabelText('Reason for the visit'), 'Primera visita');
    // Today's 9:00–9:30 is on screen: the warning comes from it, with no read of its own.
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'It overlaps another appointment that day: 9:00 – 9:30 AM Lucía Hernández. You can still save it.',
    );
    expect(server.callsTo('medics.agenda')).toHaveLength(1);

    await user.click(within(dialog).getByRole('button', { name: 'Book appointment' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.callsTo('clinicalHistory.create')[0]!.input).toEqual({ idPatient: 11, date: `${TODAY}T09:15`, end: '09:45', motive: 'Primera visita' });
    expect(await screen.findByRole('status', { name: '' })).toHaveTextContent('Appointment booked');
    expect(opener).toHaveFocus();
  });

  it('reads the chosen day when it is not on screen to warn of an overlap, and says nothing when the times are free', async () => {
    const { user, dialog, server } = await openBooking();
    const day = within(dialog).getByLabelText('Day');
    await user.clear(day);
    await user.type(day, '2026-06-23');
    await user.type(within(dialog).getByLabelText('Starts'), '09:00');
    await user.type(within(dialog).getByLabelText('Ends'), '09:45');
    expect(within(dialog).getByRole('status')).toHaveTextContent('');
    await user.clear(within(dialog).getByLabelText('Ends'));
    await user.type(within(dialog).getByLabelText('Ends'), '10:15');
    await waitFor(() =>
      expect(within(dialog).getByRole('status')).toHaveTextContent('It overlaps another appointment that day: 10:00 – 10:30 AM Lucía Hernández.'),
    );
    expect(rangesAsked(server)).toContainEqual({ from: '2026-06-23', to: '2026-06-23' });
  });

  it('asks for a patient, a day not past, an end after the start and a reason before sending anything', async () => {
    const { user, dialog, server } = await openBooking();
    const day = within(dialog).getByLabelText('Day');
    await user.clear(day);
    await user.type(day, '2026-06-14');
    await user.type(within(dialog).getByLabelText('Starts'), '10:00');
    await user.type(within(dialog).getByLabelText('Ends'), '09:00');
    await user.click(within(dialog).getByRole('button', { name: 'Book appointment' }));
    expect(await within(dialog).findByText('Choose a patient')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose today or a later day: past days cannot be booked')).toBeInTheDocument();
    expect(within(dialog).getByText('The appointment must end after it starts')).toBeInTheDocument();
    expect(within(dialog).getByText('Reason for the visit is required')).toBeInTheDocument();
    expect(server.callsTo('clinicalHistory.create')).toHaveLength(0);
  });

  it('warns of an overlap in Spanish too', async () => {
    const { user, dialog } = await openBooking('es');
    await user.type(within(dialog).getByLabelText('Empieza'), '08:45');
    await user.type(within(dialog).getByLabelText('Termina'), '12:00');
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'Se solapa con otras 2 citas ese día: 9:00–9:30 Lucía Hernández y 11:30–13:00 Mateo Gómez. Aun así puede guardarla.',
    );
  });
});

describe('moving and cancelling from the agenda', () => {
  freezeDateAt(NOW);

  it('moves an appointment to another day and time, warning of what it would overlap there', async () => {
    const user = userEvent.setup();
    const { server } = renderAgenda({ appointments: everything, handlers: { 'clinicalHistory.update': () => ok({}) } });
    const list = await screen.findByRole('list', { name: /June 15/ });
    const opener = within(list).getByRole('button', { name: 'Move the appointment of Lucía Hernández at 9:00 AM' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Move appointment' });
    expect(dialog).toHaveAccessibleDescription('Lucía Hernández, now Monday, June 15, 2026, 9:00 AM');
    expect(within(dialog).getByLabelText('Starts')).toHaveValue('09:00');
    expect(within(dialog).getByLabelText('Ends')).toHaveValue('09:30');
    // Where it is now, it overlaps nothing but itself.
    expect(within(dialog).getByRole('status')).toHaveTextContent('');
    const day = within(dialog).getByLabelText('Day');
    await user.clear(day);
    await user.type(day, '2026-06-18');
    await user.clear(within(dialog).getByLabelText('Starts'));
    await user.type(within(dialog).getByLabelText('Starts'), '16:30');
    await user.clear(within(dialog).getByLabelText('Ends'));
    await user.type(within(dialog).getByLabelText('Ends'), '17:00');
    await waitFor(() => expect(within(dialog).getByRole('status')).toHaveTextContent('It overlaps another appointment that day: 4:00 – 4:45 PM Lucía Hernández.'));
    await user.click(within(dialog).getByRole('button', { name: 'Move appointment' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.callsTo('clinicalHistory.update')[0]!.input).toEqual({ idHistory: 1, date: '2026-06-18T16:30', end: '17:00' });
    // The agenda goes to the day it was moved to.
    expect(await screen.findByText('Showing Thursday, June 18, 2026')).toBeInTheDocument();
  });

  it('cancels after asking, and leaves it when the answer is no', async () => {
    const user = userEvent.setup();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const { server } = renderAgenda({ appointments: everything, handlers: { 'clinicalHistory.remove': () => ok(null) } });
    const list = await screen.findByRole('list', { name: /June 15/ });
    const cancel = within(list).getByRole('button', { name: 'Cancel appointment of Lucía Hernández at 9:00 AM' });
    await user.click(cancel);
    expect(confirm).toHaveBeenLastCalledWith('Cancel the appointment of Lucía Hernández on Monday, June 15, 2026, 9:00 AM? It will be deleted from the record.');
    expect(server.callsTo('clinicalHistory.remove')).toHaveLength(0);
    await user.click(cancel);
    expect(await screen.findByText('Appointment cancelled')).toBeInTheDocument();
    expect(server.callsTo('clinicalHistory.remove')[0]!.input).toEqual({ idHistory: 1 });
  });

  it('says why a move was refused inside the dialog, keeping what was typed', async () => {
    const user = userEvent.setup();
    renderAgenda({ appointments: everything, handlers: { 'clinicalHistory.update': () => ({ error: 'APPOINTMENT_LOCKED' }) } });
    const list = await screen.findByRole('list', { name: /June 15/ });
    await user.click(within(list).getByRole('button', { name: /^Move the appointment of Lucía Hernández/ }));
    const dialog = screen.getByRole('dialog', { name: 'Move appointment' });
    await user.clear(within(dialog).getByLabelText('Ends'));
    await user.type(within(dialog).getByLabelText('Ends'), '12:30');
    await user.click(within(dialog).getByRole('button', { name: 'Move appointment' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('The appointment could not be moved. Past appointments cannot be changed or deleted: only those of today or later.');
    expect(within(dialog).getByLabelText('Ends')).toHaveValue('12:30');
  });
});

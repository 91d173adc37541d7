import { fireEvent, screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../../test/fake-trpc-server';
import { listItem, lucia, mateo, renderMedicHome, sofia } from './test-patients';

const cardOf = (name: string) => screen.getByRole('article', { name });

describe('medic home', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows each patient's initials, full name, email, appointment date and count, with N/A when never seen", async () => {
    renderMedicHome({ patients: [lucia, mateo] });

    const card = await screen.findByRole('article', { name: 'Lucía Hernández Ruiz' });
    expect(within(card).getByText('LH')).toBeInTheDocument();
    expect(within(card).getByText('lucia@example.com')).toBeInTheDocument();
    expect(within(card).getByText('Mar 3, 2025')).toHaveAttribute('datetime', '2025-03-03T10:30');
    expect(within(card).getByText('4')).toBeInTheDocument();
    expect(within(cardOf('Mateo Gómez')).getByText('N/A')).toBeInTheDocument();
    expect(within(cardOf('Mateo Gómez')).getByText('0')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Expediente · Home'));
  });

  it('labels a booked appointment still to come as the next appointment, never as the last one, in either language', async () => {
    const booked = listItem({
      idPatient: 1,
      name: 'Con',
      lname: 'Cita',
      lastAppointment: '2025-03-03T10:30',
      nextAppointment: '2025-04-15T09:00',
      appointmentCount: 2,
    });
    const seen = listItem({ idPatient: 2, name: 'Sin', lname: 'Cita', lastAppointment: '2025-03-03T10:30', appointmentCount: 1 });
    const english = renderMedicHome({ patients: [booked, seen] });

    const bookedCard = await screen.findByRole('article', { name: 'Con Cita' });
    expect(within(bookedCard).getByText('Next appointment')).toBeInTheDocument();
    expect(within(bookedCard).queryByText('Last appointment')).not.toBeInTheDocument();
    expect(within(bookedCard).getByText('Apr 15, 2025')).toHaveAttribute('datetime', '2025-04-15T09:00');
    expect(within(cardOf('Sin Cita')).getByText('Last appointment')).toBeInTheDocument();
    expect(within(cardOf('Sin Cita')).getByText('Mar 3, 2025')).toHaveAttribute('datetime', '2025-03-03T10:30');
    english.app.unmount();

    renderMedicHome({ patients: [booked, seen], language: 'es' });
    const tarjeta = await screen.findByRole('article', { name: 'Con Cita' });
    expect(within(tarjeta).getByText('Próxima cita')).toBeInTheDocument();
    expect(within(tarjeta).queryByText('Última cita')).not.toBeInTheDocument();
    expect(within(cardOf('Sin Cita')).getByText('Última cita')).toBeInTheDocument();
  });

  it('shows the blood type only when both the group and the Rh are known', async () => {
    renderMedicHome({ patients: [lucia, sofia] });

    const withBoth = await screen.findByRole('article', { name: 'Lucía Hernández Ruiz' });
    expect(within(withBoth).getByText('O+')).toBeInTheDocument();
    expect(within(withBoth).getByText(/Blood type/)).toBeInTheDocument();
    expect(within(cardOf('Sofía Ramírez')).queryByText(/Blood type/)).not.toBeInTheDocument();
    expect(within(cardOf('Sofía Ramírez')).queryByText('AB')).not.toBeInTheDocument();
  });

  it("badges a patient seen exactly 7 days ago as recent, and not one seen 8 days ago", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2025, 2, 11, 9, 0));
    renderMedicHome({
      patients: [
        listItem({ idPatient: 1, name: 'Siete', lname: 'Días', lastAppointment: '2025-03-04T17:45', appointmentCount: 1 }),
        listItem({ idPatient: 2, name: 'Ocho', lname: 'Días', lastAppointment: '2025-03-03T17:45', appointmentCount: 1 }),
      ],
    });

    expect(within(await screen.findByRole('article', { name: 'Siete Días' })).getByText('Recent')).toBeInTheDocument();
    expect(within(cardOf('Ocho Días')).queryByText('Recent')).not.toBeInTheDocument();
  });

  it('counts the patients in the subtitle, in the singular and the plural', async () => {
    const first = renderMedicHome({ patients: [lucia] });
    expect(await screen.findByText('1 patient')).toBeInTheDocument();
    first.app.unmount();

    renderMedicHome({ patients: [lucia, mateo, sofia], language: 'es' });
    expect(await screen.findByText('3 pacientes')).toBeInTheDocument();
  });

  it('filters on the server by name, last name, email or phone from the first key, then once typing pauses, and counts the matches', async () => {
    const { server } = renderMedicHome();
    const user = userEvent.setup();
    const search = await screen.findByRole('searchbox', { name: 'Search patients' });
    await screen.findByRole('article', { name: 'Lucía Hernández Ruiz' });
    expect(screen.getByText('3 patients')).toBeInTheDocument();
    const visible = () => screen.getAllByRole('article').map((card) => card.querySelector('h2')?.textContent);

    const queries = [
      ['mATEO', ['Mateo Gómez']],
      ['RAMÍREZ', ['Sofía Ramírez']],
      ['LUCIA@EXAMPLE', ['Lucía Hernández Ruiz']],
      ['5587', ['Mateo Gómez']],
    ] as const;
    for (const [query, expected] of queries) {
      await user.clear(search);
      await user.type(search, query);
      await waitFor(() => expect(visible()).toEqual(expected));
      expect(screen.getByText('1 patient matches your search')).toBeInTheDocument();
    }
    // The first key after a pause goes at once ("m"); the keys after it, closer together than the
    // pause, send nothing until it: each query typed is one request besides its first key's. (A query
    // typed right after the box is cleared may have its first key wait too: clearing was the change.)
    const sent = server.callsTo('medics.patientPage').map((call) => (call.input as { q: string }).q);
    const typed: readonly string[] = queries.map(([query]) => query);
    expect(sent.filter((q) => typed.includes(q))).toEqual(typed);
    expect(sent[1]).toBe('m');
    expect(sent.filter((q) => q !== '' && !typed.includes(q)).every((q) => q.length === 1)).toBe(true);
    expect(server.callsTo('medics.patientPage').every((call) => (call.input as { limit: number }).limit === 50)).toBe(true);
  });

  it('cancels the request for a filter the medic has already typed past', async () => {
    const { server } = renderMedicHome({
      handlers: {
        'medics.patientPage': (input) =>
          (input as { q: string }).q === 'lu' ? new Promise(() => undefined) : ok({ patients: [lucia], nextCursor: null, total: 1 }),
      },
    });
    const user = userEvent.setup();
    const search = await screen.findByRole('searchbox', { name: 'Search patients' });
    await user.type(search, 'lu');
    await waitFor(() => expect(server.callsTo('medics.patientPage').some((call) => (call.input as { q: string }).q === 'lu')).toBe(true));
    await user.type(search, 'cía');

    await waitFor(() => expect(server.callsTo('medics.patientPage').some((call) => (call.input as { q: string }).q === 'lucía')).toBe(true));
    const stale = server.callsTo('medics.patientPage').find((call) => (call.input as { q: string }).q === 'lu')!;
    await waitFor(() => expect(stale.signal?.aborted).toBe(true));
    expect(await screen.findByText('1 patient matches your search')).toBeInTheDocument();
  });

  it("says 'No patients found matching your search.' when the search hides everyone", async () => {
    renderMedicHome();
    const user = userEvent.setup();
    await user.type(await screen.findByRole('searchbox', { name: 'Search patients' }), 'nadie');

    expect(await screen.findByText('No patients found matching your search.')).toBeInTheDocument();
    expect(screen.queryByText('No patients found')).not.toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(screen.getByText('0 patients match your search')).toBeInTheDocument();
  });

  it("says 'No patients found' when the medic has none, in either language", async () => {
    const english = renderMedicHome({ patients: [] });
    expect(await screen.findByText('No patients found')).toBeInTheDocument();
    expect(screen.getByText('0 patients')).toBeInTheDocument();
    english.app.unmount();

    const spanish = renderMedicHome({ patients: [], language: 'es' });
    expect(await screen.findByText('No se encontraron pacientes')).toBeInTheDocument();
    spanish.app.unmount();

    renderMedicHome({ language: 'es' });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('searchbox', { name: 'Buscar pacientes' }), 'nadie');
    expect(await screen.findByText('No se encontraron pacientes que coincidan con su búsqueda.')).toBeInTheDocument();
    expect(screen.getByText('0 pacientes coinciden con su búsqueda')).toBeInTheDocument();
  });

  it('shows 12 skeleton cards while the list loads', async () => {
    renderMedicHome({ handlers: { 'medics.myPatients': () => new Promise(() => undefined) } });

    expect(await screen.findByRole('heading', { name: 'My patients' })).toBeInTheDocument();
    expect(document.querySelectorAll('.skeleton-card')).toHaveLength(12);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it("shows the 'Failed to load patients' banner when the list cannot be loaded, and tries again on request", async () => {
    let attempts = 0;
    const { server } = renderMedicHome({
      handlers: { 'medics.myPatients': () => (++attempts === 1 ? fail('FORBIDDEN') : ok({ patients: [lucia] })) },
    });
    const user = userEvent.setup();

    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Failed to load patients');
    expect(screen.queryByText('No patients found')).not.toBeInTheDocument();

    await user.click(within(banner).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Lucía Hernández Ruiz' })).toBeInTheDocument();
    expect(server.callsTo('medics.patientPage')).toHaveLength(2);
  });

  it("opens the patient's detail on a click, and from the keyboard with Enter", async () => {
    const first = renderMedicHome();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('link', { name: 'Mateo Gómez' }));
    expect(first.app.currentPath()).toBe('/medic/patient/12');
    first.app.unmount();

    const second = renderMedicHome();
    (await screen.findByRole('link', { name: 'Lucía Hernández Ruiz' })).focus();
    await user.keyboard('{Enter}');
    expect(second.app.currentPath()).toBe('/medic/patient/11');
  });

  it('is also the dashboard of a medic', async () => {
    const { app } = renderMedicHome();
    app.location.navigate('/dashboard');
    expect(await screen.findByRole('article', { name: 'Lucía Hernández Ruiz' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: 'Lucía Hernández Ruiz' }));
    expect(app.currentPath()).toBe('/medic/patient/11');
  });
});

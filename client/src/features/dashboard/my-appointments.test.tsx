import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appointment, patientSelf, renderDashboard } from '../../test/dashboard-fixtures';

// The patient's today is Tuesday 11 March 2025, mid-morning.
beforeEach(() => vi.setSystemTime(new Date(2025, 2, 11, 10, 0)));
afterEach(() => vi.useRealTimers());

const drAna = { idMedic: 21, name: 'Ana', lname: 'Ruiz' };
const hypertension = { code: 'I10', name: 'Hipertensión esencial (primaria)' };
const headache = { code: 'R51', name: 'Cefalea' };

const self = patientSelf({
  // As the server sends them, newest first.
  clinicalHistories: [
    appointment({ idHistory: 6, date: '2025-03-18T09:00', motive: 'Revisión de presión', medic: drAna }),
    appointment({ idHistory: 5, date: '2025-03-12T16:30', motive: 'Resultados de laboratorio', medic: drAna }),
    appointment({ idHistory: 4, date: '2025-03-11T18:00', motive: 'Consulta de la tarde', medic: drAna }),
    appointment({ idHistory: 3, date: '2025-03-11T08:00', motive: 'Dolor de cabeza', medic: drAna, closed: true, diagnoses: [hypertension, headache] }),
    appointment({ idHistory: 2, date: '2025-02-20T11:15', motive: 'Tos', medic: drAna }),
    appointment({ idHistory: 1, date: '2024-12-02T10:00', motive: 'Chequeo anual', medic: null, closed: true }),
  ],
});

/** The appointments of one part, in the order shown (not the diagnoses listed inside them). */
const items = (name: string) => [...screen.getByRole('list', { name }).children] as HTMLElement[];
const expectMotives = (list: HTMLElement[], motives: string[]) => {
  expect(list).toHaveLength(motives.length);
  motives.forEach((motive, index) => expect(list[index]).toHaveTextContent(motive));
};

describe("the patient's appointments on the dashboard", () => {
  it('lists the upcoming appointments soonest first, first on the page, and the past consultations most recent first', async () => {
    renderDashboard({ self });
    await screen.findByRole('region', { name: 'Upcoming appointments' });

    const upcoming = items('Upcoming appointments');
    expectMotives(upcoming, ['Consulta de la tarde', 'Resultados de laboratorio', 'Revisión de presión']);
    expect(upcoming[0]).toHaveTextContent('Tuesday, March 11, 2025');
    expect(upcoming[0]).toHaveTextContent('Starts at 6:00 PM');
    expect(upcoming[0]).toHaveTextContent('With Ana Ruiz');

    const past = items('Past consultations');
    expectMotives(past, ['Dolor de cabeza', 'Tos', 'Chequeo anual']);
    // What is coming is what the patient opens the dashboard for: right under the welcome, before
    // the doctors' requests, their doctors and the record's tabs, where the past consultations are.
    const upcomingTitle = screen.getByRole('heading', { level: 2, name: 'Upcoming appointments' });
    const welcome = screen.getByRole('heading', { level: 1 });
    const follows = (earlier: Element, later: Element) => Boolean(earlier.compareDocumentPosition(later) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(follows(welcome, upcomingTitle)).toBe(true);
    for (const later of [screen.getByRole('heading', { level: 2, name: 'My doctor' }), screen.getByRole('tablist'), screen.getByRole('heading', { level: 2, name: 'Past consultations' })]) {
      expect(follows(upcomingTitle, later)).toBe(true);
    }
    expect(within(screen.getByRole('tabpanel')).getByRole('region', { name: 'Past consultations' })).toBeInTheDocument();
  });

  it('shows each past consultation with its diagnoses, code and name, in English and in Spanish', async () => {
    const english = renderDashboard({ self });
    await screen.findByRole('region', { name: 'Past consultations' });
    const [today, earlier, oldest] = items('Past consultations');
    expect(within(within(today!).getByRole('list', { name: 'Diagnoses' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['I10 Hipertensión esencial (primaria)', 'R51 Cefalea']);
    expect(earlier).toHaveTextContent('No diagnoses recorded');
    // Nobody was recorded as its doctor: no name is made up.
    expect(oldest).not.toHaveTextContent('With');
    english.app.unmount();

    renderDashboard({ self, language: 'es' });
    await screen.findByRole('region', { name: 'Consultas anteriores' });
    const [hoy, anterior] = items('Consultas anteriores');
    expect(hoy).toHaveTextContent('martes, 11 de marzo de 2025');
    expect(hoy).toHaveTextContent('Comienza a las 8:00');
    expect(hoy).toHaveTextContent('Con Ana Ruiz');
    expect(within(within(hoy!).getByRole('list', { name: 'Diagnósticos' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'I10 Hipertensión esencial (primaria)',
      'R51 Cefalea',
    ]);
    expect(anterior).toHaveTextContent('Sin diagnósticos registrados');
    expect(items('Próximas citas')[0]).toHaveTextContent('Comienza a las 18:00');
  });

  it('says so for each part that is empty, in both languages', async () => {
    const onlyPast = patientSelf({ clinicalHistories: [appointment({ idHistory: 1, date: '2025-01-10T09:05', motive: 'Chequeo anual', closed: true })] });
    const english = renderDashboard({ self: onlyPast });
    expect(await screen.findByText('You have no upcoming appointments.')).toBeInTheDocument();
    expect(screen.queryByText('You have had no consultations yet.')).not.toBeInTheDocument();
    english.app.unmount();

    renderDashboard({ language: 'es' });
    expect(await screen.findByText('No tiene citas próximas.')).toBeInTheDocument();
    expect(screen.getByText('Aún no ha tenido ninguna consulta.')).toBeInTheDocument();
  });
});

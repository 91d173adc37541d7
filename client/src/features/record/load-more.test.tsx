// Long histories on the record page (API.md "Long histories"): the record carries the newest of its
// long lists; under each, "N of TOTAL" and a labelled, keyboard-reachable "Load more" that appends
// the next page after the record's cursor, until nothing is left.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../test/fake-trpc-server';
import { appointment, bareDetail, lab, renderPatientPage, vital } from '../../test/record-fixtures';

const longDetail = () => ({
  ...bareDetail(),
  history: [appointment({ idHistory: 30, date: '2025-03-02T09:00', motive: 'Control reciente' }), appointment({ idHistory: 29, date: '2025-02-01T09:00', motive: 'Control de febrero' })],
  historyTotal: 4,
  historyNextCursor: 'cursor-history-1',
  labs: [lab({ idLabs: 8, testName: 'Glucosa', value: '92' })],
  labsTotal: 2,
  labsNextCursor: 'cursor-labs-1',
});

async function openPage(options: Parameters<typeof renderPatientPage>[0] = {}) {
  const rendered = renderPatientPage({ detail: longDetail(), ...options });
  await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
  return { ...rendered, user: userEvent.setup(), section: screen.getByRole('region', { name: /Appointment history|Historial de citas/ }) };
}

describe('load more under a long list', () => {
  it('says how many of how many, and appends the next pages from the keyboard until nothing is left', async () => {
    const { user, section, server } = await openPage({
      handlers: {
        'medics.patientDetailHistory': (input) =>
          (input as { cursor: string }).cursor === 'cursor-history-1'
            ? ok({ items: [appointment({ idHistory: 12, date: '2024-06-01T09:00', motive: 'Control de junio' })], nextCursor: 'cursor-history-2', total: 4 })
            : ok({ items: [appointment({ idHistory: 3, date: '2019-01-01T09:00', motive: 'Primera visita' })], nextCursor: null, total: 4 }),
      },
    });
    expect(within(section).getByText('2 of 4')).toBeInTheDocument();
    const button = within(section).getByRole('button', { name: 'Load more appointments' });
    expect(button).toHaveTextContent('Load more');
    button.focus();
    await user.keyboard('{Enter}');
    expect(await within(section).findByText('3 of 4')).toBeInTheDocument();
    expect(server.callsTo('medics.patientDetailHistory')[0]!.input).toEqual({ idPatient: 11, cursor: 'cursor-history-1', limit: 50 });
    await user.click(within(section).getByRole('button', { name: 'Load more appointments' }));
    expect(await within(section).findByText('4 of 4')).toBeInTheDocument();
    expect(server.callsTo('medics.patientDetailHistory')[1]!.input).toMatchObject({ cursor: 'cursor-history-2' });
    const motives = within(section)
      .getAllByRole('article')
      .map((card) => card.textContent);
    expect(motives.map((text) => /Control reciente|Control de febrero|Control de junio|Primera visita/.exec(text ?? '')?.[0])).toEqual([
      'Control reciente',
      'Control de febrero',
      'Control de junio',
      'Primera visita',
    ]);
    expect(within(section).queryByRole('button', { name: 'Load more appointments' })).not.toBeInTheDocument();
  });

  it('offers it under lab results too, in Spanish, and says when a page could not be loaded', async () => {
    const { user, server } = await openPage({ language: 'es', handlers: { 'medics.patientDetailLabs': () => fail('INTERNAL_ERROR') } });
    const labs = screen.getByRole('region', { name: /Resultados de laboratorio/ });
    expect(within(labs).getByText('1 de 2')).toBeInTheDocument();
    await user.click(within(labs).getByRole('button', { name: 'Ver más resultados de laboratorio' }));
    expect(await within(labs).findByRole('alert')).toHaveTextContent('No se pudieron cargar más');
    await waitFor(() => expect(server.callsTo('medics.patientDetailLabs').length).toBeGreaterThan(0));
    expect(server.callsTo('medics.patientDetailLabs')[0]!.input).toEqual({ idPatient: 11, cursor: 'cursor-labs-1', limit: 100 });
  });

  it('shows nothing more when the record holds the whole list', async () => {
    await openPage({ detail: { ...bareDetail(), vitals: [vital(1)] } });
    expect(screen.queryByRole('button', { name: /Load more/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/\d+ of \d+/)).not.toBeInTheDocument();
  });
});

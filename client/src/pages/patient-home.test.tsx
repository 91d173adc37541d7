// The patient's own record on /dashboard (API.md "Long histories"): it carries the newest
// appointments, and the Medical History tab appends the older ones page by page, saying how many of
// how many are shown; the appointment count is every appointment, not only those carried.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok } from '../test/fake-trpc-server';
import { appointment, patientSelf, renderDashboard } from '../test/dashboard-fixtures';

const self = () =>
  patientSelf({
    clinicalHistories: [appointment({ idHistory: 9, date: '2025-03-02T09:00' }), appointment({ idHistory: 8, date: '2025-02-01T09:00' })],
    historyTotal: 3,
    historyNextCursor: 'cursor-own-1',
  });

describe("the patient's long history", () => {
  it('counts every appointment and loads the older ones under Medical History', async () => {
    const { server } = renderDashboard({
      self: self(),
      handlers: { 'patients.myHistory': () => ok({ items: [appointment({ idHistory: 2, date: '2019-05-06T10:00' })], nextCursor: null, total: 3 }) },
    });
    const user = userEvent.setup();
    expect((await screen.findByText('Total appointments', { selector: 'dt' }, { timeout: 5000 })).nextElementSibling).toHaveTextContent('3');
    await user.click(screen.getByRole('tab', { name: 'Medical History' }));
    expect(screen.getByText('2 of 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more appointments' }));
    expect(await screen.findByText('3 of 3')).toBeInTheDocument();
    expect(server.callsTo('patients.myHistory')[0]!.input).toEqual({ cursor: 'cursor-own-1', limit: 50 });
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(screen.queryByRole('button', { name: 'Load more appointments' })).not.toBeInTheDocument();
  });
});

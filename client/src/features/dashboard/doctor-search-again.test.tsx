// The patient's doctor search, after a failure, searches again when the
// same text is searched again (it sent nothing before).
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../../test/fake-trpc-server';
import { drLuis, renderDashboard } from '../../test/dashboard-fixtures';

describe('doctor search, asked again', () => {
  it('retries a failed search when the same text is searched again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let answer = fail('FORBIDDEN');
    const { server } = renderDashboard({ handlers: { 'medics.searchDoctors': () => answer } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add doctor' }, { timeout: 5000 }));

    await user.type(screen.getByRole('searchbox'), 'luis{Enter}');
    expect(await screen.findByText('No doctors found')).toBeInTheDocument();
    expect(server.callsTo('medics.searchDoctors')).toHaveLength(1);

    answer = ok([drLuis]);
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('button', { name: 'Link to Luis Pérez' })).toBeInTheDocument();
    expect(server.callsTo('medics.searchDoctors')).toHaveLength(2);
  });

  it('asks again for the same text after "No doctors found"', async () => {
    let approved = false;
    const { server } = renderDashboard({ handlers: { 'medics.searchDoctors': () => ok(approved ? [drLuis] : []) } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add doctor' }, { timeout: 5000 }));

    await user.type(screen.getByRole('searchbox'), 'luis{Enter}');
    expect(await screen.findByText('No doctors found')).toBeInTheDocument();
    approved = true;
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('button', { name: 'Link to Luis Pérez' })).toBeInTheDocument();
    expect(server.callsTo('medics.searchDoctors')).toHaveLength(2);
  });
});

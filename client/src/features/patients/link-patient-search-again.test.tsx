// Pressing Search again with the same text must ask the server again — the
// patient may have registered since the last answer, or the last try may have failed.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../../test/fake-trpc-server';
import { elena, renderMedicHome } from './test-patients';

async function openSearch(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Link patient' }, { timeout: 5000 }));
  const dialog = within(screen.getByRole('dialog'));
  return { dialog, box: dialog.getByRole('searchbox'), button: dialog.getByRole('button', { name: 'Search' }) };
}

describe('link-patient search, asked again', () => {
  it('finds a patient who registered after "No patients match" when Search is pressed again', async () => {
    let registered = false;
    const { server } = renderMedicHome({ handlers: { 'medics.searchPatients': () => ok(registered ? [elena] : []) } });
    const user = userEvent.setup();
    const { dialog, box, button } = await openSearch(user);

    await user.type(box, 'elena@example.com');
    await user.click(button);
    expect(await dialog.findByText('No patients match your search.')).toBeInTheDocument();
    const before = server.callsTo('medics.searchPatients').length;

    registered = true;
    await user.click(button);
    expect(await dialog.findByText('Elena Vidal')).toBeInTheDocument();
    expect(server.callsTo('medics.searchPatients').length).toBe(before + 1);
  });

  it('retries a failed search when the same text is searched again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let answer = fail('FORBIDDEN');
    renderMedicHome({ handlers: { 'medics.searchPatients': () => answer } });
    const user = userEvent.setup();
    const { dialog, box } = await openSearch(user);

    await user.type(box, 'elena{Enter}');
    expect(await dialog.findByText('No patients match your search.')).toBeInTheDocument();

    answer = ok([elena]);
    await user.keyboard('{Enter}');
    expect(await dialog.findByText('Elena Vidal')).toBeInTheDocument();
  });
});

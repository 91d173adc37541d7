// The first click on "Create patient" (its browser journey is e2e/create-patient-first-click.test.ts):
// pressing "Create patient" must not blur the first field, whose error would push the button away from
// under the pointer before the release.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderMedicHome } from './test-patients';

describe('create patient, first click', () => {
  it('keeps the form still while the button is held, and one click checks every field', async () => {
    const { server } = renderMedicHome();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New patient' }, { timeout: 5000 }));
    const dialog = within(screen.getByRole('dialog', { name: 'New patient' }));
    const name = dialog.getByLabelText('First name');
    expect(name).toHaveFocus();
    const submit = dialog.getByRole('button', { name: 'Create patient' });

    await user.pointer({ keys: '[MouseLeft>]', target: submit });
    expect(name).toHaveFocus();
    expect(dialog.queryByText('First name is required')).not.toBeInTheDocument();

    await user.pointer({ keys: '[/MouseLeft]', target: submit });
    expect(await dialog.findByText('First name is required')).toBeInTheDocument();
    expect(dialog.getByText('Last name is required')).toBeInTheDocument();
    expect(dialog.getByText('Email is required')).toBeInTheDocument();
    expect(server.callsTo('patients.create')).toHaveLength(0);
  });
});

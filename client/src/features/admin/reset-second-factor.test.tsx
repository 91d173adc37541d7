// "Reset second factor" on /admin, for an account found by email: a titled dialog says what is
// removed (the authenticator app, the recovery codes, the passkeys, every session) before
// admin.resetSecondFactor runs; cancelling sends nothing; a refusal is explained in the dialog.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AccountSummary } from '../../../../shared/admin';
import { BACKUPS_OFF } from '../../../../shared/backup-status';
import { fail, fakeTrpcServer, ok } from '../../test/fake-trpc-server';
import { adminUser, renderApp, sessionFor } from '../../test/render-app';

const andres: AccountSummary = { idUser: 3, name: 'Andrés', lname: 'Mora', email: 'andres.mora@example.com', type: 'medic', status: 'active' };

const showFoundAccount = async (handlers: Parameters<typeof fakeTrpcServer>[0], language: 'en' | 'es' = 'en') => {
  const server = fakeTrpcServer({
    'auth.profile': () => ok({ user: adminUser }),
    'admin.medics': () => ok({ medics: [] }),
    'admin.emergencyAccesses': () => ok({ accesses: [] }),
    'admin.backupStatus': () => ok(BACKUPS_OFF),
    'practice.details': () => ok({ name: 'Expediente', address: null, city: null, phone: null, requireTwoFactorForMedics: true }),
    'admin.findAccount': () => ok({ account: andres }),
    ...handlers,
  });
  renderApp({ path: '/admin', session: sessionFor(adminUser), language });
  const user = userEvent.setup();
  const es = language === 'es';
  await user.type(await screen.findByLabelText(es ? 'Correo de la cuenta' : 'Account email'), andres.email);
  await user.click(screen.getByRole('button', { name: es ? 'Buscar' : 'Find' }));
  const found = await screen.findByRole('group', { name: es ? 'Cuenta encontrada' : 'Account found' });
  return { server, user, found };
};

describe("resetting an account's second factor", () => {
  it('explains what goes in a titled dialog, resets once confirmed and says it was done', async () => {
    const { server, user, found } = await showFoundAccount({ 'admin.resetSecondFactor': () => ok(null) });

    await user.click(within(found).getByRole('button', { name: 'Reset second factor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset the second factor of Andrés Mora?' });
    expect(dialog).toHaveTextContent('The authenticator app, the recovery codes and every passkey of Andrés Mora (andres.mora@example.com) are removed');
    expect(dialog).toHaveTextContent('all their open sessions end');
    // The safe answer has focus: Enter on a stray keypress does not reset anything.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(server.callsTo('admin.resetSecondFactor')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Reset second factor' }));

    expect(await within(found).findByRole('status')).toHaveTextContent('The second factor of Andrés Mora was reset');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.callsTo('admin.resetSecondFactor').map((call) => call.input)).toEqual([{ idUser: 3 }]);
  });

  it('sends nothing when the administrator cancels, with the keyboard', async () => {
    const { server, user, found } = await showFoundAccount({ 'admin.resetSecondFactor': () => ok(null) });

    within(found).getByRole('button', { name: 'Reset second factor' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Reset the second factor of Andrés Mora?' })).toBeInTheDocument();
    await user.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(found).getByRole('button', { name: 'Reset second factor' })).toHaveFocus();
    expect(server.callsTo('admin.resetSecondFactor')).toHaveLength(0);
  });

  it('explains a refusal in Spanish inside the dialog, which stays open', async () => {
    const { user, found } = await showFoundAccount({ 'admin.resetSecondFactor': () => fail('FORBIDDEN') }, 'es');

    await user.click(within(found).getByRole('button', { name: 'Restablecer segundo factor' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Restablecer el segundo factor de Andrés Mora?' });
    await user.click(within(dialog).getByRole('button', { name: 'Restablecer segundo factor' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('No se pudo restablecer el segundo factor.');
    expect(within(found).queryByRole('status')).not.toBeInTheDocument();
  });
});

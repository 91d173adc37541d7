import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, fakeTrpcServer, ok } from '../../test/fake-trpc-server';
import { medicUser, patientUser, renderApp, sessionFor } from '../../test/render-app';

const storedUser = () => JSON.parse(localStorage.getItem('expediente.session')!).user;

describe('change password', () => {
  it('is reached from the user menu, sends the two passwords and confirms the change', async () => {
    const server = fakeTrpcServer({
      'auth.profile': () => ok({ user: patientUser }),
      'auth.changePassword': () => ok(null),
    });
    const app = renderApp({ path: '/dashboard', session: sessionFor(patientUser) });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: /User menu$/ }));
    await user.click(screen.getByRole('link', { name: 'Change password' }));
    expect(await screen.findByRole('heading', { name: 'Change password' })).toBeInTheDocument();
    expect(app.currentPath()).toBe('/change-password');
    await waitFor(() => expect(document.title).toBe('Expediente · Change password'));

    await user.type(screen.getByLabelText('Current password'), 'secreto1');
    await user.type(screen.getByLabelText('New password'), 'otra-clave-larga');
    await user.type(screen.getByLabelText('Confirm new password'), 'otra-clave-larga');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText('Your password was changed.')).toBeInTheDocument();
    await waitFor(() => expect(app.currentPath()).toBe('/dashboard'));
    expect(server.callsTo('auth.changePassword').map((call) => call.input)).toEqual([
      { currentPassword: 'secreto1', newPassword: 'otra-clave-larga' },
    ]);
    expect(server.callsTo('auth.changePassword')[0]?.headers.authorization).toBe('Bearer token-7');
  });

  it('checks the confirmation before calling the server', async () => {
    const server = fakeTrpcServer({ 'auth.profile': () => ok({ user: patientUser }) });
    renderApp({ path: '/change-password', session: sessionFor(patientUser) });
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Current password'), 'secreto1');
    await user.type(screen.getByLabelText('New password'), 'otra-clave-larga');
    await user.type(screen.getByLabelText('Confirm new password'), 'otra-clave');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(server.callsTo('auth.changePassword')).toHaveLength(0);
  });

  it('puts a wrong current password on that field, in Spanish, and keeps what was typed', async () => {
    fakeTrpcServer({
      'auth.profile': () => ok({ user: medicUser }),
      'auth.changePassword': () => fail('VALIDATION_FAILED', [{ path: 'currentPassword', message: 'validation.currentPasswordWrong' }]),
    });
    const app = renderApp({ path: '/change-password', session: sessionFor(medicUser), language: 'es' });
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Contraseña actual'), 'equivocada');
    await user.type(screen.getByLabelText('Contraseña nueva'), 'otra-clave-larga');
    await user.type(screen.getByLabelText('Confirmar contraseña nueva'), 'otra-clave-larga');
    await user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));

    const current = screen.getByLabelText('Contraseña actual');
    await waitFor(() => expect(current).toHaveAttribute('aria-invalid', 'true'));
    expect(current).toHaveAccessibleDescription('La contraseña actual no es correcta');
    expect(current).toHaveValue('equivocada');
    expect(screen.getByLabelText('Contraseña nueva')).toHaveValue('otra-clave-larga');
    expect(app.currentPath()).toBe('/change-password');
  });

  it('puts a too common new password on the new-password field', async () => {
    fakeTrpcServer({
      'auth.profile': () => ok({ user: medicUser }),
      'auth.changePassword': () => fail('VALIDATION_FAILED', [{ path: 'newPassword', message: 'validation.passwordTooCommon' }]),
    });
    renderApp({ path: '/change-password', session: sessionFor(medicUser) });
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Current password'), 'secreto1');
    await user.type(screen.getByLabelText('New password'), 'password');
    await user.type(screen.getByLabelText('Confirm new password'), 'password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText('That password is too common: choose one that is harder to guess')).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a failure with no field, such as too many attempts, above the form', async () => {
    fakeTrpcServer({
      'auth.profile': () => ok({ user: medicUser }),
      'auth.changePassword': () => fail('RATE_LIMITED'),
    });
    renderApp({ path: '/change-password', session: sessionFor(medicUser) });
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Current password'), 'secreto1');
    await user.type(screen.getByLabelText('New password'), 'otra-clave-larga');
    await user.type(screen.getByLabelText('Confirm new password'), 'otra-clave-larga');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Too many failed sign-in attempts.');
  });
});

describe('a password reset by the administrator', () => {
  const resetUser = { ...medicUser, mustChangePassword: true };

  it('shows only the change-password page, whatever the address, with sign-out still at hand', async () => {
    const server = fakeTrpcServer({ 'auth.profile': () => ok({ user: resetUser }), 'auth.logout': () => ok(null) });
    const app = renderApp({ path: '/medic/patients', session: sessionFor(resetUser) });
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument();
    expect(screen.getByText('An administrator reset your password; choose a new one to continue.')).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription('The temporary password the administrator gave you.');
    expect(screen.queryByRole('heading', { name: 'My patients' })).not.toBeInTheDocument();
    // Nothing else is asked of a server that would refuse it.
    expect(server.calls.map((call) => call.path)).toEqual(['auth.profile']);

    await user.click(screen.getByRole('button', { name: /User menu$/ }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(app.currentPath()).toBe('/login');
  });

  it('lets the user in once the new password is accepted', async () => {
    fakeTrpcServer({
      'auth.profile': () => ok({ user: resetUser }),
      'auth.changePassword': () => ok(null),
      'medics.myPatients': () => ok({ patients: [] }),
    });
    const app = renderApp({ path: '/dashboard', session: sessionFor(resetUser), language: 'es' });
    const user = userEvent.setup();

    expect(await screen.findByText('Un administrador restableció su contraseña; elija una nueva para continuar.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Contraseña actual'), 'Temporal-4821');
    await user.type(screen.getByLabelText('Contraseña nueva'), 'mi-clave-nueva');
    await user.type(screen.getByLabelText('Confirmar contraseña nueva'), 'mi-clave-nueva');
    await user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));

    expect(await screen.findByRole('heading', { name: 'Mis pacientes' })).toBeInTheDocument();
    expect(screen.getByText('Su contraseña se cambió.')).toBeInTheDocument();
    expect(app.currentPath()).toBe('/dashboard');
    expect(storedUser()).toEqual({ ...resetUser, mustChangePassword: false });
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../test/fake-trpc-server';
import { medicUser, patientUser } from '../../test/render-app';
import { renderSignedIn } from '../../test/signed-in';
import { chooseFromUserMenu } from '../../test/user-menu';

const storedUser = () => JSON.parse(localStorage.getItem('expediente.session')!).user;

const formLabels = {
  en: { current: 'Current password', next: 'New password', confirm: 'Confirm new password', submit: 'Change password' },
  es: { current: 'Contraseña actual', next: 'Contraseña nueva', confirm: 'Confirmar contraseña nueva', submit: 'Cambiar contraseña' },
};

/** Types the three passwords into the change-password form, once it shows, and submits it. */
async function submitPasswords(user: UserEvent, typed: { current: string; next: string; confirm: string }, language: 'en' | 'es' = 'en') {
  const labels = formLabels[language];
  await user.type(await screen.findByLabelText(labels.current), typed.current);
  await user.type(screen.getByLabelText(labels.next), typed.next);
  await user.type(screen.getByLabelText(labels.confirm), typed.confirm);
  await user.click(screen.getByRole('button', { name: labels.submit }));
}

describe('change password', () => {
  it('is reached from the user menu, sends the two passwords and confirms the change', async () => {
    const { server, app } = renderSignedIn(patientUser, '/dashboard', {
      handlers: {
        'auth.changePassword': () => ok(null),
      },
    });
    const user = userEvent.setup();

    await chooseFromUserMenu(user, 'link', 'Change password');
    expect(await screen.findByRole('heading', { name: 'Change password' })).toBeInTheDocument();
    expect(app.currentPath()).toBe('/change-password');
    await waitFor(() => expect(document.title).toBe('Expediente · Change password'));

    await submitPasswords(user, { current: 'secreto1', next: 'otra-clave-larga', confirm: 'otra-clave-larga' });

    expect(await screen.findByText('Your password was changed.')).toBeInTheDocument();
    await waitFor(() => expect(app.currentPath()).toBe('/dashboard'));
    expect(server.callsTo('auth.changePassword').map((call) => call.input)).toEqual([
      { currentPassword: 'secreto1', newPassword: 'otra-clave-larga' },
    ]);
    expect(server.callsTo('auth.changePassword')[0]?.headers.authorization).toBe('Bearer token-7');
  });

  it('checks the confirmation before calling the server', async () => {
    const { server } = renderSignedIn(patientUser, '/change-password');
    const user = userEvent.setup();

    await submitPasswords(user, { current: 'secreto1', next: 'otra-clave-larga', confirm: 'otra-clave' });

    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(server.callsTo('auth.changePassword')).toHaveLength(0);
  });

  it('puts a wrong current password on that field, in Spanish, and keeps what was typed', async () => {
    const { app } = renderSignedIn(medicUser, '/change-password', {
      handlers: {
        'auth.changePassword': () => fail('VALIDATION_FAILED', [{ path: 'currentPassword', message: 'validation.currentPasswordWrong' }]),
      },
      language: 'es',
    });
    const user = userEvent.setup();

    await submitPasswords(user, { current: 'equivocada', next: 'otra-clave-larga', confirm: 'otra-clave-larga' }, 'es');

    const current = screen.getByLabelText('Contraseña actual');
    await waitFor(() => expect(current).toHaveAttribute('aria-invalid', 'true'));
    expect(current).toHaveAccessibleDescription('La contraseña actual no es correcta');
    expect(current).toHaveValue('equivocada');
    expect(screen.getByLabelText('Contraseña nueva')).toHaveValue('otra-clave-larga');
    expect(app.currentPath()).toBe('/change-password');
  });

  it('puts a too common new password on the new-password field', async () => {
    renderSignedIn(medicUser, '/change-password', {
      handlers: {
        'auth.changePassword': () => fail('VALIDATION_FAILED', [{ path: 'newPassword', message: 'validation.passwordTooCommon' }]),
      },
    });
    const user = userEvent.setup();

    await submitPasswords(user, { current: 'secreto1', next: 'password', confirm: 'password' });

    expect(await screen.findByText('That password is too common: choose one that is harder to guess')).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a failure with no field, such as too many attempts, above the form', async () => {
    renderSignedIn(medicUser, '/change-password', {
      handlers: {
        'auth.changePassword': () => fail('RATE_LIMITED'),
      },
    });
    const user = userEvent.setup();

    await submitPasswords(user, { current: 'secreto1', next: 'otra-clave-larga', confirm: 'otra-clave-larga' });

    expect(await screen.findByRole('alert')).toHaveTextContent('Too many failed sign-in attempts.');
  });
});

describe('a password reset by the administrator', () => {
  const resetUser = { ...medicUser, mustChangePassword: true };

  it('shows only the change-password page, whatever the address, with sign-out still at hand', async () => {
    const { server, app } = renderSignedIn(resetUser, '/medic/patients', { handlers: { 'auth.logout': () => ok(null) } });
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
    const { app } = renderSignedIn(resetUser, '/dashboard', {
      handlers: {
        'auth.changePassword': () => ok(null),
        'medics.myPatients': () => ok({ patients: [] }),
      },
      language: 'es',
    });
    const user = userEvent.setup();

    expect(await screen.findByText('Un administrador restableció su contraseña; elija una nueva para continuar.')).toBeInTheDocument();
    await submitPasswords(user, { current: 'Temporal-4821', next: 'mi-clave-nueva', confirm: 'mi-clave-nueva' }, 'es');

    expect(await screen.findByRole('heading', { name: 'Mis pacientes' })).toBeInTheDocument();
    expect(screen.getByText('Su contraseña se cambió.')).toBeInTheDocument();
    expect(app.currentPath()).toBe('/dashboard');
    expect(storedUser()).toEqual({ ...resetUser, mustChangePassword: false });
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, fakeTrpcServer, ok } from '../test/fake-trpc-server';
import { adminUser, medicUser, patientUser, renderApp, sessionFor } from '../test/render-app';
import { renderSignedIn } from '../test/signed-in';
import { chooseFromUserMenu } from '../test/user-menu';

describe('protected routes', () => {
  it.each(['/dashboard', '/medic/patients', '/medic/patient/12', '/'])('send a signed-out visitor from %s to /login', async (path) => {
    const server = fakeTrpcServer({});
    const app = renderApp({ path });

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(app.currentPath()).toBe('/login');
    expect(server.calls).toHaveLength(0);
  });

  it('confirm a stored session with the server, sending its token, before showing the page', async () => {
    const { server } = renderSignedIn(medicUser, '/dashboard');

    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(await screen.findByRole('heading', { name: 'My patients' })).toBeInTheDocument();
    expect(screen.getByText('Signed in as Andrés Mora')).toBeInTheDocument();
    expect(server.callsTo('auth.profile')[0]?.headers.authorization).toBe('Bearer token-3');
    await waitFor(() => expect(document.title).toBe('Expediente · Home'));
  });

  it('clear the session and go to /login on a 401 from any call', async () => {
    fakeTrpcServer({ 'auth.profile': () => fail('UNAUTHENTICATED') });
    const app = renderApp({ path: '/medic/patients', session: sessionFor(medicUser) });

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(app.currentPath()).toBe('/login');
    expect(localStorage.getItem('expediente.session')).toBeNull();
  });

  it('keep the stored user when the server cannot be reached', async () => {
    fakeTrpcServer({ 'auth.profile': () => fail('INTERNAL_ERROR') });
    renderApp({ path: '/dashboard', session: sessionFor(patientUser) });

    expect(await screen.findByRole('heading', { name: 'Welcome, Lucía' }, { timeout: 5000 })).toBeInTheDocument();
    expect(localStorage.getItem('expediente.session')).not.toBeNull();
  });

  it("refresh the stored user from the server's profile", async () => {
    const updated = { ...patientUser, phone: '5599998888', address: 'Av. Reforma 10' };
    fakeTrpcServer({ 'auth.profile': () => ok({ user: updated }) });
    renderApp({ path: '/dashboard', session: sessionFor(patientUser) });

    expect(await screen.findByText('Av. Reforma 10')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('expediente.session')!).user).toEqual(updated);
  });

  it('show a patient their details, with N/A for what is missing', async () => {
    renderSignedIn(patientUser, '/dashboard');

    expect(await screen.findByRole('heading', { name: 'Welcome, Lucía' })).toBeInTheDocument();
    expect(screen.getByText('lucia@example.com')).toBeInTheDocument();
    expect(screen.getByText('5512345678')).toBeInTheDocument();
    expect(screen.getByText('N/A')).toBeInTheDocument();
  });

  it('keep patients out of the medic screens', async () => {
    const { app } = renderSignedIn(patientUser, '/medic/patients');

    expect(await screen.findByRole('heading', { name: 'Welcome, Lucía' })).toBeInTheDocument();
    expect(app.currentPath()).toBe('/dashboard');
  });

  it('give the patient detail page its title and a back button, even when the patient cannot be loaded', async () => {
    renderSignedIn(medicUser, '/medic/patient/12', { handlers: { 'medics.patientDetail': () => fail('PATIENT_NOT_FOUND') }, language: 'es' });

    expect(await screen.findByRole('heading', { name: 'Error al cargar el paciente' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Volver' }).length).toBeGreaterThan(0);
    await waitFor(() => expect(document.title).toBe('Expediente · Paciente'));
  });

  it('send unknown addresses to the dashboard', async () => {
    const { app } = renderSignedIn(medicUser, '/nowhere/at/all');

    expect(await screen.findByRole('heading', { name: 'My patients' })).toBeInTheDocument();
    expect(app.currentPath()).toBe('/dashboard');
  });

  it('sign out: revoke the token, forget the session and go to /login', async () => {
    const { server, app } = renderSignedIn(medicUser, '/dashboard', {
      handlers: {
        'auth.logout': () => ok(null),
      },
    });
    const user = userEvent.setup();

    await chooseFromUserMenu(user, 'button', 'Sign out');

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(app.currentPath()).toBe('/login');
    expect(localStorage.getItem('expediente.session')).toBeNull();
    expect(server.callsTo('auth.logout')[0]?.headers.authorization).toBe('Bearer token-3');
  });

  it('sign out even when the server refuses the logout', async () => {
    const { app } = renderSignedIn(medicUser, '/dashboard', {
      handlers: {
        'auth.logout': () => fail('UNAUTHENTICATED'),
      },
    });
    const user = userEvent.setup();

    await chooseFromUserMenu(user, 'button', 'Sign out');

    await waitFor(() => expect(app.currentPath()).toBe('/login'));
    expect(localStorage.getItem('expediente.session')).toBeNull();
  });

  it('open the administration page to the administrator only', async () => {
    const { app } = renderSignedIn(adminUser, '/admin', {
      handlers: {
        'admin.medics': () => ok({ medics: [] }),
        'admin.emergencyAccesses': () => ok({ accesses: [] }),
      },
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Practice administration' })).toBeInTheDocument();
    expect(app.currentPath()).toBe('/admin');
  });

  it('send any other medic from /admin to the dashboard without asking the server for it', async () => {
    const { server, app } = renderSignedIn(medicUser, '/admin', { handlers: { 'medics.myPatients': () => ok({ patients: [] }) } });

    expect(await screen.findByRole('heading', { name: 'My patients' })).toBeInTheDocument();
    expect(app.currentPath()).toBe('/dashboard');
    expect(server.calls.some((call) => call.path.startsWith('admin.'))).toBe(false);
  });

  it.each(['/dashboard', '/admin', '/change-password'])(
    'show only the forced password change at %s while the password must be changed',
    async (path) => {
      const reset = { ...adminUser, mustChangePassword: true };
      const server = fakeTrpcServer({ 'auth.profile': () => ok({ user: reset }) });
      renderApp({ path, session: sessionFor(reset), language: 'es' });

      expect(await screen.findByRole('heading', { name: 'Elija una contraseña nueva' })).toBeInTheDocument();
      expect(screen.getByText('Un administrador restableció su contraseña; elija una nueva para continuar.')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: /Menú de usuario$/ })).toBeInTheDocument();
      expect(server.calls.map((call) => call.path)).toEqual(['auth.profile']);
      await waitFor(() => expect(document.title).toBe('Expediente · Cambiar contraseña'));
    },
  );

  it('learn from the server that an administrator reset the password', async () => {
    fakeTrpcServer({ 'auth.profile': () => ok({ user: { ...medicUser, mustChangePassword: true } }) });
    renderApp({ path: '/medic/patients', session: sessionFor(medicUser) });

    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('expediente.session')!).user.mustChangePassword).toBe(true);
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, fakeTrpcServer, ok } from '../../test/fake-trpc-server';
import { patientUser, renderApp, sessionFor } from '../../test/render-app';
import { renderSignedIn } from '../../test/signed-in';

async function signIn(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('login form', () => {
  it('sends email and password, stores the session and goes to the dashboard', async () => {
    const session = sessionFor(patientUser);
    const server = fakeTrpcServer({ 'auth.login': () => ok(session) });
    const app = renderApp({ path: '/login' });

    await signIn('lucia@example.com', 'secreto1');

    expect(await screen.findByRole('heading', { name: 'Welcome, Lucía' })).toBeInTheDocument();
    expect(server.callsTo('auth.login').map((call) => call.input)).toEqual([
      { email: 'lucia@example.com', password: 'secreto1' },
    ]);
    expect(JSON.parse(localStorage.getItem('expediente.session')!)).toEqual(session);
    expect(app.currentPath()).toBe('/dashboard');
    // The sign-in answer already says who the user is: no extra profile round trip.
    expect(server.callsTo('auth.profile')).toHaveLength(0);
    await waitFor(() => expect(document.title).toBe('Expediente · Home'));
  });

  it('shows a wrong password on the form, in the active language, and keeps what was typed', async () => {
    fakeTrpcServer({ 'auth.login': () => fail('INVALID_CREDENTIALS') });
    const app = renderApp({ path: '/login', language: 'es' });
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Correo electrónico'), 'lucia@example.com');
    await user.type(screen.getByLabelText('Contraseña'), 'equivocada');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Correo o contraseña incorrectos.');
    // A 401 at sign-in is not an expired session: the user stays on the form.
    expect(app.currentPath()).toBe('/login');
    expect(screen.getByLabelText('Correo electrónico')).toHaveValue('lucia@example.com');
    expect(screen.getByLabelText('Contraseña')).toHaveValue('equivocada');
    expect(localStorage.getItem('expediente.session')).toBeNull();
  });

  it('shows the fallback text when the failure has no known code', async () => {
    fakeTrpcServer({ 'auth.login': () => Promise.reject(new TypeError('Failed to fetch')) });
    renderApp({ path: '/login' });

    await signIn('lucia@example.com', 'secreto1');

    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed. Please check your credentials.');
    expect(screen.getByLabelText('Email')).toHaveValue('lucia@example.com');
  });

  it('checks the fields before calling the server', async () => {
    const server = fakeTrpcServer({});
    renderApp({ path: '/login' });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(server.calls).toHaveLength(0));
  });

  it('sends a signed-in visitor on to the dashboard', async () => {
    const { app } = renderSignedIn(patientUser, '/login');

    expect(await screen.findByRole('heading', { name: 'Welcome, Lucía' })).toBeInTheDocument();
    expect(app.currentPath()).toBe('/dashboard');
  });

  it.each([
    ['ACCOUNT_PENDING', "Your account is waiting for the practice administrator's approval."],
    ['ACCOUNT_DISABLED', 'This account has been disabled. Please contact the practice administrator.'],
  ] as const)('explains a refused %s account and stays on the form', async (code, message) => {
    fakeTrpcServer({ 'auth.login': () => fail(code) });
    const app = renderApp({ path: '/login' });

    await signIn('sofia.ramirez@example.com', 'secreto1');

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(app.currentPath()).toBe('/login');
    expect(screen.getByLabelText('Email')).toHaveValue('sofia.ramirez@example.com');
    expect(localStorage.getItem('expediente.session')).toBeNull();
  });

  it('explains a pending account in Spanish', async () => {
    fakeTrpcServer({ 'auth.login': () => fail('ACCOUNT_PENDING') });
    renderApp({ path: '/login', language: 'es' });
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Correo electrónico'), 'sofia.ramirez@example.com');
    await user.type(screen.getByLabelText('Contraseña'), 'secreto1');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Su cuenta está pendiente de aprobación por el administrador de la consulta.');
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, fakeTrpcServer, ok } from '../../test/fake-trpc-server';
import { medicUser, patientUser, renderApp, sessionFor } from '../../test/render-app';

async function fillValidPatient(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('First name'), 'Lucía');
  await user.type(screen.getByLabelText('Last name'), 'Hernández Ruiz');
  await user.click(screen.getByLabelText('Patient'));
  await user.type(screen.getByLabelText('Email'), 'lucia@example.com');
  await user.type(screen.getByLabelText('Password'), 'secreto1');
  await user.type(screen.getByLabelText('Confirm password'), 'secreto1');
}

describe('register form', () => {
  it('shows an error only once the field has been left', async () => {
    fakeTrpcServer({});
    renderApp({ path: '/register' });
    const user = userEvent.setup();

    const name = await screen.findByLabelText('First name');
    await user.click(name);
    expect(screen.queryByText('First name is required')).not.toBeInTheDocument();
    expect(screen.queryByText('Last name is required')).not.toBeInTheDocument();

    await user.tab();
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    // The field the user only moved into is not judged yet.
    expect(screen.queryByText('Last name is required')).not.toBeInTheDocument();
  });

  it('asks for at least 6 password characters and a matching confirmation', async () => {
    fakeTrpcServer({});
    renderApp({ path: '/register' });
    const user = userEvent.setup();
    await fillValidPatient(user);

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'abc');
    await user.tab();
    expect(await screen.findByText('Password must be at least 6 characters')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Password'), 'defgh');
    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'abcdefgX');
    await user.tab();
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.queryByText('Password must be at least 6 characters')).not.toBeInTheDocument();
  });

  it("offers the doctor's email to patients only", async () => {
    fakeTrpcServer({});
    renderApp({ path: '/register' });
    const user = userEvent.setup();

    await screen.findByLabelText('First name');
    expect(screen.queryByLabelText("Your doctor's email (optional)")).not.toBeInTheDocument();
    await user.click(screen.getByLabelText('Patient'));
    const doctorEmail = screen.getByLabelText("Your doctor's email (optional)");
    expect(doctorEmail).toHaveAccessibleDescription(/linked to their practice/);
    await user.click(screen.getByLabelText('Medic'));
    expect(screen.queryByLabelText("Your doctor's email (optional)")).not.toBeInTheDocument();
  });

  it('sends the account without the confirmation, stores the session and goes to the dashboard', async () => {
    const server = fakeTrpcServer({ 'auth.register': () => ok(sessionFor(patientUser)) });
    const app = renderApp({ path: '/register' });
    const user = userEvent.setup();
    await fillValidPatient(user);
    await user.type(screen.getByLabelText("Your doctor's email (optional)"), 'dra.perez@example.com');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    expect(await screen.findByRole('heading', { name: 'Welcome, Lucía' })).toBeInTheDocument();
    expect(server.callsTo('auth.register').map((call) => call.input)).toEqual([
      {
        name: 'Lucía',
        lname: 'Hernández Ruiz',
        email: 'lucia@example.com',
        password: 'secreto1',
        type: 'patient',
        doctorEmail: 'dra.perez@example.com',
      },
    ]);
    expect(JSON.parse(localStorage.getItem('expediente.session')!)).toEqual(sessionFor(patientUser));
    expect(app.currentPath()).toBe('/dashboard');
  });

  it("leaves out a doctor's email typed before switching to medic", async () => {
    const server = fakeTrpcServer({ 'auth.register': () => ok(sessionFor(medicUser)) });
    renderApp({ path: '/register' });
    const user = userEvent.setup();
    await fillValidPatient(user);
    await user.type(screen.getByLabelText("Your doctor's email (optional)"), 'not an email');
    await user.click(screen.getByLabelText('Medic'));
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    expect(await screen.findByRole('heading', { name: 'My patients' })).toBeInTheDocument();
    const [call] = server.callsTo('auth.register');
    expect(call?.input).toEqual(expect.objectContaining({ type: 'medic' }));
    expect(call?.input).not.toHaveProperty('doctorEmail');
  });

  it('explains an unknown doctor email in the active language and keeps the form filled', async () => {
    fakeTrpcServer({ 'auth.register': () => fail('DOCTOR_NOT_FOUND') });
    const app = renderApp({ path: '/register', language: 'es' });
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Nombre'), 'Lucía');
    await user.type(screen.getByLabelText('Apellidos'), 'Hernández Ruiz');
    await user.click(screen.getByLabelText('Paciente'));
    await user.type(screen.getByLabelText('Correo de su médico (opcional)'), 'nadie@example.com');
    await user.type(screen.getByLabelText('Correo electrónico'), 'lucia@example.com');
    await user.type(screen.getByLabelText('Contraseña'), 'secreto1');
    await user.type(screen.getByLabelText('Confirmar contraseña'), 'secreto1');
    await user.click(screen.getByRole('button', { name: 'Registrarse' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('No hay ningún médico registrado con ese correo.');
    expect(app.currentPath()).toBe('/register');
    expect(screen.getByLabelText('Nombre')).toHaveValue('Lucía');
    expect(screen.getByLabelText('Correo de su médico (opcional)')).toHaveValue('nadie@example.com');
    expect(screen.getByLabelText('Contraseña')).toHaveValue('secreto1');
  });

  it("puts the server's field messages on the fields, and the fallback for an unknown failure", async () => {
    let reachable = true;
    fakeTrpcServer({
      'auth.register': () =>
        reachable
          ? fail('VALIDATION_FAILED', [{ path: 'email', message: 'validation.emailInvalid' }])
          : Promise.reject(new TypeError('Failed to fetch')),
    });
    renderApp({ path: '/register' });
    const user = userEvent.setup();
    await fillValidPatient(user);
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Some of the data is not valid.');

    reachable = false;
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Registration failed. Please try again.'),
    );
  });

  it('tells a medic awaiting approval so, without starting a session, and offers the sign-in page', async () => {
    const server = fakeTrpcServer({
      'auth.register': () => ok({ pending: true, message: 'Your account was created. The practice administrator must approve it before you can sign in.' }),
    });
    const app = renderApp({ path: '/register' });
    const user = userEvent.setup();
    await fillValidPatient(user);
    await user.click(screen.getByLabelText('Medic'));
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent("Your account is waiting for the practice administrator's approval.");
    expect(status).toHaveFocus();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(localStorage.getItem('expediente.session')).toBeNull();
    expect(app.currentPath()).toBe('/register');
    expect(server.callsTo('auth.profile')).toHaveLength(0);

    await user.click(screen.getByRole('link', { name: 'Go to sign in' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(app.currentPath()).toBe('/login');
  });

  it('says the same in Spanish when the page is in Spanish', async () => {
    fakeTrpcServer({ 'auth.register': () => ok({ pending: true, message: 'Your account was created.' }) });
    renderApp({ path: '/register', language: 'es' });
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Nombre'), 'Sofía');
    await user.type(screen.getByLabelText('Apellidos'), 'Ramírez');
    await user.click(screen.getByLabelText('Médico'));
    await user.type(screen.getByLabelText('Correo electrónico'), 'sofia.ramirez@example.com');
    await user.type(screen.getByLabelText('Contraseña'), 'secreto1');
    await user.type(screen.getByLabelText('Confirmar contraseña'), 'secreto1');
    await user.click(screen.getByRole('button', { name: 'Registrarse' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Su cuenta está a la espera de que el administrador de la consulta la apruebe.');
    expect(screen.getByRole('link', { name: 'Ir a ingresar' })).toHaveAttribute('href', '/login');
    expect(localStorage.getItem('expediente.session')).toBeNull();
  });
});

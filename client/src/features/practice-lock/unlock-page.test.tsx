import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorBody, fakeLockedServer } from '../../test/fake-locked-server';
import { patientUser, renderApp, sessionFor } from '../../test/render-app';

const RIGHT = 'la frase del consultorio';

describe('the unlock page', () => {
  it('is where every address leads while the practice is locked, titled and labelled in the active language', async () => {
    fakeLockedServer();
    const app = renderApp({ path: '/medic/patients', practiceLock: 'locked', language: 'es' });
    expect(await screen.findByRole('heading', { name: 'El consultorio está bloqueado' })).toBeInTheDocument();
    expect(app.currentPath()).toBe('/unlock');
    expect(screen.getByLabelText('Frase del consultorio')).toHaveAttribute('type', 'password');
    await waitFor(() => expect(document.title).toBe('Expediente · Desbloquear el consultorio'));
  });

  it('opens with the passphrase, waits for the practice to answer, then goes to sign-in', async () => {
    const server = fakeLockedServer({ unlock: (body) => ({ status: body.passphrase === RIGHT ? 204 : 401, body: body.passphrase === RIGHT ? undefined : errorBody(401, 'INVALID_CREDENTIALS') }), healthChecksToOpen: 2 });
    const app = renderApp({ path: '/unlock', practiceLock: 'locked' });
    const user = userEvent.setup();

    // Focus is in the field, so typing starts at once.
    await waitFor(() => expect(screen.getByLabelText('Practice passphrase')).toHaveFocus());
    await user.keyboard('no es la frase{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('That passphrase does not open the practice.');
    expect(app.currentPath()).toBe('/unlock');

    await user.clear(screen.getByLabelText('Practice passphrase'));
    await user.type(screen.getByLabelText('Practice passphrase'), RIGHT);
    await user.click(screen.getByRole('button', { name: 'Open the practice' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Opening the practice…');
    expect(await screen.findByRole('heading', { name: 'Sign in' }, { timeout: 5_000 })).toBeInTheDocument();
    expect(app.currentPath()).toBe('/login');
    expect(server.posted).toEqual([
      { path: '/api/unlock', body: { passphrase: 'no es la frase' } },
      { path: '/api/unlock', body: { passphrase: RIGHT } },
    ]);
  });

  it('takes the recovery key instead, and says how long to wait after too many wrong attempts', async () => {
    const server = fakeLockedServer({ unlock: () => ({ status: 429, body: errorBody(429, 'RATE_LIMITED'), headers: { 'retry-after': '540' } }) });
    renderApp({ path: '/unlock', practiceLock: 'locked' });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Use the recovery key instead' }));
    const field = screen.getByLabelText('Recovery key');
    await waitFor(() => expect(field).toHaveFocus());
    expect(screen.queryByLabelText('Practice passphrase')).not.toBeInTheDocument();
    await user.type(field, 'abcd efgh');
    await user.click(screen.getByRole('button', { name: 'Open the practice' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many wrong attempts from this computer. Try again in 9 minutes.');
    expect(server.posted).toEqual([{ path: '/api/unlock', body: { recoveryKey: 'abcd efgh' } }]);

    await user.click(screen.getByRole('button', { name: 'Use the passphrase instead' }));
    expect(screen.getByLabelText('Practice passphrase')).toBeInTheDocument();
    // The other method starts afresh.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('asks for the passphrase before calling the server', async () => {
    const server = fakeLockedServer({ unlock: () => ({ status: 204 }) });
    renderApp({ path: '/unlock', practiceLock: 'locked' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Open the practice' }));
    expect(await screen.findByText('Enter the practice passphrase')).toBeInTheDocument();
    expect(screen.getByLabelText('Practice passphrase')).toHaveAttribute('aria-invalid', 'true');
    expect(server.posted).toEqual([]);
  });

  it('comes up when a call of a signed-in page answers 503 LOCKED: the server restarted locked under an open tab', async () => {
    fakeLockedServer();
    const app = renderApp({ path: '/dashboard', session: sessionFor(patientUser) });
    expect(await screen.findByRole('heading', { name: 'The practice is locked' })).toBeInTheDocument();
    expect(app.currentPath()).toBe('/unlock');
  });

  it('or the set-up page, when the practice that answered 503 LOCKED is new', async () => {
    fakeLockedServer({ setup: true });
    const app = renderApp({ path: '/dashboard', session: sessionFor(patientUser) });
    expect(await screen.findByRole('heading', { name: 'Set up the practice' })).toBeInTheDocument();
    expect(app.currentPath()).toBe('/set-up');
  });
});

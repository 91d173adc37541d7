// The practice requires a second factor of medics (API.md): any call answering 403
// TWO_FACTOR_REQUIRED holds the session on /security, with a notice and nothing else usable, until a
// second factor is set up; then the user goes on to the home page.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, fakeTrpcServer, ok } from '../test/fake-trpc-server';
import { medicUser, renderApp, sessionFor } from '../test/render-app';

const setup = { secret: 'JBSWY3DPEHPK3PXP', otpauthUri: 'otpauth://totp/Expediente:andres?secret=JBSWY3DPEHPK3PXP' };
const recoveryCodes = Array.from({ length: 10 }, (_, index) => `abcde-1234${index}`);

/** The server as the policy makes it: every call refused until the medic has a second factor. */
function heldServer() {
  let secured = false;
  const unlessSecured = (answer: () => ReturnType<typeof ok>) => () => (secured ? answer() : fail('TWO_FACTOR_REQUIRED'));
  const server = fakeTrpcServer({
    'auth.profile': () => ok({ user: { ...medicUser, twoFactor: { totp: secured, passkeys: 0 } } }),
    'auth.passkeys': () => ok({ passkeys: [] }),
    'auth.totpSetup': () => ok(setup),
    'auth.totpEnable': () => {
      secured = true;
      return ok({ recoveryCodes });
    },
    'medics.patientPage': unlessSecured(() => ok({ patients: [], nextCursor: null, total: 0 })),
    'medics.linkRequests': unlessSecured(() => ok({ requests: [] })),
    'practice.info': unlessSecured(() => ok({ name: 'Expediente', idleMinutes: 15 })),
  });
  return server;
}

describe("the practice's second-factor policy", () => {
  it('sends a medic refused with TWO_FACTOR_REQUIRED to /security, holds them there, and goes home once one is set up', async () => {
    heldServer();
    const app = renderApp({ path: '/dashboard', session: sessionFor(medicUser) });
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { level: 1, name: 'Security' })).toBeInTheDocument();
    expect(app.currentPath()).toBe('/security');
    expect(screen.getByRole('alert')).toHaveTextContent('Your practice requires a second factor. Set one up to continue.');
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();

    // Another page from the menu still shows only the setup, and signing out stays at hand.
    await user.click(screen.getByRole('button', { name: /User menu/ }));
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'My profile' }));
    expect(await screen.findByText('Your practice requires a second factor. Set one up to continue.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'My profile' })).not.toBeInTheDocument();

    const card = screen.getByRole('region', { name: 'Authenticator app' });
    await user.click(within(card).getByRole('button', { name: 'Set up an authenticator app' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set up an authenticator app' });
    await user.type(within(dialog).getByLabelText('Your password'), 'secreto1');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await user.type(await within(card).findByLabelText('Code from the app'), '123456');
    await user.click(within(card).getByRole('button', { name: 'Confirm and turn on' }));
    // The recovery codes are shown before anything else happens.
    await within(card).findByRole('list', { name: 'Recovery codes' });
    expect(app.currentPath()).toBe('/profile');
    await user.click(within(card).getByRole('button', { name: 'I have saved them' }));

    expect(await screen.findByRole('heading', { name: 'My patients' })).toBeInTheDocument();
    await waitFor(() => expect(app.currentPath()).toBe('/dashboard'));
    expect(screen.queryByText('Your practice requires a second factor. Set one up to continue.')).not.toBeInTheDocument();
  });

  it('says so in Spanish', async () => {
    heldServer();
    renderApp({ path: '/dashboard', session: sessionFor(medicUser), language: 'es' });

    expect(await screen.findByRole('alert')).toHaveTextContent('Su consultorio exige un segundo factor. Configure uno para continuar.');
    expect(screen.getByRole('heading', { level: 1, name: 'Seguridad' })).toBeInTheDocument();
  });

  it('ends with the session: the next user who signs in is not held', async () => {
    heldServer();
    const app = renderApp({ path: '/dashboard', session: sessionFor(medicUser) });
    const user = userEvent.setup();

    await screen.findByText('Your practice requires a second factor. Set one up to continue.');
    await user.click(screen.getByRole('button', { name: /User menu/ }));
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(app.currentPath()).toBe('/login'));

    fakeTrpcServer({ 'auth.profile': () => ok({ user: medicUser }), 'auth.passkeys': () => ok({ passkeys: [] }) });
    localStorage.setItem('expediente.session', JSON.stringify({ ...sessionFor(medicUser), access_token: 'another-token' }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'expediente.session' }));
    await waitFor(() => expect(app.currentPath()).toBe('/dashboard'));
    await user.click(await screen.findByRole('button', { name: /User menu/ }));
    await user.click(screen.getByRole('link', { name: 'Security' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Security' })).toBeInTheDocument();
    expect(screen.queryByText('Your practice requires a second factor. Set one up to continue.')).not.toBeInTheDocument();
  });
});

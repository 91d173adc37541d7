// Signing in to an account with a second factor: the password answers a challenge, and the same page
// asks for a code from the authenticator app, a recovery code or a passkey (API.md "Second factor,
// passkeys and oversight"). Also the passwordless "Sign in with a passkey".
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SecondFactorChallenge, SecondFactorMethod } from '../../../../shared/second-factor';
import { fail, fakeTrpcServer, ok } from '../../test/fake-trpc-server';
import { medicUser, renderApp, sessionFor } from '../../test/render-app';

const webauthn = vi.hoisted(() => ({ startAuthentication: vi.fn(), startRegistration: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => webauthn);

const challengeOf = (methods: SecondFactorMethod[]): SecondFactorChallenge => ({ twoFactorRequired: true, challenge: 'challenge-1', methods });
const session = sessionFor({ ...medicUser, twoFactor: { totp: true, passkeys: 1 } });
const assertion = { id: 'cred-1', rawId: 'cred-1', type: 'public-key', response: { signature: 'sig' }, clientExtensionResults: {} };

/** A browser that can use passkeys: WebAuthn present, on a secure page. */
function withPasskeys() {
  vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
  vi.stubGlobal('isSecureContext', true);
}

async function enterPassword(language: 'en' | 'es' = 'en') {
  const user = userEvent.setup();
  const es = language === 'es';
  await user.type(await screen.findByLabelText(es ? 'Correo electrónico' : 'Email'), 'andres.mora@example.com');
  await user.type(screen.getByLabelText(es ? 'Contraseña' : 'Password'), 'secreto1');
  await user.click(screen.getByRole('button', { name: es ? 'Ingresar' : 'Sign in' }));
  return user;
}

beforeEach(() => {
  webauthn.startAuthentication.mockReset();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the second step of signing in', () => {
  it('asks for the code on the same page after a right password, and signs in with it', async () => {
    const server = fakeTrpcServer({
      'auth.login': () => ok(challengeOf(['totp', 'recovery'])),
      'auth.loginSecondFactor': () => ok(session),
      'auth.profile': () => ok({ user: session.user }),
      'medics.myPatients': () => ok({ patients: [] }),
    });
    const app = renderApp({ path: '/login' });
    const user = await enterPassword();

    expect(await screen.findByRole('heading', { name: 'Two-step verification' })).toBeInTheDocument();
    const code = await screen.findByLabelText('Verification code');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    await waitFor(() => expect(code).toHaveFocus());
    expect(app.currentPath()).toBe('/login');
    expect(localStorage.getItem('expediente.session')).toBeNull();

    await user.type(code, '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('heading', { name: 'My patients' })).toBeInTheDocument();
    expect(server.callsTo('auth.loginSecondFactor').map((call) => call.input)).toEqual([{ challenge: 'challenge-1', code: '123456' }]);
    expect(JSON.parse(localStorage.getItem('expediente.session')!)).toEqual(session);
    // Sign-in calls are counted one by one on the server: never inside a batch.
    const urls = server.fetchMock.mock.calls.map(([url]) => String(url));
    expect(urls.filter((url) => url.includes('auth.loginSecondFactor'))).toEqual([expect.not.stringContaining('batch=1')]);
  });

  it('says a wrong code under the field in Spanish, keeps it and stays on the step', async () => {
    const server = fakeTrpcServer({
      'auth.login': () => ok(challengeOf(['totp'])),
      'auth.loginSecondFactor': () => fail('INVALID_CODE'),
    });
    const app = renderApp({ path: '/login', language: 'es' });
    const user = await enterPassword('es');

    const code = await screen.findByLabelText('Código de verificación');
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));

    await waitFor(() => expect(code).toHaveAccessibleDescription(expect.stringContaining('Ese código no es válido.')));
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveValue('654321');
    expect(code).toHaveFocus();
    expect(server.callsTo('auth.loginSecondFactor')).toHaveLength(1);
    // A 401 here is the form's: no session ended, nothing to forget, the page stays.
    expect(app.currentPath()).toBe('/login');
    expect(screen.getByRole('heading', { name: 'Verificación en dos pasos' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Volver a empezar' })).toBeInTheDocument();
  });

  it('checks the code before sending it', async () => {
    const server = fakeTrpcServer({ 'auth.login': () => ok(challengeOf(['totp'])) });
    renderApp({ path: '/login' });
    const user = await enterPassword();

    await user.type(await screen.findByLabelText('Verification code'), '12');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText('The code is not correct: enter the 6 digits your app shows now.')).toBeInTheDocument();
    expect(server.callsTo('auth.loginSecondFactor')).toHaveLength(0);
  });

  it('takes a recovery code instead, and back', async () => {
    const server = fakeTrpcServer({
      'auth.login': () => ok(challengeOf(['totp', 'recovery'])),
      'auth.loginSecondFactor': () => ok(session),
      'auth.profile': () => ok({ user: session.user }),
      'medics.myPatients': () => ok({ patients: [] }),
    });
    renderApp({ path: '/login' });
    const user = await enterPassword();

    await user.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    const recovery = await screen.findByLabelText('Recovery code');
    await waitFor(() => expect(recovery).toHaveFocus());
    expect(screen.queryByLabelText('Verification code')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Use the authenticator app instead' }));
    expect(await screen.findByLabelText('Verification code')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));

    await user.type(await screen.findByLabelText('Recovery code'), 'ABCDE-12345');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('heading', { name: 'My patients' })).toBeInTheDocument();
    expect(server.callsTo('auth.loginSecondFactor').map((call) => call.input)).toEqual([{ challenge: 'challenge-1', recoveryCode: 'abcde12345' }]);
  });

  it('offers no recovery code when the account has none', async () => {
    fakeTrpcServer({ 'auth.login': () => ok(challengeOf(['totp'])) });
    renderApp({ path: '/login' });
    await enterPassword();

    expect(await screen.findByLabelText('Verification code')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Use a recovery code instead' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Use a passkey' })).not.toBeInTheDocument();
  });

  it('after the fifth wrong code, says the attempt has ended and starts again from the password, email kept', async () => {
    const server = fakeTrpcServer({
      'auth.login': () => ok(challengeOf(['totp'])),
      'auth.loginSecondFactor': () => fail('INVALID_CODE'),
    });
    renderApp({ path: '/login' });
    const user = await enterPassword();

    const code = await screen.findByLabelText('Verification code');
    await user.type(code, '111111');
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      await waitFor(() => expect(server.callsTo('auth.loginSecondFactor')).toHaveLength(attempt));
      await waitFor(() => expect(screen.getByLabelText('Verification code')).toHaveAttribute('aria-invalid', 'true'));
    }
    expect(screen.queryByText(/This sign-in attempt has ended/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('This sign-in attempt has ended');
    expect(screen.queryByLabelText('Verification code')).not.toBeInTheDocument();
    const startAgain = screen.getByRole('button', { name: 'Start again' });
    expect(startAgain).toHaveFocus();

    await user.click(startAgain);
    expect(await screen.findByLabelText('Email')).toHaveValue('andres.mora@example.com');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveFocus());
  });

  it('treats a wrong code after five minutes as the end of the attempt', async () => {
    fakeTrpcServer({
      'auth.login': () => ok(challengeOf(['totp'])),
      'auth.loginSecondFactor': () => fail('INVALID_CODE'),
    });
    renderApp({ path: '/login' });
    const user = await enterPassword();
    const code = await screen.findByLabelText('Verification code');
    const later = Date.now() + 5 * 60_000;
    vi.spyOn(Date, 'now').mockReturnValue(later);

    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('more than 5 minutes went by');
    expect(screen.getByRole('button', { name: 'Start again' })).toBeInTheDocument();
  });

  it('answers the challenge with a passkey', async () => {
    withPasskeys();
    webauthn.startAuthentication.mockResolvedValue(assertion);
    const server = fakeTrpcServer({
      'auth.login': () => ok(challengeOf(['totp', 'recovery', 'passkey'])),
      'auth.passkeyAuthenticationOptions': () => ok({ challenge: 'webauthn-challenge', rpId: 'localhost', allowCredentials: [] }),
      'auth.passkeyAuthentication': () => ok(session),
      'auth.profile': () => ok({ user: session.user }),
      'medics.myPatients': () => ok({ patients: [] }),
    });
    renderApp({ path: '/login' });
    const user = await enterPassword();

    await user.click(await screen.findByRole('button', { name: 'Use a passkey' }));

    expect(await screen.findByRole('heading', { name: 'My patients' })).toBeInTheDocument();
    expect(server.callsTo('auth.passkeyAuthenticationOptions').map((call) => call.input)).toEqual([{ challenge: 'challenge-1' }]);
    expect(webauthn.startAuthentication).toHaveBeenCalledWith({ optionsJSON: { challenge: 'webauthn-challenge', rpId: 'localhost', allowCredentials: [] } });
    expect(server.callsTo('auth.passkeyAuthentication').map((call) => call.input)).toEqual([{ response: assertion, challenge: 'challenge-1' }]);
  });

  it('takes a closed passkey dialog calmly, and the code still works', async () => {
    withPasskeys();
    webauthn.startAuthentication.mockRejectedValue(Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' }));
    fakeTrpcServer({
      'auth.login': () => ok(challengeOf(['totp', 'passkey'])),
      'auth.passkeyAuthenticationOptions': () => ok({ challenge: 'webauthn-challenge' }),
    });
    renderApp({ path: '/login' });
    const user = await enterPassword();

    await user.click(await screen.findByRole('button', { name: 'Use a passkey' }));

    expect(await screen.findByRole('status')).toHaveTextContent('No passkey was used. You can try again, or sign in another way.');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Verification code')).toBeInTheDocument();
  });
});

describe('signing in with a passkey alone', () => {
  it('is not offered where the browser cannot use passkeys', async () => {
    fakeTrpcServer({});
    renderApp({ path: '/login' });

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).not.toBeInTheDocument();
  });

  it('signs in without email or password', async () => {
    withPasskeys();
    webauthn.startAuthentication.mockResolvedValue(assertion);
    const server = fakeTrpcServer({
      'auth.passkeyAuthenticationOptions': () => ok({ challenge: 'webauthn-challenge' }),
      'auth.passkeyAuthentication': () => ok(session),
      'auth.profile': () => ok({ user: session.user }),
      'medics.myPatients': () => ok({ patients: [] }),
    });
    const app = renderApp({ path: '/login', language: 'es' });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Ingresar con una llave de acceso' }));

    expect(await screen.findByRole('heading', { name: 'Mis pacientes' })).toBeInTheDocument();
    expect(app.currentPath()).toBe('/dashboard');
    expect(server.callsTo('auth.login')).toHaveLength(0);
    // An empty object rather than no body: the server refuses a JSON POST without one.
    expect(server.callsTo('auth.passkeyAuthenticationOptions').map((call) => call.input)).toEqual([{}]);
    expect(server.callsTo('auth.passkeyAuthentication').map((call) => call.input)).toEqual([{ response: assertion }]);
  });

  it('explains a passkey the server refuses, and the password form stays usable', async () => {
    withPasskeys();
    webauthn.startAuthentication.mockResolvedValue(assertion);
    fakeTrpcServer({
      'auth.passkeyAuthenticationOptions': () => ok({ challenge: 'webauthn-challenge' }),
      'auth.passkeyAuthentication': () => fail('INVALID_CODE'),
    });
    const app = renderApp({ path: '/login' });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('That code is not valid.');
    expect(app.currentPath()).toBe('/login');
    expect(within(document.body).getByLabelText('Email')).toBeEnabled();
  });
});

// Passkeys on /security: the list with dates in the user's language, removal after a titled
// confirmation with the password, adding one (the password, then the browser's ceremony), a wrong
// password said in the dialog, a closed browser dialog taken calmly, and a browser that cannot use
// passkeys told why instead of offered a button.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Passkey } from '../../../../shared/second-factor';
import { fail, fakeTrpcServer, ok } from '../../test/fake-trpc-server';
import { medicUser, renderApp, sessionFor } from '../../test/render-app';

const webauthn = vi.hoisted(() => ({ startAuthentication: vi.fn(), startRegistration: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => webauthn);

const laptop: Passkey = { idPasskey: 4, name: 'Portátil', createdAt: '2025-03-04T09:15:00.000Z', lastUsedAt: '2025-05-20T16:40:00.000Z' };
const phone: Passkey = { idPasskey: 9, name: 'iPhone', createdAt: '2025-06-01T08:00:00.000Z', lastUsedAt: null };
const withPasskeys = (count: number) => ({ ...medicUser, twoFactor: { totp: false, passkeys: count } });
const attestation = { id: 'cred-9', rawId: 'cred-9', type: 'public-key', response: { attestationObject: 'att' }, clientExtensionResults: {} };
const firefoxOnWindows = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0';

function browserWithPasskeys() {
  vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
  vi.stubGlobal('isSecureContext', true);
}

/** A server whose list follows what is added and removed; `overrides` answer some calls otherwise. */
function passkeyServer(initial: Passkey[], overrides: Parameters<typeof fakeTrpcServer>[0] = {}) {
  let passkeys = [...initial];
  const server = fakeTrpcServer({
    'auth.profile': () => ok({ user: withPasskeys(passkeys.length) }),
    'auth.passkeys': () => ok({ passkeys }),
    'auth.deletePasskey': (input) => {
      passkeys = passkeys.filter((passkey) => passkey.idPasskey !== (input as { idPasskey: number }).idPasskey);
      return ok(null);
    },
    'auth.passkeyRegistrationOptions': () => ok({ challenge: 'reg-challenge', rp: { name: 'Expediente' } }),
    'auth.passkeyRegistration': (input) => {
      const added: Passkey = { idPasskey: 12, name: (input as { name: string }).name, createdAt: '2025-07-01T10:00:00.000Z', lastUsedAt: null };
      passkeys = [...passkeys, added];
      return ok({ idPasskey: added.idPasskey, name: added.name, createdAt: added.createdAt });
    },
    ...overrides,
  });
  return server;
}

beforeEach(() => {
  webauthn.startRegistration.mockReset();
});

describe('passkeys on the security page', () => {
  it('lists each passkey with its dates in the active language', async () => {
    passkeyServer([laptop, phone]);
    renderApp({ path: '/security', session: sessionFor(withPasskeys(2)), language: 'es' });

    const list = await screen.findByRole('list', { name: 'Sus llaves de acceso' });
    const [first, second] = within(list).getAllByRole('listitem');
    const day = new Intl.DateTimeFormat('es', { dateStyle: 'medium' });
    const dayTime = new Intl.DateTimeFormat('es', { dateStyle: 'medium', timeStyle: 'short' });
    expect(first).toHaveTextContent('Portátil');
    expect(first).toHaveTextContent(`Agregada el ${day.format(new Date(laptop.createdAt))}`);
    expect(first).toHaveTextContent(`último uso: ${dayTime.format(new Date(laptop.lastUsedAt!))}`);
    expect(second).toHaveTextContent('sin usar todavía');
    expect(within(second!).getByRole('button', { name: 'Quitar la llave de acceso iPhone' })).toBeInTheDocument();
  });

  it('asks in a titled dialog before removing one, and removes nothing when cancelled', async () => {
    const server = passkeyServer([laptop, phone]);
    renderApp({ path: '/security', session: sessionFor(withPasskeys(2)) });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Remove the passkey Portátil' }));
    let dialog = await screen.findByRole('dialog', { name: 'Remove the passkey “Portátil”?' });
    expect(dialog).toHaveTextContent('You will no longer be able to sign in with it.');
    expect(dialog).not.toHaveTextContent('It is your only second factor');
    expect(within(dialog).getByLabelText('Your password')).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.callsTo('auth.deletePasskey')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Remove the passkey Portátil' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove the passkey “Portátil”?' });
    await user.type(within(dialog).getByLabelText('Your password'), 'secreto1');
    await user.click(within(dialog).getByRole('button', { name: 'Remove passkey' }));

    expect(await screen.findByText('The passkey “Portátil” was removed.')).toBeInTheDocument();
    expect(server.callsTo('auth.deletePasskey').map((call) => call.input)).toEqual([{ idPasskey: 4, password: 'secreto1' }]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove the passkey Portátil' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Remove the passkey iPhone' })).toBeInTheDocument();
  });

  it('warns when the passkey is the last second factor', async () => {
    passkeyServer([phone]);
    renderApp({ path: '/security', session: sessionFor(withPasskeys(1)) });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Remove the passkey iPhone' }));

    expect(await screen.findByRole('dialog', { name: 'Remove the passkey “iPhone”?' })).toHaveTextContent(
      'It is your only second factor: once it is removed, signing in will ask for your password alone.',
    );
  });

  it('adds a passkey under a suggested name through the browser', async () => {
    browserWithPasskeys();
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(firefoxOnWindows);
    webauthn.startRegistration.mockResolvedValue(attestation);
    const server = passkeyServer([]);
    renderApp({ path: '/security', session: sessionFor(withPasskeys(0)) });
    const user = userEvent.setup();

    expect(await screen.findByText('You have no passkeys yet.')).toBeInTheDocument();
    const name = screen.getByLabelText('Name for the new passkey');
    expect(name).toHaveValue('Firefox on Windows');
    await user.clear(name);
    await user.type(name, 'Work laptop');
    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a passkey' });
    expect(dialog).toHaveTextContent('The passkey “Work laptop” will sign in to your account.');
    await user.type(within(dialog).getByLabelText('Your password'), 'secreto1');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));

    expect(await screen.findByText('The passkey “Work laptop” was added.')).toBeInTheDocument();
    expect(webauthn.startRegistration).toHaveBeenCalledWith({ optionsJSON: { challenge: 'reg-challenge', rp: { name: 'Expediente' } } });
    expect(server.callsTo('auth.passkeyRegistrationOptions').map((call) => call.input)).toEqual([{ password: 'secreto1' }]);
    expect(server.callsTo('auth.passkeyRegistration').map((call) => call.input)).toEqual([{ response: attestation, name: 'Work laptop' }]);
    expect(await screen.findByRole('button', { name: 'Remove the passkey Work laptop' })).toBeInTheDocument();
    await waitFor(() => expect(server.callsTo('auth.profile').length).toBeGreaterThanOrEqual(2));
  });

  it('takes a closed browser dialog calmly and keeps the name', async () => {
    browserWithPasskeys();
    webauthn.startRegistration.mockRejectedValue(Object.assign(new Error('not allowed'), { name: 'NotAllowedError' }));
    const server = passkeyServer([]);
    renderApp({ path: '/security', session: sessionFor(withPasskeys(0)) });
    const user = userEvent.setup();

    const name = await screen.findByLabelText('Name for the new passkey');
    await user.clear(name);
    await user.type(name, 'Tablet');
    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a passkey' });
    await user.type(within(dialog).getByLabelText('Your password'), 'secreto1');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));

    const region = screen.getByRole('region', { name: 'Passkeys' });
    expect(await within(region).findByRole('status')).toHaveTextContent('No passkey was created: the browser\'s window was closed.');
    expect(within(region).queryByRole('alert')).not.toBeInTheDocument();
    expect(name).toHaveValue('Tablet');
    expect(server.callsTo('auth.passkeyRegistration')).toHaveLength(0);
  });

  it('explains that passkeys need HTTPS instead of offering the button on a plain-HTTP page', async () => {
    passkeyServer([]);
    renderApp({ path: '/security', session: sessionFor(withPasskeys(0)) });

    expect(await screen.findByText(/Passkeys only work on a secure page\. Open Expediente at its HTTPS address/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).not.toBeInTheDocument();
  });

  it('explains a browser without passkeys', async () => {
    vi.stubGlobal('isSecureContext', true);
    passkeyServer([]);
    renderApp({ path: '/security', session: sessionFor(withPasskeys(0)), language: 'es' });

    expect(await screen.findByText(/Este navegador no puede crear llaves de acceso/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Agregar una llave de acceso' })).not.toBeInTheDocument();
  });

  it('says a wrong password under its field, keeps it, and signs nobody out', async () => {
    browserWithPasskeys();
    passkeyServer([], { 'auth.passkeyRegistrationOptions': () => fail('INVALID_CREDENTIALS') });
    const app = renderApp({ path: '/security', session: sessionFor(withPasskeys(0)), language: 'es' });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Agregar una llave de acceso' }));
    const dialog = await screen.findByRole('dialog', { name: 'Agregar una llave de acceso' });
    const password = within(dialog).getByLabelText('Su contraseña');
    await user.type(password, 'equivocada');
    await user.click(within(dialog).getByRole('button', { name: 'Continuar' }));

    await waitFor(() => expect(password).toHaveAccessibleDescription('La contraseña no es correcta.'));
    expect(password).toHaveValue('equivocada');
    expect(app.currentPath()).toBe('/security');
    expect(webauthn.startRegistration).not.toHaveBeenCalled();
  });
});

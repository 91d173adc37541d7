// The authenticator app on /security: set up (the password again, QR code, key in fours, the first
// code), the recovery codes shown once, and turning it off with the password, both asked in the one
// password dialog, where a wrong password is said under the field and signs nobody out.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { User } from '../../../../shared/auth';
import { fail, fakeTrpcServer, ok } from '../../test/fake-trpc-server';
import { patientUser, renderApp, sessionFor } from '../../test/render-app';
import { renderSignedIn } from '../../test/signed-in';

const setup = { secret: 'JBSWY3DPEHPK3PXPJBSWY3DP', otpauthUri: 'otpauth://totp/Expediente:lucia%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DP&issuer=Expediente' };
const recoveryCodes = Array.from({ length: 10 }, (_, index) => `code${index}-abcd${index}`);
const withTotp = (user: User, totp: boolean): User => ({ ...user, twoFactor: { ...user.twoFactor, totp } });

describe('the authenticator app on the security page', () => {
  it('sets up with the QR code and the key, then shows the recovery codes once', async () => {
    let enabled = false;
    const server = fakeTrpcServer({
      'auth.profile': () => ok({ user: withTotp(patientUser, enabled) }),
      'auth.passkeys': () => ok({ passkeys: [] }),
      'auth.totpSetup': () => ok(setup),
      'auth.totpEnable': () => {
        enabled = true;
        return ok({ recoveryCodes });
      },
    });
    renderApp({ path: '/security', session: sessionFor(patientUser) });
    const user = userEvent.setup();

    const card = await screen.findByRole('region', { name: 'Authenticator app' });
    expect(within(card).getByText('Off')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Set up an authenticator app' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set up an authenticator app' });
    await user.type(within(dialog).getByLabelText('Your password'), 'secreto1');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(server.callsTo('auth.totpSetup').map((call) => call.input)).toEqual([{ password: 'secreto1' }]);

    const qr = await within(card).findByRole('img', { name: 'QR code that adds your Expediente account to the authenticator app' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(within(card).getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Copy key' })).toBeInTheDocument();
    expect(within(card).getByRole('heading', { name: 'Scan the code with your app' })).toHaveFocus();

    const code = within(card).getByLabelText('Code from the app');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    await user.type(code, '123456');
    await user.click(within(card).getByRole('button', { name: 'Confirm and turn on' }));

    const list = await within(card).findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(recoveryCodes);
    expect(card).toHaveTextContent('These codes are shown only this once');
    expect(within(card).getByRole('heading', { name: 'Save your recovery codes' })).toHaveFocus();
    expect(within(card).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Download as text' })).toBeInTheDocument();
    expect(server.callsTo('auth.totpEnable').map((call) => call.input)).toEqual([{ code: '123456' }]);
    // The profile (User.twoFactor) is asked again after the change.
    await waitFor(() => expect(server.callsTo('auth.profile').length).toBeGreaterThanOrEqual(2));

    await user.click(within(card).getByRole('button', { name: 'I have saved them' }));

    expect(await screen.findByText('The authenticator app is on.')).toBeInTheDocument();
    expect(within(card).getByText('On')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Turn off' })).toBeInTheDocument();
    for (const recoveryCode of recoveryCodes) expect(document.body).not.toHaveTextContent(recoveryCode);
    expect(document.body).not.toHaveTextContent('JBSW Y3DP');
  });

  it('says a wrong first code under its field, in Spanish, and keeps it', async () => {
    const { server } = renderSignedIn(patientUser, '/security', {
      handlers: {
        'auth.passkeys': () => ok({ passkeys: [] }),
        'auth.totpSetup': () => ok(setup),
        'auth.totpEnable': () => fail('VALIDATION_FAILED', [{ path: 'code', message: 'validation.codeInvalid' }]),
      },
      language: 'es',
    });
    const user = userEvent.setup();

    const card = await screen.findByRole('region', { name: 'Aplicación de autenticación' });
    await user.click(within(card).getByRole('button', { name: 'Configurar una aplicación de autenticación' }));
    const dialog = await screen.findByRole('dialog', { name: 'Configurar una aplicación de autenticación' });
    await user.type(within(dialog).getByLabelText('Su contraseña'), 'secreto1');
    await user.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    const code = await within(card).findByLabelText('Código de la aplicación');
    await user.type(code, '000000');
    await user.click(within(card).getByRole('button', { name: 'Confirmar y activar' }));

    await waitFor(() => expect(code).toHaveAttribute('aria-invalid', 'true'));
    expect(code).toHaveAccessibleDescription(expect.stringContaining('El código no es correcto'));
    expect(code).toHaveValue('000000');
    expect(server.callsTo('auth.totpEnable')).toHaveLength(1);
    expect(within(card).queryByRole('list', { name: 'Códigos de recuperación' })).not.toBeInTheDocument();
  });

  it('turns the app off with the password, saying a wrong one under its field without signing out', async () => {
    let enabled = true;
    const server = fakeTrpcServer({
      'auth.profile': () => ok({ user: withTotp(patientUser, enabled) }),
      'auth.passkeys': () => ok({ passkeys: [] }),
      'auth.totpDisable': (input) => {
        if ((input as { password: string }).password !== 'secreto1') return fail('INVALID_CREDENTIALS');
        enabled = false;
        return ok(null);
      },
    });
    const app = renderApp({ path: '/security', session: sessionFor(withTotp(patientUser, true)) });
    const user = userEvent.setup();

    const card = await screen.findByRole('region', { name: 'Authenticator app' });
    await user.click(within(card).getByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off the authenticator app' });
    const password = within(dialog).getByLabelText('Your password');
    expect(password).toHaveFocus();
    await user.type(password, 'equivocada');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off the app' }));

    await waitFor(() => expect(password).toHaveAccessibleDescription('The password is not correct.'));
    expect(password).toHaveValue('equivocada');
    expect(app.currentPath()).toBe('/security');

    await user.clear(password);
    await user.type(password, 'secreto1');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off the app' }));

    expect(await screen.findByText('The authenticator app is off.')).toBeInTheDocument();
    expect(await within(card).findByRole('button', { name: 'Set up an authenticator app' })).toBeInTheDocument();
    expect(server.callsTo('auth.totpDisable').map((call) => call.input)).toEqual([{ password: 'equivocada' }, { password: 'secreto1' }]);
  });

  it('is in the user menu of a patient, in Spanish', async () => {
    const { app } = renderSignedIn(patientUser, '/change-password', { handlers: { 'auth.passkeys': () => ok({ passkeys: [] }) }, language: 'es' });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: /Menú de usuario/ }));
    await user.click(screen.getByRole('link', { name: 'Seguridad' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Seguridad' })).toBeInTheDocument();
    expect(app.currentPath()).toBe('/security');
    await waitFor(() => expect(document.title).toBe('Expediente · Seguridad'));
  });
});

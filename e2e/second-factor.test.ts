// The second factors in Chromium, over the HTTPS that `npm run tls` made and with its
// authority trusted by the browser (https-practice.ts), once in Spanish and once in English:
// - a medic signs in, opens Security from the user menu, sets up an authenticator app from the key
//   the page shows (the code is computed here from that key, as the phone's app would), keeps the
//   ten recovery codes, signs out, and signs in again with the password and then a code;
// - a medic adds a passkey on a virtual authenticator (Chromium's DevTools protocol
//   WebAuthn.addVirtualAuthenticator: a platform authenticator that verifies its user), signs out,
//   and signs in with the passkey alone, no email or password typed.
import { TOTP, Secret } from 'otpauth';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import enSecurity from '../shared/locales/en/security.json';
import esSecurity from '../shared/locales/es/security.json';
import { registerViaApi, uniqueEmail, type Locale } from './harness';
import { useHttpsJourney } from './https-journey';
import { describeWithCertutil } from './needs-certutil';
import { fill, texts } from './texts';

const PASSWORD = 'secreto-de-la-consulta-9';
const securityTexts = { 'es-ES': esSecurity, 'en-US': enSecurity } as const;

const { practice, openTab } = useHttpsJourney();

/** The code the phone's app would show `offsetSteps` steps of 30 s from now (RFC 6238, as the server checks it). */
function codeFor(secret: string, offsetSteps = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + offsetSteps * 30_000 });
}

async function expectPath(page: Page, path: string): Promise<void> {
  await expect.poll(() => new URL(page.url()).pathname).toBe(path);
}

describeWithCertutil.each<Locale>(['es-ES', 'en-US'])('second factors over the practice HTTPS, browser in %s', (locale) => {
  const { auth, common } = texts[locale];
  const s = securityTexts[locale];

  async function signInWithPassword(page: Page, email: string): Promise<void> {
    await page.getByLabel(auth.login.email, { exact: true }).fill(email);
    await page.getByLabel(auth.login.password, { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: auth.login.submit, exact: true }).click();
  }

  async function openSecurityFromMenu(page: Page): Promise<void> {
    await page.getByRole('button', { name: common.header.openUserMenu }).click();
    await page.getByRole('dialog').getByRole('link', { name: common.header.security, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: s.title }).waitFor();
  }

  async function signOut(page: Page): Promise<void> {
    await page.getByRole('button', { name: common.header.openUserMenu }).click();
    await page.getByRole('dialog').getByRole('button', { name: common.header.logout, exact: true }).click();
    await expectPath(page, '/login');
  }

  test('a medic sets up an authenticator app, keeps the recovery codes, and signs in with password and code', async () => {
    const email = uniqueEmail('totp');
    await registerViaApi(practice().app, { name: 'Irene', lname: 'Salas', email, password: PASSWORD, type: 'medic' });
    const { page } = await openTab(locale);

    await page.goto('/login');
    await signInWithPassword(page, email);
    await expectPath(page, '/dashboard');
    await openSecurityFromMenu(page);

    await page.getByRole('button', { name: s.totp.setUp, exact: true }).click();
    // The password again, in the dialog every change to a second factor asks it in.
    const reauthentication = page.getByRole('dialog', { name: s.totp.setUp });
    await reauthentication.getByLabel(s.reauthentication.password, { exact: true }).fill(PASSWORD);
    await reauthentication.getByRole('button', { name: s.totp.continueSetup, exact: true }).click();
    await page.getByRole('img', { name: s.totp.qrAlt }).waitFor();
    // The key as the page shows it, grouped in fours for typing into an app that cannot scan.
    const shownKey = await page.getByText(s.totp.cannotScan).locator('xpath=following::code[1]').textContent();
    const secret = (shownKey ?? '').replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.getByLabel(s.totp.code, { exact: true }).fill(codeFor(secret));
    await page.getByRole('button', { name: s.totp.enable, exact: true }).click();

    const codes = page.getByRole('list', { name: s.recovery.listLabel }).getByRole('listitem');
    await expect.poll(() => codes.count()).toBe(10);
    for (const code of await codes.allTextContents()) expect(code.trim()).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    await page.getByRole('button', { name: s.recovery.saved, exact: true }).click();
    await page.getByText(s.totp.onStatus).waitFor();

    await signOut(page);
    await signInWithPassword(page, email);
    await page.getByRole('heading', { name: auth.secondFactor.heading }).waitFor();
    // The code of the next step: the one that turned the app on was spent, and a spent code is refused.
    await page.getByLabel(auth.secondFactor.code, { exact: true }).fill(codeFor(secret, 1));
    await page.getByRole('button', { name: auth.secondFactor.submit, exact: true }).click();
    await expectPath(page, '/dashboard');
  });

  test('a medic adds a passkey and then signs in with it alone', async () => {
    const email = uniqueEmail('passkey');
    await registerViaApi(practice().app, { name: 'Óscar', lname: 'Peña', email, password: PASSWORD, type: 'medic' });
    const { page, context } = await openTab(locale);
    const devtools = await context.newCDPSession(page);
    await devtools.send('WebAuthn.enable');
    await devtools.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
    });

    await page.goto('/login');
    await signInWithPassword(page, email);
    await expectPath(page, '/dashboard');
    await openSecurityFromMenu(page);

    const name = locale === 'es-ES' ? 'Portátil de la consulta' : 'Consulting room laptop';
    await page.getByLabel(s.passkeys.name, { exact: true }).fill(name);
    await page.getByRole('button', { name: s.passkeys.add, exact: true }).click();
    const reauthentication = page.getByRole('dialog', { name: s.passkeys.add });
    await reauthentication.getByLabel(s.reauthentication.password, { exact: true }).fill(PASSWORD);
    await reauthentication.getByRole('button', { name: s.passkeys.continueAdding, exact: true }).click();
    await page.getByText(fill(s.passkeys.added, { name })).first().waitFor();
    await page.getByRole('list', { name: s.passkeys.listLabel }).getByText(name).waitFor();

    await signOut(page);
    await page.getByRole('button', { name: auth.passkey.signIn, exact: true }).click();
    await expectPath(page, '/dashboard');
    await page.getByRole('button', { name: common.header.openUserMenu }).click();
    await page.getByRole('dialog').getByText(email).waitFor();
  });
});

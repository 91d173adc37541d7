// The practice's own HTTPS (`npm run tls`), in a browser that trusts the practice authority as an
// installed device does: the sign-in page loads with no certificate error, in a secure context
// where passkeys work, and the plain-HTTP address is sent on to HTTPS by the server itself.
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { cspErrors, launchBrowser, openTab, reportFailure, type Tab } from './harness';
import { startHttpsApp, type HttpsPractice } from './https-practice';
import { describeWithCertutil } from './needs-certutil';
import { texts } from './texts';

let practice: HttpsPractice;
let tab: Tab | undefined;

beforeAll(async () => {
  practice = await startHttpsApp();
});

afterAll(async () => {
  await practice?.close();
});

afterEach(async (context) => {
  if (!tab) return;
  const current = tab;
  tab = undefined;
  if (context.task.result?.state === 'fail') await reportFailure(current, practice.app, context.task.fullTestName);
  const csp = cspErrors(current.errors);
  await current.close();
  expect(csp, 'Content-Security-Policy violations in the console').toEqual([]);
});

describeWithCertutil('HTTPS on the practice network', () => {
  it('redirects http://localhost:<port>/ to HTTPS, from the server (308), not by the browser', async () => {
    tab = await openTab(practice.browser, 'es-ES');
    const response = await tab.page.goto(`http://localhost:${practice.port}/`);
    expect(response?.url()).toBe(`${practice.origin}/`);
    const redirect = response?.request().redirectedFrom();
    expect(redirect?.url()).toBe(`http://localhost:${practice.port}/`);
    // A redirect Chromium made itself (HSTS, HTTPS upgrades) would show as 307.
    expect((await redirect?.response())?.status()).toBe(308);
  });

  it('loads the sign-in page over HTTPS with no certificate error, in a secure context with WebAuthn', async () => {
    tab = await openTab(practice.browser, 'es-ES', practice.origin);
    const { page } = tab;
    // A certificate the browser did not trust would make goto throw (net::ERR_CERT_AUTHORITY_INVALID).
    const response = await page.goto('/login');
    expect(response?.status()).toBe(200);
    const security = await response?.securityDetails();
    expect(security?.issuer).toMatch(/^Expediente practice CA \d{4}-\d{2}-\d{2}$/);
    expect(security?.subjectName).toBe('localhost');
    expect(response?.headers()['strict-transport-security']).toBe('max-age=15552000');
    await page.getByLabel(texts['es-ES'].auth.login.email, { exact: true }).waitFor();

    expect(await page.evaluate(() => window.isSecureContext)).toBe(true);
    expect(await page.evaluate(() => typeof window.PublicKeyCredential)).toBe('function');
  });

  it('is refused by a browser that has not installed the practice authority', async () => {
    // So the trust above comes from the installed authority, not from checks that are off.
    const untrusting = await launchBrowser();
    try {
      const page = await untrusting.newPage();
      await expect(page.goto(`${practice.origin}/login`)).rejects.toThrow(/ERR_CERT_AUTHORITY_INVALID/);
    } finally {
      await untrusting.close();
    }
  });

  it('lets an authenticator make a passkey for the practice host on that origin', async () => {
    tab = await openTab(practice.browser, 'en-US', practice.origin);
    const { page, context } = tab;
    await page.goto('/login');
    // A platform authenticator in the browser itself (Chrome DevTools' virtual authenticator).
    const devtools = await context.newCDPSession(page);
    await devtools.send('WebAuthn.enable');
    await devtools.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
    });
    const made = await page.evaluate(async () => {
      const credential = (await navigator.credentials.create({
        publicKey: {
          rp: { id: 'localhost', name: 'Expediente' },
          user: { id: crypto.getRandomValues(new Uint8Array(16)), name: 'clara@example.test', displayName: 'Clara' },
          challenge: crypto.getRandomValues(new Uint8Array(32)),
          pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
          authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
        },
      })) as PublicKeyCredential | null;
      const client = credential ? JSON.parse(new TextDecoder().decode(credential.response.clientDataJSON)) : null;
      return { type: credential?.type, origin: client?.origin as string | undefined };
    });
    // The origin the authenticator signed is the one the server's relying party expects by default.
    expect(made).toEqual({ type: 'public-key', origin: practice.origin });
  });
});

// Sign-up, sign-in, sign-out, language and session expiry, driven through the real built app in
// Chromium, once with a Spanish browser and once with an English one.
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, test } from 'vitest';
import {
  cspErrors,
  openTab,
  registerViaApi,
  uniqueEmail,
  useJourney,
  type ApiSession,
  type Locale,
  type Tab,
} from './harness';
import { fill, texts, type Texts } from './texts';

const SESSION_KEY = 'expediente.session';
const LANGUAGE_KEY = 'expediente.lang';
const PASSWORD = 'secreto-123';
const TITLES: Record<Locale, { login: string; register: string; home: string }> = {
  'es-ES': { login: 'Expediente · Ingresar', register: 'Expediente · Registrarse', home: 'Expediente · Inicio' },
  'en-US': { login: 'Expediente · Sign in', register: 'Expediente · Sign up', home: 'Expediente · Home' },
};

const { app, browser, setTab } = useJourney();

function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

async function expectPath(page: Page, path: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === path);
  expect(pathOf(page)).toBe(path);
}

/** The title follows the language and the route after render, so wait for it as a user would. */
async function expectTitle(page: Page, title: string): Promise<void> {
  await expect.poll(() => page.title(), { timeout: 10_000 }).toBe(title);
}

async function storedSession(page: Page): Promise<ApiSession | null> {
  const raw = await page.evaluate((key) => localStorage.getItem(key), SESSION_KEY);
  return raw ? (JSON.parse(raw) as ApiSession) : null;
}

describe.each<Locale>(['es-ES', 'en-US'])('auth journeys, browser in %s', (locale) => {
  const t: Texts = texts[locale];
  let tab: Tab;
  let page: Page;

  beforeEach(async () => {
    tab = setTab(await openTab(browser(), locale, app().url));
    page = tab.page;
  });

  async function signIn(email: string, password: string): Promise<void> {
    await page.getByLabel(t.auth.login.email, { exact: true }).fill(email);
    await page.getByLabel(t.auth.login.password, { exact: true }).fill(password);
    await page.getByRole('button', { name: t.auth.login.submit, exact: true }).click();
  }

  async function signOut(): Promise<void> {
    await page.getByRole('button', { name: t.common.header.openUserMenu }).click();
    // The one in the user menu: a page may have its own sign-out button too.
    await page.getByRole('dialog').getByRole('button', { name: t.common.header.logout, exact: true }).click();
    await expectPath(page, '/login');
  }

  async function fillRegister(account: { name: string; lname: string; email: string; type: 'medic' | 'patient' }) {
    const r = t.auth.register;
    await page.getByLabel(r.name, { exact: true }).fill(account.name);
    await page.getByLabel(r.lname, { exact: true }).fill(account.lname);
    await page.getByRole('radio', { name: account.type === 'medic' ? r.typeMedic : r.typePatient, exact: true }).check();
    await page.getByLabel(r.email, { exact: true }).fill(account.email);
    await page.getByLabel(r.password, { exact: true }).fill(PASSWORD);
    await page.getByLabel(r.confirmPassword, { exact: true }).fill(PASSWORD);
  }

  async function openUserMenuItem(name: string): Promise<void> {
    await page.getByRole('button', { name: t.common.header.openUserMenu }).click();
    await page.getByRole('dialog').getByRole('link', { name, exact: true }).click();
  }

  test('a medic registers and waits; the administrator approves them; they sign in to the medic home', async () => {
    const email = uniqueEmail('medic');
    await page.goto('/register');
    await expectTitle(page, TITLES[locale].register);
    await fillRegister({ name: 'Ana', lname: 'Ruiz', email, type: 'medic' });
    await page.getByRole('button', { name: t.auth.register.submit, exact: true }).click();

    // No session yet: the page says why, and signing in is refused until approval.
    await page.getByRole('status').getByText(t.auth.register.pending).waitFor();
    expect(await storedSession(page)).toBeNull();
    await page.getByRole('link', { name: t.auth.register.pendingToLogin, exact: true }).click();
    await expectPath(page, '/login');
    await signIn(email, PASSWORD);
    await page.getByRole('alert').getByText(t.errors.ACCOUNT_PENDING).waitFor();

    // The administrator approves from the administration page.
    await page.getByLabel(t.auth.login.password, { exact: true }).fill('');
    await signIn(app().admin.user.email, app().admin.password);
    await expectPath(page, '/dashboard');
    await openUserMenuItem(t.common.header.admin);
    await expectPath(page, '/admin');
    await page.getByRole('heading', { name: t.admin.title, exact: true }).waitFor();
    await page.getByRole('button', { name: fill(t.admin.medics.approveNamed, { name: 'Ana Ruiz' }), exact: true }).click();
    await page.getByText(fill(t.admin.medics.approved, { name: 'Ana Ruiz' })).first().waitFor();
    await signOut();

    await signIn(email, PASSWORD);
    await expectPath(page, '/dashboard');
    await page.getByRole('heading', { name: t.common.medicHome.title }).waitFor();
    await expectTitle(page, TITLES[locale].home);
    expect((await storedSession(page))?.user).toMatchObject({ email, type: 'medic', isAdmin: false });
    // Only the administrator has the administration page.
    await page.getByRole('button', { name: t.common.header.openUserMenu }).click();
    expect(await page.getByRole('dialog').getByRole('link', { name: t.common.header.admin, exact: true }).count()).toBe(0);
    await page.keyboard.press('Escape');
  });

  test('a user changes their password from the user menu and signs in with the new one', async () => {
    const email = uniqueEmail('changer');
    await registerViaApi(app(), { name: 'Nora', lname: 'Vega', email, password: PASSWORD, type: 'patient' });
    await page.goto('/login');
    await signIn(email, PASSWORD);
    await page.getByText(fill(t.common.patientHome.welcome, { name: 'Nora' })).waitFor();

    await openUserMenuItem(t.common.header.changePassword);
    await expectPath(page, '/change-password');
    const a = t.account.password;
    await page.getByLabel(a.current, { exact: true }).fill('not-the-password');
    await page.getByLabel(a.new, { exact: true }).fill('otra-clave-larga-4');
    await page.getByLabel(a.confirm, { exact: true }).fill('otra-clave-larga-4');
    await page.getByRole('button', { name: a.submit, exact: true }).click();
    // The wrong current password is named on its field, and what was typed stays.
    await page.getByText(texts[locale].validation.currentPasswordWrong).waitFor();
    expect(await page.getByLabel(a.new, { exact: true }).inputValue()).toBe('otra-clave-larga-4');

    await page.getByLabel(a.current, { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: a.submit, exact: true }).click();
    await expectPath(page, '/dashboard');
    await page.getByText(a.success).first().waitFor();
    await signOut();

    await signIn(email, PASSWORD);
    await page.getByRole('alert').getByText(t.errors.INVALID_CREDENTIALS).waitFor();
    await page.getByLabel(t.auth.login.password, { exact: true }).fill('');
    await signIn(email, 'otra-clave-larga-4');
    await page.getByText(fill(t.common.patientHome.welcome, { name: 'Nora' })).waitFor();
  });

  test("after the administrator resets a password, the user must choose a new one before anything else", async () => {
    const email = uniqueEmail('forgetful');
    await registerViaApi(app(), { name: 'Raúl', lname: 'Olmo', email, password: PASSWORD, type: 'patient' });
    page.on('dialog', (dialog) => {
      void dialog.accept();
    });
    await page.goto('/login');
    await signIn(app().admin.user.email, app().admin.password);
    await expectPath(page, '/dashboard');
    await page.goto('/admin');
    await page.getByLabel(t.admin.reset.email, { exact: true }).fill(email);
    await page.getByRole('button', { name: t.admin.reset.find, exact: true }).click();
    await page.getByRole('button', { name: t.admin.reset.resetButton, exact: true }).click();
    const shown = page.getByRole('dialog', { name: t.admin.reset.dialogTitle });
    const temporary = ((await shown.locator('code').textContent()) ?? '').trim();
    expect(temporary).toMatch(/^[A-Za-z2-9]{4}(-[A-Za-z2-9]{4}){3}$/);
    await shown.getByRole('button', { name: t.admin.reset.done, exact: true }).click();
    await signOut();

    await signIn(email, temporary);
    await page.getByRole('heading', { name: t.account.password.forcedTitle }).waitFor();
    await page.getByText(t.account.password.forcedIntro).waitFor();
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: t.account.password.forcedTitle }).waitFor();
    await page.getByLabel(t.account.password.current, { exact: true }).fill(temporary);
    await page.getByLabel(t.account.password.new, { exact: true }).fill('mi-clave-propia-8');
    await page.getByLabel(t.account.password.confirm, { exact: true }).fill('mi-clave-propia-8');
    await page.getByRole('button', { name: t.account.password.submit, exact: true }).click();
    await page.getByText(fill(t.common.patientHome.welcome, { name: 'Raúl' })).waitFor();
  });

  test("a patient registers naming their medic's email and lands on the patient home", async () => {
    const medic = await registerViaApi(app(), {
      name: 'Luis',
      lname: 'Pérez',
      email: uniqueEmail('doctor'),
      password: PASSWORD,
      type: 'medic',
    });
    const email = uniqueEmail('patient');
    await page.goto('/register');
    await fillRegister({ name: 'Marta', lname: 'Gómez', email, type: 'patient' });
    await page.getByLabel(t.auth.register.doctorEmail, { exact: true }).fill(medic.user.email);
    await page.getByRole('button', { name: t.auth.register.submit, exact: true }).click();

    await expectPath(page, '/dashboard');
    await page.getByText(fill(t.common.patientHome.welcome, { name: 'Marta' })).waitFor();
    expect((await storedSession(page))?.user).toMatchObject({ email, type: 'patient' });

    // The registration linked the patient to that medic.
    const response = await fetch(`${app().url}/api/medics/my-patients`, {
      headers: { authorization: `Bearer ${medic.access_token}` },
    });
    expect(response.status).toBe(200);
    const { patients } = (await response.json()) as { patients: { email: string }[] };
    expect(patients.map((patient) => patient.email)).toContain(email);
  });

  test('a wrong password shows the error and stays on the login page', async () => {
    const email = uniqueEmail('wrongpw');
    await registerViaApi(app(), { name: 'Eva', lname: 'Soto', email, password: PASSWORD, type: 'medic' });
    await page.goto('/login');
    await expectTitle(page, TITLES[locale].login);
    await signIn(email, 'not-the-password');

    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect((await alert.textContent())?.trim()).toBe(t.errors.INVALID_CREDENTIALS);
    expect(pathOf(page)).toBe('/login');
    expect(await storedSession(page)).toBeNull();
  });

  test('the chosen language is kept across a reload', async () => {
    const [other, otherTexts, otherKey] =
      locale === 'es-ES' ? (['en-US', texts['en-US'], 'en'] as const) : (['es-ES', texts['es-ES'], 'es'] as const);
    await page.goto('/login');
    // With nothing stored, the browser's language decides.
    await page.getByRole('heading', { name: t.auth.login.heading, exact: true }).waitFor();
    await expectTitle(page, TITLES[locale].login);

    await page.getByRole('button', { name: `${otherKey.toUpperCase()} ${otherTexts.common.languages[otherKey]}`, exact: true }).click();
    await page.getByRole('heading', { name: otherTexts.auth.login.heading, exact: true }).waitFor();
    expect(await page.evaluate((key) => localStorage.getItem(key), LANGUAGE_KEY)).toBe(otherKey);

    await page.reload();
    await page.getByRole('heading', { name: otherTexts.auth.login.heading, exact: true }).waitFor();
    await page.getByLabel(otherTexts.auth.login.password, { exact: true }).waitFor();
    await expectTitle(page, TITLES[other].login);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(otherKey);
  });

  test('visiting /dashboard (or /) signed out redirects to /login', async () => {
    await page.goto('/dashboard');
    await expectPath(page, '/login');
    await page.getByRole('heading', { name: t.auth.login.heading, exact: true }).waitFor();

    await page.goto('/');
    await expectPath(page, '/login');
    await page.getByRole('heading', { name: t.auth.login.heading, exact: true }).waitFor();
  });

  test('a tampered token is rejected and the app goes to /login', async () => {
    const session = await registerViaApi(app(), {
      name: 'Iván',
      lname: 'Mora',
      email: uniqueEmail('tampered'),
      password: PASSWORD,
      type: 'medic',
    });
    const token = session.access_token;
    // Change the signature's first character: still well-formed, no longer valid.
    const dot = token.lastIndexOf('.');
    const flipped = token[dot + 1] === 'A' ? 'B' : 'A';
    const tampered = { ...session, access_token: `${token.slice(0, dot + 1)}${flipped}${token.slice(dot + 2)}` };

    await page.goto('/login');
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [SESSION_KEY, JSON.stringify(tampered)] as const);
    const unauthorized = page.waitForResponse((response) => response.status() === 401);
    await page.goto('/dashboard');
    await unauthorized;

    await expectPath(page, '/login');
    await page.getByRole('heading', { name: t.auth.login.heading, exact: true }).waitFor();
    expect(await storedSession(page)).toBeNull();
  });

  test('a session revoked on the server sends the user to /login on reload', async () => {
    const email = uniqueEmail('revoked');
    await registerViaApi(app(), { name: 'Sara', lname: 'León', email, password: PASSWORD, type: 'patient' });
    await page.goto('/login');
    await signIn(email, PASSWORD);
    await expectPath(page, '/dashboard');
    await page.getByText(fill(t.common.patientHome.welcome, { name: 'Sara' })).waitFor();

    const session = await storedSession(page);
    expect(session?.access_token).toBeTruthy();
    const logout = await fetch(`${app().url}/api/auth/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session!.access_token}` },
    });
    expect(logout.status).toBe(204);

    await page.reload();
    await expectPath(page, '/login');
    await page.getByRole('heading', { name: t.auth.login.heading, exact: true }).waitFor();
    expect(await storedSession(page)).toBeNull();
  });
});

test('a browser in neither language gets Spanish, the default', async () => {
  const tab = await openTab(browser(), 'fr-FR', app().url);
  try {
    await tab.page.goto('/login');
    await tab.page.getByRole('heading', { name: texts['es-ES'].auth.login.heading, exact: true }).waitFor();
    await expectTitle(tab.page, TITLES['es-ES'].login);
    expect(await tab.page.evaluate(() => document.documentElement.lang)).toBe('es');
    expect(cspErrors(tab.errors)).toEqual([]);
  } finally {
    await tab.close();
  }
});

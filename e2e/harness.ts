// The browser journeys' harness: the real server as a child process on a fresh data directory
// (server-process.ts), Debian's Chromium through playwright-core, and one browser context per test.
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { CHROMIUM_ARGS } from '../scripts/chromium';
import { repoRoot } from '../scripts/client-build';
import { startServerProcess, type ServerProcess, type StartOptions } from './server-process';

export { E2E_PASSPHRASE, startServerProcess, type ServerProcess, type StartOptions } from './server-process';

export interface App extends ServerProcess {
  /** The practice administrator: the first medic, registered as soon as the server listens. */
  admin: ApiSession & { password: string };
}

/** The server of a journey, on an encrypted practice, with its administrator registered through the API. */
export async function startApp(extraEnv: NodeJS.ProcessEnv = {}, options: StartOptions = {}): Promise<App> {
  const server = await startServerProcess(extraEnv, options);
  try {
    return { ...server, admin: { ...(await registerAdministrator(server.url, server.fetch)), password: ADMIN_PASSWORD } };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/** `env`: the browser's environment, e.g. a HOME whose certificate store trusts the practice's authority (https-practice.ts). */
export function launchBrowser(options: { env?: NodeJS.ProcessEnv } = {}): Promise<Browser> {
  return chromium.launch({ executablePath: inject('chromiumPath'), args: [...CHROMIUM_ARGS], headless: true, env: options.env });
}

export type Locale = 'es-ES' | 'en-US';

export interface Tab {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught page errors seen so far. */
  errors: string[];
  close(): Promise<void>;
}

/** A fresh context (empty storage) whose browser language is `locale`. */
export async function openTab(browser: Browser, locale: Locale | (string & {}), baseURL?: string): Promise<Tab> {
  const context = await browser.newContext({ locale, baseURL });
  // The journeys run beside the server's and the client's tests (scripts/test.ts), so on a two-core
  // machine a page may wait its turn for a core: a real failure still fails, only later.
  context.setDefaultTimeout(20_000);
  context.setDefaultNavigationTimeout(20_000);
  // A violation the page's own code catches (a probe, a refused style) reaches no console message by
  // itself: every one is written to the console, where cspErrors() finds it after each test.
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`Content-Security-Policy violation: ${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`),
    );
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return { context, page, errors, close: () => context.close() };
}

/** Calls the REST API as `session`: the answer's JSON, or an error naming the call when its status is not `expected`. */
export async function callApiAs(app: App, session: ApiSession, method: string, path: string, body: object | undefined, expected: number): Promise<unknown> {
  const answer = await callApi(app.url, method, path, body, session.access_token, app.fetch);
  if (answer.status !== expected) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** The id of the medic's patient whose email is `email` (a patient who named the medic on registering). */
export async function linkedPatientId(app: App, medic: ApiSession, email: string): Promise<number> {
  const { patients } = (await callApiAs(app, medic, 'GET', '/medics/my-patients', undefined, 200)) as { patients: { idPatient: number; email: string }[] };
  const patient = patients.find((item) => item.email === email);
  if (!patient) throw new Error(`${email} is not linked to the medic`);
  return patient.idPatient;
}

/** Where the client keeps the sign-in and the chosen language (client/src/lib/session-storage.ts, lib/i18n.ts). */
export const SESSION_KEY = 'expediente.session';
export const LANGUAGE_KEY = 'expediente.lang';

/**
 * A tab in `locale` whose app starts in that language and, when `session` is given, signed in as it:
 * both stored before any page loads, as the client stores them itself.
 */
export async function openAppTab(browser: Browser, locale: Locale, baseURL: string, session?: ApiSession): Promise<Tab> {
  const tab = await openTab(browser, locale, baseURL);
  await tab.context.addInitScript(
    ([sessionKey, value, languageKey, language]) => {
      if (value) localStorage.setItem(sessionKey!, value);
      localStorage.setItem(languageKey!, language!);
    },
    [SESSION_KEY, session ? JSON.stringify(session) : '', LANGUAGE_KEY, locale.slice(0, 2)],
  );
  return tab;
}

export function cspErrors(errors: string[]): string[] {
  return errors.filter((text) => /content[- ]security[- ]policy/i.test(text));
}

/** After a failed test: a screenshot in test-results/ (git-ignored), the browser's errors and the server's output. */
export async function reportFailure(tab: Tab, app: ServerProcess, testName: string): Promise<void> {
  const dir = join(repoRoot, 'test-results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${testName.replace(/[^\w-]+/g, '_')}.png`);
  const saved = await tab.page.screenshot({ path: file, fullPage: true }).then(
    () => true,
    () => false,
  );
  console.error(
    [
      `Failed at ${tab.page.url()}${saved ? `; screenshot ${file}` : ''}`,
      `browser errors:\n${tab.errors.join('\n') || '(none)'}`,
      app.output(),
    ].join('\n'),
  );
}

export interface Journey {
  app(): App;
  browser(): Browser;
  /** Hands the test's tab to the harness, which reports, checks and closes it after the test. */
  setTab(tab: Tab): Tab;
}

/**
 * The set-up every journey file shares: one server and one browser for the file; after each test,
 * the failure report, the check that the console saw no Content-Security-Policy violation, and
 * closing the tab that setTab() was last given. Call it once, at the top of the file; `serverEnv`
 * adds server settings (e.g. PRACTICE_NAME) for the file's server.
 */
export function useJourney(serverEnv: NodeJS.ProcessEnv = {}): Journey {
  let app: App | undefined;
  let browser: Browser | undefined;
  let tab: Tab | undefined;

  beforeAll(async () => {
    app = await startApp(serverEnv);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  afterEach(async (context) => {
    if (!tab) return;
    const current = tab;
    tab = undefined;
    // The full test name carries the describe block's language, so the two runs of a test get their own screenshot.
    if (context.task.result?.state === 'fail') await reportFailure(current, app!, context.task.fullTestName);
    const csp = cspErrors(current.errors);
    await current.close();
    expect(csp, 'Content-Security-Policy violations in the console').toEqual([]);
  });

  return {
    app: () => app!,
    browser: () => browser!,
    setTab: (next) => (tab = next),
  };
}

/** An address no other test uses, so tests never collide on EMAIL_TAKEN. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.test`;
}

export interface ApiSession {
  access_token: string;
  user: { idUser: number; name: string; lname: string; email: string; type: 'patient' | 'medic' };
}

export interface NewAccount {
  name: string;
  lname: string;
  email: string;
  password: string;
  type: 'patient' | 'medic';
  doctorEmail?: string;
}

export const ADMIN_PASSWORD = 'admin-de-la-consulta-1';

async function callApi<T>(baseUrl: string, method: string, path: string, body?: object, token?: string, send: typeof fetch = fetch): Promise<{ status: number; body: T }> {
  const response = await send(`${baseUrl}/api${path}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

/** Every journey's server gets its administrator first, as a practice would on installing. */
async function registerAdministrator(baseUrl: string, send: typeof fetch): Promise<ApiSession> {
  const administrator = { name: 'Clara', lname: 'Administradora', email: uniqueEmail('admin'), password: ADMIN_PASSWORD, type: 'medic' };
  const { status, body } = await callApi<ApiSession>(baseUrl, 'POST', '/auth/register', administrator, undefined, send);
  if (status !== 201 || !body.user) throw new Error(`registering the administrator: ${status} ${JSON.stringify(body)}`);
  return body;
}

/**
 * Creates an account through the REST API, for journeys whose subject is not registration. A medic
 * waits for approval, so the administrator approves them through the API and they sign in.
 */
export async function registerViaApi(app: App, account: NewAccount): Promise<ApiSession> {
  const registered = await callApi<ApiSession | { pending: true }>(app.url, 'POST', '/auth/register', account, undefined, app.fetch);
  if (registered.status !== 201) throw new Error(`register ${account.email}: ${registered.status} ${JSON.stringify(registered.body)}`);
  if (!('pending' in registered.body)) return registered.body;
  await approveViaApi(app, account.email);
  const login = await callApi<ApiSession>(app.url, 'POST', '/auth/login', { email: account.email, password: account.password }, undefined, app.fetch);
  if (login.status !== 200) throw new Error(`sign-in after approval ${account.email}: ${login.status} ${JSON.stringify(login.body)}`);
  return login.body;
}

/** The administrator approves the pending medic with this email. */
export async function approveViaApi(app: App, email: string): Promise<void> {
  const { body } = await callApi<{ medics: { idMedic: number; email: string }[] }>(app.url, 'GET', '/admin/medics', undefined, app.admin.access_token, app.fetch);
  const medic = body.medics.find((candidate) => candidate.email.toLowerCase() === email.toLowerCase());
  if (!medic) throw new Error(`no medic account ${email} to approve`);
  const approved = await callApi(app.url, 'POST', `/admin/medics/${medic.idMedic}/approve`, undefined, app.admin.access_token, app.fetch);
  if (approved.status !== 200) throw new Error(`approving ${email}: ${approved.status} ${JSON.stringify(approved.body)}`);
}

/** A medic asks for a patient's record and the patient accepts, as the consent rule requires. */
export async function linkViaApi(app: App, medic: ApiSession, patient: ApiSession): Promise<void> {
  const asked = await callApi<{ request: { idRequest: number } }>(app.url, 'POST', '/medics/link-patient', { patientEmail: patient.user.email }, medic.access_token, app.fetch);
  if (asked.status !== 202) throw new Error(`link request: ${asked.status} ${JSON.stringify(asked.body)}`);
  const accepted = await callApi(app.url, 'POST', `/patients/me/link-requests/${asked.body.request.idRequest}/accept`, undefined, patient.access_token, app.fetch);
  if (accepted.status !== 200) throw new Error(`accepting the link request: ${accepted.status} ${JSON.stringify(accepted.body)}`);
}

/** Answers the page's next browser confirmation (accept, or dismiss as Cancel and Escape do) and hands back its text. */
export function answerNextConfirmation(page: Page, answer: 'accept' | 'dismiss' = 'accept'): Promise<string> {
  return new Promise((resolve) => {
    page.once('dialog', (dialog) => {
      resolve(dialog.message());
      void dialog[answer]();
    });
  });
}

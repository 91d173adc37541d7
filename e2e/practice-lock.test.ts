// The locked practice in the real built app (API.md "Encryption at rest"), in Chromium, with a Spanish
// browser and an English one: a new practice started without a passphrase is set up in the browser
// (the passphrase twice, the recovery key shown once, printed alone, said to be kept with the
// keyboard) and goes on to its first registration; a practice started without its passphrase opens
// with the recovery key after a wrong passphrase, and goes on to sign-in. Every page passes axe.
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest';
import { createPracticeKey, writePracticeKeyFile } from '../server/encryption/practice-key';
import { axeCheck } from './axe-check';
import { cspErrors, E2E_PASSPHRASE, launchBrowser, openTab, reportFailure, startServerProcess, uniqueEmail, type Locale, type ServerProcess, type Tab } from './harness';
import { texts } from './texts';

const { expectAccessible, report } = axeCheck('practice lock');
let browser: Browser;
let server: ServerProcess | undefined;
let tab: Tab | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterEach(async (context) => {
  if (tab && server && context.task.result?.state === 'fail') await reportFailure(tab, server, context.task.fullTestName);
  const csp = tab ? cspErrors(tab.errors) : [];
  await tab?.close();
  await server?.stop();
  tab = undefined;
  server = undefined;
  expect(csp, 'Content-Security-Policy violations in the console').toEqual([]);
});
afterAll(async () => {
  await browser?.close();
  report();
});

const pathOf = (page: Page) => new URL(page.url()).pathname;

describe.each<Locale>(['es-ES', 'en-US'])('the locked practice, browser in %s', (locale) => {
  const t = texts[locale].auth;
  const lock = t.practiceLock;
  const where = (page: string) => `${page} (${locale})`;

  test('a new practice is set up in the browser: its passphrase twice, its recovery key once, printed alone, then the first registration', async () => {
    server = await startServerProcess({ PASSPHRASE: '' });
    tab = await openTab(browser, locale, server.url);
    const { page } = tab;
    await page.goto('/');
    await expect.poll(() => pathOf(page)).toBe('/set-up');
    await page.getByRole('heading', { name: lock.setUp.heading }).waitFor();
    await expectAccessible(page, where('set-up'));

    const chosen = `${E2E_PASSPHRASE} en ${locale}`;
    await page.getByLabel(lock.setUp.passphrase, { exact: true }).fill(chosen);
    await page.getByLabel(lock.setUp.confirm, { exact: true }).fill(chosen);
    await page.getByRole('button', { name: lock.setUp.submit, exact: true }).click();

    await page.getByRole('heading', { name: lock.recoveryKey.heading }).waitFor();
    const groups = await page.getByRole('listitem').allTextContents();
    expect(groups).toHaveLength(13);
    expect(groups.join('-')).toMatch(/^([0-9A-Z]{4}-){12}[0-9A-Z]{4}$/);
    await expectAccessible(page, where('recovery key'));

    // On paper, the key and what it is for, and nothing else of the page.
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('listitem').first().isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: lock.recoveryKey.heading }).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: lock.recoveryKey.print }).isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });

    // By keyboard: going on without saying it is kept is refused, and the box to tick gets the focus.
    await page.getByRole('button', { name: lock.recoveryKey.continue }).focus();
    await page.keyboard.press('Enter');
    await page.getByText(lock.recoveryKey.keptRequired).waitFor();
    const kept = page.getByRole('checkbox', { name: lock.recoveryKey.kept });
    await expect.poll(() => kept.evaluate((box) => box === document.activeElement)).toBe(true);
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');

    await expect.poll(() => pathOf(page), { timeout: 20_000 }).toBe('/register');
    const r = t.register;
    await page.getByLabel(r.name, { exact: true }).fill('Clara');
    await page.getByLabel(r.lname, { exact: true }).fill('Administradora');
    await page.getByRole('radio', { name: r.typeMedic, exact: true }).check();
    await page.getByLabel(r.email, { exact: true }).fill(uniqueEmail('primera'));
    await page.getByLabel(r.password, { exact: true }).fill('clave-de-la-primera-1');
    await page.getByLabel(r.confirmPassword, { exact: true }).fill('clave-de-la-primera-1');
    await page.getByRole('button', { name: r.submit, exact: true }).click();
    await expect.poll(() => pathOf(page), { timeout: 20_000 }).not.toBe('/register');
    expect(server.output()).not.toContain(groups.join('-'));
  });

  test('a practice started without its passphrase opens with the recovery key after a wrong passphrase, then goes to sign-in', async () => {
    // A practice key made beforehand, as a practice that ran before leaves it; the server is given no passphrase.
    const dataDir = mkdtempSync(join(inject('e2eRunDir'), 'locked-'));
    const { file, recoveryKey } = await createPracticeKey(E2E_PASSPHRASE, { memoryCost: 1024, timeCost: 1, parallelism: 1 });
    writePracticeKeyFile(dataDir, file);
    server = await startServerProcess({ PASSPHRASE: '' }, { dataDir });
    tab = await openTab(browser, locale, server.url);
    const { page } = tab;
    await page.goto('/login');
    await expect.poll(() => pathOf(page)).toBe('/unlock');
    await page.getByRole('heading', { name: lock.unlock.heading }).waitFor();
    await expectAccessible(page, where('unlock'));

    const passphrase = page.getByLabel(lock.unlock.passphrase, { exact: true });
    await expect.poll(() => passphrase.evaluate((field) => field === document.activeElement)).toBe(true);
    await page.keyboard.type('no es la frase');
    await page.keyboard.press('Enter');
    await page.getByRole('alert').filter({ hasText: lock.unlock.wrongPassphrase }).waitFor();
    await expectAccessible(page, where('unlock with a wrong passphrase'));

    await page.getByRole('button', { name: lock.unlock.useRecoveryKey }).click();
    await page.getByLabel(lock.unlock.recoveryKey, { exact: true }).fill(recoveryKey.toLowerCase().replaceAll('-', ' '));
    await page.getByRole('button', { name: lock.unlock.submit, exact: true }).click();
    await expect.poll(() => pathOf(page), { timeout: 20_000 }).toBe('/login');
    await page.getByRole('heading', { name: t.login.heading }).waitFor();
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
  });
});

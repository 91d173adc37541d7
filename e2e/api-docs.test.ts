// /api/docs in Chromium: the API reference renders from /api/openapi.json under the app's
// Content-Security-Policy (its script and styles are the built client's own files), in both languages.
import { describe, expect, test } from 'vitest';
import { openTab, useJourney, type Locale } from './harness';

const { app, browser, setTab } = useJourney();

const HEADINGS: Record<Locale, string> = { 'es-ES': 'Referencia de la API', 'en-US': 'API reference' };

describe.each<Locale>(['es-ES', 'en-US'])('API reference, browser in %s', (locale) => {
  test('renders every area and route with no Content-Security-Policy violation', async () => {
    // The harness fails the test on any violation the page reports (useJourney).
    const { page } = setTab(await openTab(browser(), locale, app().url));
    const response = await page.goto('/api/docs');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");

    await page.getByRole('heading', { level: 1, name: HEADINGS[locale], exact: true }).waitFor();
    for (const area of ['auth', 'admin', 'medics', 'patients', 'clinical-history', 'documents', 'health']) {
      await page.getByRole('heading', { level: 2, name: area, exact: true }).waitFor();
    }
    await page.getByText('/api/auth/login', { exact: true }).waitFor();
    await expect.poll(() => page.getByText('/api/patients/{idPatient}/vitals/{itemId}', { exact: true }).count()).toBe(2);
    const login = page.locator('#auth\\.login');
    await expect.poll(() => login.getByRole('cell', { name: 'password', exact: true }).count()).toBe(1);
    await expect.poll(() => page.locator('.api-op').count()).toBeGreaterThan(50);
    expect(await page.title()).toBe(`Expediente · ${HEADINGS[locale]}`);
  });
});

// The audit review in Chromium, over the practice's own HTTPS with its authority trusted
// (https-practice.ts), once in Spanish and once in English: a medic reads two patients' records; the
// administrator opens the audit trail, narrows it to one of the two patients from a row of the
// table, sees only that patient's events, and downloads the CSV of the same filter, which holds that
// patient's events and no other's.
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import enAudit from '../shared/locales/en/audit.json';
import esAudit from '../shared/locales/es/audit.json';
import { AUDIT_ACTIONS } from '../shared/audit-actions';
import { callApiAs, linkedPatientId, openAppTab, registerViaApi, uniqueEmail, type Locale } from './harness';
import { useHttpsJourney } from './https-journey';
import { describeWithCertutil } from './needs-certutil';
import { fill } from './texts';

const PASSWORD = 'secreto-de-la-consulta-9';
const auditTexts = { 'es-ES': esAudit, 'en-US': enAudit } as const;

const { practice, adopt } = useHttpsJourney();

/** RFC 4180 rows: quoted cells may hold commas, quotes (doubled) and line breaks. */
function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

describeWithCertutil.each<Locale>(['es-ES', 'en-US'])('the audit review over the practice HTTPS, browser in %s', (locale) => {
  const a = auditTexts[locale];

  test('the administrator narrows the trail to one patient and downloads the CSV of that filter', async () => {
    const app = practice().app;
    const medic = await registerViaApi(app, { name: 'Rosa', lname: 'Ibarra', email: uniqueEmail('medic'), password: PASSWORD, type: 'medic' });
    const watchedEmail = uniqueEmail('watched');
    const otherEmail = uniqueEmail('other');
    await registerViaApi(app, { name: 'Julián', lname: 'Cortés', email: watchedEmail, password: PASSWORD, type: 'patient', doctorEmail: medic.user.email });
    await registerViaApi(app, { name: 'Marta', lname: 'Lozano', email: otherEmail, password: PASSWORD, type: 'patient', doctorEmail: medic.user.email });
    const watched = await linkedPatientId(app, medic, watchedEmail);
    const other = await linkedPatientId(app, medic, otherEmail);
    await callApiAs(app, medic, 'GET', `/patients/${watched}`, undefined, 200);
    await callApiAs(app, medic, 'GET', `/patients/${other}`, undefined, 200);

    const { page } = adopt(await openAppTab(practice().browser, locale, practice().origin, app.admin));
    // A laptop's 1280 px: the whole table fits, with no sideways scrolling, and actions read as words.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/admin/audit');
    const table = page.getByRole('table', { name: a.table.caption });
    await table.waitFor();
    await table.getByRole('row').filter({ hasText: 'Marta Lozano' }).first().waitFor();
    const region = page.getByRole('region', { name: a.table.caption });
    const widths = await region.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    await table.getByText(AUDIT_ACTIONS['patient.read'][locale === 'en-US' ? 'en' : 'es'], { exact: true }).first().waitFor();

    const onlyWatched = fill(a.table.onlyPatient, { name: 'Julián Cortés' });
    await table.getByRole('button', { name: onlyWatched, exact: true }).first().click();
    await expect.poll(() => new URL(page.url()).searchParams.get('idPatient')).toBe(String(watched));
    // Only the watched patient's events remain; the row's own "only" button is gone with the filter on.
    await expect.poll(() => table.getByRole('row').filter({ hasText: 'Marta Lozano' }).count()).toBe(0);
    const rows = table.locator('tbody tr');
    expect(await rows.count()).toBeGreaterThan(0);
    for (const text of await rows.allTextContents()) expect(text).toContain('Julián Cortés');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: a.csv.download, exact: true }).click()]);
    expect(download.suggestedFilename()).toMatch(/^auditoria-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = readFileSync(await download.path(), 'utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const [header, ...events] = csvRows(text.slice(1)).filter((row) => row.some((cell) => cell !== ''));
    const column = header!.indexOf('idPatient');
    expect(column).toBeGreaterThanOrEqual(0);
    expect(events.length).toBe(await rows.count());
    for (const event of events) expect(event[column]).toBe(String(watched));
    expect(events.some((event) => event[header!.indexOf('action')] === 'patient.read')).toBe(true);
  });
});

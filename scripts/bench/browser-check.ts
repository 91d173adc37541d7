// `npx tsx scripts/bench/browser-check.ts [--patients 5000]`: the medic home in a real browser on a
// practice of benchmark size. Seeds a temporary practice, starts the real server as `npm start`
// does, drives Debian's Chromium and measures what a medic feels, by the page's own clock
// (in-page-stopwatch.ts): the sign-in click to the first patient card painted, the last key of a
// 13-character filter (a real patient's full name) to that patient's card painted,
// how many cards the page holds after scrolling to the end a few times, the JS heap, and then a
// record's vital-sign charts (104 weekly readings) from the data's arrival to drawn. Prints a
// table and PASS/FAIL per goal; exits 1 when one fails. Not part of `npm test`: it takes a minute
// and its numbers belong to the machine it ran on.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { chromium, type Page } from 'playwright-core';
import enAuth from '../../shared/locales/en/auth.json';
import enPatients from '../../shared/locales/en/patients.json';
import { CHROMIUM_ARGS, DEBIAN_CHROMIUM } from '../chromium';
import { armStopwatch, stopwatchReading } from './in-page-stopwatch';
import { seedPractice } from './seed';
import { measureVitalsTrends, seedWeeklyVitals, TREND_WEEKS } from './vitals-trends-check';
import { startRealServer } from './server-launch';

const { values: args } = parseArgs({ options: { patients: { type: 'string', default: '5000' } } });
const patientCount = Number(args.patients);

const GOALS = { signInMs: 1_000, filterMs: 500, cards: 300, trendsMs: 200 };
const FILTER_LENGTH = 13;
const SCROLLS = 8;
const TIMEOUT_MS = 30_000;

/** A patient whose "name lname" has the filter's length, far enough down the list not to be on its first page. */
function patientToFind(dataDir: string): string {
  const db = new Database(join(dataDir, 'expediente.db'), { readonly: true });
  try {
    const rows = db
      .prepare("select u.name || ' ' || u.lname as fullName from patients p join users u on u.id = p.user_id order by u.lname collate nocase desc, u.name collate nocase desc")
      .all() as { fullName: string }[];
    const found = rows.find((row) => row.fullName.length === FILTER_LENGTH);
    if (!found) throw new Error(`no seeded patient has a ${FILTER_LENGTH}-character full name`);
    return found.fullName;
  } finally {
    db.close();
  }
}

const cardCount = (page: Page) => page.evaluate(() => document.querySelectorAll('article').length);

async function measure(url: string, medic: { email: string; password: string }, fullName: string, trendsPatientId: number) {
  const browser = await chromium.launch({ executablePath: DEBIAN_CHROMIUM, args: [...CHROMIUM_ARGS] });
  try {
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    page.setDefaultTimeout(TIMEOUT_MS);
    await page.goto(`${url}/login`);
    await page.getByLabel(enAuth.login.email, { exact: true }).fill(medic.email);
    await page.getByLabel(enAuth.login.password, { exact: true }).fill(medic.password);
    await armStopwatch(page, { startOn: 'click', cardName: null, timeoutMs: TIMEOUT_MS });
    await page.getByRole('button', { name: enAuth.login.submit, exact: true }).click();
    const signInMs = await stopwatchReading(page);

    const search = page.getByRole('searchbox', { name: enPatients.home.searchLabel });
    await search.click();
    await page.keyboard.type(fullName.slice(0, -1), { delay: 40 });
    await armStopwatch(page, { startOn: 'keydown', cardName: fullName, timeoutMs: TIMEOUT_MS });
    await page.keyboard.type(fullName.slice(-1));
    const filterMs = await stopwatchReading(page);

    await search.fill('');
    await page.waitForFunction(() => document.querySelectorAll('article').length > 1);
    let maxCards = 0;
    for (let scroll = 0; scroll < SCROLLS; scroll += 1) {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      // Let the next page arrive and the rows near the new end render.
      await page.waitForTimeout(400);
      maxCards = Math.max(maxCards, await cardCount(page));
    }
    const loaded = await page.evaluate(() => Number(document.querySelector('.patient-grid > li:last-child')?.getAttribute('aria-posinset') ?? 0));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const { metrics } = await cdp.send('Performance.getMetrics');
    const heapBytes = metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? Number.NaN;
    const cardsAtEnd = await cardCount(page);
    const trendsMs = await measureVitalsTrends(page, url, trendsPatientId);
    return { signInMs, filterMs, maxCards, cardsAtEnd, loaded, heapMb: heapBytes / 1024 / 1024, trendsMs };
  } finally {
    await browser.close();
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'expediente-browser-check-'));
let server: ChildProcess | undefined;
try {
  const seedStart = performance.now();
  const practice = await seedPractice({ dataDir, patients: patientCount });
  console.log(`Seeded ${practice.patientCount} patients in ${Math.round(performance.now() - seedStart)} ms`);
  const fullName = patientToFind(dataDir);
  const trendsPatientId = seedWeeklyVitals(dataDir);
  const started = await startRealServer({ DATA_DIR: dataDir, NODE_ENV: 'production', AUTH_REQUESTS_PER_MINUTE: '10000' });
  server = started.child;
  const result = await measure(started.url, practice.medic, fullName, trendsPatientId);

  const verdict = (pass: boolean) => (pass ? 'PASS' : 'FAIL');
  const rows = [
    ['Sign-in to first patient card', `${result.signInMs.toFixed(0)} ms`, `≤ ${GOALS.signInMs} ms`, verdict(result.signInMs <= GOALS.signInMs)],
    [`Last key of "${fullName}" to its card`, `${result.filterMs.toFixed(0)} ms`, `≤ ${GOALS.filterMs} ms`, verdict(result.filterMs <= GOALS.filterMs)],
    [
      `Cards in the page, ${SCROLLS} scrolls to the end (max)`,
      `${result.maxCards} (of ${result.loaded} loaded)`,
      `≤ ${GOALS.cards}`,
      verdict(result.maxCards <= GOALS.cards),
    ],
    ['JS heap used', `${result.heapMb.toFixed(1)} MB`, '', ''],
    [`Record's vital-sign charts, ${TREND_WEEKS} weekly readings: data to drawn`, `${result.trendsMs.toFixed(0)} ms`, `≤ ${GOALS.trendsMs} ms`, verdict(result.trendsMs <= GOALS.trendsMs)],
  ];
  console.log(`\nMedic home with ${patientCount} patients (Chromium 1280×800)`);
  const widths = [0, 1, 2, 3].map((column) => Math.max(...rows.map((row) => row[column]!.length)));
  for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column]!)).join('  ').trimEnd());
  const failed = rows.some((row) => row[3] === 'FAIL');
  console.log(failed ? '\nFAIL: a goal was missed' : '\nPASS: every goal met');
  process.exitCode = failed ? 1 : 0;
} finally {
  server?.kill('SIGTERM');
  if (server && server.exitCode === null) await new Promise((resolve) => server!.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}

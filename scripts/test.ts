// `npm test`: every vitest project (server, server-postgres, client, e2e), ending with one summary line
// `N passed, N failed[, N skipped]` that CI reads. Extra arguments go to vitest unchanged, in one run.
//
// Without arguments it makes two vitest runs side by side: the browser journeys (e2e), one file at a
// time since each drives a server and a Chromium, and the server and client projects. In a single run
// vitest keeps a project limited to one file at a time for after every other file, so on a two-core
// machine the journeys ran alone at the end and the rest before them, each on one core. The client is
// built once first, for the journeys' server and the tests that weigh the build.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { testPostgresUrl } from '../server/test/postgres-database';
import { findChromium } from './chromium';
import { ensureClientBuilt } from './client-build';
import { addSummaries, summarize, summaryLine, type JsonReport, type Summary } from './test-report';
import { runVitest } from './vitest-run';

// The server and client tests get every core but the journeys' one, and never fewer than two
// workers: the journeys wait on their browser and server much of the time and end first, so on
// two cores a second worker takes up what they leave.
const unitWorkers = Math.max(2, availableParallelism() - 1);

/**
 * The runs that `npm test` alone makes side by side. The integration suite's second engine,
 * PostgreSQL, runs with the server's tests when a cluster answers (CI makes sure one does:
 * scripts/ci/postgres.sh); without one, it is left out with the reason said.
 */
const sideBySide = (withPostgres: boolean): string[][] => [
  ['--project', 'e2e'],
  ['--project', 'server', ...(withPostgres ? ['--project', 'server-postgres'] : []), '--project', 'client', `--maxWorkers=${unitWorkers}`],
];

/** Whether the test cluster answers; CI never goes on without it. */
async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: testPostgresUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return true;
  } catch (error) {
    if (process.env.CI) throw new Error(`PostgreSQL is not reachable at ${testPostgresUrl}; CI starts it with scripts/ci/postgres.sh`, { cause: error });
    console.log(`PostgreSQL is not reachable at ${testPostgresUrl}: the integration suite runs on SQLite only (start it with pg_ctlcluster 15 main start).`);
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

function readSummary(reportFile: string): Summary | undefined {
  try {
    return summarize(JSON.parse(readFileSync(reportFile, 'utf8')) as JsonReport);
  } catch {
    return undefined;
  }
}

async function main(): Promise<number> {
  try {
    const chromium = await findChromium();
    console.log(`Browser tests use ${chromium}`);
  } catch (error) {
    console.log(error instanceof Error ? error.message : String(error));
    console.log(summaryLine({ passed: 0, failed: 0, skipped: 0 }));
    return 1;
  }

  const extraArgs = process.argv.slice(2);
  const runs = extraArgs.length > 0 ? [extraArgs] : sideBySide(await postgresAnswers());
  const reportDir = mkdtempSync(join(tmpdir(), 'expediente-report-'));
  try {
    if (runs.length > 1) await ensureClientBuilt((line) => console.log(line));
    const reportFiles = runs.map((_, index) => join(reportDir, `report-${index}.json`));
    const exitCodes = await Promise.all(
      runs.map((args, index) => runVitest({ args, reportFile: reportFiles[index]!, byLine: runs.length > 1 })),
    );

    const summaries = reportFiles.map(readSummary);
    const missing = summaries.findIndex((summary) => summary === undefined);
    if (missing >= 0) {
      console.log(`vitest ${runs[missing]!.join(' ')} exited with ${exitCodes[missing]} and wrote no JSON report.`);
      console.log(summaryLine({ passed: 0, failed: 0, skipped: 0 }));
      return 1;
    }
    const summary = addSummaries(summaries as Summary[]);
    const failedExit = exitCodes.find((code) => code !== 0);

    for (const file of summary.brokenFiles) console.log(`Failed outside its tests: ${file}`);
    const total = summary.passed + summary.failed;
    if (total === 0) console.log('No tests ran.');
    else if (failedExit !== undefined && summary.failed === 0) console.log(`vitest exited with ${failedExit}.`);
    console.log(summaryLine(summary));
    return failedExit !== undefined || summary.failed > 0 || total === 0 ? 1 : 0;
  } finally {
    rmSync(reportDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error);
      console.log(summaryLine({ passed: 0, failed: 0, skipped: 0 }));
      process.exitCode = 1;
    },
  );
}

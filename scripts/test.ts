// `npm test`: every vitest project (server, client, e2e) in one run, ending with one summary line
// `N passed, N failed[, N skipped]` that CI reads. Extra arguments go to vitest unchanged.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { findChromium } from './chromium';
import { repoRoot } from './client-build';

/** The parts of vitest's JSON report (reporters/json) that the summary reads. */
export interface JsonReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: { name: string; status: string; message: string; assertionResults: { status: string }[] }[];
}

export interface Summary {
  passed: number;
  failed: number;
  skipped: number;
  /** Files that failed without a failing test: an import error, a failing beforeAll/afterAll. */
  brokenFiles: string[];
}

export function summarize(report: JsonReport): Summary {
  const brokenFiles = report.testResults
    .filter((file) => file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'))
    .map((file) => file.name);
  return {
    passed: report.numPassedTests,
    // A file that fails outside its tests counts once, so a broken run never reads "0 failed".
    failed: report.numFailedTests + brokenFiles.length,
    skipped: report.numPendingTests + report.numTodoTests,
    brokenFiles,
  };
}

export function summaryLine({ passed, failed, skipped }: Pick<Summary, 'passed' | 'failed' | 'skipped'>): string {
  return `${passed} passed, ${failed} failed` + (skipped > 0 ? `, ${skipped} skipped` : '');
}

function runVitest(args: string[]): Promise<number> {
  const vitest = join(repoRoot, 'node_modules', '.bin', 'vitest');
  const child = spawn(vitest, ['run', ...args], { cwd: repoRoot, stdio: 'inherit' });
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(code ?? (signal ? 128 : 1));
    });
  });
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

  const reportDir = mkdtempSync(join(tmpdir(), 'expediente-report-'));
  const reportFile = join(reportDir, 'report.json');
  try {
    const exitCode = await runVitest([
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${reportFile}`,
      ...process.argv.slice(2),
    ]);

    let summary: Summary;
    try {
      summary = summarize(JSON.parse(readFileSync(reportFile, 'utf8')) as JsonReport);
    } catch {
      console.log(`vitest exited with ${exitCode} and wrote no JSON report.`);
      console.log(summaryLine({ passed: 0, failed: 0, skipped: 0 }));
      return 1;
    }

    for (const file of summary.brokenFiles) console.log(`Failed outside its tests: ${file}`);
    const total = summary.passed + summary.failed;
    if (total === 0) console.log('No tests ran.');
    else if (exitCode !== 0 && summary.failed === 0) console.log(`vitest exited with ${exitCode}.`);
    console.log(summaryLine(summary));
    return exitCode !== 0 || summary.failed > 0 || total === 0 ? 1 : 0;
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

// What `npm test` makes of vitest's JSON reports (reporters/json): the counts of one or more runs
// added up, and the one summary line `N passed, N failed[, N skipped]` that CI reads.

/** The parts of vitest's JSON report that the summary reads. */
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

/** The summaries of runs made side by side, as one. */
export function addSummaries(summaries: Summary[]): Summary {
  return {
    passed: summaries.reduce((sum, one) => sum + one.passed, 0),
    failed: summaries.reduce((sum, one) => sum + one.failed, 0),
    skipped: summaries.reduce((sum, one) => sum + one.skipped, 0),
    brokenFiles: summaries.flatMap((one) => one.brokenFiles),
  };
}

export function summaryLine({ passed, failed, skipped }: Pick<Summary, 'passed' | 'failed' | 'skipped'>): string {
  return `${passed} passed, ${failed} failed` + (skipped > 0 ? `, ${skipped} skipped` : '');
}

// The API description as the server serves it, linted by Redocly with its recommended rules:
// nothing a generator or a reader of the document would trip over (two spellings of one path, an
// operation with no client error, no licence...). Redocly runs offline: no telemetry, no update check.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/helpers';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

interface LintResult {
  totals: { errors: number; warnings: number; ignored: number };
  problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
}

const redocly = fileURLToPath(new URL('../../node_modules/.bin/redocly', import.meta.url));
let workDir: string;
let served: Json;

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'expediente-redocly-'));
  const app = await buildTestApp();
  try {
    const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    served = response.json();
  } finally {
    await app.close();
  }
});
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

/** `redocly lint --extends=recommended` on `document`, run in a directory of its own (no config file there but the flag). */
async function lint(document: Json, name: string): Promise<LintResult> {
  const file = join(workDir, `${name}.json`);
  writeFileSync(file, JSON.stringify(document, null, 2));
  const child = spawn(redocly, ['lint', '--extends=recommended', '--format=json', file], {
    cwd: workDir,
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
  // Exits 1 when it finds an error; the report is on stdout either way.
  const code = await new Promise<number | null>((resolve, reject) => child.on('error', reject).on('close', resolve));
  expect(stdout, `redocly exited ${code}: ${stderr}`).toMatch(/^\s*\{/);
  return JSON.parse(stdout) as LintResult;
}

const findings = (result: LintResult) => result.problems.map((problem) => `${problem.severity} ${problem.ruleId} at ${problem.location[0]?.pointer}: ${problem.message}`);

describe('GET /api/openapi.json under Redocly\'s recommended rules', () => {
  it('has no error and no warning, and none ignored', async () => {
    const result = await lint(served, 'served');
    expect(findings(result)).toEqual([]);
    expect(result.totals).toEqual({ errors: 0, warnings: 0, ignored: 0 });
  }, 60_000);

  it('would be faulted for a path spelled twice or a missing licence (the lint is not vacuous)', async () => {
    const broken = structuredClone(served);
    delete broken.info.license;
    broken.paths['/patients/{idPatient}'] = { delete: broken.paths['/patients/{id}'].get };
    const rules = (await lint(broken, 'broken')).problems.map((problem) => problem.ruleId);
    expect(rules).toEqual(expect.arrayContaining(['info-license', 'no-identical-paths']));
  }, 60_000);
});

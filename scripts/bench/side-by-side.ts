// How `npm run bench` loads a server and its yardstick side by side: autocannon against the real
// server and against a bare Fastify process answering the same bytes (bare-server.ts), in turns
// (real, bare, real, bare…) so both meet the same machine in the same minute. Shared by the quick
// bench (bench.ts) and the decade's (decade/decade-bench.ts).
import autocannon from 'autocannon';
import type { ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import type { BareFixtures } from './bare-server';
import { freePort, startAndWait } from './server-launch';

export interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  /** The real server's path; the bare server answers the same path with the same bytes. */
  path: string;
  body?: string;
  authorized: boolean;
  /** Whose token signs the requests, when not the medic's (the patient's access log). */
  token?: string;
  /** Sign-in: the bare side verifies the argon2 hash instead of echoing bytes. */
  barePath?: string;
  /** Fewer connections than the rest, where more would be refused by design. */
  connections?: number;
  /** Paths taken in turn, one per request, instead of `path` every time (both servers alike). */
  paths?: string[];
  /**
   * The Accept-Encoding sent with every request (BROWSER_ACCEPT_ENCODING: as a browser asks); none
   * when absent, as a script asks. The bare server answers the same bytes, compressed as they came.
   */
  acceptEncoding?: string;
  /**
   * Scenarios next to each other with the same group are measured round by round in turn (a, b, a,
   * b…) rather than one after the other: two rows compared with each other meet the same minutes.
   */
  group?: string;
  /**
   * No unmeasured second first: sign-in, whose requests still in flight when the warm-up ends would
   * join the measured run's and pass the 5 in flight that one account may have (answered 429).
   */
  noWarmup?: boolean;
}

/**
 * Sign-in against argon2 verification of the same hash alone. One account from one address may have
 * 5 sign-ins in flight (the 6th is refused before hashing), so it runs 4 at a time, on both sides.
 */
export const signInScenario = (credentials: string): Scenario => ({
  name: 'Sign-in vs bare argon2 verify (4 connections)',
  noWarmup: true,
  method: 'POST',
  path: '/api/auth/login',
  body: credentials,
  authorized: false,
  barePath: '/bare/verify',
  connections: 4,
});

/** What Chromium sends with every request: the app's screens are read with it. */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/** The scenario as a browser asks it. */
export const asABrowserAsks = (scenario: Scenario): Scenario => ({ ...scenario, acceptEncoding: BROWSER_ACCEPT_ENCODING });

export interface Measure {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  failures: number;
  /** Statuses other than 2xx, with their counts, to say what failed. */
  otherStatuses: Record<string, number>;
  /** Requests answered in the measured seconds. */
  requests: number;
  /**
   * The server process's CPU time (every thread: its WAL checkpoints too) per request answered, in µs,
   * where measured (measureInTurns). Less moved by the machine's other work than a rate is.
   */
  cpuMicrosPerRequest?: number;
}

export interface LoadSettings {
  connections: number;
  duration: number;
  rounds: number;
}

export interface Row {
  scenario: Scenario;
  real: Measure;
  bare: Measure;
}

const WARMUP_SECONDS = 1;

export async function load(url: string, scenario: Scenario, token: string, settings: LoadSettings): Promise<Measure> {
  const bearer = scenario.token ?? token;
  // autocannon's types leave out `warmup`, which it takes (lib/init.js).
  const options: autocannon.Options & { warmup?: { connections: number; duration: number } } = {
    url,
    method: scenario.method,
    connections: scenario.connections ?? settings.connections,
    duration: settings.duration,
    // A second of the same load first, not measured, on both sides: what is measured is the steady
    // state a practice's server runs in (compiled code, warm caches), not its first second.
    ...(scenario.noWarmup ? {} : { warmup: { connections: scenario.connections ?? settings.connections, duration: WARMUP_SECONDS } }),
    headers: {
      ...(scenario.authorized ? { authorization: `Bearer ${bearer}` } : {}),
      ...(scenario.body ? { 'content-type': 'application/json' } : {}),
      ...(scenario.acceptEncoding ? { 'accept-encoding': scenario.acceptEncoding } : {}),
    },
    ...(scenario.body ? { body: scenario.body } : {}),
    ...(scenario.paths ? { requests: [{ setupRequest: inTurn(scenario.paths) }] } : {}),
  };
  const result = await autocannon(options);
  return {
    requestsPerSecond: result.requests.average,
    requests: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
    otherStatuses: Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {})
        .filter(([status]) => !status.startsWith('2'))
        .map(([status, stats]) => [status, (stats as { count: number }).count]),
    ),
  };
}

/** autocannon's setupRequest that gives each request the next of `paths`. */
function inTurn(paths: string[]) {
  let next = 0;
  return (request: autocannon.Request): autocannon.Request => ({ ...request, path: paths[next++ % paths.length]! });
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

export const average = (measures: Measure[]): Measure => ({
  requestsPerSecond: mean(measures.map((m) => m.requestsPerSecond)),
  requests: measures.reduce((sum, m) => sum + m.requests, 0),
  ...(measures.every((m) => m.cpuMicrosPerRequest !== undefined) ? { cpuMicrosPerRequest: mean(measures.map((m) => m.cpuMicrosPerRequest!)) } : {}),
  p50: Math.max(...measures.map((m) => m.p50)),
  p99: Math.max(...measures.map((m) => m.p99)),
  failures: measures.reduce((sum, m) => sum + m.failures, 0),
  otherStatuses: Object.assign({}, ...measures.map((m) => m.otherStatuses)),
});

export function rssMegabytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kilobytes / 1024);
}

/** A process's CPU time so far, user and system, every thread, in µs (clock ticks of /proc/PID/stat). */
export function cpuMicros(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command's name, which is in parentheses and may hold spaces: utime and stime are the 14th and 15th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / CLOCK_TICKS_PER_SECOND;
}

/** Linux's USER_HZ, which /proc reports CPU times in on every architecture. */
const CLOCK_TICKS_PER_SECOND = 100;

/** The highest RSS a process reached (VmHWM), in MB; 0 once it has exited. */
export function peakRssMegabytes(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
  } catch {
    return 0;
  }
}

/** An answer's bytes as they came over the wire (fetch would decompress them). */
function rawAnswer(url: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const asked = httpRequest(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    asked.on('error', reject);
    asked.end();
  });
}

/**
 * Starts the bare server with, for every scenario without its own bare path, the bytes the real
 * server answers to each of its paths (asked once, here, with the scenario's token and Accept-Encoding).
 * `onAnswer` is given the bytes as sent (compressed when they were).
 */
export async function startBareServer(options: {
  realBase: string;
  scenarios: Scenario[];
  token: string;
  dir: string;
  passwordHash: string;
  password: string;
  recordPath: string;
  onAnswer?: (scenario: Scenario, body: Buffer) => void;
}): Promise<{ child: ChildProcess; base: string }> {
  const routes: BareFixtures['routes'] = [];
  for (const scenario of options.scenarios.filter((s) => !s.barePath)) {
    for (const path of scenario.paths ?? [scenario.path]) {
      const response = await rawAnswer(`${options.realBase}${path}`, {
        authorization: `Bearer ${scenario.token ?? options.token}`,
        ...(scenario.acceptEncoding ? { 'accept-encoding': scenario.acceptEncoding } : {}),
      });
      if (response.status >= 300) console.warn(`! ${scenario.name}: the server answered ${response.status}: ${response.body.toString().slice(0, 200)}`);
      const contentEncoding = response.headers['content-encoding'];
      routes.push({
        method: 'GET',
        path,
        acceptEncoding: scenario.acceptEncoding ?? '',
        contentType: String(response.headers['content-type'] ?? 'application/json'),
        ...(typeof contentEncoding === 'string' ? { contentEncoding } : {}),
        body: response.body.toString('base64'),
      });
      if (path === (scenario.paths?.[0] ?? scenario.path)) options.onAnswer?.(scenario, response.body);
    }
  }
  const fixturesFile = join(options.dir, 'bare-fixtures.json');
  writeFileSync(
    fixturesFile,
    JSON.stringify({ routes, passwordHash: options.passwordHash, password: options.password, recordPath: options.recordPath } satisfies BareFixtures),
  );
  const port = await freePort();
  const { child } = await startAndWait(
    process.execPath,
    ['--import', 'tsx', 'scripts/bench/bare-server.ts', fixturesFile],
    { PORT: String(port) },
    `http://127.0.0.1:${port}/`,
  );
  return { child, base: `http://127.0.0.1:${port}` };
}

/** Each scenario on the real server and the bare one in turns, `rounds` times; averaged. A group's scenarios take their turns together. */
export async function measureSideBySide(
  realBase: string,
  bareBase: string,
  scenarios: Scenario[],
  token: string,
  settings: LoadSettings,
): Promise<Row[]> {
  const groups: Scenario[][] = [];
  for (const scenario of scenarios) {
    const last = groups.at(-1);
    if (last && scenario.group !== undefined && last[0]?.group === scenario.group) last.push(scenario);
    else groups.push([scenario]);
  }
  const rows: Row[] = [];
  for (const group of groups) {
    const runs = group.map(() => ({ real: [] as Measure[], bare: [] as Measure[] }));
    for (let round = 0; round < settings.rounds; round += 1) {
      for (const [index, scenario] of group.entries()) {
        runs[index]!.real.push(await load(`${realBase}${scenario.path}`, scenario, token, settings));
        const barePath = scenario.barePath ?? scenario.path;
        runs[index]!.bare.push(await load(`${bareBase}${barePath}`, { ...scenario, path: barePath }, token, settings));
      }
    }
    for (const [index, scenario] of group.entries()) {
      rows.push({ scenario, real: average(runs[index]!.real), bare: average(runs[index]!.bare) });
      console.log(`  measured: ${scenario.name}`);
    }
  }
  return rows;
}

/** A server of the product, the token its requests carry (each server signs its own) and its process. */
export interface Side {
  base: string;
  token: string;
  pid: number;
}

/**
 * One scenario on two servers of the product in turns, `rounds` times; averaged. Two practices
 * compared with each other (encrypted and plain) meet the same minutes of this machine, and each
 * goes first in every other round (a, b, b, a, a, b…), so neither always gets the quieter turn.
 */
export async function measureInTurns(a: Side, b: Side, scenario: Scenario, settings: LoadSettings): Promise<{ a: Measure; b: Measure }> {
  const runs = { a: [] as Measure[], b: [] as Measure[] };
  const measure = async (side: 'a' | 'b') => {
    const { base, token, pid } = side === 'a' ? a : b;
    const url = `${base}${scenario.path}`;
    // The unmeasured second of warm-up run apart, so that the CPU counted is the measured requests' alone.
    if (!scenario.noWarmup) await load(url, { ...scenario, noWarmup: true }, token, { ...settings, duration: WARMUP_SECONDS });
    const cpuBefore = cpuMicros(pid);
    const measured = await load(url, { ...scenario, noWarmup: true }, token, settings);
    runs[side].push({ ...measured, cpuMicrosPerRequest: (cpuMicros(pid) - cpuBefore) / Math.max(1, measured.requests) });
  };
  for (let round = 0; round < settings.rounds; round += 1) {
    for (const side of round % 2 === 0 ? (['a', 'b'] as const) : (['b', 'a'] as const)) await measure(side);
  }
  return { a: average(runs.a), b: average(runs.b) };
}

/** The bare server's record bytes, the same after one audit commit, and through tRPC alone: interleaved too. */
export async function measureCeilings(bareBase: string, record: Scenario, token: string, settings: LoadSettings) {
  const runs = { bytes: [] as Measure[], audited: [] as Measure[], trpc: [] as Measure[] };
  for (let round = 0; round < settings.rounds; round += 1) {
    runs.bytes.push(await load(`${bareBase}${record.path}`, record, token, settings));
    runs.audited.push(await load(`${bareBase}/bare/audited-record`, record, token, settings));
    runs.trpc.push(await load(`${bareBase}/bare-trpc/record`, record, token, settings));
  }
  return { bytes: average(runs.bytes), audited: average(runs.audited), trpc: average(runs.trpc) };
}

export type Ceilings = Awaited<ReturnType<typeof measureCeilings>>;

export function printRows(rows: Row[]): void {
  console.log('| scenario | req/s | p50 ms | p99 ms | bare req/s | bare p99 ms | ratio to bare |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const { scenario, real: r, bare: b } of rows) {
    const statuses = Object.entries(r.otherStatuses).map(([status, count]) => `${count}× ${status}`);
    const failed = r.failures > 0 ? ` (${r.failures} failed${statuses.length ? `: ${statuses.join(', ')}` : ''})` : '';
    console.log(
      `| ${scenario.name}${failed} | ${Math.round(r.requestsPerSecond)} | ${r.p50} | ${r.p99} | ${Math.round(b.requestsPerSecond)} | ${b.p99} | ${Math.round((100 * r.requestsPerSecond) / b.requestsPerSecond)} % |`,
    );
  }
}

export function printCeilings(ceilings: Ceilings): void {
  const share = (measure: Measure) =>
    `${Math.round(measure.requestsPerSecond)} req/s, p99 ${measure.p99} ms (${Math.round((100 * measure.requestsPerSecond) / ceilings.bytes.requestsPerSecond)} % of its bytes alone at ${Math.round(ceilings.bytes.requestsPerSecond)})`;
  console.log('\nCeilings of the record read, on the bare server in the same run:');
  console.log(`- the bytes after one committed audit insert and nothing else: ${share(ceilings.audited)}`);
  console.log(`- tRPC 11's Fastify adapter answering the record as a constant: ${share(ceilings.trpc)}`);
}

/** Prints "bench: …" with every goal ticked or crossed, and sets the exit status. */
export function reportGoals(goals: [string, boolean][]): void {
  const missed = goals.filter(([, met]) => !met);
  console.log(
    `\nbench: ${missed.length === 0 ? 'every goal met' : `${missed.length} goal(s) missed`}: ${goals.map(([text, met]) => `${met ? '✓' : '✗'} ${text}`).join('; ')}`,
  );
  process.exitCode = missed.length === 0 ? 0 : 1;
}

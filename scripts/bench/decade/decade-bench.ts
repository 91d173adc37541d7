// `npm run bench -- --years 10 [--data-dir D]`: a decade of a practice, seeded straight
// into SQLite (seed-decade.ts, about 12 minutes; with --data-dir a decade seeded there before is
// reused, and the directory is kept), then measured as a practice meets it: every screen's read side
// by side with the bare server, sign-in, then the maintenance a decade makes heavy — audit:verify
// (whole and from the checkpoint), a backup and its restore (time, size, peak memory) — and the
// start-up on it. The server's RSS is sampled through the whole run. Prints the table docs/performance.md
// keeps, and one line of goals met or missed. The decade is an encrypted practice, as every new one
// is: seeded under its practice key, its server, binary and tools given the passphrase (PASSPHRASE).
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Db } from '../../../server/db/client';
import { sqliteEngineOf } from '../../../server/db/engine';
import { rawGet } from '../../../server/db/raw-sql';
import { readPracticeKeyFile } from '../../../server/encryption/practice-key';
import { diagnosisSearchPaths, prepareBenchCatalog } from '../catalog';
import { newFilterPaths } from '../new-filters';
import { packageBinary } from '../../package';
import { freePort, startAndWait, startRealServer } from '../server-launch';
import {
  asABrowserAsks,
  measureCeilings,
  measureSideBySide,
  printCeilings,
  printRows,
  reportGoals,
  rssMegabytes,
  signInScenario,
  startBareServer,
  type LoadSettings,
  type Scenario,
} from '../side-by-side';
import { DECADE_PASSPHRASE, seedDecade, unlockDecade, type SeededDecade } from './seed-decade';
import { runTimed, type TimedRun } from './timed-command';

/** What a later run needs of a seeded decade, kept beside it so it can be measured again without reseeding. */
const SUMMARY_FILE = 'bench-decade.json';
type DecadeSummary = Pick<SeededDecade, 'medics' | 'password' | 'longHistoryPatientId' | 'shortHistoryPatientId' | 'seconds' | 'databaseBytes'> & { years: number };

const PASSPHRASE = 'banco de pruebas de una decada';

/** Long enough for the start-up's background checks on the decade (quick_check: 5.8 s measured). */
const START_UP_CHECKS_MS = 10_000;

async function decadeIn(dir: string, years: number): Promise<DecadeSummary> {
  const summaryPath = join(dir, SUMMARY_FILE);
  if (existsSync(summaryPath)) {
    const kept = JSON.parse(readFileSync(summaryPath, 'utf8')) as DecadeSummary;
    if (kept.years === years) {
      const encrypted = await unlockDecade(dir);
      console.log(`Reusing the decade seeded in ${dir} (${kept.seconds.toFixed(0)} s to seed; ${encrypted ? 'encrypted' : 'PLAIN: seeded before practices were encrypted'})`);
      return kept;
    }
    throw new Error(`${dir} holds ${kept.years} years, not ${years}: use another --data-dir`);
  }
  const seeded = await seedDecade({ dataDir: dir, years, passphrase: DECADE_PASSPHRASE });
  const summary: DecadeSummary = {
    years,
    medics: seeded.medics,
    password: seeded.password,
    longHistoryPatientId: seeded.longHistoryPatientId,
    shortHistoryPatientId: seeded.shortHistoryPatientId,
    seconds: seeded.seconds,
    databaseBytes: seeded.databaseBytes,
  };
  writeFileSync(summaryPath, JSON.stringify(summary, null, 2));
  return summary;
}

async function signIn(base: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in of ${email} failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** The Monday–Sunday week in which the medic saw the most patients: the agenda's hardest week. */
async function busiestWeek(db: Db, medicId: number): Promise<{ from: string; to: string; appointments: number }> {
  // SQLite dialect: date() and strftime('%w') find each appointment's Monday.
  const row = (await rawGet<{ monday: string; n: number }>(
    db,
    `select date(substr(date, 1, 10), '-' || ((cast(strftime('%w', substr(date, 1, 10)) as integer) + 6) % 7) || ' days') as monday, count(*) as n
     from clinical_histories where medic_id = ? group by monday order by n desc, monday desc limit 1`,
    [medicId],
  ))!;
  const sunday = new Date(Date.parse(`${row.monday}T00:00:00Z`) + 6 * 86_400_000).toISOString().slice(0, 10);
  return { from: row.monday, to: sunday, appointments: row.n };
}

/** The server's RSS, sampled every 250 ms from now until stopped: the highest reading. */
function watchRss(pid: number) {
  let peak = rssMegabytes(pid);
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssMegabytes(pid));
    } catch {
      // exited
    }
  }, 250);
  return { stop: () => (clearInterval(timer), peak), get peak() { return peak; } };
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

export async function runDecadeBench(options: { years: number; dataDir?: string; only?: string; readsOnly?: boolean; settings: LoadSettings }): Promise<void> {
  const { years, settings } = options;
  const keep = options.dataDir !== undefined;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'expediente-decade-'));
  mkdirSync(dataDir, { recursive: true });
  const scratch = mkdtempSync(join(tmpdir(), 'expediente-decade-scratch-'));
  const children: ChildProcess[] = [];
  const cleanUp = () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
    rmSync(scratch, { recursive: true, force: true });
    if (!keep) rmSync(dataDir, { recursive: true, force: true });
  };
  process.on('SIGINT', () => {
    cleanUp();
    process.exit(130);
  });
  try {
    const decade = await decadeIn(dataDir, years);
    const encrypted = readPracticeKeyFile(dataDir) !== null;
    const practiceKind = encrypted ? 'an encrypted practice' : 'a PLAIN practice';
    // The practice passphrase, given to the server and every command as a practice gives it; a plain decade gets none.
    const unlock: Record<string, string> = encrypted ? { PASSPHRASE: DECADE_PASSPHRASE } : {};
    const database = openDatabase(join(dataDir, 'expediente.db'));
    const catalog = await prepareBenchCatalog(database, scratch);
    const admin = decade.medics[0]!;
    const week = await busiestWeek(database, admin.idMedic);
    const patientEmail = (await rawGet<{ email: string }>(database, 'select u.email from patients p join users u on u.id = p.user_id where p.id = ?', [decade.longHistoryPatientId]))!.email;
    const passwordHash = (await rawGet<{ passwordHash: string }>(database, 'select password_hash as "passwordHash" from users where email = ?', [admin.email]))!.passwordHash;
    sqliteEngineOf(database).close();

    const environment = { DATA_DIR: dataDir, ...unlock, AUTH_REQUESTS_PER_MINUTE: '100000000', LOG_LEVEL: 'error', CATALOG_DIR: catalog.dir };
    // The first start after seeding (or after an upgrade) may apply migrations to the decade; it is
    // reported, and the start-up goal is taken from a later start, as a practice restarts every day.
    const first = await startRealServer(environment);
    children.push(first.child);
    const { child: real, url: realBase } = first;
    const rss = watchRss(real.pid!);
    // What a server does once after it starts, in the background, is not what the rows measure: on
    // a database this large the quick_check at start reads the whole file in a worker (5.8 s on the
    // decade's 2.2 GiB here), on the second core the load needs. The rows start once it is over.
    await new Promise((resolve) => setTimeout(resolve, START_UP_CHECKS_MS));

    const token = await signIn(realBase, admin.email, decade.password);
    const patientToken = await signIn(realBase, patientEmail, decade.password);
    const accessLog = (await (await fetch(`${realBase}/api/patients/me/access-log?page=1`, { headers: { authorization: `Bearer ${patientToken}` } })).json()) as {
      total: number;
      pageSize: number;
    };
    const lastPage = Math.max(1, Math.ceil(accessLog.total / accessLog.pageSize));
    const filterPaths = newFilterPaths();
    const diagnosisPaths = diagnosisSearchPaths();
    const trpcInput = encodeURIComponent(JSON.stringify({ idPatient: decade.longHistoryPatientId }));
    const credentials = JSON.stringify({ email: admin.email, password: decade.password });
    // Every screen as the browser asks it, compressed (Chromium's Accept-Encoding); the records and
    // tRPC also as a script asks them, uncompressed: the figures the issue started from, and the
    // bare server's and tRPC's own ceilings, which answer uncompressed bytes.
    const recordOf = (idPatient: number, appointments: number): Scenario => ({
      name: `Record of the patient with ${appointments} appointments, REST`,
      method: 'GET',
      path: `/api/medics/patients/${idPatient}`,
      authorized: true,
    });
    // The two records compared with each other are measured in turn, round by round: this machine's
    // speed drifts by a third within a minute, which one after the other would put in their ratio.
    const longRecord = { ...asABrowserAsks(recordOf(decade.longHistoryPatientId, 400)), group: 'records' };
    const shortRecord = { ...asABrowserAsks(recordOf(decade.shortHistoryPatientId, 4)), group: 'records' };
    const uncompressed = (scenario: Scenario): Scenario => ({ ...scenario, name: `${scenario.name}, uncompressed`, group: 'records, uncompressed' });
    const longRecordUncompressed = uncompressed(recordOf(decade.longHistoryPatientId, 400));
    const shortRecordUncompressed = uncompressed(recordOf(decade.shortHistoryPatientId, 4));
    const trpcRecord = uncompressed({ name: 'Record of the patient with 400 appointments, tRPC', method: 'GET', path: `/trpc/medics.patientDetail?input=${trpcInput}`, authorized: true });
    const screens: Scenario[] = [
      // First: every read of the record below adds an event to this patient's log, so measured later
      // the page that was the last when the run began would be one in the middle.
      { name: "Patient's access log, first page", method: 'GET', path: '/api/patients/me/access-log?page=1', authorized: true, token: patientToken },
      { name: `Patient's access log, last page (${lastPage})`, method: 'GET', path: `/api/patients/me/access-log?page=${lastPage}`, authorized: true, token: patientToken },
      longRecord,
      shortRecord,
      { name: 'Patient list, first page of 50', method: 'GET', path: '/api/medics/my-patients?limit=50', authorized: true },
      { name: `Patient list, a new filter each time (${filterPaths.length} in turn)`, method: 'GET', path: filterPaths[0]!, paths: filterPaths, authorized: true },
      { name: `Agenda, the busiest week (${week.appointments} appointments)`, method: 'GET', path: `/api/medics/agenda?from=${week.from}&to=${week.to}`, authorized: true },
      { name: `Diagnosis search, ${diagnosisPaths.length} queries in turn${catalog.synthetic ? ' (SYNTHETIC catalog)' : ''}`, method: 'GET', path: diagnosisPaths[0]!, paths: diagnosisPaths, authorized: true },
      { name: "Administrator's audit page, one patient's events", method: 'GET', path: `/api/admin/audit?idPatient=${decade.longHistoryPatientId}`, authorized: true },
    ];
    const scenarios = [
      ...screens.map((scenario) => (scenario.acceptEncoding ? scenario : asABrowserAsks(scenario))),
      longRecordUncompressed,
      shortRecordUncompressed,
      trpcRecord,
      signInScenario(credentials),
    ];
    const chosen = scenarios.filter((scenario) => !options.only || scenario.name.toLowerCase().includes(options.only.toLowerCase()));
    const sizes = new Map<string, number>();
    const { child: bare, base: bareBase } = await startBareServer({
      realBase,
      scenarios: chosen,
      token,
      dir: scratch,
      passwordHash,
      password: decade.password,
      recordPath: longRecordUncompressed.path,
      onAnswer: (scenario, body) => sizes.set(scenario.name, body.length),
    });
    children.push(bare);

    const rows = await measureSideBySide(realBase, bareBase, chosen, token, settings);
    const ceilings = chosen.includes(longRecordUncompressed) ? await measureCeilings(bareBase, longRecordUncompressed, token, settings) : null;
    await stopServer(bare);
    await stopServer(real);
    const peakRss = rss.stop();
    if (options.readsOnly) {
      console.log(`\nA decade: ${years} years, ${practiceKind} · ${settings.connections} connections · ${settings.rounds}×${settings.duration} s per side, interleaved\n`);
      printRows(rows);
      if (ceilings) printCeilings(ceilings);
      console.log(`Server RSS through the reads: at most ${peakRss} MB`);
      return;
    }

    // The maintenance of a decade, with no server running (audit:verify and backup also run beside one).
    const verifyWhole = await runTimed('scripts/audit-verify.ts', [], { DATA_DIR: dataDir, ...unlock });
    const verifyCheckpoint = await runTimed('scripts/audit-verify.ts', ['--since-checkpoint'], { DATA_DIR: dataDir, ...unlock });
    const backupFile = join(scratch, 'decade.backup');
    const backup = await runTimed('scripts/backup.ts', ['--out', backupFile, '--data-dir', dataDir], { BACKUP_PASSPHRASE: PASSPHRASE, ...unlock });
    const backupBytes = existsSync(backupFile) ? statSync(backupFile).size : 0;
    const restored = join(scratch, 'restored');
    // Restored encrypted: the archive carries the practice key, opened with its passphrase.
    const restore = await runTimed('scripts/restore.ts', [backupFile, '--data-dir', restored], { BACKUP_PASSPHRASE: PASSPHRASE, PASSPHRASE: DECADE_PASSPHRASE });
    rmSync(backupFile, { force: true });
    rmSync(restored, { recursive: true, force: true });

    const again = await startRealServer(environment);
    children.push(again.child);
    await stopServer(again.child);
    // What a practice runs: the one binary, built from this tree, on the same decade. Its
    // first start unpacks the native code into DATA_DIR; the second is the daily one.
    const binary = await packageBinary({ log: () => {} });
    const binaryStarts: number[] = [];
    // A start that fails is reported with the goal it misses, after the rest: not thrown, which would lose the run's measures.
    let binaryFailure: string | null = null;
    try {
      for (let run = 0; run < 3; run += 1) {
        const port = await freePort();
        const started = await startAndWait(binary, [], { ...environment, PORT: String(port), HOST: '127.0.0.1' }, `http://127.0.0.1:${port}/api/health`);
        children.push(started.child);
        await stopServer(started.child);
        binaryStarts.push(started.startMs);
      }
    } catch (error) {
      binaryFailure = (error as Error).message;
    }
    const binaryStart = binaryFailure ? Number.NaN : Math.min(...binaryStarts.slice(1));

    const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
    const databaseBytes = statSync(join(dataDir, 'expediente.db')).size;
    console.log(
      `\nA decade: ${years} years, ${practiceKind}, database ${mib(databaseBytes)} · ${settings.connections} connections · ${settings.rounds}×${settings.duration} s per side, interleaved · ${cpus().length} × ${cpu} · Node ${process.version}\n`,
    );
    printRows(rows);
    if (ceilings) printCeilings(ceilings);
    const kb = (scenario: Scenario) => `${Math.round((sizes.get(scenario.name) ?? 0) / 102.4) / 10} KB`;
    if (sizes.has(longRecordUncompressed.name) && sizes.has(longRecord.name)) {
      console.log(
        `\nRecord JSON: ${kb(longRecordUncompressed)} with 400 appointments, ${kb(shortRecordUncompressed)} with 4; as the browser receives them (brotli): ${kb(longRecord)} and ${kb(shortRecord)}`,
      );
    }
    const tool = (name: string, run: TimedRun, extra = '') =>
      console.log(`| ${name} | ${seconds(run.ms)} | ${run.peakMb} MB | ${run.exitCode === 0 ? 'ok' : `exit ${run.exitCode}: ${run.output.split('\n').at(-1)}`}${extra} |`);
    console.log('\n| maintenance | time | peak memory | outcome |');
    console.log('|---|---:|---:|---|');
    tool('audit:verify, the whole trail', verifyWhole, ` — ${verifyWhole.output.split('\n').at(-1)}`);
    tool('audit:verify --since-checkpoint', verifyCheckpoint, ` — ${verifyCheckpoint.output.split('\n').at(-1)}`);
    tool('backup', backup, `, ${mib(backupBytes)}`);
    tool('restore', restore);
    console.log(`\nnpm start on the decade: ${first.startMs} ms the first time (migrations included), then ${again.startMs} ms`);
    console.log(
      binaryFailure
        ? `The binary (npm run package) on the decade did not start: ${binaryFailure}`
        : `The binary (npm run package) on the decade: ${binaryStarts.map((ms) => `${ms} ms`).join(', ')} (the first unpacks its native code)`,
    );
    console.log(`Server RSS through the run: at most ${peakRss} MB`);

    if (chosen.length < scenarios.length || !ceilings) return;
    const reads = rows.filter((row) => !row.scenario.barePath);
    const rowOf = (scenario: Scenario) => rows.find((row) => row.scenario === scenario)!;
    const longRate = rowOf(longRecord).real.requestsPerSecond;
    const shortRate = rowOf(shortRecord).real.requestsPerSecond;
    const rate = (scenario: Scenario, side: 'real' | 'bare') => rowOf(scenario)[side].requestsPerSecond;
    const percent = (part: number, whole: number) => `${Math.round((100 * part) / whole)} %`;
    const restShare = rate(longRecordUncompressed, 'real') / rate(longRecordUncompressed, 'bare');
    const trpcShare = rowOf(trpcRecord).real.requestsPerSecond / ceilings.trpc.requestsPerSecond;
    reportGoals([
      ...reads.map((row): [string, boolean] => [`${row.scenario.name} p99 ${row.real.p99} ms ≤ 15`, row.real.p99 <= 15]),
      // The bare server's own ratio is what the bytes alone allow: it sends the same two answers and nothing else.
      // As the browser reads them. Uncompressed, 68 KB against 12 KB, the bytes decide (the bare server's own ratio).
      [
        `400 appointments at ${percent(longRate, shortRate)} of 4 as the browser asks (≥ 80 %; uncompressed ${percent(rate(longRecordUncompressed, 'real'), rate(shortRecordUncompressed, 'real'))}, where the bare server sending the same two answers reaches ${percent(rate(longRecordUncompressed, 'bare'), rate(shortRecordUncompressed, 'bare'))})`,
        longRate >= 0.8 * shortRate,
      ],
      [`record REST ${Math.round(100 * restShare)} % of bare ≥ 50 %`, restShare >= 0.5],
      [`record tRPC ${Math.round(100 * trpcShare)} % of tRPC's own adapter ≥ 80 %`, trpcShare >= 0.8],
      [`audit:verify whole ${seconds(verifyWhole.ms)} ≤ 60 s`, verifyWhole.exitCode === 0 && verifyWhole.ms <= 60_000],
      [`audit:verify from the checkpoint ${seconds(verifyCheckpoint.ms)} ≤ 2 s`, verifyCheckpoint.exitCode === 0 && verifyCheckpoint.ms <= 2_000],
      [`backup ${seconds(backup.ms)} ≤ 5 min`, backup.exitCode === 0 && backup.ms <= 300_000],
      [`restore ${seconds(restore.ms)} ≤ 5 min`, restore.exitCode === 0 && restore.ms <= 300_000],
      [binaryFailure ? 'start-up of the binary: it did not start' : `start-up of the binary ${binaryStart} ms ≤ 1 s`, binaryStart <= 1_000],
      [`server RSS ${peakRss} MB ≤ 250`, peakRss <= 250],
      ['no failed requests', rows.every((row) => row.real.failures === 0 && row.bare.failures === 0)],
    ]);
  } finally {
    cleanUp();
  }
}

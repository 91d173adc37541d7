// `npm run bench [-- --patients N --duration S --rounds R]`: seeds a temporary practice (one rich
// record and N linked patients, 5,000 by default), starts the real server and a bare Fastify
// process serving the same bytes, and loads both with autocannon in turns (real, bare, real, bare…)
// so that both meet the same machine in the same minute. Prints a table of requests/s, p50/p99 and
// the ratio to the bare server, then one summary line. Not part of `npm test`: it takes minutes
// and its numbers belong to the machine it ran on. The same practice is also seeded encrypted (its
// practice key set up first, its server started with PASSPHRASE) and the record read is measured on
// both in turns: encryption at rest may cost at most a tenth of the plain practice's rate (API.md).
// `--years 10 [--data-dir D]` runs the decade's bench instead (decade/decade-bench.ts).
// BENCH_CPU_PROF_DIR=D: every real server started writes a CPU profile (node --cpu-prof) into D.
// `--database-url URL` adds the same reads on a server of the practice copied into PostgreSQL,
// measured in turns with SQLite's (postgres-rows.ts), in a database the bench makes on URL's cluster.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../../server/db/client';
import { sqliteEngineOf } from '../../server/db/engine';
import { rawGet } from '../../server/db/raw-sql';
import { BENCH_PASSPHRASE, BUSY_WEEK_APPOINTMENTS, seedPractice } from './seed';
import { newFilterPaths } from './new-filters';
import { diagnosisSearchPaths, prepareBenchCatalog } from './catalog';
import { runDecadeBench } from './decade/decade-bench';
import { startRealServer } from './server-launch';
import { measurePostgresRows, postgresGoals, printPostgresRows, startPostgresServer, type PostgresRow, type PostgresServer } from './postgres-rows';
import {
  measureCeilings,
  measureInTurns,
  measureSideBySide,
  printCeilings,
  printRows,
  reportGoals,
  rssMegabytes,
  signInScenario,
  startBareServer,
  type Measure,
  type Scenario,
} from './side-by-side';

const { values: args } = parseArgs({
  options: {
    patients: { type: 'string', default: '5000' },
    duration: { type: 'string', default: '4' },
    rounds: { type: 'string', default: '2' },
    connections: { type: 'string', default: '10' },
    /** Only the scenarios whose name contains this text (case-insensitive), for quick runs while tuning. */
    only: { type: 'string' },
    /** A decade of a practice instead of N young patients: decade/decade-bench.ts. */
    years: { type: 'string' },
    /** With --years: seed into (or reuse the decade already seeded in) this directory, and keep it. */
    'data-dir': { type: 'string' },
    /** With --years: the reads only, without the maintenance and start-up measures that follow them (for tuning). */
    'reads-only': { type: 'boolean', default: false },
    /** A PostgreSQL database of the bench's own: the practice copied there and its reads measured beside SQLite's. */
    'database-url': { type: 'string' },
  },
});
const patientCount = Number(args.patients);
const settings = { duration: Number(args.duration), rounds: Number(args.rounds), connections: Number(args.connections) };

/** A last-name fragment that really occurs among the seeded patients, for the filtered page. */
const FILTER = 'ruiz';

/** The record read on the encrypted practice, against the same read on the plain one. */
const ENCRYPTED_RECORD = 'Record, REST, on the encrypted practice against the plain one';

async function signIn(base: string, credentials: string): Promise<string> {
  const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: credentials });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  return ((await login.json()) as { access_token: string }).access_token;
}

/** Loads the diagnosis catalog into DATA_DIR's database, so that the measured start finds it current. */
async function loadCatalogInto(dataDir: string) {
  const db = openDatabase(join(dataDir, 'expediente.db'));
  try {
    return await prepareBenchCatalog(db, dataDir);
  } finally {
    sqliteEngineOf(db).close();
  }
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'expediente-bench-'));
  const encryptedDir = mkdtempSync(join(tmpdir(), 'expediente-bench-encrypted-'));
  const children: ChildProcess[] = [];
  // The servers are waited for before their directories go: a server closing writes there (its audit
  // head, its database's last checkpoint), which would otherwise leave them behind.
  let postgresServer: PostgresServer | undefined;
  const stop = async () => {
    await Promise.all(children.map((child) => stopChild(child)));
    await postgresServer?.remove();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(encryptedDir, { recursive: true, force: true });
  };
  process.on('SIGINT', () => {
    void stop().finally(() => process.exit(130));
  });
  try {
    const seedStart = performance.now();
    const practice = await seedPractice({ dataDir, patients: patientCount });
    console.log(`Seeded ${patientCount} patients and a rich record in ${Math.round(performance.now() - seedStart)} ms`);
    const withEncrypted = !args.only || ENCRYPTED_RECORD.toLowerCase().includes(args.only.toLowerCase());
    if (withEncrypted) {
      const encryptedStart = performance.now();
      await seedPractice({ dataDir: encryptedDir, patients: patientCount, passphrase: BENCH_PASSPHRASE });
      await loadCatalogInto(encryptedDir);
      console.log(`Seeded the same practice encrypted in ${Math.round(performance.now() - encryptedStart)} ms (its key's argon2id included)`);
    }
    const catalog = await loadCatalogInto(dataDir);
    console.log(
      catalog.synthetic
        ? `Diagnosis catalog: SYNTHETIC, ${catalog.codes} invented codes generated for the bench (no catalog files in CATALOG_DIR)`
        : `Diagnosis catalog: ${catalog.codes} codes from ${catalog.dir}`,
    );

    // The flood guard would answer 429 to a benchmark of sign-in; it is measured elsewhere.
    const { child: real, url: realBase, startMs } = await startRealServer({
      DATA_DIR: dataDir,
      AUTH_REQUESTS_PER_MINUTE: '100000000',
      LOG_LEVEL: 'error',
      // Loaded above: the measured start finds it current and does no work.
      CATALOG_DIR: catalog.dir,
    });
    children.push(real);

    const credentials = JSON.stringify({ email: practice.medic.email, password: practice.medic.password });
    const token = await signIn(realBase, credentials);
    // The encrypted practice's server, started as a practice starts it: the passphrase in PASSPHRASE
    // unwraps the practice key (argon2id), which opens its database and key files.
    const encrypted = withEncrypted
      ? await startRealServer({
          DATA_DIR: encryptedDir,
          PASSPHRASE: BENCH_PASSPHRASE,
          AUTH_REQUESTS_PER_MINUTE: '100000000',
          LOG_LEVEL: 'error',
          CATALOG_DIR: catalog.dir,
        })
      : null;
    if (encrypted) children.push(encrypted.child);
    const encryptedToken = encrypted ? await signIn(encrypted.url, credentials) : '';
    const postgres = args['database-url']
      ? await startPostgresServer(dataDir, args['database-url'], { AUTH_REQUESTS_PER_MINUTE: '100000000', LOG_LEVEL: 'error' })
      : null;
    if (postgres) {
      children.push(postgres.child);
      postgresServer = postgres;
    }
    const postgresToken = postgres ? await signIn(postgres.url, credentials) : '';

    const diagnosisPaths = diagnosisSearchPaths();
    const filterPaths = newFilterPaths();
    const trpcInput = encodeURIComponent(JSON.stringify({ idPatient: practice.richPatientId }));
    const scenarios: Scenario[] = [
      { name: 'Record, REST', method: 'GET', path: `/api/medics/patients/${practice.richPatientId}`, authorized: true },
      { name: 'Record, tRPC', method: 'GET', path: `/trpc/medics.patientDetail?input=${trpcInput}`, authorized: true },
      { name: 'Patient list, first page of 50', method: 'GET', path: '/api/medics/my-patients?limit=50', authorized: true },
      { name: `Patient list, filtered ("${FILTER}")`, method: 'GET', path: `/api/medics/my-patients?limit=50&q=${FILTER}`, authorized: true },
      {
        name: `Patient list, a new filter each time (${filterPaths.length} in turn)`,
        method: 'GET',
        path: filterPaths[0]!,
        paths: filterPaths,
        authorized: true,
      },
      { name: 'Health', method: 'GET', path: '/api/health', authorized: false },
      signInScenario(credentials),
      {
        name: `Diagnosis search, ${diagnosisPaths.length} queries in turn${catalog.synthetic ? ' (SYNTHETIC catalog)' : ''}`,
        method: 'GET',
        path: diagnosisPaths[0]!,
        paths: diagnosisPaths,
        authorized: true,
      },
      {
        name: `Agenda, a week of ${BUSY_WEEK_APPOINTMENTS} appointments`,
        method: 'GET',
        path: `/api/medics/agenda?from=${practice.busyWeek.from}&to=${practice.busyWeek.to}`,
        authorized: true,
      },
    ];

    // The bare server answers with what the real one answered, byte for byte.
    const database = openDatabase(join(dataDir, 'expediente.db'));
    const { passwordHash } = (await rawGet<{ passwordHash: string }>(database, 'select password_hash as "passwordHash" from users where email = ?', [practice.medic.email]))!;
    sqliteEngineOf(database).close();
    const { child: bare, base: bareBase } = await startBareServer({
      realBase,
      scenarios,
      token,
      dir: dataDir,
      passwordHash,
      password: practice.medic.password,
      recordPath: scenarios[0]!.path,
      onAnswer: (scenario, body) => {
        if (scenario.name === 'Record, REST') console.log(`The rich record is ${Math.round(body.length / 1024)} KB of JSON`);
      },
    });
    children.push(bare);

    const chosen = scenarios.filter((scenario) => !args.only || scenario.name.toLowerCase().includes(args.only.toLowerCase()));
    const rows = await measureSideBySide(realBase, bareBase, chosen, token, settings);
    const ceilings = chosen.some((scenario) => scenario.name.startsWith('Record')) ? await measureCeilings(bareBase, scenarios[0]!, token, settings) : null;
    // The same record on the encrypted practice and on the plain one, in turns: the cost of encryption at rest.
    const encryptedRecord: { encrypted: Measure; plain: Measure } | null = encrypted
      ? await measureInTurns(
          { base: encrypted.url, token: encryptedToken, pid: encrypted.child.pid! },
          { base: realBase, token, pid: real.pid! },
          { ...scenarios[0]!, name: ENCRYPTED_RECORD },
          settings,
        ).then(
          ({ a, b }) => ({ encrypted: a, plain: b }),
        )
      : null;
    // The reads again, on the practice's PostgreSQL copy against SQLite, in turns.
    const postgresRows: PostgresRow[] | null = postgres
      ? await measurePostgresRows(
          { base: postgres.url, token: postgresToken, pid: postgres.child.pid!, settle: postgres.settle },
          { base: realBase, token, pid: real.pid! },
          chosen.filter((scenario) => scenario.method === 'GET'),
          settings,
        )
      : null;
    const rss = rssMegabytes(real.pid!);

    const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
    console.log(`\n${patientCount} patients · ${settings.connections} connections · ${settings.rounds}×${settings.duration} s per side, interleaved · ${cpus().length} × ${cpu} · Node ${process.version}\n`);
    printRows(rows);
    if (ceilings) printCeilings(ceilings);
    if (encryptedRecord) printEncryptedRecord(encryptedRecord);
    if (postgresRows) {
      printPostgresRows(postgresRows);
      reportGoals(postgresGoals(postgresRows));
    }
    console.log(`\nnpm start to /api/health (built install, ${patientCount} patients): ${startMs} ms`);
    if (encrypted) console.log(`npm start on the encrypted practice, its key unwrapped from PASSPHRASE (argon2id): ${encrypted.startMs} ms`);
    console.log(`Server RSS after the bench: ${rss} MB`);

    if (chosen.length < scenarios.length || !ceilings || !encryptedRecord) return;
    const encryptedShare = encryptedRecord.encrypted.requestsPerSecond / encryptedRecord.plain.requestsPerSecond;
    const ratio = (index: number) => rows[index]!.real.requestsPerSecond / rows[index]!.bare.requestsPerSecond;
    const trpcShare = rows[1]!.real.requestsPerSecond / ceilings.trpc.requestsPerSecond;
    reportGoals([
      [`record REST ${Math.round(100 * ratio(0))} % ≥ 50 %`, ratio(0) >= 0.5],
      [`record REST p99 ${rows[0]!.real.p99} ms ≤ 15`, rows[0]!.real.p99 <= 15],
      [`record tRPC ${Math.round(100 * trpcShare)} % of tRPC's own adapter ≥ 80 %`, trpcShare >= 0.8],
      [`first page p99 ${rows[2]!.real.p99} ms ≤ 15`, rows[2]!.real.p99 <= 15],
      [`filtered page p99 ${rows[3]!.real.p99} ms ≤ 15`, rows[3]!.real.p99 <= 15],
      [`new filter each time p99 ${rows[4]!.real.p99} ms ≤ 15`, rows[4]!.real.p99 <= 15],
      [`sign-in ${Math.round(100 * ratio(6))} % ≥ 80 %`, ratio(6) >= 0.8],
      [`diagnosis search p99 ${rows[7]!.real.p99} ms ≤ 10`, rows[7]!.real.p99 <= 10],
      [`agenda week p99 ${rows[8]!.real.p99} ms ≤ 10`, rows[8]!.real.p99 <= 10],
      [`encrypted record ${Math.round(100 * encryptedShare)} % of plain ≥ 90 %`, encryptedShare >= 0.9],
      [`start ${startMs} ms ≤ 700`, startMs <= 700],
      [`RSS ${rss} MB ≤ 200`, rss <= 200],
      [
        'no failed requests',
        rows.every((row) => row.real.failures === 0 && row.bare.failures === 0) && encryptedRecord.encrypted.failures + encryptedRecord.plain.failures === 0,
      ],
    ]);
  } finally {
    await stop();
  }
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

function printEncryptedRecord({ encrypted, plain }: { encrypted: Measure; plain: Measure }): void {
  const failed = (measure: Measure) => (measure.failures > 0 ? ` (${measure.failures} failed)` : '');
  console.log('\nThe record read on the same practice seeded encrypted and plain, two servers in turns:');
  console.log('| scenario | encrypted req/s | p50 ms | p99 ms | plain req/s | p50 ms | p99 ms | encrypted / plain |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  console.log(
    `| ${ENCRYPTED_RECORD}${failed(encrypted)}${failed(plain)} | ${Math.round(encrypted.requestsPerSecond)} | ${encrypted.p50} | ${encrypted.p99} | ` +
      `${Math.round(plain.requestsPerSecond)} | ${plain.p50} | ${plain.p99} | ${Math.round((100 * encrypted.requestsPerSecond) / plain.requestsPerSecond)} % |`,
  );
  const cpu = (measure: Measure) => Math.round(measure.cpuMicrosPerRequest ?? 0);
  console.log(
    `Server CPU per read (every thread, WAL checkpoints included): encrypted ${cpu(encrypted)} µs, plain ${cpu(plain)} µs ` +
      `(${Math.round((100 * (encrypted.cpuMicrosPerRequest ?? 0)) / (plain.cpuMicrosPerRequest ?? 1))} %)`,
  );
}

if (args.years) await runDecadeBench({ years: Number(args.years), dataDir: args['data-dir'], only: args.only, readsOnly: args['reads-only'], settings });
else await main();

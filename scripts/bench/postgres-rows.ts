// `npm run bench -- --database-url URL`: the same practice copied into PostgreSQL
// (npm run migrate-to-postgres's copy), a server started on it as a clinic network's server starts
// (DATABASE_URL, a copy of the practice's keys), and every read scenario measured there in turns with
// the same read on SQLite: the record read on PostgreSQL must keep at least half of SQLite's rate, and
// every read's p99 stay within 25 ms at 10 connections (API.md, a clinic network). URL names the
// cluster (any database on it): the bench makes a database of its own there, and drops it at the end.
import type { ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { copyPracticeToPostgres } from '../../server/backup/copy-practice-to-postgres';
import { KEY_FILES } from '../../server/encryption/encrypt-practice';
import { PRACTICE_KEY_FILE } from '../../server/encryption/practice-key';
import { startRealServer } from './server-launch';
import { load, measureInTurns, type LoadSettings, type Measure, type Scenario } from './side-by-side';

/** What a server of the network needs from the practice's DATA_DIR: the practice key and the keys it wraps. */
const NETWORK_KEY_FILES = [PRACTICE_KEY_FILE, ...KEY_FILES];

export interface PostgresRow {
  scenario: Scenario;
  postgres: Measure;
  sqlite: Measure;
}

async function onCluster(clusterUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: clusterUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export interface PostgresServer {
  child: ChildProcess;
  url: string;
  /** Vacuums the bench's database and writes its pages out (what autovacuum and the checkpointer would do while rows are measured). */
  settle(): Promise<void>;
  /** Removes the server's DATA_DIR and the bench's database; the server must have stopped. */
  remove(): Promise<void>;
}

export async function startPostgresServer(dataDir: string, clusterUrl: string, env: Record<string, string>): Promise<PostgresServer> {
  const name = `expediente_bench_${process.pid}`;
  const databaseUrl = new URL(clusterUrl);
  databaseUrl.pathname = `/${name}`;
  await onCluster(clusterUrl, `drop database if exists "${name}" with (force)`);
  await onCluster(clusterUrl, `create database "${name}"`);
  await copyPracticeToPostgres(dataDir, databaseUrl.toString());
  // The copy's pages written out now, as a cluster that has run a while has them: otherwise the
  // checkpoint that follows a bulk load writes them while the first rows are measured.
  await onCluster(clusterUrl, 'checkpoint');
  const dir = mkdtempSync(join(tmpdir(), 'expediente-bench-postgres-'));
  for (const file of NETWORK_KEY_FILES) if (existsSync(join(dataDir, file))) copyFileSync(join(dataDir, file), join(dir, file));
  const { child, url } = await startRealServer({ ...env, DATA_DIR: dir, DATABASE_URL: databaseUrl.toString() });
  return {
    child,
    url,
    settle: async () => {
      await onCluster(databaseUrl.toString(), 'vacuum (analyze)');
      await onCluster(clusterUrl, 'checkpoint');
    },
    remove: async () => {
      rmSync(dir, { recursive: true, force: true });
      await onCluster(clusterUrl, `drop database if exists "${name}" with (force)`);
    },
  };
}

export async function measurePostgresRows(
  postgres: { base: string; token: string; pid: number; settle: () => Promise<void> },
  sqlite: { base: string; token: string; pid: number },
  scenarios: Scenario[],
  settings: LoadSettings,
): Promise<PostgresRow[]> {
  // The SQLite server has served the bench's every row already; the PostgreSQL one has just started.
  // Before they are compared, it serves each read as long, unmeasured: a newly started server's
  // rate still rises over its first several seconds of load (compiled code, its pool's connections).
  for (const scenario of scenarios) if (scenario.method === 'GET') await load(`${postgres.base}${scenario.path}`, scenario, postgres.token, settings);
  // Those loads wrote an audit event a read, far more rows a second than any practice writes: the
  // vacuum autovacuum would start on them, and the checkpoint after them, are done before measuring
  // (SQLite's side has its WAL checkpointed by a worker all along).
  await postgres.settle();
  const rows: PostgresRow[] = [];
  for (const scenario of scenarios) {
    const { a, b } = await measureInTurns(postgres, sqlite, scenario, settings);
    rows.push({ scenario, postgres: a, sqlite: b });
  }
  return rows;
}

export function printPostgresRows(rows: PostgresRow[]): void {
  console.log('\nThe same reads on PostgreSQL and on SQLite, two servers of the same practice in turns:');
  console.log('| scenario | PostgreSQL req/s | p50 ms | p99 ms | SQLite req/s | p99 ms | PostgreSQL / SQLite |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const { scenario, postgres: p, sqlite: s } of rows) {
    const failed = p.failures + s.failures > 0 ? ` (${p.failures} + ${s.failures} failed)` : '';
    console.log(
      `| ${scenario.name}${failed} | ${Math.round(p.requestsPerSecond)} | ${p.p50} | ${p.p99} | ${Math.round(s.requestsPerSecond)} | ${s.p99} | ${Math.round((100 * p.requestsPerSecond) / s.requestsPerSecond)} % |`,
    );
  }
}

export function postgresGoals(rows: PostgresRow[]): Array<[string, boolean]> {
  const record = rows.find((row) => row.scenario.name === 'Record, REST');
  const goals: Array<[string, boolean]> = [];
  if (record) {
    const share = record.postgres.requestsPerSecond / record.sqlite.requestsPerSecond;
    goals.push([`record REST on PostgreSQL ${Math.round(100 * share)} % of SQLite ≥ 50 %`, share >= 0.5]);
  }
  const reads = rows.filter((row) => row.scenario.method === 'GET' && !row.scenario.name.startsWith('Health'));
  const worst = Math.max(...reads.map((row) => row.postgres.p99));
  goals.push([`every read's p99 on PostgreSQL ≤ 25 ms (worst ${worst} ms)`, worst <= 25]);
  goals.push(['no failed requests on PostgreSQL', rows.every((row) => row.postgres.failures === 0)]);
  return goals;
}

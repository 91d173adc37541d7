// A throwaway PostgreSQL primary and its hot standby for standby.test.ts, made the way
// docs/operations.md tells a clinic to make them: initdb a primary that streams its WAL and waits
// for one synchronous standby, pg_basebackup -R a copy of it that runs as that standby. Both listen
// on 127.0.0.1 on ports of their own, with their sockets in their temporary directory, trusting
// local connections (nothing else reaches them). PostgreSQL refuses to run as root: as root, every
// PostgreSQL command runs as the postgres user, on a directory it owns.
import { execFileSync } from 'node:child_process';
import { appendFileSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

const DATABASE = 'expediente';
const ROLE = 'expediente';
/** No PostgreSQL command here takes long; one that hangs fails the test instead of blocking it. */
const COMMAND_TIMEOUT_MS = 90_000;

/** The directory of PostgreSQL's server programs (initdb, pg_ctl, pg_basebackup), the newest installed; undefined when there is none. */
export function postgresBinaries(): string | undefined {
  const root = '/usr/lib/postgresql';
  const installed = existsSync(root) ? readdirSync(root).filter((major) => existsSync(join(root, major, 'bin', 'initdb'))) : [];
  const newest = installed.sort((a, b) => Number(a) - Number(b)).at(-1);
  if (newest) return join(root, newest, 'bin');
  try {
    return execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

export interface StandbyCluster {
  primaryPort: number;
  standbyPort: number;
  /** What the servers are given: both hosts, the one that takes writes wanted. */
  url: string;
  /** One host alone, for checks from the test. */
  urlOf(port: number): string;
  /** The replication state of the standby as the primary sees it ('sync' when commits wait for it). */
  syncState(): string | undefined;
  /** kill -9 of the primary's postmaster: the machine dies as far as the servers can tell. */
  killPrimary(): void;
  /** pg_ctl promote: the standby ends recovery and takes writes. */
  promoteStandby(): void;
  /** Stops what still runs (immediately) and removes the directories. */
  remove(): void;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function startStandbyCluster(bin: string): Promise<StandbyCluster> {
  const asRoot = process.getuid?.() === 0;
  const owner = asRoot ? 'postgres' : userInfo().username;
  const dir = mkdtempSync(join(tmpdir(), 'expediente-standby-'));
  if (asRoot) {
    const postgres = execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim();
    const group = execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim();
    chownSync(dir, Number(postgres), Number(group));
  }
  const run = (program: string, args: string[]) => {
    const command = asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, program), ...args]] : [join(bin, program), args];
    return execFileSync(command[0] as string, command[1] as string[], { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: COMMAND_TIMEOUT_MS });
  };
  const primary = join(dir, 'primary');
  const standby = join(dir, 'standby');
  const [primaryPort, standbyPort] = [await freePort(), await freePort()];
  const sql = (port: number, statement: string, database = 'postgres') =>
    run('psql', ['-h', dir, '-p', String(port), '-U', owner, '-d', database, '-XAtq', '-v', 'ON_ERROR_STOP=1', '-c', statement]).trim();
  const cluster: StandbyCluster = {
    primaryPort,
    standbyPort,
    url: `postgres://${ROLE}:${ROLE}@127.0.0.1:${primaryPort},127.0.0.1:${standbyPort}/${DATABASE}?target_session_attrs=read-write`,
    urlOf: (port) => `postgres://${ROLE}:${ROLE}@127.0.0.1:${port}/${DATABASE}`,
    syncState: () => sql(primaryPort, 'select sync_state from pg_stat_replication') || undefined,
    killPrimary: () => process.kill(Number(readFileSync(join(primary, 'postmaster.pid'), 'utf8').split('\n')[0]), 'SIGKILL'),
    promoteStandby: () => void run('pg_ctl', ['-D', standby, 'promote', '-w', '-t', '60']),
    remove: () => {
      for (const data of [standby, primary]) {
        if (existsSync(join(data, 'postmaster.pid'))) {
          try {
            run('pg_ctl', ['-D', data, 'stop', '-m', 'immediate', '-w', '-t', '30']);
          } catch {
            // Already dead (the killed primary): nothing to stop.
          }
        }
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    run('initdb', ['-D', primary, '-U', owner, '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-sync']);
    appendFileSync(
      join(primary, 'postgresql.conf'),
      [
        `port = ${primaryPort}`,
        `listen_addresses = '127.0.0.1'`,
        `unix_socket_directories = '${dir}'`,
        'wal_level = replica',
        'max_wal_senders = 4',
        'hot_standby = on',
        'synchronous_commit = on',
        'max_connections = 60',
        '',
      ].join('\n'),
    );
    run('pg_ctl', ['-D', primary, '-l', join(dir, 'primary.log'), '-w', '-t', '60', 'start']);
    sql(primaryPort, `create role ${ROLE} login superuser password '${ROLE}'`);
    sql(primaryPort, `create database ${DATABASE} owner ${ROLE}`);
    run('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', owner, '-D', standby, '-R', '-X', 'stream', '--checkpoint=fast', '--no-sync']);
    appendFileSync(join(standby, 'postgresql.conf'), `port = ${standbyPort}\n`);
    run('pg_ctl', ['-D', standby, '-l', join(dir, 'standby.log'), '-w', '-t', '60', 'start']);
    // Only now, with the standby there, may commits wait for it: a commit returns once the standby
    // has it on disk, so the primary dying loses nothing acknowledged. (Set on the primary alone:
    // the standby, once promoted, has no standby of its own to wait for.)
    sql(primaryPort, `alter system set synchronous_standby_names = '*'`);
    sql(primaryPort, 'select pg_reload_conf()');
    const deadline = Date.now() + 30_000;
    while (cluster.syncState() !== 'sync') {
      if (Date.now() > deadline) throw new Error(`the standby did not become synchronous within 30 s\n${readFileSync(join(dir, 'standby.log'), 'utf8')}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return cluster;
  } catch (error) {
    cluster.remove();
    throw error;
  }
}

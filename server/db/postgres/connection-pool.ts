// Every pool of connections to DATABASE_URL (the engine's, the commands'): a plain node-postgres
// pool for a URL with one host; for a primary and its standbys (host-list.ts), a pool whose new
// connections go to the host that takes writes now, so that a server follows a promoted standby by
// itself: connections to the dead primary fail and are dropped, the next ones find the new primary.
import pg from 'pg';
import { parseHostList, type DatabaseHost, type HostList, type SessionTarget } from './host-list';

/** How long a connection attempt to one host of several may take before the next host is tried. */
const HOST_CONNECT_TIMEOUT_MS = 5_000;

/** SQLSTATE 25006 read_only_sql_transaction: the host no longer takes writes (a primary back as a standby). */
const READ_ONLY_TRANSACTION = '25006';

export function postgresPool(url: string, options: Omit<pg.PoolConfig, 'connectionString' | 'Client'> = {}): pg.Pool {
  const list = parseHostList(url);
  const pool =
    list.kind === 'single'
      ? new pg.Pool({ ...options, connectionString: url })
      : new pg.Pool({ ...options, connectionString: list.hosts[0]!.url, Client: clientFollowing(list) });
  // A connection that dies while a request holds it (the database stopped or failed over) fails that
  // request's queries and is dropped when released; without a listener its 'error' would end the process.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

/** Runs `work` on one connection to the database `url` names (its writable host, for a list of hosts), then closes it. */
export async function onOneConnection<T>(url: string, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const pool = postgresPool(url, { max: 1 });
  try {
    const client = await pool.connect();
    try {
      return await work(client);
    } finally {
      client.release();
    }
  } finally {
    await pool.end();
  }
}

/** Whether `error` says the connection's host no longer takes writes: the connection is of no more use. */
export function refusedAsReadOnly(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if ((cause as { code?: unknown }).code === READ_ONLY_TRANSACTION) return true;
  }
  return false;
}

/** Why `client`'s host is not the one wanted, or undefined when it is. */
async function unwantedBecause(client: pg.ClientBase, target: SessionTarget): Promise<string | undefined> {
  if (target === 'any') return undefined;
  const { rows } = await client.query<{ recovery: boolean; read_only: string }>(
    "select pg_is_in_recovery() as recovery, current_setting('transaction_read_only') as read_only",
  );
  const { recovery, read_only: readOnly } = rows[0]!;
  if (target === 'primary' && recovery) return 'a standby (in recovery)';
  if (target === 'read-write' && readOnly === 'on') return recovery ? 'a standby (read-only)' : 'read-only';
  return undefined;
}

/** The host new connections go to: remembered while it serves, found again in the URL's order when it stops. */
class HostChoice {
  private chosen: DatabaseHost | undefined;
  private finding: Promise<DatabaseHost> | undefined;

  constructor(readonly list: Extract<HostList, { kind: 'several' }>) {}

  host(): Promise<DatabaseHost> {
    if (this.chosen) return Promise.resolve(this.chosen);
    // Connections opened at once share one search.
    this.finding ??= this.find().finally(() => (this.finding = undefined));
    return this.finding;
  }

  forget(host: DatabaseHost): void {
    if (this.chosen === host) this.chosen = undefined;
  }

  private async find(): Promise<DatabaseHost> {
    const refusals: string[] = [];
    for (const host of this.list.hosts) {
      const probe = new pg.Client({ connectionString: host.url, connectionTimeoutMillis: HOST_CONNECT_TIMEOUT_MS });
      // A probe that loses its connection after answering must not throw from its 'error' event.
      probe.on('error', () => undefined);
      try {
        await probe.connect();
        const unwanted = await unwantedBecause(probe, this.list.target);
        if (unwanted === undefined) return (this.chosen = host);
        refusals.push(`${host.label} is ${unwanted}`);
      } catch (error) {
        refusals.push(`${host.label}: ${error instanceof Error ? error.message : String(error)}`);
      } finally {
        await probe.end().catch(() => undefined);
      }
    }
    const wanted = this.list.target === 'any' ? 'answers' : 'takes writes';
    throw new Error(`no PostgreSQL host of DATABASE_URL ${wanted} (${refusals.join('; ')})`);
  }
}

/** A node-postgres Client class whose connections go to the host `list` wants now. */
function clientFollowing(list: Extract<HostList, { kind: 'several' }>): typeof pg.Client {
  const choice = new HostChoice(list);
  return class FollowingClient extends pg.Client {
    constructor(config?: pg.ClientConfig) {
      // A host that went away without a word (a dead machine) must not hold the connection for minutes.
      super({ ...config, connectionTimeoutMillis: config?.connectionTimeoutMillis || HOST_CONNECT_TIMEOUT_MS });
      // Losing the host while asking it what it is fails the question, not the process.
      this.on('error', () => undefined);
    }

    override connect(): Promise<pg.Client>;
    override connect(callback: (error: Error) => void): void;
    override connect(callback?: (error: Error) => void): Promise<pg.Client> | void {
      const connected = this.connectToChosenHost();
      if (!callback) return connected;
      connected.then(() => callback(undefined as unknown as Error), callback);
    }

    private async connectToChosenHost(): Promise<pg.Client> {
      const host = await choice.host();
      this.host = host.host;
      if (host.port !== undefined) this.port = host.port;
      try {
        await super.connect();
      } catch (error) {
        choice.forget(host);
        throw error;
      }
      // The host chosen earlier may have changed since (a primary back as a standby).
      const unwanted = await unwantedBecause(this, list.target).catch((error: unknown) => `not answering (${error instanceof Error ? error.message : String(error)})`);
      if (unwanted !== undefined) {
        choice.forget(host);
        await this.end().catch(() => undefined);
        throw new Error(`PostgreSQL host ${host.label} is ${unwanted} now`);
      }
      return this;
    }
  };
}

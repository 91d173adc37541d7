// A clinic network for the tests: real servers (server/index.ts as child processes, as a practice
// runs them) sharing one PostgreSQL database. The first makes the practice's keys in its DATA_DIR;
// the others start from a copy of them, as docs/operations.md tells a clinic to set up a second server.
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { KEY_FILES } from '../encryption/encrypt-practice';
import { PRACTICE_KEY_FILE } from '../encryption/practice-key';
import { startServer, stopServer } from '../server-process.fixture';
import { freshPostgresDatabase, type FreshPostgresDatabase } from '../test/postgres-database';

/** What a server of the network needs from the first one's DATA_DIR: the practice key and the keys it wraps (the document key once made). */
export const NETWORK_KEY_FILES = [PRACTICE_KEY_FILE, ...KEY_FILES] as const;

export interface NetworkServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
}

export interface Network {
  database: FreshPostgresDatabase;
  servers: NetworkServer[];
  /** Starts one more server on the network's database (a copy of the first one's keys). */
  addServer(): Promise<NetworkServer>;
  close(): Promise<void>;
}

async function start(dataDir: string, databaseUrl: string): Promise<NetworkServer> {
  const outcome = await startServer(dataDir, { DATABASE_URL: databaseUrl });
  if (outcome.kind !== 'listening') throw new Error(`a network server did not start: ${outcome.stdout}${outcome.stderr}`);
  return { url: outcome.url, dataDir, process: outcome.server };
}

export async function startNetwork(size = 2): Promise<Network> {
  const database = await freshPostgresDatabase();
  const dirs: string[] = [];
  const servers: NetworkServer[] = [];
  const newDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'expediente-network-'));
    dirs.push(dir);
    return dir;
  };
  const network: Network = {
    database,
    servers,
    async addServer() {
      const dataDir = newDir();
      for (const file of NETWORK_KEY_FILES) if (existsSync(join(servers[0]!.dataDir, file))) copyFileSync(join(servers[0]!.dataDir, file), join(dataDir, file));
      const server = await start(dataDir, database.url);
      servers.push(server);
      return server;
    },
    async close() {
      await Promise.all(servers.map((server) => stopServer(server.process, 'SIGKILL')));
      await database.drop();
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    },
  };
  servers.push(await start(newDir(), database.url));
  while (servers.length < size) await network.addServer();
  return network;
}

export interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- each test reads the fields it asserts
}

/** One JSON call to a network server's REST API. */
export async function call(server: NetworkServer, method: string, path: string, options: { token?: string; body?: unknown; ip?: string } = {}): Promise<Answer> {
  const response = await fetch(`${server.url}/api${path}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

// Reads commit their audit event without waiting for the disk (auditedRead), so this checks the
// promise that trade rests on: once the record has been answered, its audit event is in the
// database even if the process is killed outright (kill -9) the next moment.
import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { seedPractice } from '../../scripts/bench/seed';

const dataDir = mkdtempSync(join(tmpdir(), 'expediente-kill-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The address the server prints once it listens (it picks a free port when PORT is 0). */
function listeningAddress(server: ReturnType<typeof spawn>): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    server.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening at (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1]!);
    });
    server.once('exit', (code) => reject(new Error(`the server exited (${code}) before listening`)));
  });
}

it('keeps the audit event of every answered record read after a kill -9', async () => {
  const practice = await seedPractice({ dataDir, patients: 3 });
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'error' },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  try {
    const base = await listeningAddress(server);
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(practice.medic),
    });
    const { access_token: token } = (await login.json()) as { access_token: string };
    const reads = 25;
    for (let read = 0; read < reads; read += 1) {
      const response = await fetch(`${base}/api/medics/patients/${practice.richPatientId}`, { headers: { authorization: `Bearer ${token}` } });
      expect(response.status).toBe(200);
    }
    server.kill('SIGKILL');
    await exited;

    const database = new Database(join(dataDir, 'expediente.db'), { readonly: true });
    const { audited } = database
      .prepare(`select count(*) as audited from audit_events where action = 'medics.patientDetail' or action = 'patient.detail'`)
      .get() as { audited: number };
    database.close();
    expect(audited).toBe(reads);
  } finally {
    server.kill('SIGKILL');
  }
}, 30_000);

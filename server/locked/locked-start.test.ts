// The real server process on an encrypted practice (API.md "Encryption at rest"): made with
// PASSPHRASE (its recovery key printed once), it starts locked without its passphrase (health, REST
// and tRPC answer 503), is opened by the passphrase or the recovery key given to POST /api/unlock,
// limits wrong attempts per address, and audits them in the trail of the practice once it is open.
// A new practice without a passphrase is set up through POST /api/unlock/setup.
import type { ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../shared/auth';
import type { AuditEventsPage } from '../../shared/admin';
import { PRACTICE_KEY_FILE } from '../encryption/practice-key';
import { FIXTURE_PASSPHRASE, READY_LINE, startServer, stopAllServers, stopServer, type StartOutcome } from '../server-process.fixture';
import { buildApp } from '../app';
import { TEST_PASSWORD, testConfig } from '../test/helpers';

type Listening = Extract<StartOutcome, { kind: 'listening' }>;

const root = mkdtempSync(join(tmpdir(), 'expediente-locked-'));
let count = 0;
const freshDir = (name = 'data') => join(root, `${name}-${++count}`);
/** The encrypted practice the tests open, made once by a real start with PASSPHRASE, copied for each test. */
const practice = join(root, 'practice');
const ADMIN_EMAIL = 'administradora@consulta.test';
let recoveryKey: string;

afterEach(stopAllServers);
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function listening(dataDir: string, env: Record<string, string> = {}): Promise<Listening> {
  const outcome = await startServer(dataDir, env);
  if (outcome.kind !== 'listening') throw new Error(`the server did not start:\n${outcome.stdout}${outcome.stderr}`);
  return outcome;
}

const locked = (dataDir: string) => listening(dataDir, { PASSPHRASE: '' });

const post = (url: string, body: unknown, token?: string) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });

async function signIn(url: string, email = ADMIN_EMAIL): Promise<Session> {
  const answer = await post(`${url}/api/auth/login`, { email, password: TEST_PASSWORD });
  expect(answer.status).toBe(200);
  return (await answer.json()) as Session;
}

async function unlockEvents(url: string): Promise<AuditEventsPage['events']> {
  const admin = await signIn(url);
  const answer = await fetch(`${url}/api/admin/audit?action=practice.`, { headers: { authorization: `Bearer ${admin.access_token}` } });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as AuditEventsPage).events;
}

/** After a 204 or 201 the locked server steps aside: the practice's app says it listens, on the same address. */
async function opened(server: Listening): Promise<void> {
  const line = await server.nextLine(READY_LINE);
  expect(READY_LINE.exec(line)?.[1]).toBe(server.url);
  const health = await fetch(`${server.url}/api/health`);
  expect(health.status).toBe(200);
}

beforeAll(async () => {
  const made = await listening(practice);
  try {
    // Said once, on stdout, with what to do with it.
    recoveryKey = /^\s+((?:[0-9A-Z]{4}-){12}[0-9A-Z]{4})$/m.exec(made.stdout())![1]!;
    expect(made.stdout()).toContain('Print it (or copy it by hand) and keep it away from this machine and from the passphrase');
    expect(existsSync(join(practice, PRACTICE_KEY_FILE))).toBe(true);
    const registered = await post(`${made.url}/api/auth/register`, { name: 'Ana', lname: 'Ruiz', email: ADMIN_EMAIL, password: TEST_PASSWORD, type: 'medic' });
    expect(registered.status).toBe(201);
  } finally {
    expect(await stopServer(made.server)).toBe(0);
  }
}, 60_000);

const copyOfPractice = () => {
  const dataDir = freshDir('copy');
  cpSync(practice, dataDir, { recursive: true });
  return dataDir;
};

describe('an encrypted practice started without its passphrase', () => {
  it('answers 503 locked on health, 503 LOCKED on a REST route and on a tRPC procedure', async () => {
    const server = await locked(copyOfPractice());
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({ status: 'locked', setup: false });
    const rest = await post(`${server.url}/api/auth/login`, { email: ADMIN_EMAIL, password: TEST_PASSWORD });
    expect(rest.status).toBe(503);
    expect(await rest.json()).toMatchObject({ statusCode: 503, error: 'Service Unavailable', code: 'LOCKED' });
    const trpc = await fetch(`${server.url}/trpc/auth.profile`);
    expect(trpc.status).toBe(503);
    expect(await trpc.json()).toMatchObject({ code: 'LOCKED' });
    expect(server.stdout()).toContain(`The practice is locked: its data stay encrypted until someone opens ${server.url}`);
    // The same security headers as the practice's app.
    expect(health.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it('refuses a wrong passphrase with 401, then any attempt from that address with 429 and Retry-After, and keeps the practice locked', async () => {
    const server = await locked(copyOfPractice());
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = await post(`${server.url}/api/unlock`, { passphrase: `no es la frase ${attempt}` });
      expect(wrong.status).toBe(401);
      expect(await wrong.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    }
    const limited = await post(`${server.url}/api/unlock`, { passphrase: FIXTURE_PASSPHRASE });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(800);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(503);
    // Logged, without what was typed.
    expect(server.stdout()).toContain('a wrong passphrase or recovery key was given to unlock the practice');
    expect(server.stderr() + server.stdout()).not.toContain('no es la frase');
  });

  it('refuses a body that is not one of the two shapes with 400, uncounted', async () => {
    const server = await locked(copyOfPractice());
    for (const body of [{}, { passphrase: 'x', recoveryKey: 'y' }, { passphrase: 'x', extra: 1 }, [], { passphrase: 7 }]) {
      const answer = await post(`${server.url}/api/unlock`, body);
      expect(answer.status).toBe(400);
      expect(await answer.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    expect((await post(`${server.url}/api/unlock`, { passphrase: 'todavía no es' })).status).toBe(401);
  });

  it('opens with the right passphrase: 204, the app on the same address, and the wrong attempt and the unlock in its audit trail', async () => {
    const server = await locked(copyOfPractice());
    expect((await post(`${server.url}/api/unlock`, { passphrase: 'no es la frase' })).status).toBe(401);
    const right = await post(`${server.url}/api/unlock`, { passphrase: FIXTURE_PASSPHRASE });
    expect(right.status).toBe(204);
    await opened(server);
    expect(server.stdout()).toContain('The practice was opened from the browser with its passphrase.');
    const events = await unlockEvents(server.url);
    expect(events.map(({ action, outcome, actor, ip, detail }) => ({ action, outcome, actor, ip, detail }))).toEqual([
      { action: 'practice.unlock', outcome: 'success', actor: null, ip: '127.0.0.1', detail: 'passphrase' },
      { action: 'practice.unlock', outcome: 'failure', actor: null, ip: '127.0.0.1', detail: 'passphrase' },
    ]);
  });

  it('opens with the recovery key, typed as read off paper', async () => {
    const server = await locked(copyOfPractice());
    expect((await post(`${server.url}/api/unlock`, { recoveryKey: 'ABCD-EFGH' })).status).toBe(401);
    const right = await post(`${server.url}/api/unlock`, { recoveryKey: recoveryKey.toLowerCase().replaceAll('-', ' ') });
    expect(right.status).toBe(204);
    await opened(server);
    await signIn(server.url);
    expect((await unlockEvents(server.url))[0]).toMatchObject({ action: 'practice.unlock', outcome: 'success', detail: 'recoveryKey' });
  });

  it('starts locked when the configured passphrase does not open it, saying so without the passphrase', async () => {
    const server = await listening(copyOfPractice(), { PASSPHRASE: 'una frase que no es la suya' });
    expect((await fetch(`${server.url}/api/health`)).status).toBe(503);
    expect(server.stderr()).toContain('does not open the practice key');
    expect(server.stderr() + server.stdout()).not.toContain('una frase que no es la suya');
    expect((await post(`${server.url}/api/unlock`, { passphrase: FIXTURE_PASSPHRASE })).status).toBe(204);
    await opened(server);
    expect((await unlockEvents(server.url)).map(({ outcome, ip, detail }) => ({ outcome, ip, detail }))).toEqual([
      { outcome: 'success', ip: '127.0.0.1', detail: 'passphrase' },
      { outcome: 'failure', ip: null, detail: 'configuration' },
    ]);
  });

  it('closes on SIGTERM with 0 and lets the directory go', async () => {
    const dataDir = copyOfPractice();
    const server = await locked(dataDir);
    expect(await stopServer(server.server as ChildProcess)).toBe(0);
    expect((await locked(dataDir)).kind).toBe('listening');
  });
});

describe('a new practice', () => {
  it('made with PASSPHRASE opens at the next start with PASSPHRASE_FILE, as a systemd credential gives it', async () => {
    const dataDir = copyOfPractice();
    const credential = join(root, `credential-${++count}`);
    writeFileSync(credential, `${FIXTURE_PASSPHRASE}\n`, { mode: 0o600 });
    const server = await listening(dataDir, { PASSPHRASE: '', PASSPHRASE_FILE: credential });
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    await signIn(server.url);
    // The recovery key was shown when the practice was made, never again.
    expect(server.stdout()).not.toContain(recoveryKey);
  });

  it('refuses a PASSPHRASE too short to make one, and makes nothing', async () => {
    const dataDir = freshDir();
    const outcome = await startServer(dataDir, { PASSPHRASE: 'corta' });
    expect(outcome).toMatchObject({ kind: 'exited', code: 1 });
    if (outcome.kind === 'exited') expect(outcome.stderr).toContain('must have at least 12 characters');
    expect(existsSync(join(dataDir, PRACTICE_KEY_FILE))).toBe(false);
  });

  it('without a passphrase is set up in the browser: a weak one 400, a good one 201 with the recovery key, then it opens and registers', async () => {
    const dataDir = freshDir();
    const server = await locked(dataDir);
    expect(await (await fetch(`${server.url}/api/health`)).json()).toMatchObject({ status: 'locked', setup: true });
    expect(server.stdout()).toContain(`A new practice: open ${server.url} to choose the passphrase`);
    // Nothing to unlock yet.
    expect((await post(`${server.url}/api/unlock`, { passphrase: 'cualquier frase larga' })).status).toBe(503);

    const weak = await post(`${server.url}/api/unlock/setup`, { passphrase: 'corta' });
    expect(weak.status).toBe(400);
    expect(await weak.json()).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: 'passphrase', message: 'validation.passphraseTooShort' }] });
    const chosen = 'la frase elegida en el navegador';
    const setUp = await post(`${server.url}/api/unlock/setup`, { passphrase: chosen });
    expect(setUp.status).toBe(201);
    const { recoveryKey: shown } = (await setUp.json()) as { recoveryKey: string };
    expect(shown).toMatch(/^([0-9A-Z]{4}-){12}[0-9A-Z]{4}$/);
    // Shown in the browser only: never in the log.
    await opened(server);
    expect(server.stdout() + server.stderr()).not.toContain(shown);

    const registered = await post(`${server.url}/api/auth/register`, { name: 'Eva', lname: 'Gil', email: ADMIN_EMAIL, password: TEST_PASSWORD, type: 'medic' });
    expect(registered.status).toBe(201);
    expect((await unlockEvents(server.url)).map(({ action, outcome, ip }) => ({ action, outcome, ip }))).toEqual([{ action: 'practice.setUp', outcome: 'success', ip: '127.0.0.1' }]);
    expect(await stopServer(server.server)).toBe(0);

    // Its passphrase is the one chosen, and so is its recovery key.
    const again = await locked(dataDir);
    expect((await post(`${again.url}/api/unlock`, { passphrase: FIXTURE_PASSPHRASE })).status).toBe(401);
    expect((await post(`${again.url}/api/unlock`, { recoveryKey: shown })).status).toBe(204);
    await opened(again);
  });
});

describe('a practice from an earlier release, not encrypted', () => {
  it('starts as before, warning that its data are not encrypted, how to encrypt them, and that the passphrase is not used', async () => {
    const dataDir = freshDir('plain');
    // Made by the app itself with no practice key: a database in the clear, as earlier releases left it.
    await (await buildApp({ config: testConfig({ dataDir }), clientDir: null })).close();
    const server = await listening(dataDir);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    expect(server.stderr()).toContain(`The data in ${dataDir} are not encrypted`);
    expect(server.stderr()).toContain(`npm run encrypt -- --data-dir ${dataDir}`);
    expect(server.stderr()).toContain('Until then the passphrase of PASSPHRASE_FILE or PASSPHRASE is not used.');
    expect(existsSync(join(dataDir, PRACTICE_KEY_FILE))).toBe(false);
  });
});

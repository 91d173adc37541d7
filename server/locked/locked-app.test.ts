// The locked server in process (locked-app.ts): the web app's page marked locked or to be set up,
// its files, the practice authority, and the doors, with what they leave for the audit trail.
import type { FastifyInstance } from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createPracticeKey, openWithRecoveryKey, readPracticeKeyFile, writePracticeKeyFile } from '../encryption/practice-key';
import { testConfig } from '../test/helpers';
import { buildLockedApp, type LockedApp } from './locked-app';
import { UnlockEvents } from './unlock-events';

const FAST = { memoryCost: 1024, timeCost: 1, parallelism: 1 };
const PASSPHRASE = 'la frase de la consulta';
const root = mkdtempSync(join(tmpdir(), 'locked-app-'));
const clientDir = join(root, 'client');
mkdirSync(join(clientDir, 'assets'), { recursive: true });
writeFileSync(join(clientDir, 'index.html'), '<!doctype html><html><head><title>Expediente</title></head><body><div id="root"></div></body></html>');
writeFileSync(join(clientDir, 'assets', 'main.js'), 'console.log(1)');
let count = 0;
const apps: FastifyInstance[] = [];
afterEach(async () => Promise.all(apps.splice(0).map((app) => app.close())));
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function lockedPractice(options: { setUp?: boolean; limits?: { windowMs: number; perAddress: number } } = {}): Promise<LockedApp & { events: UnlockEvents; dataDir: string; masterKey?: Buffer; recoveryKey?: string }> {
  const dataDir = join(root, `data-${++count}`);
  mkdirSync(dataDir);
  const events = new UnlockEvents();
  const config = testConfig({ dataDir });
  if (options.setUp) {
    const locked = await buildLockedApp({ config, practice: { state: 'to-set-up' }, events, clientDir, argon2: FAST });
    apps.push(locked.app);
    return { ...locked, events, dataDir };
  }
  const { file, masterKey, recoveryKey } = await createPracticeKey(PASSPHRASE, FAST);
  writePracticeKeyFile(dataDir, file);
  const locked = await buildLockedApp({ config, practice: { state: 'locked', keyFile: file, passphraseRefused: false }, events, clientDir, limits: options.limits });
  apps.push(locked.app);
  return { ...locked, events, dataDir, masterKey, recoveryKey };
}

const unlock = (app: FastifyInstance, payload: object, remoteAddress = '10.1.1.1') => app.inject({ method: 'POST', url: '/api/unlock', payload, remoteAddress });

describe('the locked server', () => {
  it('serves the web app marked locked at every address of the app, never to be kept, and its files as they are', async () => {
    const { app } = await lockedPractice();
    for (const url of ['/', '/index.html', '/login', '/medic/patient/7']) {
      const page = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.body).toContain('<meta name="expediente-practice" content="locked" />');
    }
    expect((await app.inject({ method: 'GET', url: '/assets/main.js' })).body).toBe('console.log(1)');
    expect((await app.inject({ method: 'GET', url: '/practice-ca.crt' })).statusCode).toBe(404);
  });

  it('marks the page of a new practice to be set up, and says so in health', async () => {
    const { app } = await lockedPractice({ setUp: true });
    expect((await app.inject({ method: 'GET', url: '/register' })).body).toContain('content="setup"');
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: 'locked', setup: true });
  });

  it('answers every other API call 503 LOCKED, whatever its method', async () => {
    const { app } = await lockedPractice();
    for (const [method, url] of [['GET', '/api/medics/my-patients'], ['DELETE', '/api/patients/1'], ['POST', '/trpc/auth.login'], ['GET', '/trpc/a,b?batch=1'], ['GET', '/api'], ['GET', '/api/unlock']] as const) {
      const answer = await app.inject({ method, url });
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toMatchObject({ statusCode: 503, code: 'LOCKED' });
    }
  });

  it('refuses a text body with 415, like every route of the app', async () => {
    const { app } = await lockedPractice();
    const answer = await app.inject({ method: 'POST', url: '/api/unlock', headers: { 'content-type': 'text/plain' }, payload: 'passphrase=x' });
    expect(answer.statusCode).toBe(415);
  });

  it('opens with the passphrase once, and keeps the wrong attempts before it, each with its address and kind', async () => {
    const { app, opened, events, masterKey } = await lockedPractice();
    expect((await unlock(app, { passphrase: 'no es' })).statusCode).toBe(401);
    expect((await unlock(app, { recoveryKey: 'AAAA-BBBB' }, '10.1.1.2')).statusCode).toBe(401);
    expect((await unlock(app, { passphrase: PASSPHRASE })).statusCode).toBe(204);
    expect(await opened).toEqual({ masterKey, how: 'passphrase' });
    // Opening already: another right answer opens nothing twice.
    expect((await unlock(app, { passphrase: PASSPHRASE })).statusCode).toBe(503);
    expect(events.list().map(({ action, outcome, ip, detail }) => [action, outcome, ip, detail])).toEqual([
      ['practice.unlock', 'failure', '10.1.1.1', 'passphrase'],
      ['practice.unlock', 'failure', '10.1.1.2', 'recoveryKey'],
      ['practice.unlock', 'success', '10.1.1.1', 'passphrase'],
    ]);
  });

  it('past the limit, refuses even the right passphrase from that address with 429 and Retry-After, and audits it as denied', async () => {
    const { app, events } = await lockedPractice({ limits: { windowMs: 60_000, perAddress: 2 } });
    expect((await unlock(app, { passphrase: 'uno' })).statusCode).toBe(401);
    expect((await unlock(app, { passphrase: 'dos' })).statusCode).toBe(401);
    const refused = await unlock(app, { passphrase: PASSPHRASE });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(events.list().at(-1)).toMatchObject({ outcome: 'denied', ip: '10.1.1.1' });
    expect((await unlock(app, { passphrase: PASSPHRASE }, '10.1.1.9')).statusCode).toBe(204);
  });

  it('sets a new practice up once: its key file written before the recovery key is answered, a second set-up refused', async () => {
    const { app, opened, dataDir, events } = await lockedPractice({ setUp: true });
    const answer = await app.inject({ method: 'POST', url: '/api/unlock/setup', payload: { passphrase: PASSPHRASE }, remoteAddress: '10.2.2.2' });
    expect(answer.statusCode).toBe(201);
    const { recoveryKey } = answer.json<{ recoveryKey: string }>();
    const { masterKey, how } = await opened;
    expect(how).toBe('setUp');
    expect(openWithRecoveryKey(readPracticeKeyFile(dataDir)!, recoveryKey)).toEqual(masterKey);
    expect((await app.inject({ method: 'POST', url: '/api/unlock/setup', payload: { passphrase: 'otra frase bien larga' } })).statusCode).toBe(503);
    expect(events.list()).toEqual([expect.objectContaining({ action: 'practice.setUp', outcome: 'success', ip: '10.2.2.2' })]);
  });
});

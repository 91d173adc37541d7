// A damaged database is noticed. quick_check runs at start (in a worker for a
// large file), health answers 503 "damaged", the log names the problem, and a damaged page met
// later by a request marks the database damaged too. The server still starts: what is not damaged
// can still be read, and the administrator restores the last good backup.
import Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { release } from '../release';
import type { Session } from '../../shared/auth';
import { bearer, buildTestApp, linkWithConsent, register, testConfig } from '../test/helpers';
import { openDatabase } from './client';
import { checkIntegrity, checkIntegrityAtStart, isDamaged } from './integrity';
import { sqliteEngineOf } from './engine';
import { inTransaction } from './in-transaction';
import { rawGet, rawRun } from './raw-sql';

const dirs: string[] = [];
const apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

interface Practice {
  dataDir: string;
  file: string;
  medic: Session;
  idPatient: number;
  logged: string[];
}

async function start(practice: Pick<Practice, 'dataDir' | 'file' | 'logged'>): Promise<FastifyInstance> {
  const app = await buildTestApp({
    db: openDatabase(practice.file),
    config: { ...testConfig(), dataDir: practice.dataDir },
    logger: { level: 'error', stream: { write: (line: string) => practice.logged.push(line) } },
  });
  apps.push(app);
  return app;
}

/** A practice whose patient has enough allergies to fill many pages of that table, with the server stopped. */
async function practiceOnDisk(): Promise<Practice> {
  const dataDir = mkdtempSync(join(tmpdir(), 'expediente-integrity-'));
  dirs.push(dataDir);
  const practice = { dataDir, file: join(dataDir, 'expediente.db'), logged: [] as string[] };
  const app = await start(practice);
  const medic = await register(app, { type: 'medic' });
  const patient = await register(app, { type: 'patient' });
  await linkWithConsent(app, medic, patient);
  const { db } = app.deps;
  const idPatient = (await rawGet<{ id: number }>(db, 'select id from patients where user_id = ?', [patient.user.idUser]))!.id;
  const add = "insert into allergies (patient_id, allergy_name, reaction, created_at) values (?, ?, ?, '2024-01-01T00:00:00.000Z')";
  await inTransaction(db, async (tx) => {
    for (let i = 0; i < 2000; i++) await rawRun(tx, add, [idPatient, `Alergia ${i}`, 'Urticaria generalizada tras la exposición']);
  });
  return { ...practice, medic, idPatient };
}

/**
 * Writes garbage over a leaf page in the middle of the allergies table's b-tree, as a failing disk
 * might: over its cells (quick_check then lists what it finds), or over the whole page (too damaged
 * for quick_check to go on: it fails outright).
 */
function damageAllergies(file: string, how: 'cells' | 'whole page' = 'cells'): void {
  const sqlite = new Database(file);
  // Every committed page into the file itself, so that the garbage is what SQLite reads.
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  const pageSize = sqlite.pragma('page_size', { simple: true }) as number;
  const leaves = sqlite.prepare("select pageno from dbstat where name = 'allergies' and pagetype = 'leaf' order by pageno").pluck().all() as number[];
  sqlite.close();
  expect(leaves.length).toBeGreaterThan(10);
  const page = leaves[Math.floor(leaves.length / 2)]!;
  const fd = openSync(file, 'r+');
  try {
    const garbage = how === 'cells' ? Buffer.alloc(pageSize / 2, 0xa5) : randomBytes(pageSize);
    writeSync(fd, garbage, 0, garbage.length, (page - 1) * pageSize + (how === 'cells' ? pageSize / 4 : 0));
  } finally {
    closeSync(fd);
  }
}

const health = async (app: FastifyInstance) => {
  const response = await app.inject({ method: 'GET', url: '/api/health' });
  return { status: response.statusCode, body: response.json() };
};
const errorLines = (logged: string[]) => logged.map((line) => JSON.parse(line) as { level: number; msg: string });

describe('a damaged database', () => {
  it('starts, answers health 503 "damaged", logs the problem, and answers 500 for the damaged record', async () => {
    const practice = await practiceOnDisk();
    await apps.pop()!.close();
    damageAllergies(practice.file);

    const app = await start(practice);
    expect(await health(app)).toEqual({ status: 503, body: { status: 'unavailable', database: 'damaged', documents: 'present', storage: { freeBytes: expect.any(Number), status: 'ok' }, release: release() } });
    expect(errorLines(practice.logged)).toContainEqual(expect.objectContaining({ level: 50, msg: expect.stringMatching(/^The database is damaged \(quick_check at start failed\): Tree \d+ \(allergies\) page \d+/) }));
    // Signing in still works: the rest of the practice is not lost with one table's page.
    const record = await app.inject({ method: 'GET', url: `/api/medics/patients/${practice.idPatient}`, headers: bearer(practice.medic.access_token) });
    expect(record.statusCode).toBe(500);
    expect(record.json()).toMatchObject({ code: 'INTERNAL_ERROR' });
  });

  it('is marked damaged when a request meets a damaged page after start, and health says so from then on', async () => {
    const practice = await practiceOnDisk();
    const app = apps[0]!;
    expect((await health(app)).status).toBe(200);
    damageAllergies(practice.file);
    // What the connections already hold in memory is let go, so the next read meets the disk.
    sqliteEngineOf(app.deps.db).writer.pragma('shrink_memory');
    sqliteEngineOf(app.deps.db).reader.pragma('shrink_memory');
    const record = await app.inject({ method: 'GET', url: `/api/medics/patients/${practice.idPatient}`, headers: bearer(practice.medic.access_token) });
    expect(record.statusCode).toBe(500);
    expect(await health(app)).toEqual({ status: 503, body: { status: 'unavailable', database: 'damaged', documents: 'present', storage: { freeBytes: expect.any(Number), status: 'ok' }, release: release() } });
    expect(errorLines(practice.logged)).toContainEqual(expect.objectContaining({ msg: expect.stringMatching(/^The database is damaged \(met while serving a request\)/) }));
  });
});

describe('checkIntegrity', () => {
  it('passes a sound database file and names the problems of a damaged one, without changing it', async () => {
    const practice = await practiceOnDisk();
    await apps.pop()!.close();
    expect(checkIntegrity(practice.file)).toEqual({ ok: true });
    damageAllergies(practice.file);
    const result = checkIntegrity(practice.file);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problems[0]).toMatch(/^Tree \d+ \(allergies\) page \d+ cell \d+: /);
    expect(!result.ok && result.problems.length).toBeLessThanOrEqual(20);
  });

  it('calls a page too damaged for quick_check to read a damaged database too', async () => {
    const practice = await practiceOnDisk();
    await apps.pop()!.close();
    damageAllergies(practice.file, 'whole page');
    expect(checkIntegrity(practice.file)).toEqual({ ok: false, problems: ['database disk image is malformed'] });
    const app = await start(practice);
    expect((await health(app)).body).toMatchObject({ database: 'damaged' });
  });

  it('checks a large database in a worker thread, with the same verdict', async () => {
    const practice = await practiceOnDisk();
    await apps.pop()!.close();
    damageAllergies(practice.file);
    const sqlite = new Database(practice.file);
    try {
      const logged: unknown[] = [];
      const log = { error: (...args: unknown[]) => logged.push(args), warn: (...args: unknown[]) => logged.push(args) };
      const check = checkIntegrityAtStart(sqlite, log as never, { backgroundAboveBytes: 0 });
      // The server goes on meanwhile: nothing is known yet.
      expect(isDamaged(sqlite)).toBe(false);
      const result = await check.done;
      expect(result?.ok).toBe(false);
      expect(isDamaged(sqlite)).toBe(true);
      expect(logged).toHaveLength(1);
    } finally {
      sqlite.close();
    }
  });
});

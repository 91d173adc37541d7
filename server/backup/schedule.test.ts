// Scheduled backups: written on schedule into BACKUP_DIR, encrypted, the last BACKUP_KEEP
// kept and nothing else touched, never two at once, and every outcome — a failure above all — shown
// to the administrator through admin.backupStatus and GET /api/admin/backups, also after a restart.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BackupStatus } from '../../shared/backup-status';
import type { BackupScheduleConfig } from '../config';
import { openDatabase } from '../db/client';
import { sqliteEngineOf } from '../db/engine';
import { bearer, buildTestApp, callerFor, register, testConfig } from '../test/helpers';
import { createBackupSchedule } from './schedule';
import { isScheduledBackupName, pruneScheduledBackups, scheduledBackupName } from './schedule-files';
import { BACKUP_STATUS_FILE } from './schedule-status-file';

const PASSPHRASE = 'una frase de paso larga para las copias';
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'expediente-schedule-'));
  dirs.push(dir);
  return dir;
};
const apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const scheduleConfig = (dir: string, fields: Partial<BackupScheduleConfig> = {}): BackupScheduleConfig => ({
  dir,
  everyHours: 24,
  keep: 14,
  passphrase: PASSPHRASE,
  ...fields,
});

/** Backups read the database file the server writes, so these apps have one instead of an in-memory database. */
const fileDatabase = (dataDir: string) => openDatabase(join(dataDir, 'expediente.db'));
/** A schedule of its own takes the SQLite connection that writes DATA_DIR's database, as the server gives it. */
const fileEngine = (dataDir: string) => sqliteEngineOf(fileDatabase(dataDir));

async function appWithBackups(backupDir: string, fields: Partial<BackupScheduleConfig> = {}, dataDir = tempDir(), intervalMs = 150) {
  const app = await buildTestApp({
    config: testConfig({ dataDir, backup: scheduleConfig(backupDir, fields) }),
    db: fileDatabase(dataDir),
    backupIntervalMs: intervalMs,
  });
  apps.push(app);
  return app;
}

const fakeLog = () => {
  const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn(), debug: vi.fn(), trace: vi.fn(), fatal: vi.fn() };
  return log as typeof log & FastifyBaseLogger;
};

const scheduledFiles = (dir: string) => readdirSync(dir).filter(isScheduledBackupName).sort();

/** The first medic of an install is its administrator. */
const practice = async (app: FastifyInstance) => {
  const admin = await register(app, { type: 'medic', name: 'Elena', lname: 'Administradora' });
  const medic = await register(app, { type: 'medic', name: 'Mario', lname: 'Segundo' });
  const patient = await register(app, { type: 'patient', name: 'Lucía', lname: 'Hernández Confidencial' });
  return { admin: admin.access_token, medic: medic.access_token, patient: patient.access_token };
};

const statusOver = (app: FastifyInstance, token?: string) =>
  app.inject({ method: 'GET', url: '/api/admin/backups', headers: token ? bearer(token) : {} });

describe('scheduled backup file names', () => {
  it('sort by their UTC time and are told apart from any other file', () => {
    const name = scheduledBackupName(new Date('2026-11-22T08:00:00.250Z'));
    expect(name).toBe('expediente-2026-11-22T08-00-00Z.backup');
    expect(isScheduledBackupName(name)).toBe(true);
    for (const other of ['expediente.backup', 'expediente-2026-11-22T08-00-00Z.backup.tmp', 'notes.txt', 'x-2026-11-22T08-00-00Z.backup']) {
      expect(isScheduledBackupName(other)).toBe(false);
    }
    expect([scheduledBackupName(new Date('2027-01-01T00:00:00Z')), name].sort()[0]).toBe(name);
  });

  it('are pruned oldest first, and nothing else in the directory is deleted', async () => {
    const dir = tempDir();
    const hours = [1, 2, 3, 4, 5].map((hour) => scheduledBackupName(new Date(Date.UTC(2026, 0, 1, hour))));
    for (const name of [...hours, 'notes.txt', 'expediente-by-hand.backup']) writeFileSync(join(dir, name), 'x');
    mkdirSync(join(dir, 'expediente-2020-01-01T00-00-00Z.backup'));

    expect(await pruneScheduledBackups(dir, 2)).toEqual(hours.slice(0, 3).reverse());
    expect(readdirSync(dir).sort()).toEqual(['expediente-2020-01-01T00-00-00Z.backup', 'expediente-by-hand.backup', ...hours.slice(3), 'notes.txt'].sort());
  });
});

describe('the backup schedule', () => {
  it('writes an encrypted backup on schedule, says so to the administrator and remembers it in DATA_DIR', async () => {
    const dataDir = tempDir();
    const backupDir = join(tempDir(), 'nested', 'backups');
    const app = await appWithBackups(backupDir, {}, dataDir);
    const tokens = await practice(app);

    const status = await vi.waitFor(
      async () => {
        const answer = (await callerFor(app, tokens.admin).admin.backupStatus()) as BackupStatus;
        if (!answer.lastRun) throw new Error('no backup yet');
        return answer;
      },
      { timeout: 15_000, interval: 50 },
    );
    expect(status).toMatchObject({ enabled: true, everyHours: 24, keep: 14, lastRun: { ok: true, message: null } });
    expect(status.lastRun!.bytes).toBeGreaterThan(0);
    expect(Date.parse(status.nextRunAt!)).toBeGreaterThan(Date.parse(status.lastRun!.at));

    const files = scheduledFiles(backupDir);
    expect(files.length).toBeGreaterThanOrEqual(1);
    const bytes = readFileSync(join(backupDir, files[0]!));
    expect(bytes.length).toBeGreaterThan(0);
    // Encrypted: neither the database's header nor a patient's name can be read in it.
    expect(bytes.includes('SQLite format 3')).toBe(false);
    expect(bytes.includes('Confidencial')).toBe(false);

    const saved = JSON.parse(readFileSync(join(dataDir, BACKUP_STATUS_FILE), 'utf8')) as { lastRun: { ok: boolean } };
    expect(saved.lastRun.ok).toBe(true);
    const overRest = await statusOver(app, tokens.admin);
    expect(overRest.statusCode).toBe(200);
    expect(overRest.json<BackupStatus>()).toMatchObject({ enabled: true, lastRun: { ok: true } });
  });

  it('keeps exactly BACKUP_KEEP of its own backups', async () => {
    const backupDir = tempDir();
    writeFileSync(join(backupDir, 'README.txt'), 'copias de la consulta');
    let clock = new Date('2026-11-22T08:00:00Z');
    const log = fakeLog();
    const dataDir = tempDir();
    const engine = fileEngine(dataDir);
    const db = engine.writer;
    const schedule = createBackupSchedule({ config: scheduleConfig(backupDir, { keep: 2 }), dataDir, masterKey: undefined, db, log, now: () => clock });
    const names: string[] = [];
    for (let run = 0; run < 4; run += 1) {
      names.push(scheduledBackupName(clock));
      expect((await schedule.runNow()).ok).toBe(true);
      clock = new Date(clock.getTime() + 3_600_000);
    }
    await schedule.stop();
    engine.close();

    expect(scheduledFiles(backupDir)).toEqual(names.slice(2));
    expect(readdirSync(backupDir)).toContain('README.txt');
    expect(log.info).toHaveBeenCalledWith(
      expect.objectContaining({ bytes: expect.any(Number), patients: 0, tables: expect.any(Number), ms: expect.any(Number) }),
      'scheduled backup written',
    );
  });

  it('never runs two backups at once', async () => {
    const backupDir = join(tempDir(), 'not-yet');
    const dataDir = tempDir();
    const engine = fileEngine(dataDir);
    const db = engine.writer;
    const schedule = createBackupSchedule({ config: scheduleConfig(backupDir), dataDir, masterKey: undefined, db, log: fakeLog(), now: () => new Date() });
    const first = schedule.runNow();
    expect(schedule.runNow()).toBe(first);
    expect((await first).ok).toBe(true);
    expect(scheduledFiles(backupDir)).toHaveLength(1);
    await schedule.stop();
    engine.close();
  });

  it('records a failure, logs it, and shows it to the administrator only, also after a restart', async () => {
    const dataDir = tempDir();
    // A file where the backup directory should be: nothing can be written there.
    const backupDir = join(tempDir(), 'backups');
    writeFileSync(backupDir, 'not a directory');
    const app = await appWithBackups(backupDir, { everyHours: 6, keep: 3 }, dataDir);
    const tokens = await practice(app);

    const failed = await vi.waitFor(
      async () => {
        const response = await statusOver(app, tokens.admin);
        const body = response.json<BackupStatus>();
        if (!body.lastRun) throw new Error('no backup attempted yet');
        return body;
      },
      { timeout: 15_000, interval: 50 },
    );
    expect(failed).toMatchObject({ enabled: true, everyHours: 6, keep: 3, lastRun: { ok: false, file: null, bytes: null } });
    expect(failed.lastRun!.message).toMatch(/\S/);
    expect(await callerFor(app, tokens.admin).admin.backupStatus()).toMatchObject({ lastRun: { ok: false } });

    for (const token of [tokens.medic, tokens.patient]) {
      const refused = await statusOver(app, token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'FORBIDDEN' });
      await expect(callerFor(app, token).admin.backupStatus()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    }
    expect((await statusOver(app)).statusCode).toBe(401);

    await app.close();
    apps.splice(apps.indexOf(app), 1);
    // A restart with a long interval: the failure is still there before any new attempt.
    const restarted = await appWithBackups(backupDir, {}, dataDir, 3_600_000);
    // Same database and token secret: the administrator's session survives the restart.
    const afterRestart = (await statusOver(restarted, tokens.admin)).json<BackupStatus>();
    expect(afterRestart.lastRun).toEqual(failed.lastRun);
    expect(Date.parse(afterRestart.nextRunAt!)).toBeGreaterThan(Date.now());
  });

  it('logs a failure as an error and tries again within the hour, then keeps to the interval once it works', async () => {
    const backupDir = join(tempDir(), 'backups');
    writeFileSync(backupDir, 'not a directory');
    const log = fakeLog();
    const dataDir = tempDir();
    const engine = fileEngine(dataDir);
    const db = engine.writer;
    const clock = new Date('2026-11-22T08:00:00Z');
    const schedule = createBackupSchedule({ config: scheduleConfig(backupDir), dataDir, masterKey: undefined, db, log, now: () => clock });
    const hoursToNextRun = () => (Date.parse(schedule.status().nextRunAt!) - clock.getTime()) / 3_600_000;

    expect(await schedule.runNow()).toMatchObject({ ok: false, file: null });
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ err: expect.any(Error) }), 'scheduled backup failed');
    expect(hoursToNextRun()).toBe(1);

    rmSync(backupDir);
    expect(await schedule.runNow()).toMatchObject({ ok: true });
    expect(hoursToNextRun()).toBe(24);
    await schedule.stop();
    engine.close();
  });

  it('is off without BACKUP_DIR, and says so', async () => {
    const app = await buildTestApp();
    apps.push(app);
    const { admin } = await practice(app);
    const response = await statusOver(app, admin);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ enabled: false, everyHours: null, keep: null, lastRun: null, nextRunAt: null });
  });

  it('stops with the app: no backup is written after close', async () => {
    const backupDir = tempDir();
    const app = await appWithBackups(backupDir, {}, tempDir(), 100);
    await app.close();
    apps.splice(apps.indexOf(app), 1);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(scheduledFiles(backupDir)).toEqual([]);
  });

  it('lets a backup in progress finish before the database closes', async () => {
    const backupDir = tempDir();
    const app = await appWithBackups(backupDir, {}, tempDir(), 3_600_000);
    const running = app.deps.backups.runNow();
    await app.close();
    apps.splice(apps.indexOf(app), 1);
    expect(await running).toMatchObject({ ok: true, message: null });
    expect(scheduledFiles(backupDir)).toHaveLength(1);
  });
});

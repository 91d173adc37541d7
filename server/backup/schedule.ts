// Scheduled backups: with BACKUP_DIR set, the server writes an encrypted backup into it
// every BACKUP_EVERY_HOURS and keeps the last BACKUP_KEEP. Every outcome is logged and remembered
// (in memory, and in DATA_DIR for after a restart) for the administrator's page: backups that quietly
// stopped working are otherwise found out on the day they are needed.
//
// When the first one runs: one interval after the last recorded run, or — when there is none, or it
// is already overdue — a minute after start (sooner for intervals shorter than that). Counting from the
// last run rather than from start-up matters: a server restarted more often than its interval (a nightly
// reboot with the default 24 hours) would otherwise never reach its first backup. The minute keeps the
// backup's disk and CPU out of the way of start-up. After a failure the next attempt comes within
// the hour: a full day without a backup for a passing problem (a disk briefly full) is too long.
// On a clinic network (PostgreSQL) each server that has BACKUP_DIR backs up the whole database into
// its own directory (postgres-backup.ts): no server depends on another's schedule.
import type Database from 'better-sqlite3';
import type { FastifyBaseLogger } from 'fastify';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { BACKUPS_OFF, type BackupRun, type BackupStatus } from '../../shared/backup-status';
import type { BackupScheduleConfig } from '../config';
import { createBackup } from './backup';
import { createPostgresBackup } from './postgres-backup';
import { pruneScheduledBackups, scheduledBackupName } from './schedule-files';
import { readLastRun, writeLastRun } from './schedule-status-file';

/** setTimeout's longest delay (about 24.8 days); a longer wait is taken in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;
const FIRST_RUN_DELAY_MS = 60_000;
const HOUR_MS = 3_600_000;
const RETRY_AFTER_FAILURE_MS = HOUR_MS;

export interface BackupScheduleOptions {
  config: BackupScheduleConfig;
  dataDir: string;
  masterKey: string | undefined;
  /** The practice's database: SQLite's writer connection, or a clinic network's PostgreSQL URL. */
  db: Database.Database | { databaseUrl: string };
  log: FastifyBaseLogger;
  now: () => Date;
  /** Tests only: the interval in milliseconds instead of config.everyHours. */
  intervalMs?: number;
}

export interface BackupSchedule {
  status(): BackupStatus;
  /** Arms the timer; it never keeps the process alive. */
  start(): void;
  /** Disarms the timer and waits for a backup in progress: the database must outlive it. */
  stop(): Promise<void>;
  /** Runs a backup now, or answers the one already running: never two at once. */
  runNow(): Promise<BackupRun>;
}

/** BACKUP_DIR unset: nothing runs, and the administrator is told so. */
export const noBackupSchedule: BackupSchedule = {
  status: () => BACKUPS_OFF,
  start: () => {},
  stop: async () => {},
  runNow: () => Promise.reject(new Error('No backup schedule: BACKUP_DIR is not set')),
};

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function createBackupSchedule(options: BackupScheduleOptions): BackupSchedule {
  const { config, dataDir, log, now } = options;
  const intervalMs = options.intervalMs ?? config.everyHours * HOUR_MS;
  const waitAfter = (run: BackupRun) => (run.ok ? intervalMs : Math.min(intervalMs, RETRY_AFTER_FAILURE_MS));
  let lastRun = readLastRun(dataDir);
  let nextRunAt: Date | null = null;
  let timer: NodeJS.Timeout | null = null;
  let inFlight: Promise<BackupRun> | null = null;
  let stopped = false;

  /** Old backups that cannot be deleted do not undo the new one, but the administrator should know. */
  async function prune(): Promise<string | null> {
    try {
      const removed = await pruneScheduledBackups(config.dir, config.keep);
      if (removed.length > 0) log.info({ removed }, 'old scheduled backups deleted');
      return null;
    } catch (error) {
      log.warn({ err: error }, 'old scheduled backups could not be deleted');
      return `The backup was written, but older backups could not be deleted: ${messageOf(error)}`;
    }
  }

  async function backUp(): Promise<BackupRun> {
    const at = now();
    let run: BackupRun;
    try {
      await mkdir(config.dir, { recursive: true, mode: 0o700 });
      const target = { dataDir, outFile: join(config.dir, scheduledBackupName(at)), passphrase: config.passphrase, masterKey: options.masterKey };
      const { db } = options;
      const summary = 'databaseUrl' in db ? await createPostgresBackup({ ...target, databaseUrl: db.databaseUrl }) : await createBackup({ ...target, db });
      const { file, bytes, patients, documents, tables, rows, ms } = summary;
      log.info({ file, bytes, patients, documents, tables, rows, ms }, 'scheduled backup written');
      run = { at: at.toISOString(), ok: true, message: await prune(), file, bytes };
    } catch (error) {
      log.error({ err: error, dir: config.dir }, 'scheduled backup failed');
      run = { at: at.toISOString(), ok: false, message: messageOf(error), file: null, bytes: null };
    }
    try {
      await writeLastRun(dataDir, run);
    } catch (error) {
      log.error({ err: error }, 'the scheduled backup outcome could not be saved in DATA_DIR');
    }
    // After the last await, so that no request sees this run beside the previous run's next time:
    // runNow re-arms in the same turn of the event loop.
    lastRun = run;
    return run;
  }

  function arm(at: Date): void {
    nextRunAt = at;
    const wait = Math.min(Math.max(at.getTime() - now().getTime(), 0), MAX_TIMER_MS);
    timer = setTimeout(onTimer, wait);
    timer.unref();
  }

  function disarm(): void {
    if (timer) clearTimeout(timer);
    timer = null;
  }

  function onTimer(): void {
    timer = null;
    if (stopped || !nextRunAt) return;
    if (now() < nextRunAt) return arm(nextRunAt);
    void runNow();
  }

  function runNow(): Promise<BackupRun> {
    inFlight ??= backUp()
      .finally(() => {
        inFlight = null;
      })
      .then((run) => {
        disarm();
        if (!stopped) arm(new Date(now().getTime() + waitAfter(run)));
        return run;
      });
    return inFlight;
  }

  return {
    status: () => ({
      enabled: true,
      everyHours: config.everyHours,
      keep: config.keep,
      lastRun,
      nextRunAt: nextRunAt?.toISOString() ?? null,
    }),
    start() {
      if (stopped || timer || inFlight) return;
      const soon = now().getTime() + Math.min(intervalMs, FIRST_RUN_DELAY_MS);
      const due = lastRun ? Date.parse(lastRun.at) + waitAfter(lastRun) : soon;
      arm(new Date(Math.max(due, soon)));
    },
    async stop() {
      stopped = true;
      disarm();
      nextRunAt = null;
      await inFlight?.catch(() => {});
    },
    runNow,
  };
}

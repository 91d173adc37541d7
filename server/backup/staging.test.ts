// A killed backup left a plaintext copy of the database (mode 0644) in
// DATA_DIR/.backup-*, a killed restore its decrypted keys and database in .restore-*, and partial
// archives stayed beside their target; a damaged database was backed up like a sound one. Staging is
// now private and removed by the next start, backup or restore; a damaged database is refused.
import Database from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { openDatabase } from '../db/client';
import { sqliteEngineOf } from '../db/engine';
import { inTransaction } from '../db/in-transaction';
import { rawRun } from '../db/raw-sql';
import { lockDataDir } from '../data-dir-lock';
import { practiceForTests } from '../test/encrypted-practice';
import { testConfig } from '../test/helpers';
import type { ScryptParams } from './archive-format';
import { createBackup } from './backup';
import { restoreBackup, RestoreRefused } from './restore';
import { DamagedDatabase } from './snapshot';

const TEST_SCRYPT: ScryptParams = { log2N: 10, r: 8, p: 1 };
const PASSPHRASE = 'correct horse battery staple';

let root: string;
let dataDir: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'expediente-staging-'));
  dataDir = join(root, 'data');
  mkdirSync(dataDir, { mode: 0o700 });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** The pid of a process that has ended: what a kill -9 leaves behind in a staging name. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

/** A database like the server's, with a few rows, closed. */
async function makeDatabase(rows = 50): Promise<void> {
  const db = openDatabase(join(dataDir, 'expediente.db'));
  const insert = "insert into users (email, password_hash, type, name, lname, created_at) values (?, 'x', 'patient', ?, 'Prueba', '2026-01-01')";
  await inTransaction(db, async (tx) => {
    for (let i = 0; i < rows; i++) await rawRun(tx, insert, [`p${i}@example.test`, `Paciente ${'x'.repeat(200)} ${i}`]);
  });
  sqliteEngineOf(db).close();
}

/** What a backup killed mid-way leaves: its staging directory with a plaintext copy, and a partial archive. */
function leftoversOfKilledBackup(pid: number, outDir: string) {
  const staging = join(dataDir, `.backup-${pid}-Ab12Cd`);
  mkdirSync(staging, { mode: 0o700 });
  writeFileSync(join(staging, 'snapshot-1.db'), 'plaintext patients', { mode: 0o644 });
  const partial = join(outDir, `.nightly.expbak.partial-${pid}-0a1b2c3d4e5f`);
  writeFileSync(partial, 'half an archive');
  return { staging, partial };
}

describe('backup and restore staging', () => {
  it("removes a killed backup's plaintext copy and partial archive at the next backup, and keeps a running one's", async () => {
    await makeDatabase();
    const outDir = join(root, 'backups');
    mkdirSync(outDir);
    const killed = leftoversOfKilledBackup(deadPid(), outDir);
    const running = leftoversOfKilledBackup(process.pid, outDir);
    await createBackup({ dataDir, outFile: join(outDir, 'now.expbak'), passphrase: PASSPHRASE }, { scrypt: TEST_SCRYPT });
    expect(existsSync(killed.staging)).toBe(false);
    expect(existsSync(killed.partial)).toBe(false);
    // A backup still running (here: this very process) keeps its work.
    expect(existsSync(running.staging)).toBe(true);
    expect(existsSync(running.partial)).toBe(true);
    // The new backup left nothing of its own behind.
    expect(readdirSync(dataDir).filter((name) => name.startsWith('.backup-'))).toEqual([`.backup-${process.pid}-Ab12Cd`]);
  });

  it("removes a killed backup's and a killed restore's leftovers when the server starts", async () => {
    const pid = deadPid();
    const backupDir = join(root, 'scheduled');
    mkdirSync(backupDir);
    const backup = leftoversOfKilledBackup(pid, backupDir);
    const restore = join(root, `.restore-${pid}-Zz9Yy8`);
    mkdirSync(restore, { mode: 0o700 });
    writeFileSync(join(restore, 'document-key'), 'decrypted key', { mode: 0o600 });
    const app = await buildApp({
      config: testConfig({ dataDir, backup: { dir: backupDir, everyHours: 24, keep: 2, passphrase: PASSPHRASE } }),
      clientDir: null,
    });
    try {
      expect(existsSync(backup.staging)).toBe(false);
      expect(existsSync(backup.partial)).toBe(false);
      expect(existsSync(restore)).toBe(false);
    } finally {
      await app.close();
    }
  });

  it('stages the plaintext snapshot readable by the server account only', async () => {
    await makeDatabase();
    let modes: { dir: number; file: number } | undefined;
    await createBackup(
      { dataDir, outFile: join(root, 'b.expbak'), passphrase: PASSPHRASE },
      {
        scrypt: TEST_SCRYPT,
        onSnapshot: (snapshot) => {
          modes = { dir: statSync(join(snapshot.name, '..')).mode & 0o777, file: statSync(snapshot.name).mode & 0o777 };
        },
      },
    );
    expect(modes).toEqual({ dir: 0o700, file: 0o600 });
  });

  it("removes a killed restore's decrypted keys and database at the next restore", async () => {
    await makeDatabase();
    const archive = join(root, 'b.expbak');
    await createBackup({ dataDir, outFile: archive, passphrase: PASSPHRASE }, { scrypt: TEST_SCRYPT });
    const killed = join(root, `.restore-${deadPid()}-Qq1Ww2`);
    mkdirSync(killed, { mode: 0o700 });
    writeFileSync(join(killed, 'audit-key'), 'decrypted', { mode: 0o600 });
    await restoreBackup({ archive, dataDir: join(root, 'restored'), passphrase: PASSPHRASE, practice: practiceForTests() });
    expect(existsSync(killed)).toBe(false);
    expect(readdirSync(root).filter((name) => name.startsWith('.restore-'))).toEqual([]);
  });

  it('refuses to back up a damaged database, writing no archive', async () => {
    await makeDatabase(2_000);
    const path = join(dataDir, 'expediente.db');
    // Garbage over pages in the middle of the file, the server stopped: what a failing disk does.
    const sqlite = new Database(path);
    const pageSize = sqlite.pragma('page_size', { simple: true }) as number;
    const pages = sqlite.pragma('page_count', { simple: true }) as number;
    sqlite.close();
    const bytes = Buffer.alloc(pageSize * 3, 0x5a);
    const handle = spawnSync('dd', [`of=${path}`, 'bs=1', `seek=${pageSize * Math.floor(pages / 2)}`, 'conv=notrunc'], { input: bytes });
    expect(handle.status).toBe(0);
    const outFile = join(root, 'damaged.expbak');
    await expect(createBackup({ dataDir, outFile, passphrase: PASSPHRASE }, { scrypt: TEST_SCRYPT })).rejects.toBeInstanceOf(DamagedDatabase);
    expect(readdirSync(root).filter((name) => name.includes('expbak'))).toEqual([]);
  });

  it("refuses to restore into a running server's DATA_DIR, writing nothing", async () => {
    await makeDatabase();
    const archive = join(root, 'b.expbak');
    await createBackup({ dataDir, outFile: archive, passphrase: PASSPHRASE }, { scrypt: TEST_SCRYPT });
    const before = readdirSync(dataDir).sort();
    const lock = await lockDataDir(dataDir);
    try {
      await expect(restoreBackup({ archive, dataDir, passphrase: PASSPHRASE, force: true, practice: practiceForTests() })).rejects.toBeInstanceOf(RestoreRefused);
    } finally {
      await lock.release();
    }
    expect(readdirSync(dataDir).sort()).toEqual(before);
  });
});

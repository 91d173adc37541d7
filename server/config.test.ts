// Configuration by the environment variables of API.md, and the secrets generated into DATA_DIR.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { catalogDirCandidates, defaultCatalogDir, loadConfig } from './config';
import { openDatabase } from './db/client';
import { readOrCreateSecret } from './secrets';
import { engineOf, sqliteEngineOf } from './db/engine';
import { rawRun } from './db/raw-sql';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'expediente-config-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: '127.0.0.1',
      dataDir: './data',
      jwtSecret: undefined,
      sessionHours: 12,
      maxUploadBytes: 50 * 1024 * 1024,
      authRequestsPerMinute: 60,
      masterKey: undefined,
      emergencyAccessHours: 4,
      trustProxy: false,
      tls: undefined,
      backup: undefined,
      practiceName: undefined,
      idleMinutes: 30,
      catalogDir: defaultCatalogDir(),
    });
  });

  it("reads the diagnosis catalog from CATALOG_DIR, else from data/catalog, else from shared/catalog beside the repository", () => {
    const repo = fileURLToPath(new URL('..', import.meta.url));
    expect(catalogDirCandidates).toEqual([join(repo, 'data', 'catalog'), join(repo, '..', 'shared', 'catalog')]);
    expect(loadConfig({ CATALOG_DIR: '/srv/catalogo' }).catalogDir).toBe('/srv/catalogo');
    expect(loadConfig({ CATALOG_DIR: '  ' }).catalogDir).toBe(defaultCatalogDir());

    const root = mkdtempSync(join(tmpdir(), 'catalog-dirs-'));
    const own = join(root, 'data', 'catalog');
    const shipped = join(root, 'shared', 'catalog');
    expect(defaultCatalogDir([own, shipped])).toBe(own); // neither holds it: the warning names the first
    mkdirSync(shipped, { recursive: true });
    writeFileSync(join(shipped, 'cie10-es.tsv'), 'code\tname\n');
    expect(defaultCatalogDir([own, shipped])).toBe(shipped);
    mkdirSync(own, { recursive: true });
    writeFileSync(join(own, 'cie10-es.tsv'), 'code\tname\n');
    expect(defaultCatalogDir([own, shipped])).toBe(own); // a practice's own copy wins
    rmSync(root, { recursive: true, force: true });
  });

  it('takes IDLE_MINUTES, fractions too, and refuses less than the two minutes the warning needs', () => {
    expect(loadConfig({ IDLE_MINUTES: '15' }).idleMinutes).toBe(15);
    expect(loadConfig({ IDLE_MINUTES: '2.5' }).idleMinutes).toBe(2.5);
    expect(() => loadConfig({ IDLE_MINUTES: '1' })).toThrow(/IDLE_MINUTES/);
    expect(() => loadConfig({ IDLE_MINUTES: 'soon' })).toThrow(/IDLE_MINUTES/);
  });

  it('names the practice for printed summaries only when PRACTICE_NAME has text', () => {
    expect(loadConfig({ PRACTICE_NAME: '  Consultorio San Rafael ' }).practiceName).toBe('Consultorio San Rafael');
    expect(loadConfig({ PRACTICE_NAME: '   ' }).practiceName).toBeUndefined();
    expect(loadConfig({}).practiceName).toBeUndefined();
  });

  it('schedules backups only with BACKUP_DIR, every 24 hours keeping 14 unless told otherwise', () => {
    expect(loadConfig({ BACKUP_PASSPHRASE: 'una frase larga' }).backup).toBeUndefined();
    expect(loadConfig({ BACKUP_DIR: '/srv/backups', BACKUP_PASSPHRASE: 'una frase larga' }).backup).toEqual({
      dir: '/srv/backups',
      everyHours: 24,
      keep: 14,
      passphrase: 'una frase larga',
    });
    const custom = loadConfig({ BACKUP_DIR: '/b', BACKUP_PASSPHRASE: 'doce letras!', BACKUP_EVERY_HOURS: '0.5', BACKUP_KEEP: '3' });
    expect(custom.backup).toMatchObject({ everyHours: 0.5, keep: 3 });
  });

  it('refuses to start when scheduled backups could not be encrypted or have nowhere to go', () => {
    expect(() => loadConfig({ BACKUP_DIR: '/srv/backups' })).toThrow(/BACKUP_DIR is set without BACKUP_PASSPHRASE/);
    expect(() => loadConfig({ BACKUP_DIR: '/srv/backups', BACKUP_PASSPHRASE: '  ' })).toThrow(/BACKUP_PASSPHRASE/);
    expect(() => loadConfig({ BACKUP_DIR: '/srv/backups', BACKUP_PASSPHRASE: 'once letras' })).toThrow(/BACKUP_PASSPHRASE must have at least 12 characters/);
    expect(() => loadConfig({ BACKUP_EVERY_HOURS: '6' })).toThrow(/BACKUP_EVERY_HOURS is set without BACKUP_DIR/);
    const withDir = { BACKUP_DIR: '/b', BACKUP_PASSPHRASE: 'doce letras!' };
    expect(() => loadConfig({ ...withDir, BACKUP_EVERY_HOURS: '0' })).toThrow(/BACKUP_EVERY_HOURS/);
    expect(() => loadConfig({ ...withDir, BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP/);
    expect(() => loadConfig({ ...withDir, BACKUP_KEEP: '2.5' })).toThrow(/BACKUP_KEEP/);
  });

  it('reads TRUST_PROXY as off, on, or a list of proxy addresses', () => {
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8']);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '0',
      HOST: '0.0.0.0',
      DATA_DIR: '/srv/x',
      JWT_SECRET: 's3cret',
      SESSION_HOURS: '8',
      MAX_UPLOAD_MB: '10',
      AUTH_REQUESTS_PER_MINUTE: '200',
      MASTER_KEY: 'k',
      TLS_CERT: '/c.pem',
      TLS_KEY: '/k.pem',
    });
    expect(config).toMatchObject({ port: 0, host: '0.0.0.0', dataDir: '/srv/x', jwtSecret: 's3cret', sessionHours: 8 });
    expect(config.maxUploadBytes).toBe(10 * 1024 * 1024);
    expect(config.authRequestsPerMinute).toBe(200);
    expect(config.tls).toEqual({ certPath: '/c.pem', keyPath: '/k.pem' });
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ SESSION_HOURS: '-1' })).toThrow(/SESSION_HOURS/);
    expect(() => loadConfig({ TLS_CERT: '/c.pem' })).toThrow(/TLS_CERT and TLS_KEY/);
  });
});

describe('generated secrets', () => {
  it('are written once with mode 0600 and read back unchanged', () => {
    const dir = tempDir();
    const first = readOrCreateSecret(dir, 'jwt-secret');
    expect(statSync(join(dir, 'jwt-secret')).mode & 0o777).toBe(0o600);
    expect(readOrCreateSecret(dir, 'jwt-secret')).toBe(first);
    expect(first.length).toBeGreaterThanOrEqual(32);
  });

  it('make a missing DATA_DIR, its database and its JWT secret on first start', async () => {
    const dataDir = join(tempDir(), 'nested', 'data');
    const app = await buildApp({ config: { ...loadConfig({}), dataDir }, clientDir: null });
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    await app.close();
    expect(health.statusCode).toBe(200);
    expect(readFileSync(join(dataDir, 'jwt-secret'), 'utf8').length).toBeGreaterThanOrEqual(32);
    expect(statSync(join(dataDir, 'expediente.db')).isFile()).toBe(true);
  });
});

describe('the database', () => {
  it('opens in WAL mode with foreign keys, full sync and a busy timeout, migrated', async () => {
    const db = openDatabase(join(tempDir(), 'test.db'));
    const sqlite = sqliteEngineOf(db).writer;
    expect(sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(sqlite.pragma('synchronous', { simple: true })).toBe(2);
    expect(sqlite.pragma('busy_timeout', { simple: true })).toBe(5000);
    expect(statSync(sqlite.name).mode & 0o777).toBe(0o600);
    const tables = (sqlite.prepare("select name from sqlite_master where type = 'table'").all() as { name: string }[]).map((t) => t.name);
    for (const table of ['users', 'medics', 'patients', 'medic_patients', 'sessions', 'audit_events', 'clinical_histories', 'files', 'vitals', 'labs']) {
      expect(tables).toContain(table);
    }
    await engineOf(db).close();
  });

  it('refuses two accounts whose emails differ only in case', async () => {
    const db = openDatabase(':memory:');
    const insert = "insert into users (email, password_hash, type, name, lname, created_at) values (?, 'x', 'patient', 'a', 'b', '')";
    try {
      await rawRun(db, insert, ['Ana@Example.com']);
      await expect(rawRun(db, insert, ['ana@example.COM'])).rejects.toThrow(/UNIQUE/);
    } finally {
      await engineOf(db).close();
    }
  });
});

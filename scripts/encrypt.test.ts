// `npm run encrypt` on the practice the previous release left (server/test/fixtures/previous-release):
// every row, every document and the audit chain come through, and afterwards no file in DATA_DIR
// holds a patient's name; audit:verify then wants the practice's passphrase or recovery key; a
// running server's DATA_DIR is refused; and a run stopped between its steps leaves the plain
// practice or the encrypted one, which a second run finishes.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { lockDataDir } from '../server/data-dir-lock';
import { openSqlite } from '../server/db/open-sqlite';
import { isPlainDatabaseFile, openDatabaseFile } from '../server/encryption/database-file';
import { encryptPractice, type EncryptOptions } from '../server/encryption/encrypt-practice';
import { openWithPassphrase, openWithRecoveryKey, readPracticeKeyFile } from '../server/encryption/practice-key';
import { forgetPracticeKey, rememberPracticeKey } from '../server/encryption/unlocked-practices';
import { BlobStore } from '../server/files/blob-store';
import { decodeDocumentKey } from '../server/files/document-key';
import { peekSecretFile } from '../server/secrets';
import { TEST_ARGON2 } from '../server/test/encrypted-practice';
import { PREVIOUS_RELEASE_FACTS, unpackPreviousRelease } from '../server/test/previous-release';
import { repoRoot } from './build-state.mjs';

const PASSPHRASE = 'frase de la consulta cifrada';
const BACKUP_PASSPHRASE = 'frase larga de las copias';
const root = mkdtempSync(join(tmpdir(), 'expediente-encrypt-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let made = 0;
const practice = () => unpackPreviousRelease(join(root, String(++made)));

function command(script: string, args: string[], env: Record<string, string>) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(repoRoot, 'scripts', `${script}.ts`), ...args], {
    encoding: 'utf8',
    cwd: repoRoot,
    env: { ...process.env, PASSPHRASE: '', PASSPHRASE_FILE: '', RECOVERY_KEY: '', BACKUP_PASSPHRASE: '', BACKUP_DIR: '', MASTER_KEY: '', ...env },
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

const recoveryKeyIn = (output: string) => /\n {4}(([0-9A-Z]{4}-){12}[0-9A-Z]{4})\n/.exec(output)?.[1];

function everyRow(db: Database.Database): Record<string, string[]> {
  const tables = db.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name").pluck().all() as string[];
  const rowsOf = (table: string) => db.prepare(`select * from "${table}"`).all().map((row) => JSON.stringify(row)).sort();
  return Object.fromEntries(tables.map((table) => [table, rowsOf(table)]));
}

/** Every document's plaintext digest, by code, read through the document store. */
async function documentDigests(db: Database.Database, dataDir: string): Promise<Record<string, string>> {
  const blobs = new BlobStore(join(dataDir, 'documents'), () => decodeDocumentKey(peekSecretFile(join(dataDir, 'document-key'))));
  const digests: Record<string, string> = {};
  for (const { code, blobName } of db.prepare('select code, blob_name as blobName from files').all() as { code: string; blobName: string }[]) {
    const hash = createHash('sha256');
    for await (const piece of (await blobs.open(blobName, code)).stream) hash.update(piece as Buffer);
    digests[code] = hash.digest('hex');
  }
  return digests;
}

/** Everything that must not be readable in DATA_DIR's files: each account's names and email, and a plain SQLite file's mark. */
function secretsOf(db: Database.Database): string[] {
  const people = db.prepare('select name, lname, email from users').all() as { name: string; lname: string; email: string }[];
  return [...new Set(people.flatMap((person) => [person.lname, person.email]))].concat('SQLite format 3\0');
}

function filesHolding(dir: string, secrets: string[]): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir, { recursive: true }).map(String)) {
    const path = join(dir, name);
    if (!statSync(path).isFile()) continue;
    const bytes = readFileSync(path);
    for (const secret of secrets) if (bytes.includes(Buffer.from(secret, 'utf8'))) found.push(`${name}: ${secret}`);
  }
  return found;
}

/** The plain practice as it was: its rows, its documents, what no file may hold once encrypted. */
async function plainPractice(dataDir: string) {
  const db = openDatabaseFile(join(dataDir, 'expediente.db'), null, { readonly: true });
  try {
    return { rows: everyRow(db), documents: await documentDigests(db, dataDir), secrets: secretsOf(db) };
  } finally {
    db.close();
  }
}

describe('npm run encrypt', () => {
  it("keeps every row, every document and a verifying audit chain of the previous release's practice, and leaves no patient name in its files", async () => {
    const { dataDir } = practice();
    const before = await plainPractice(dataDir);
    expect(filesHolding(dataDir, before.secrets).length).toBeGreaterThan(0);

    const run = command('encrypt', ['--data-dir', dataDir], { PASSPHRASE, BACKUP_PASSPHRASE });
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    expect(run.out).toContain(`${PREVIOUS_RELEASE_FACTS.documents} documents open with their key; audit chain intact (${PREVIOUS_RELEASE_FACTS.auditRows} rows)`);
    expect(run.out).toMatch(/Before encrypting, wrote the backup .*expediente-before-encryption-.*\.backup \(40 patients, 10 documents\)/);
    const recoveryKey = recoveryKeyIn(run.out)!;
    expect(recoveryKey).toBeDefined();

    expect(filesHolding(dataDir, before.secrets)).toEqual([]);
    expect(readdirSync(dataDir).filter((name) => name.startsWith('.'))).toEqual([]);
    const keyFile = readPracticeKeyFile(dataDir)!;
    const masterKey = (await openWithPassphrase(keyFile, PASSPHRASE))!;
    expect(masterKey).not.toBeNull();
    expect(openWithRecoveryKey(keyFile, recoveryKey)).toEqual(masterKey);
    rememberPracticeKey(dataDir, masterKey);
    try {
      const db = openSqlite(join(dataDir, 'expediente.db'), { readonly: true });
      try {
        expect(everyRow(db)).toEqual(before.rows);
        expect(await documentDigests(db, dataDir)).toEqual(before.documents);
      } finally {
        db.close();
      }
    } finally {
      forgetPracticeKey(dataDir);
    }

    // audit:verify on the encrypted DATA_DIR: with its passphrase or its recovery key, and with nothing else.
    const intact = `Audit chain intact: ${PREVIOUS_RELEASE_FACTS.auditRows} rows verified`;
    expect(command('audit-verify', [], { DATA_DIR: dataDir, PASSPHRASE })).toMatchObject({ code: 0, out: expect.stringContaining(intact) });
    expect(command('audit-verify', [], { DATA_DIR: dataDir, RECOVERY_KEY: recoveryKey })).toMatchObject({ code: 0, out: expect.stringContaining(intact) });
    expect(command('audit-verify', [], { DATA_DIR: dataDir, PASSPHRASE: 'not the passphrase at all' })).toMatchObject({
      code: 1,
      err: expect.stringContaining('That passphrase does not open the practice key'),
    });
    expect(command('audit-verify', [], { DATA_DIR: dataDir })).toMatchObject({ code: 1, err: expect.stringContaining('The practice is encrypted: set PASSPHRASE_FILE') });

    // Run again: nothing to do.
    expect(command('encrypt', ['--data-dir', dataDir], { PASSPHRASE, BACKUP_PASSPHRASE })).toMatchObject({ code: 0, out: expect.stringContaining('is encrypted already') });
  }, 60_000);

  it("is refused while a server holds DATA_DIR's lock, changing nothing", async () => {
    const { dataDir } = practice();
    const asFound = readdirSync(join(dataDir, '..')).sort();
    const lock = await lockDataDir(dataDir);
    try {
      const run = command('encrypt', ['--data-dir', dataDir], { PASSPHRASE, BACKUP_PASSPHRASE });
      expect(run.code).toBe(1);
      expect(run.err).toMatch(/Encryption failed: .* is the DATA_DIR of a running server \(pid \d+/);
    } finally {
      await lock.release();
    }
    expect(isPlainDatabaseFile(join(dataDir, 'expediente.db'))).toBe(true);
    expect(existsSync(join(dataDir, 'practice-key'))).toBe(false);
    expect(readdirSync(join(dataDir, '..')).sort()).toEqual(asFound);
  });
});

describe('npm run encrypt stopped between its steps', () => {
  const stopAt = (step: 'copy-encrypted' | 'practice-key-written', dataDir: string): EncryptOptions => ({
    dataDir,
    backupDir: join(dataDir, '..'),
    masterKey: undefined,
    inputs: {
      backupPassphrase: () => Promise.resolve(BACKUP_PASSPHRASE),
      newPassphrase: () => Promise.resolve(PASSPHRASE),
      currentCredential: () => Promise.resolve({ passphrase: PASSPHRASE }),
    },
    showRecoveryKey: () => {},
    showBackup: () => {},
    argon2: TEST_ARGON2,
    scrypt: { log2N: 10, r: 8, p: 1 },
    onStep: (at) => {
      if (at === step) throw new Error(`stopped at ${step}`);
    },
  });

  it('before the practice key is written, leaves the plain practice as it was', async () => {
    const { dataDir } = practice();
    const before = await plainPractice(dataDir);
    await expect(encryptPractice(stopAt('copy-encrypted', dataDir))).rejects.toThrow('stopped at copy-encrypted');
    expect(existsSync(join(dataDir, 'practice-key'))).toBe(false);
    expect((await plainPractice(dataDir)).rows).toEqual(before.rows);
    expect(readdirSync(dataDir).filter((name) => name.startsWith('.'))).toEqual([]);
  });

  it('between the practice key and the encrypted database, is refused with a message until a second run finishes it with a new recovery key', async () => {
    const { dataDir } = practice();
    const before = await plainPractice(dataDir);
    await expect(encryptPractice(stopAt('practice-key-written', dataDir))).rejects.toThrow('stopped at practice-key-written');
    forgetPracticeKey(dataDir);
    // The plain database is whole; a process that unlocks the practice is told to run encrypt again.
    expect((await plainPractice(dataDir)).rows).toEqual(before.rows);
    const masterKey = (await openWithPassphrase(readPracticeKeyFile(dataDir)!, PASSPHRASE))!;
    rememberPracticeKey(dataDir, masterKey);
    expect(() => openSqlite(join(dataDir, 'expediente.db'))).toThrow(/stopped before its last step. Run it again/);
    forgetPracticeKey(dataDir);

    const shown: string[] = [];
    const finished = await encryptPractice({ ...stopAt('practice-key-written', dataDir), onStep: undefined, showRecoveryKey: (key) => shown.push(key) });
    expect(finished).toMatchObject({ outcome: 'encrypted', backupFile: undefined, auditRows: PREVIOUS_RELEASE_FACTS.auditRows });
    expect(openWithRecoveryKey(readPracticeKeyFile(dataDir)!, shown[0]!)).toEqual(masterKey);
    const db = openSqlite(join(dataDir, 'expediente.db'), { readonly: true });
    try {
      expect(everyRow(db)).toEqual(before.rows);
    } finally {
      db.close();
      forgetPracticeKey(dataDir);
    }
    expect(filesHolding(dataDir, before.secrets)).toEqual([]);
  });
});

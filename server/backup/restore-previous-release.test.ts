// The previous release's own backup, made before practices were encrypted, holds a plain database:
// restored now, it gives an encrypted DATA_DIR (the database rekeyed, the key files sealed) under a
// new practice key, which opens with the passphrase given and with the recovery key shown once.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../audit/audit-chain';
import { readAuditHead } from '../audit/audit-head';
import { openSqlite } from '../db/open-sqlite';
import { isPlainDatabaseFile, openDatabaseFile } from '../encryption/database-file';
import { openWithPassphrase, openWithRecoveryKey, readPracticeKeyFile } from '../encryption/practice-key';
import { forgetPracticeKey, rememberPracticeKey } from '../encryption/unlocked-practices';
import { peekSecretFile } from '../secrets';
import { PREVIOUS_RELEASE_FACTS, PREVIOUS_RELEASE_PASSPHRASE, unpackPreviousRelease } from '../test/previous-release';

const PASSPHRASE = 'frase de la consulta restaurada';
const restoreScript = fileURLToPath(new URL('../../scripts/restore.ts', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'expediente-restore-previous-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("the previous release's plain backup, restored", () => {
  it('gives an encrypted DATA_DIR that opens with the passphrase given, and with the recovery key shown once', async () => {
    const { dataDir: plainDir, backup } = unpackPreviousRelease(root);
    const plain = openDatabaseFile(join(plainDir, 'expediente.db'), null, { readonly: true });
    const people = plain.prepare('select lname, email from users').all() as { lname: string; email: string }[];
    plain.close();

    const restoredDir = join(root, 'restored');
    const result = spawnSync(process.execPath, ['--import', 'tsx', restoreScript, backup, '--data-dir', restoredDir], {
      encoding: 'utf8',
      env: { ...process.env, BACKUP_PASSPHRASE: PREVIOUS_RELEASE_PASSPHRASE, PASSPHRASE, PASSPHRASE_FILE: '', RECOVERY_KEY: '', MASTER_KEY: '' },
    });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(`audit chain intact (${PREVIOUS_RELEASE_FACTS.auditRows} rows)`);
    expect(result.stdout).toContain('encrypted under a new practice key');
    const recoveryKey = /\n {4}(([0-9A-Z]{4}-){12}[0-9A-Z]{4})\n/.exec(result.stdout)![1]!;

    // Nothing in the restored DATA_DIR (nor beside it) is readable without the key.
    expect(isPlainDatabaseFile(join(restoredDir, 'expediente.db'))).toBe(false);
    for (const name of ['audit-key', 'document-key']) expect(readFileSync(join(restoredDir, name), 'utf8')).toMatch(/^sealed-1:/);
    const secrets = [...people.flatMap((person) => [person.lname, person.email]), 'SQLite format 3\0'].map((text) => Buffer.from(text, 'utf8'));
    for (const name of readdirSync(restoredDir, { recursive: true }).map(String)) {
      const path = join(restoredDir, name);
      if (!statSync(path).isFile()) continue;
      const bytes = readFileSync(path);
      expect(secrets.filter((secret) => bytes.includes(secret)).map(String), name).toEqual([]);
    }
    expect(readdirSync(root).filter((name) => name.startsWith('.restore-'))).toEqual([]);

    const file = readPracticeKeyFile(restoredDir)!;
    const masterKey = (await openWithPassphrase(file, PASSPHRASE))!;
    expect(masterKey).not.toBeNull();
    expect(openWithRecoveryKey(file, recoveryKey)).toEqual(masterKey);
    rememberPracticeKey(restoredDir, masterKey);
    const db = openSqlite(join(restoredDir, 'expediente.db'), { readonly: true });
    try {
      expect(db.prepare('select count(*) from patients').pluck().get()).toBe(PREVIOUS_RELEASE_FACTS.patients);
      expect(db.prepare('select count(*) from files').pluck().get()).toBe(PREVIOUS_RELEASE_FACTS.documents);
      const key = peekSecretFile(join(restoredDir, 'audit-key'));
      expect(verifyAuditChain(db, key, readAuditHead(restoredDir, key))).toEqual({ verified: PREVIOUS_RELEASE_FACTS.auditRows, unsealed: 0, firstMismatch: null });
    } finally {
      db.close();
      forgetPracticeKey(restoredDir);
    }
  }, 60_000);
});

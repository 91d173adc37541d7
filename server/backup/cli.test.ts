// The two commands as a user runs them: exit codes, what they print, and --plain's second flag.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { sqliteEngineOf } from '../db/engine';

const script = (name: string) => fileURLToPath(new URL(`../../scripts/${name}.ts`, import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'expediente-backup-cli-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function run(name: string, args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', script(name), ...args], {
    encoding: 'utf8',
    env: { ...process.env, BACKUP_PASSPHRASE: '', MASTER_KEY: '', PASSPHRASE: '', PASSPHRASE_FILE: '', RECOVERY_KEY: '', ...env },
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

describe('npm run backup / npm run restore', () => {
  const dataDir = join(root, 'data');
  mkdirSync(dataDir);
  sqliteEngineOf(openDatabase(join(dataDir, 'expediente.db'))).close();
  writeFileSync(join(dataDir, 'audit-key'), 'a'.repeat(64), { mode: 0o600 });
  const archive = join(root, 'b.expbak');
  const passphrase = { BACKUP_PASSPHRASE: 'a long enough passphrase' };

  it('refuses --plain without its second flag, and a missing passphrase without a terminal', () => {
    const plain = run('backup', ['--out', archive, '--data-dir', dataDir, '--plain']);
    expect(plain.code).toBe(2);
    expect(plain.err).toMatch(/--i-understand-this-is-unencrypted/);
    const noPassphrase = run('backup', ['--out', archive, '--data-dir', dataDir]);
    expect(noPassphrase.code).toBe(1);
    expect(noPassphrase.err).toMatch(/Set BACKUP_PASSPHRASE/);
  });

  it('backs up with the production key derivation, and restores only with the passphrase into an empty place', () => {
    const backup = run('backup', ['--out', archive, '--data-dir', dataDir], passphrase);
    expect(backup.err).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.out).toMatch(/^Wrote .*b\.expbak: 0 patients, 0 documents, \d+ rows in \d+ tables, [\d.]+ MB, in [\d.]+ s\.$/m);

    const wrong = run('restore', [archive, '--data-dir', join(root, 'r1')], { BACKUP_PASSPHRASE: 'another passphrase!' });
    expect(wrong.code).toBe(1);
    expect(wrong.err).toMatch(/Restore failed, nothing was written: Wrong passphrase/);

    const noPracticePassphrase = run('restore', [archive, '--data-dir', join(root, 'r1')], passphrase);
    expect(noPracticePassphrase.code).toBe(1);
    expect(noPracticePassphrase.err).toMatch(/Set PASSPHRASE_FILE \/ PASSPHRASE to the new practice passphrase/);

    const restore = run('restore', [archive, '--data-dir', join(root, 'r1')], { ...passphrase, PASSPHRASE: 'frase nueva de la consulta' });
    expect(restore.err).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.out).toMatch(/audit chain intact \(0 rows\)/);
    // The plain practice's archive comes back encrypted under a new practice key, whose recovery key is shown once.
    expect(restore.out).toMatch(/encrypted under a new practice key[\s\S]*recovery key, shown this once[\s\S]*\n {4}([0-9A-Z]{4}-){12}[0-9A-Z]{4}\n/);

    const again = run('restore', [archive, '--data-dir', join(root, 'r1')], passphrase);
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/is not empty; nothing was written/);
  });
});

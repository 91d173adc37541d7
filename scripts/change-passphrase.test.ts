// `npm run change-passphrase`: the new passphrase opens the practice, the old one no longer does, the
// recovery key still does; the recovery key can stand in for the current passphrase; a wrong one,
// a too short new one or a plain DATA_DIR change nothing; --new-recovery-key replaces the recovery key.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lockDataDir } from '../server/data-dir-lock';
import { openWithPassphrase, openWithRecoveryKey, readPracticeKeyFile } from '../server/encryption/practice-key';
import { forgetPracticeKey } from '../server/encryption/unlocked-practices';
import { encryptedPracticeForTests } from '../server/test/encrypted-practice';
import { repoRoot } from './build-state.mjs';

const root = mkdtempSync(join(tmpdir(), 'expediente-change-passphrase-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function changePassphrase(dataDir: string, env: Record<string, string>, args: string[] = []) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(repoRoot, 'scripts', 'change-passphrase.ts'), '--data-dir', dataDir, ...args], {
    encoding: 'utf8',
    env: { ...process.env, PASSPHRASE: '', PASSPHRASE_FILE: '', RECOVERY_KEY: '', NEW_PASSPHRASE: '', ...env },
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

let made = 0;
async function practice(passphrase: string) {
  const dataDir = join(root, String(++made));
  mkdirSync(dataDir);
  const keys = await encryptedPracticeForTests(dataDir, passphrase);
  forgetPracticeKey(dataDir);
  return { dataDir, ...keys };
}

describe('npm run change-passphrase', () => {
  it('rewraps the practice key beside a running server: the new passphrase opens it, the old one does not, the recovery key still does', async () => {
    const { dataDir, masterKey, recoveryKey } = await practice('la frase de antes, larga');
    // A server holds DATA_DIR (and the master key, in its memory): only the key file changes.
    const server = await lockDataDir(dataDir);
    const run = changePassphrase(dataDir, { PASSPHRASE: 'la frase de antes, larga', NEW_PASSPHRASE: 'la frase de ahora, larga' });
    await server.release();
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    expect(run.out).toContain('the old one no longer opens it');
    const file = readPracticeKeyFile(dataDir)!;
    expect(await openWithPassphrase(file, 'la frase de ahora, larga')).toEqual(masterKey);
    expect(await openWithPassphrase(file, 'la frase de antes, larga')).toBeNull();
    expect(openWithRecoveryKey(file, recoveryKey)).toEqual(masterKey);
  });

  it('takes the recovery key for a forgotten passphrase', async () => {
    const { dataDir, masterKey, recoveryKey } = await practice('una frase olvidada del todo');
    const run = changePassphrase(dataDir, { RECOVERY_KEY: recoveryKey.toLowerCase(), NEW_PASSPHRASE: 'una frase recordada' });
    expect(run.code).toBe(0);
    expect(await openWithPassphrase(readPracticeKeyFile(dataDir)!, 'una frase recordada')).toEqual(masterKey);
  });

  it('changes nothing for a wrong current passphrase, a new one too short, or a DATA_DIR that is not encrypted', async () => {
    const { dataDir } = await practice('la frase que vale, larga');
    const asFound = readFileSync(join(dataDir, 'practice-key'), 'utf8');
    const wrong = changePassphrase(dataDir, { PASSPHRASE: 'la frase que no vale', NEW_PASSPHRASE: 'la frase de ahora, larga' });
    expect(wrong).toMatchObject({ code: 1, err: expect.stringContaining('That passphrase does not open the practice key') });
    const short = changePassphrase(dataDir, { PASSPHRASE: 'la frase que vale, larga', NEW_PASSPHRASE: 'corta' });
    expect(short).toMatchObject({ code: 1, err: expect.stringContaining('at least 12 characters') });
    const noTerminal = changePassphrase(dataDir, { PASSPHRASE: 'la frase que vale, larga' });
    expect(noTerminal).toMatchObject({ code: 1, err: expect.stringContaining('Set NEW_PASSPHRASE') });
    expect(readFileSync(join(dataDir, 'practice-key'), 'utf8')).toBe(asFound);

    const plain = join(root, 'plain');
    mkdirSync(plain);
    expect(changePassphrase(plain, { PASSPHRASE: 'x', NEW_PASSPHRASE: 'la frase de ahora, larga' })).toMatchObject({
      code: 1,
      err: expect.stringContaining('is not encrypted'),
    });
  });

  it('replaces a lost recovery key with --new-recovery-key: the new one, shown once, opens the practice; the old one does not; the passphrase still does', async () => {
    const { dataDir, masterKey, recoveryKey } = await practice('la frase de siempre, larga');
    const run = changePassphrase(dataDir, { PASSPHRASE: 'la frase de siempre, larga' }, ['--new-recovery-key']);
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    const shown = /^ {4}((?:[0-9A-Z]{4}-){12}[0-9A-Z]{4})$/m.exec(run.out)?.[1];
    expect(shown).toBeDefined();
    expect(run.out).toContain('the old one no longer opens it');
    const file = readPracticeKeyFile(dataDir)!;
    expect(openWithRecoveryKey(file, shown!)).toEqual(masterKey);
    expect(openWithRecoveryKey(file, recoveryKey)).toBeNull();
    expect(await openWithPassphrase(file, 'la frase de siempre, larga')).toEqual(masterKey);

    // A wrong passphrase replaces nothing, and says what was not done.
    const asFound = readFileSync(join(dataDir, 'practice-key'), 'utf8');
    const wrong = changePassphrase(dataDir, { PASSPHRASE: 'la frase que no es' }, ['--new-recovery-key']);
    expect(wrong).toMatchObject({ code: 1, err: expect.stringContaining('The recovery key was not replaced') });
    expect(readFileSync(join(dataDir, 'practice-key'), 'utf8')).toBe(asFound);
  });
});

// What a start decides from DATA_DIR and the configured passphrase (practice-at-start.ts).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { DATABASE_FILE, practiceAtStart, WeakPassphraseError } from './practice-at-start';
import { createPracticeKey, openWithRecoveryKey, PRACTICE_KEY_FILE, PracticeKeyFileError, readPracticeKeyFile, writePracticeKeyFile } from './practice-key';
import { forgetPracticeKey, practiceKeyOf } from './unlocked-practices';

/** Light enough for a test: a key file records its own parameters, and is opened with them. */
const FAST = { memoryCost: 1024, timeCost: 1, parallelism: 1 };
const PASSPHRASE = 'caballo correcto batería grapa';
const root = mkdtempSync(join(tmpdir(), 'practice-at-start-'));
let count = 0;
const dirs: string[] = [];
const emptyDir = () => {
  const dir = mkdtempSync(join(root, `d${++count}-`));
  dirs.push(dir);
  return dir;
};
const withKey = async (passphrase = PASSPHRASE) => {
  const dir = emptyDir();
  const made = await createPracticeKey(passphrase, FAST);
  writePracticeKeyFile(dir, made.file);
  return { dir, ...made };
};
afterEach(() => dirs.splice(0).forEach(forgetPracticeKey));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the practice at start', () => {
  it('opens an encrypted practice whose key the configured passphrase opens, and remembers its key', async () => {
    const { dir, masterKey } = await withKey();
    expect(await practiceAtStart({ dataDir: dir, passphrase: PASSPHRASE })).toEqual({ state: 'open' });
    expect(practiceKeyOf(dir)).toEqual(masterKey);
  });

  it('is locked with a key and no passphrase, remembering nothing', async () => {
    const { dir, file } = await withKey();
    expect(await practiceAtStart({ dataDir: dir, passphrase: undefined })).toEqual({ state: 'locked', keyFile: file, passphraseRefused: false });
    expect(practiceKeyOf(dir)).toBeUndefined();
  });

  it('is locked, saying the passphrase was refused, when the configured one does not open the key', async () => {
    const { dir } = await withKey();
    expect(await practiceAtStart({ dataDir: dir, passphrase: 'otra frase cualquiera' })).toMatchObject({ state: 'locked', passphraseRefused: true });
    expect(practiceKeyOf(dir)).toBeUndefined();
  });

  it('takes a database without a key for a plain practice of an earlier release, and never makes a key for it', async () => {
    const dir = emptyDir();
    writeFileSync(join(dir, DATABASE_FILE), '');
    expect(await practiceAtStart({ dataDir: dir, passphrase: undefined })).toEqual({ state: 'plain', passphraseUnused: false });
    expect(await practiceAtStart({ dataDir: dir, passphrase: PASSPHRASE })).toEqual({ state: 'plain', passphraseUnused: true });
    expect(readPracticeKeyFile(dir)).toBeNull();
    expect(practiceKeyOf(dir)).toBeUndefined();
  });

  it('takes plain keys without a practice key for a plain practice when its database is PostgreSQL, and only then', async () => {
    const dir = emptyDir();
    writeFileSync(join(dir, 'audit-key'), 'a'.repeat(64));
    expect(await practiceAtStart({ dataDir: dir, passphrase: undefined, databaseElsewhere: true })).toEqual({ state: 'plain', passphraseUnused: false });
    expect(await practiceAtStart({ dataDir: dir, passphrase: undefined })).toEqual({ state: 'to-set-up' });
    expect(readPracticeKeyFile(dir)).toBeNull();
  });

  it('leaves a new practice without a passphrase to be set up in the browser, making nothing', async () => {
    const dir = emptyDir();
    expect(await practiceAtStart({ dataDir: dir, passphrase: undefined })).toEqual({ state: 'to-set-up' });
    expect(readPracticeKeyFile(dir)).toBeNull();
  });

  it('makes a new practice with the configured passphrase: a key file it opens, the key remembered, the recovery key to show', async () => {
    const dir = emptyDir();
    const start = await practiceAtStart({ dataDir: dir, passphrase: PASSPHRASE, argon2: FAST });
    expect(start.state).toBe('created');
    if (start.state !== 'created') return;
    const file = readPracticeKeyFile(dir)!;
    expect(openWithRecoveryKey(file, start.recoveryKey)).toEqual(practiceKeyOf(dir));
    expect(readFileSync(join(dir, PRACTICE_KEY_FILE), 'utf8')).not.toContain(start.recoveryKey);
    forgetPracticeKey(dir);
    expect(await practiceAtStart({ dataDir: dir, passphrase: PASSPHRASE })).toEqual({ state: 'open' });
  });

  it('refuses to make a new practice with a passphrase shorter than 12 characters', async () => {
    const dir = emptyDir();
    await expect(practiceAtStart({ dataDir: dir, passphrase: 'once letras', argon2: FAST })).rejects.toBeInstanceOf(WeakPassphraseError);
    expect(readPracticeKeyFile(dir)).toBeNull();
  });

  it('stops on a damaged key file rather than taking the practice for a new or plain one', async () => {
    const dir = emptyDir();
    writeFileSync(join(dir, PRACTICE_KEY_FILE), 'not json');
    writeFileSync(join(dir, DATABASE_FILE), '');
    await expect(practiceAtStart({ dataDir: dir, passphrase: PASSPHRASE })).rejects.toBeInstanceOf(PracticeKeyFileError);
    expect(readFileSync(join(dir, PRACTICE_KEY_FILE), 'utf8')).toBe('not json');
  });
});

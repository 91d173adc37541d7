import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createPracticeKey,
  formatRecoveryKey,
  openWithPassphrase,
  openWithRecoveryKey,
  parseRecoveryKey,
  PRACTICE_KEY_FILE,
  PracticeKeyFileError,
  readPracticeKeyFile,
  rewrapPassphrase,
  writePracticeKeyFile,
} from './practice-key';

/** Light enough for a test; the file records its own parameters, which is what is under test. */
const FAST = { memoryCost: 1024, timeCost: 1, parallelism: 1 };
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'practice-key-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('the practice key', () => {
  it('opens with the passphrase or the recovery key, and with nothing else', async () => {
    const { masterKey, file, recoveryKey } = await createPracticeKey('caballo correcto batería grapa', FAST);
    expect(recoveryKey).toMatch(/^([0-9A-HJKMNP-TV-Z]{4}-){12}[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(await openWithPassphrase(file, 'caballo correcto batería grapa')).toEqual(masterKey);
    expect(await openWithPassphrase(file, 'caballo correcto bateria grapa')).toBeNull();
    expect(openWithRecoveryKey(file, recoveryKey)).toEqual(masterKey);
    // As typed off paper: lower case, spaces for dashes, O for 0.
    expect(openWithRecoveryKey(file, recoveryKey.toLowerCase().replace(/-/g, ' ').replace(/0/g, 'o'))).toEqual(masterKey);
    const other = await createPracticeKey('otra', FAST);
    expect(openWithRecoveryKey(file, other.recoveryKey)).toBeNull();
    expect(openWithRecoveryKey(file, 'not a key')).toBeNull();
  });

  it('stores neither the master key, the passphrase nor the recovery key in its file, mode 0600', async () => {
    const dir = tempDir();
    const { masterKey, file, recoveryKey } = await createPracticeKey('frase de la consulta', FAST);
    writePracticeKeyFile(dir, file);
    const text = readFileSync(join(dir, PRACTICE_KEY_FILE), 'utf8');
    for (const secret of [masterKey.toString('base64'), masterKey.toString('hex'), 'frase de la consulta', recoveryKey, parseRecoveryKey(recoveryKey)!.toString('base64')]) {
      expect(text).not.toContain(secret);
    }
    expect(statSync(join(dir, PRACTICE_KEY_FILE)).mode & 0o777).toBe(0o600);
    expect(readPracticeKeyFile(dir)).toEqual(file);
  });

  it('takes a new passphrase, after which the old one no longer opens it and the recovery key still does', async () => {
    const { masterKey, file, recoveryKey } = await createPracticeKey('la vieja', FAST);
    const changed = await rewrapPassphrase(file, masterKey, 'la nueva', FAST);
    expect(await openWithPassphrase(changed, 'la nueva')).toEqual(masterKey);
    expect(await openWithPassphrase(changed, 'la vieja')).toBeNull();
    expect(openWithRecoveryKey(changed, recoveryKey)).toEqual(masterKey);
  });

  it('reads no file as none, and refuses a damaged one or one asking for unbounded work rather than replacing it', async () => {
    const dir = tempDir();
    expect(readPracticeKeyFile(dir)).toBeNull();
    writeFileSync(join(dir, PRACTICE_KEY_FILE), '{"format":');
    expect(() => readPracticeKeyFile(dir)).toThrow(PracticeKeyFileError);
    const { file } = await createPracticeKey('x', FAST);
    writePracticeKeyFile(dir, { ...file, passphrase: { ...file.passphrase, memoryCost: 64 * 1024 * 1024 } });
    expect(() => readPracticeKeyFile(dir)).toThrow(/not a practice key/);
  });

  it('writes and reads back any 32 bytes as a recovery key', () => {
    for (let fill = 0; fill < 256; fill += 51) {
      const bytes = Buffer.alloc(32, fill);
      expect(parseRecoveryKey(formatRecoveryKey(bytes))).toEqual(bytes);
    }
  });
});

// The key files of an encrypted practice, as the server reads and writes them (secrets.ts).
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSecret, readOrCreateSecret, readSecretFile } from '../secrets';
import { forgetPracticeKey, rememberPracticeKey } from './unlocked-practices';

let dataDir: string;
afterEach(() => {
  forgetPracticeKey(dataDir);
  rmSync(dataDir, { recursive: true, force: true });
});
const unlocked = () => {
  dataDir = mkdtempSync(join(tmpdir(), 'sealed-keys-'));
  const masterKey = randomBytes(32);
  rememberPracticeKey(dataDir, masterKey);
  return masterKey;
};

describe('key files of an encrypted practice', () => {
  it('are written sealed, so the file never holds the secret, and read back whole', () => {
    unlocked();
    const secret = createSecret(dataDir, 'jwt-secret');
    const text = readFileSync(join(dataDir, 'jwt-secret'), 'utf8');
    expect(text).not.toContain(secret);
    expect(text.startsWith('sealed-1:')).toBe(true);
    expect(readSecretFile(join(dataDir, 'jwt-secret'))).toEqual({ ok: true, value: secret });
    expect(readOrCreateSecret(dataDir, 'jwt-secret')).toBe(secret);
  });

  it('seal a plain key file left from before the encryption the first time it is read', () => {
    unlocked();
    const plain = randomBytes(48).toString('base64url');
    writeFileSync(join(dataDir, 'audit-key'), plain, { mode: 0o600 });
    expect(readSecretFile(join(dataDir, 'audit-key'))).toEqual({ ok: true, value: plain });
    expect(readFileSync(join(dataDir, 'audit-key'), 'utf8')).not.toContain(plain);
    expect(readSecretFile(join(dataDir, 'audit-key'))).toEqual({ ok: true, value: plain });
  });

  it('are refused, never replaced, without the practice key, under another practice key, or copied over another key file', () => {
    unlocked();
    createSecret(dataDir, 'audit-key');
    createSecret(dataDir, 'jwt-secret');
    forgetPracticeKey(dataDir);
    expect(readSecretFile(join(dataDir, 'audit-key'))).toMatchObject({ ok: false, replaceable: false, problem: expect.stringMatching(/practice key/) });
    rememberPracticeKey(dataDir, randomBytes(32));
    expect(readSecretFile(join(dataDir, 'audit-key'))).toMatchObject({ ok: false, replaceable: false, problem: expect.stringMatching(/does not open/) });
    expect(() => readOrCreateSecret(dataDir, 'audit-key')).toThrow(/does not open/);
  });

  it('bind each sealed file to its own name', () => {
    unlocked();
    createSecret(dataDir, 'jwt-secret');
    copyFileSync(join(dataDir, 'jwt-secret'), join(dataDir, 'audit-key'));
    expect(readSecretFile(join(dataDir, 'audit-key'))).toMatchObject({ ok: false, replaceable: false });
  });
});

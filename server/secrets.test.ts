// Secret files are written whole or not at all, kept private, and never papered over: a disk that
// fills up during the first write leaves no key behind (not an empty one every later start trusts).
import type * as Fs from 'node:fs';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { DOCUMENT_KEY_FILE, loadDocumentKey } from './files/document-key';
import { readOrCreateSecret, readSecretFile } from './secrets';

/** Which file-system call fails next, as a full disk would make it fail. */
const fault = vi.hoisted(() => ({ call: undefined as 'writeSync' | 'fsyncSync' | undefined }));
vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof Fs>();
  const noSpace = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
  return {
    ...fs,
    // Some bytes reach the file before the disk is full: the failure is in the middle of the write.
    writeSync: ((fd: number, buffer: Buffer, offset?: number) => {
      if (fault.call !== 'writeSync') return (fs.writeSync as (...args: unknown[]) => number)(fd, buffer, offset);
      fs.writeSync(fd, buffer, offset ?? 0, 4);
      throw noSpace();
    }) as typeof fs.writeSync,
    fsyncSync: ((fd: number) => {
      if (fault.call === 'fsyncSync') throw noSpace();
      return fs.fsyncSync(fd);
    }) as typeof fs.fsyncSync,
  };
});

const root = mkdtempSync(join(tmpdir(), 'expediente-secrets-'));
let count = 0;
const freshDir = () => mkdtempSync(join(root, `${++count}-`));
afterEach(() => {
  fault.call = undefined;
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('secret files', () => {
  it.each(['writeSync', 'fsyncSync'] as const)('leave no key file (and no temporary one) when the first write fails in %s, and the next write makes a whole key', (call) => {
    const dataDir = freshDir();
    fault.call = call;
    expect(() => loadDocumentKey(undefined, dataDir)).toThrow(/ENOSPC/);
    expect(readdirSync(dataDir)).toEqual([]);

    fault.call = undefined;
    const key = loadDocumentKey(undefined, dataDir);
    expect(key).toHaveLength(32);
    expect(readdirSync(dataDir)).toEqual([DOCUMENT_KEY_FILE]);
    expect(loadDocumentKey(undefined, dataDir).equals(key)).toBe(true);
  });

  it('count as missing when empty or cut short, and are then replaced by a whole one', () => {
    const dataDir = freshDir();
    writeFileSync(join(dataDir, 'jwt-secret'), '', { mode: 0o600 });
    expect(readSecretFile(join(dataDir, 'jwt-secret'))).toEqual({ ok: false, problem: 'is empty', replaceable: true });
    expect(readOrCreateSecret(dataDir, 'jwt-secret').length).toBeGreaterThanOrEqual(32);

    writeFileSync(join(dataDir, DOCUMENT_KEY_FILE), 'c2hvcnQ', { mode: 0o600 });
    expect(readSecretFile(join(dataDir, DOCUMENT_KEY_FILE))).toMatchObject({ ok: false, replaceable: true });
    expect(loadDocumentKey(undefined, dataDir)).toHaveLength(32);
  });

  it('are tightened to 0600 with a warning when open to other users', () => {
    const dataDir = freshDir();
    const path = join(dataDir, 'audit-key');
    writeFileSync(path, 'k'.repeat(64), { mode: 0o644 });
    const warnings: string[] = [];
    expect(readSecretFile(path, { warn: (message) => warnings.push(message) })).toEqual({ ok: true, value: 'k'.repeat(64) });
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(warnings).toEqual([`${path} was open to other users (mode 0644); it was tightened to 0600. Anyone who could read it may hold a copy of the key.`]);
  });

  it('that cannot be read are left as they are, never replaced', () => {
    const dataDir = freshDir();
    // A directory where the file should be: there, but unreadable as a key (as a permission error would be).
    mkdirSync(join(dataDir, 'jwt-secret'), { mode: 0o755 });
    expect(readSecretFile(join(dataDir, 'jwt-secret'))).toEqual({ ok: false, problem: 'is not a regular file', replaceable: false });
    expect(() => readOrCreateSecret(dataDir, 'jwt-secret')).toThrow(/is not a regular file; it was left as it is/);
    expect(statSync(join(dataDir, 'jwt-secret')).isDirectory()).toBe(true);
    expect(statSync(join(dataDir, 'jwt-secret')).mode & 0o777).toBe(0o755);
  });
});

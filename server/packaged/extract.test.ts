// The binary's files under DATA_DIR/runtime/<hash>/ (extract.ts): written once, private, reused,
// written again when native code there was altered, and other versions removed when the server asks.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { packArchive, unpackArchive } from './asset-archive';
import { extractArchive, pruneOtherVersions } from './extract';

const root = mkdtempSync(join(tmpdir(), 'expediente-extract-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const archiveOf = (addon: string) =>
  packArchive([
    { path: 'client/index.html', contents: Buffer.from('<!doctype html>') },
    { path: 'addons/better_sqlite3.node', contents: Buffer.from(addon) },
  ]);

describe('the asset archive', () => {
  it('gives back every file as it was packed', () => {
    expect(unpackArchive(archiveOf('one')).map(({ path, contents }) => [path, contents.toString()])).toEqual([
      ['client/index.html', '<!doctype html>'],
      ['addons/better_sqlite3.node', 'one'],
    ]);
  });
});

describe('extractArchive', () => {
  it('writes a private directory named by the content, and reuses it', () => {
    const dataDir = join(root, 'reuse');
    const dir = extractArchive(archiveOf('one'), dataDir);
    expect(dir.startsWith(join(dataDir, 'runtime'))).toBe(true);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(readFileSync(join(dir, 'client', 'index.html'), 'utf8')).toBe('<!doctype html>');
    const written = statSync(join(dir, 'client', 'index.html')).mtimeMs;
    expect(extractArchive(archiveOf('one'), dataDir)).toBe(dir);
    expect(statSync(join(dir, 'client', 'index.html')).mtimeMs).toBe(written);
  });

  it('writes the native code again when it was altered on disk', () => {
    const dataDir = join(root, 'altered');
    const dir = extractArchive(archiveOf('one'), dataDir);
    writeFileSync(join(dir, 'addons', 'better_sqlite3.node'), 'tampered');
    expect(extractArchive(archiveOf('one'), dataDir)).toBe(dir);
    expect(readFileSync(join(dir, 'addons', 'better_sqlite3.node'), 'utf8')).toBe('one');
  });

  it('keeps other versions until the server prunes them', () => {
    const dataDir = join(root, 'versions');
    const older = extractArchive(archiveOf('old'), dataDir);
    const newer = extractArchive(archiveOf('new'), dataDir);
    expect(newer).not.toBe(older);
    expect(existsSync(older)).toBe(true);
    pruneOtherVersions(newer);
    expect(readdirSync(join(dataDir, 'runtime'))).toEqual([newer.split('/').pop()]);
  });
});

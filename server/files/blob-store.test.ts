// The blob store: what reaches the disk is never the plaintext, and a damaged blob is refused.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterEach, describe, expect, it } from 'vitest';
import { BlobIntegrityError, BlobStore } from './blob-store';
import { diskFullAfter } from './full-disk.fixture';
import { legacyBlob } from './legacy-blob.fixture';
import { parseMasterKey } from './document-key';

const dirs: string[] = [];
const newStore = (key = randomBytes(32)) => {
  const dir = mkdtempSync(join(tmpdir(), 'expediente-blobs-'));
  dirs.push(dir);
  return new BlobStore(join(dir, 'documents'), () => key);
};
const CODE = 'document-code-a';
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('BlobStore', () => {
  it('round-trips the bytes while storing only ciphertext', async () => {
    const store = newStore();
    const plaintext = Buffer.concat([Buffer.from('%PDF-1.7 confidential diagnosis '), randomBytes(200_000)]);
    const { blobName, size } = await store.write(Readable.from([plaintext.subarray(0, 1000), plaintext.subarray(1000)]), CODE);
    expect(size).toBe(plaintext.length);
    const onDisk = readFileSync(join(store.dir, blobName));
    expect(onDisk.includes(Buffer.from('confidential diagnosis'))).toBe(false);
    const opened = await store.open(blobName, CODE);
    expect(opened.size).toBe(plaintext.length);
    expect((await buffer(opened.stream)).equals(plaintext)).toBe(true);
  });

  it('uses a fresh IV for every blob', async () => {
    const store = newStore();
    const same = Buffer.from('same bytes');
    const a = await store.write(Readable.from([same]), CODE);
    const b = await store.write(Readable.from([same]), CODE);
    const ivOf = (name: string) => readFileSync(join(store.dir, name)).subarray(4, 16).toString('hex');
    expect(ivOf(a.blobName)).not.toBe(ivOf(b.blobName));
  });

  it('refuses a blob with one byte flipped', async () => {
    const store = newStore();
    const { blobName } = await store.write(Readable.from([randomBytes(5000)]), CODE);
    const path = join(store.dir, blobName);
    const bytes = readFileSync(path);
    bytes[100] = bytes[100]! ^ 0x01;
    writeFileSync(path, bytes);
    await expect(store.open(blobName, CODE)).rejects.toBeInstanceOf(BlobIntegrityError);
  });

  it("refuses a blob opened as another document's: the code is bound into the tag", async () => {
    const store = newStore();
    const { blobName } = await store.write(Readable.from([Buffer.from('%PDF-1.4 one document')]), 'code-of-one');
    await expect(store.open(blobName, 'code-of-another')).rejects.toBeInstanceOf(BlobIntegrityError);
    expect((await store.open(blobName, 'code-of-one')).size).toBe(21);
  });

  it('refuses a blob cut short, even by whole blocks', async () => {
    const store = newStore();
    const { blobName } = await store.write(Readable.from([randomBytes(5000)]), CODE);
    const path = join(store.dir, blobName);
    writeFileSync(path, readFileSync(path).subarray(0, 3000));
    await expect(store.open(blobName, CODE)).rejects.toBeInstanceOf(BlobIntegrityError);
  });

  it('still opens blobs written before the code was bound, and refuses them altered', async () => {
    const key = randomBytes(32);
    const store = newStore(key);
    const plaintext = Buffer.from('%PDF-1.4 written by an older version');
    const blobName = '0123456789abcdef0123456789abcdef';
    const path = join(store.dir, blobName);
    await store.write(Readable.from([Buffer.from('creates the folder')]), CODE);
    writeFileSync(path, legacyBlob(key, plaintext));
    const opened = await store.open(blobName, 'any-code');
    expect(opened.size).toBe(plaintext.length);
    expect((await buffer(opened.stream)).equals(plaintext)).toBe(true);
    const bytes = readFileSync(path);
    bytes[20] = bytes[20]! ^ 0x01;
    writeFileSync(path, bytes);
    await expect(store.open(blobName, 'any-code')).rejects.toBeInstanceOf(BlobIntegrityError);
  });

  it('refuses a blob of an unknown format', async () => {
    const store = newStore();
    const { blobName } = await store.write(Readable.from([randomBytes(100)]), CODE);
    const path = join(store.dir, blobName);
    const bytes = readFileSync(path);
    bytes.write('EXP9', 0);
    writeFileSync(path, bytes);
    await expect(store.open(blobName, CODE)).rejects.toBeInstanceOf(BlobIntegrityError);
  });

  it('leaves nothing on disk when the source fails midway', async () => {
    const store = newStore();
    const failing = new Readable({
      read() {
        this.push(randomBytes(1000));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(store.write(failing, CODE)).rejects.toThrow('client went away');
    expect(readdirSync(store.dir)).toEqual([]);
  });

  it('sweeps temporary files and blobs without a row', async () => {
    const store = newStore();
    const kept = await store.write(Readable.from([Buffer.from('kept')]), 'kept');
    const orphan = await store.write(Readable.from([Buffer.from('orphan')]), 'orphan');
    writeFileSync(join(store.dir, '.tmp-0123456789abcdef0123456789abcdef'), 'half');
    expect(await store.sweep(new Set([kept.blobName]))).toBe(2);
    expect(readdirSync(store.dir)).toEqual([kept.blobName]);
    expect(orphan.blobName).not.toBe(kept.blobName);
  });

  it('fails with the disk\'s own ENOSPC when the disk fills mid-write, leaving no temporary file', async () => {
    const key = randomBytes(32);
    const dir = mkdtempSync(join(tmpdir(), 'expediente-blobs-'));
    dirs.push(dir);
    const store = new BlobStore(join(dir, 'documents'), () => key, diskFullAfter(100_000));
    const chunks = Array.from({ length: 20 }, () => randomBytes(64 * 1024));
    await expect(store.write(Readable.from(chunks), CODE)).rejects.toMatchObject({ code: 'ENOSPC' });
    expect(readdirSync(store.dir)).toEqual([]);
  });
});

describe('parseMasterKey', () => {
  it('takes 32 bytes as hex or base64 and refuses anything else', () => {
    const key = randomBytes(32);
    expect(parseMasterKey(key.toString('hex')).equals(key)).toBe(true);
    expect(parseMasterKey(key.toString('base64')).equals(key)).toBe(true);
    expect(() => parseMasterKey('too-short')).toThrow(/32 bytes/);
  });
});

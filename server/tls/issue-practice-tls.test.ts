// `npm run tls`'s work: a practice authority and a server certificate that verify as browsers and
// phones will check them, the authority kept across runs with its key in the practice's encrypted
// key file and never in DATA_DIR, and refusals that leave the practice as it was.
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { filesHoldingKey, TEST_CA_PASSPHRASE, writeLegacyPracticeCa } from '../test/practice-tls';
import { CA_KEY_MIN_PASSPHRASE_LENGTH } from './ca-key-file';
import type { CaPassphraseSource } from './ca-passphrase';
import { issuePracticeTls } from './issue-practice-tls';
import { practiceTlsFiles } from './practice-tls-files';
import { SERVER_VALIDITY_DAYS } from './server-certificate';
import type { TlsRequest } from './tls-arguments';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A DATA_DIR and, beside it, the folder the practice keeps the key file in (a USB stick, say). */
function tempPractice() {
  const root = mkdtempSync(join(tmpdir(), 'expediente-tls-'));
  roots.push(root);
  mkdirSync(join(root, 'usb'));
  return { dataDir: join(root, 'data'), keyFile: join(root, 'usb', 'ca-key.pem'), root };
}

const request = (practice: { dataDir: string; keyFile: string }, overrides: Partial<TlsRequest> = {}): TlsRequest => ({
  dataDir: practice.dataDir,
  hosts: ['consultorio.local'],
  ipAddresses: ['192.168.1.20'],
  caKeyFile: practice.keyFile,
  newCa: false,
  ...overrides,
});

/** The passphrase the practice gives, recording whether it was asked to choose one (confirm) or only to open the file. */
const givenPassphrase = (value = TEST_CA_PASSPHRASE) => vi.fn<CaPassphraseSource>(async () => value);

const read = (path: string) => new X509Certificate(readFileSync(path));
const keyOf = (keyFile: string, passphrase = TEST_CA_PASSPHRASE) => createPrivateKey({ key: readFileSync(keyFile, 'utf8'), passphrase });
const DAY_MS = 24 * 60 * 60 * 1000;
const OID_SERVER_AUTH = '1.3.6.1.5.5.7.3.1';

/** Every file's bytes and mode under these folders: a refusal must leave them as they were. */
function snapshot(...dirs: string[]): Record<string, string> {
  const seen: Record<string, string> = {};
  for (const dir of dirs) {
    for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
      const path = join(entry.parentPath, entry.name);
      seen[path] = entry.isFile() ? `${statSync(path).mode}:${readFileSync(path, 'base64')}` : 'dir';
    }
  }
  return seen;
}

describe('issuePracticeTls', () => {
  it('makes an authority and a server certificate signed by it for the names asked for', async () => {
    const practice = tempPractice();
    const passphrase = givenPassphrase();
    const issued = await issuePracticeTls(request(practice, { hosts: ['consultorio.local', 'recepcion.local'], ipAddresses: ['192.168.1.20', '::1'] }), passphrase);
    const files = practiceTlsFiles(practice.dataDir);
    const ca = read(files.caCert);
    const server = read(files.serverCert);

    expect(issued.ca).toBe('created');
    // A new key file's passphrase is chosen, so a terminal asks for it twice.
    expect(passphrase.mock.calls).toEqual([[{ confirm: true }]]);
    expect(ca.ca).toBe(true);
    expect(ca.checkIssued(ca)).toBe(true);
    expect(ca.verify(ca.publicKey)).toBe(true);
    expect(ca.subject).toMatch(/^CN=Expediente practice CA \d{4}-\d{2}-\d{2}\nO=Expediente$/);
    expect(ca.fingerprint256).toBe(issued.caFingerprint256);
    expect(ca.checkPrivateKey(keyOf(practice.keyFile))).toBe(true);
    expect(issued.caScope).toEqual({
      dnsNames: ['consultorio.local', 'recepcion.local', 'localhost'],
      ipRanges: ['192.168.1.20/32', '::1/128', '127.0.0.1/32'],
    });
    // About ten years.
    expect(new Date(ca.validTo).getTime() - Date.now()).toBeGreaterThan(9.9 * 365 * DAY_MS);

    expect(server.ca).toBe(false);
    expect(server.checkIssued(ca)).toBe(true);
    expect(server.verify(ca.publicKey)).toBe(true);
    expect(server.subjectAltName).toBe('DNS:consultorio.local, DNS:recepcion.local, IP Address:192.168.1.20, IP Address:0:0:0:0:0:0:0:1');
    expect(server.checkHost('consultorio.local')).toBe('consultorio.local');
    expect(server.checkIP('192.168.1.20')).toBe('192.168.1.20');
    // Nothing beyond what was asked: not even localhost, which the authority would allow.
    expect(server.checkHost('localhost')).toBeUndefined();
    expect(server.keyUsage).toEqual([OID_SERVER_AUTH]);
    const validity = new Date(server.validTo).getTime() - new Date(server.validFrom).getTime();
    expect(validity).toBeLessThanOrEqual(SERVER_VALIDITY_DAYS * DAY_MS);
    expect(validity).toBeGreaterThan((SERVER_VALIDITY_DAYS - 1) * DAY_MS);
    // The pair the server will load belongs together.
    expect(server.checkPrivateKey(createPrivateKey(readFileSync(files.serverKey)))).toBe(true);
  });

  it('leaves no key of the authority in DATA_DIR, only in the key file, encrypted, for the practice\'s user alone', async () => {
    const practice = tempPractice();
    await issuePracticeTls(request(practice), givenPassphrase());
    const files = practiceTlsFiles(practice.dataDir);
    expect(statSync(files.dir).mode & 0o777).toBe(0o700);
    expect(statSync(files.serverKey).mode & 0o777).toBe(0o600);
    expect(statSync(files.caCert).mode & 0o777).toBe(0o644);
    expect(statSync(practice.keyFile).mode & 0o777).toBe(0o600);
    expect(readdirSync(files.dir).sort()).toEqual(['ca.crt', 'server.crt', 'server.key']);
    expect(readdirSync(join(practice.root, 'usb'))).toEqual(['ca-key.pem']);

    const keyFileText = readFileSync(practice.keyFile, 'utf8');
    expect(keyFileText).toMatch(/^-----BEGIN ENCRYPTED PRIVATE KEY-----\n/);
    expect(() => createPrivateKey(keyFileText)).toThrow();
    expect(() => createPrivateKey({ key: keyFileText, passphrase: 'not the passphrase' })).toThrow();
    const key = keyOf(practice.keyFile);
    const keyPem = key.export({ type: 'pkcs8', format: 'pem' }) as string;
    expect(filesHoldingKey(practice.dataDir, keyPem)).toEqual([]);
    // The search finds the key where it is in the clear, so an empty answer above means something.
    writeFileSync(join(practice.root, 'usb', 'clear.pem'), keyPem);
    expect(filesHoldingKey(practice.root, keyPem)).toEqual([join(practice.root, 'usb', 'clear.pem')]);
  });

  it('keeps the authority when run again with the key file and its passphrase, so devices that trust it keep trusting', async () => {
    const practice = tempPractice();
    const first = await issuePracticeTls(request(practice), givenPassphrase());
    const files = practiceTlsFiles(practice.dataDir);
    const caBefore = readFileSync(files.caCert, 'utf8');
    const keyFileBefore = readFileSync(practice.keyFile, 'utf8');
    const serverBefore = read(files.serverCert);

    const passphrase = givenPassphrase();
    const second = await issuePracticeTls(request(practice, { ipAddresses: [] }), passphrase);
    expect(passphrase.mock.calls).toEqual([[{ confirm: false }]]);
    expect(second.ca).toBe('reused');
    expect(second.legacyKey).toBeUndefined();
    expect(second.caFingerprint256).toBe(first.caFingerprint256);
    expect(readFileSync(files.caCert, 'utf8')).toBe(caBefore);
    expect(readFileSync(practice.keyFile, 'utf8')).toBe(keyFileBefore);
    const server = read(files.serverCert);
    expect(server.serialNumber).not.toBe(serverBefore.serialNumber);
    expect(server.subjectAltName).toBe('DNS:consultorio.local');
    expect(server.checkIssued(read(files.caCert))).toBe(true);
    expect(server.verify(read(files.caCert).publicKey)).toBe(true);
  });

  it('refuses a wrong passphrase with a clear message, and writes nothing', async () => {
    const practice = tempPractice();
    await issuePracticeTls(request(practice), givenPassphrase());
    const before = snapshot(practice.root);
    await expect(issuePracticeTls(request(practice), givenPassphrase('not the passphrase at all'))).rejects.toThrow(
      /^The passphrase does not open .*ca-key\.pem \(or the file is damaged\): nothing was written\./,
    );
    expect(snapshot(practice.root)).toEqual(before);
  });

  it('refuses a name the authority cannot vouch for before asking the passphrase, and takes it with --new-ca', async () => {
    const practice = tempPractice();
    const first = await issuePracticeTls(request(practice), givenPassphrase());
    const before = snapshot(practice.root);
    const passphrase = givenPassphrase();
    await expect(issuePracticeTls(request(practice, { hosts: ['consultorio.local', 'nuevo.local'], ipAddresses: ['192.168.1.21'] }), passphrase)).rejects.toThrow(
      'The practice authority can vouch only for consultorio.local, localhost, 192.168.1.20, 127.0.0.1, ::1, not for nuevo.local, 192.168.1.21: ' +
        'devices would refuse that certificate. A new name needs a new authority: run again with every name and --new-ca',
    );
    expect(passphrase).not.toHaveBeenCalled();
    expect(snapshot(practice.root)).toEqual(before);

    // A name below one it was given is within it, as RFC 5280 has it.
    await issuePracticeTls(request(practice, { hosts: ['recepcion.consultorio.local'] }), givenPassphrase());

    const replaced = await issuePracticeTls(request(practice, { hosts: ['consultorio.local', 'nuevo.local'], newCa: true }), givenPassphrase());
    expect(replaced.ca).toBe('replaced');
    expect(replaced.caFingerprint256).not.toBe(first.caFingerprint256);
    expect(replaced.caScope?.dnsNames).toEqual(['consultorio.local', 'nuevo.local', 'localhost']);
  });

  it('replaces the authority and its key file only when asked with --new-ca', async () => {
    const practice = tempPractice();
    const first = await issuePracticeTls(request(practice), givenPassphrase());
    const oldKey = keyOf(practice.keyFile);
    const passphrase = givenPassphrase('another long passphrase');
    const replaced = await issuePracticeTls(request(practice, { newCa: true }), passphrase);
    expect(passphrase.mock.calls).toEqual([[{ confirm: true }]]);
    expect(replaced.ca).toBe('replaced');
    expect(replaced.caFingerprint256).not.toBe(first.caFingerprint256);
    const files = practiceTlsFiles(practice.dataDir);
    expect(read(files.serverCert).verify(read(files.caCert).publicKey)).toBe(true);
    expect(read(files.caCert).checkPrivateKey(keyOf(practice.keyFile, 'another long passphrase'))).toBe(true);
    expect(read(files.caCert).checkPrivateKey(oldKey)).toBe(false);
  });

  it('refuses to go on without the authority\'s key, or with half an authority, rather than make a new one silently', async () => {
    const practice = tempPractice();
    await issuePracticeTls(request(practice), givenPassphrase());
    const files = practiceTlsFiles(practice.dataDir);

    const elsewhere = join(practice.root, 'usb', 'elsewhere.pem');
    await expect(issuePracticeTls(request(practice, { caKeyFile: elsewhere }), givenPassphrase())).rejects.toThrow(
      /^The key of the authority .*ca\.crt is not in .*elsewhere\.pem\. Give --ca-key the file it was written to .*--new-ca/,
    );

    rmSync(files.caCert);
    const serverBefore = readFileSync(files.serverCert, 'utf8');
    await expect(issuePracticeTls(request(practice), givenPassphrase())).rejects.toThrow(/ca-key\.pem is there without .*ca\.crt.*--new-ca/);
    expect(readFileSync(files.serverCert, 'utf8')).toBe(serverBefore);
  });

  it('refuses an authority whose key is not its own', async () => {
    const practice = tempPractice();
    await issuePracticeTls(request(practice), givenPassphrase());
    const other = tempPractice();
    await issuePracticeTls(request(other), givenPassphrase());
    writeFileSync(practice.keyFile, readFileSync(other.keyFile));
    await expect(issuePracticeTls(request(practice), givenPassphrase())).rejects.toThrow(
      /cannot be used \(the authority's key does not belong to its certificate\).*--new-ca/,
    );
  });

  it('refuses a key file inside DATA_DIR, through a link too, or in a folder that is not there, writing nothing', async () => {
    const practice = tempPractice();
    await expect(issuePracticeTls(request(practice, { caKeyFile: join(practice.dataDir, 'ca-key.pem') }), givenPassphrase())).rejects.toThrow(
      /^--ca-key .*data\/ca-key\.pem is inside DATA_DIR \(.*data\): whoever copied that folder would take the key with it/,
    );
    mkdirSync(practice.dataDir);
    symlinkSync(practice.dataDir, join(practice.root, 'usb', 'link'));
    await expect(issuePracticeTls(request(practice, { caKeyFile: join(practice.root, 'usb', 'link', 'tls', 'k.pem') }), givenPassphrase())).rejects.toThrow(
      /is inside DATA_DIR/,
    );
    await expect(issuePracticeTls(request(practice, { caKeyFile: join(practice.root, 'unmounted', 'ca-key.pem') }), givenPassphrase())).rejects.toThrow(
      /^The folder of --ca-key, .*unmounted, does not exist/,
    );
    expect(readdirSync(practice.dataDir)).toEqual([]);
  });

  it('refuses an unencrypted key as the key file, and never overwrites another file with --new-ca', async () => {
    const practice = tempPractice();
    await issuePracticeTls(request(practice), givenPassphrase());
    const clear = keyOf(practice.keyFile).export({ type: 'pkcs8', format: 'pem' }) as string;
    writeFileSync(practice.keyFile, clear);
    await expect(issuePracticeTls(request(practice), givenPassphrase())).rejects.toThrow(/ca-key\.pem is not an encrypted key as this command writes them/);

    const notes = join(practice.root, 'usb', 'notes.txt');
    writeFileSync(notes, 'the practice\'s own notes');
    await expect(issuePracticeTls(request(practice, { caKeyFile: notes, newCa: true }), givenPassphrase())).rejects.toThrow(
      /notes\.txt exists and is not an authority key this command wrote: it is left as it is/,
    );
    expect(readFileSync(notes, 'utf8')).toBe('the practice\'s own notes');
  });

  it('refuses a passphrase shorter than the minimum for a new key file, writing nothing', async () => {
    const practice = tempPractice();
    await expect(issuePracticeTls(request(practice), givenPassphrase('x'.repeat(CA_KEY_MIN_PASSPHRASE_LENGTH - 1)))).rejects.toThrow(
      `must have at least ${CA_KEY_MIN_PASSPHRASE_LENGTH} characters`,
    );
    expect(readdirSync(join(practice.root, 'usb'))).toEqual([]);
    expect(() => statSync(practice.dataDir)).toThrow();
  });

  it('creates DATA_DIR when it does not exist yet (before the first start)', async () => {
    const practice = tempPractice();
    const dataDir = join(practice.root, 'not-yet', 'data');
    await issuePracticeTls(request(practice, { dataDir }), givenPassphrase());
    expect(statSync(practiceTlsFiles(dataDir).serverCert).isFile()).toBe(true);
  });

  it('removes temporary keys a killed run left behind, beside the server\'s and the authority\'s', async () => {
    const practice = tempPractice();
    const files = practiceTlsFiles(practice.dataDir);
    mkdirSync(files.dir, { recursive: true });
    writeFileSync(join(files.dir, '.server.key.tmp-abcdef'), 'half a key');
    writeFileSync(join(files.dir, '.ca.key.tmp-abcdef'), 'half an old key');
    writeFileSync(join(practice.root, 'usb', '.ca-key.pem.tmp-abcdef'), 'half a key file');
    await issuePracticeTls(request(practice), givenPassphrase());
    expect(readdirSync(files.dir).filter((name) => name.startsWith('.'))).toEqual([]);
    expect(readdirSync(join(practice.root, 'usb'))).toEqual(['ca-key.pem']);
  });
});

describe('a practice whose authority\'s key an earlier release left in DATA_DIR/tls/ca.key', () => {
  it('keeps the authority, moves its key into the encrypted key file, and removes the plaintext one', async () => {
    const practice = tempPractice();
    const legacy = await writeLegacyPracticeCa(practice.dataDir);
    const files = practiceTlsFiles(practice.dataDir);
    expect(filesHoldingKey(practice.dataDir, legacy.keyPem)).toEqual([files.legacyCaKey]);

    const passphrase = givenPassphrase();
    const issued = await issuePracticeTls(request(practice), passphrase);
    expect(issued.ca).toBe('reused');
    expect(issued.legacyKey).toBe('moved');
    // Its passphrase is chosen now, so a terminal asks for it twice.
    expect(passphrase.mock.calls).toEqual([[{ confirm: true }]]);
    // Made before the constraints: it is said, and not refused.
    expect(issued.caScope).toBeUndefined();
    expect(readFileSync(files.caCert, 'utf8')).toBe(legacy.certPem);
    expect(readdirSync(files.dir).sort()).toEqual(['ca.crt', 'server.crt', 'server.key']);
    expect(filesHoldingKey(practice.dataDir, legacy.keyPem)).toEqual([]);
    // Nothing lost: the key file holds the very key, and the new server certificate is the old authority's.
    expect(keyOf(practice.keyFile).export({ type: 'pkcs8', format: 'pem' })).toBe(legacy.keyPem);
    expect(read(files.serverCert).verify(read(files.caCert).publicKey)).toBe(true);

    const again = await issuePracticeTls(request(practice, { hosts: ['any.example'] }), givenPassphrase());
    expect(again.ca).toBe('reused');
    expect(again.legacyKey).toBeUndefined();
  });

  it('removes a plaintext copy of the key file\'s key put back in DATA_DIR/tls, and leaves another key alone', async () => {
    const practice = tempPractice();
    const legacy = await writeLegacyPracticeCa(practice.dataDir);
    await issuePracticeTls(request(practice), givenPassphrase());
    const files = practiceTlsFiles(practice.dataDir);

    writeFileSync(files.legacyCaKey, legacy.keyPem, { mode: 0o600 });
    const issued = await issuePracticeTls(request(practice), givenPassphrase());
    expect(issued.legacyKey).toBe('removed');
    expect(filesHoldingKey(practice.dataDir, legacy.keyPem)).toEqual([]);

    const stranger = await writeLegacyPracticeCa(join(practice.root, 'other'));
    writeFileSync(files.legacyCaKey, stranger.keyPem, { mode: 0o600 });
    await expect(issuePracticeTls(request(practice), givenPassphrase())).rejects.toThrow(/ca\.key is not the key of the authority .*ca\.crt: it is left as it is/);
    expect(readFileSync(files.legacyCaKey, 'utf8')).toBe(stranger.keyPem);
  });

  it('leaves the plaintext key where it was when the passphrase is refused', async () => {
    const practice = tempPractice();
    const legacy = await writeLegacyPracticeCa(practice.dataDir);
    await expect(issuePracticeTls(request(practice), givenPassphrase('short'))).rejects.toThrow(/at least 12 characters/);
    expect(readFileSync(practiceTlsFiles(practice.dataDir).legacyCaKey, 'utf8')).toBe(legacy.keyPem);
    expect(readdirSync(join(practice.root, 'usb'))).toEqual([]);
  });

  it('removes it when the authority is replaced with --new-ca', async () => {
    const practice = tempPractice();
    const legacy = await writeLegacyPracticeCa(practice.dataDir);
    const issued = await issuePracticeTls(request(practice, { newCa: true }), givenPassphrase());
    expect(issued.ca).toBe('replaced');
    expect(issued.legacyKey).toBe('removed');
    expect(issued.caScope).toBeDefined();
    expect(filesHoldingKey(practice.dataDir, legacy.keyPem)).toEqual([]);
  });
});

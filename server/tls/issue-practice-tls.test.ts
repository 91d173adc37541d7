// `npm run tls`'s work: a practice authority and a server certificate that verify as browsers and
// phones will check them, the authority kept across runs, and keys only the server's user can read.
import { X509Certificate } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { issuePracticeTls } from './issue-practice-tls';
import { practiceTlsFiles } from './practice-tls-files';
import { SERVER_VALIDITY_DAYS } from './server-certificate';
import type { TlsRequest } from './tls-arguments';

const dirs: string[] = [];
const tempDataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'expediente-tls-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const request = (dataDir: string, overrides: Partial<TlsRequest> = {}): TlsRequest => ({
  dataDir,
  hosts: ['consultorio.local'],
  ipAddresses: ['192.168.1.20'],
  newCa: false,
  ...overrides,
});

const read = (path: string) => new X509Certificate(readFileSync(path));
const DAY_MS = 24 * 60 * 60 * 1000;
const OID_SERVER_AUTH = '1.3.6.1.5.5.7.3.1';

describe('issuePracticeTls', () => {
  it('makes an authority and a server certificate signed by it for the names asked for', async () => {
    const dataDir = tempDataDir();
    const issued = await issuePracticeTls(request(dataDir, { hosts: ['consultorio.local', 'recepcion.local'], ipAddresses: ['192.168.1.20', '::1'] }));
    const files = practiceTlsFiles(dataDir);
    const ca = read(files.caCert);
    const server = read(files.serverCert);

    expect(issued.ca).toBe('created');
    expect(ca.ca).toBe(true);
    expect(ca.checkIssued(ca)).toBe(true);
    expect(ca.verify(ca.publicKey)).toBe(true);
    expect(ca.subject).toMatch(/^CN=Expediente practice CA \d{4}-\d{2}-\d{2}\nO=Expediente$/);
    expect(ca.fingerprint256).toBe(issued.caFingerprint256);
    // About ten years.
    expect(new Date(ca.validTo).getTime() - Date.now()).toBeGreaterThan(9.9 * 365 * DAY_MS);

    expect(server.ca).toBe(false);
    expect(server.checkIssued(ca)).toBe(true);
    expect(server.verify(ca.publicKey)).toBe(true);
    expect(server.subjectAltName).toBe('DNS:consultorio.local, DNS:recepcion.local, IP Address:192.168.1.20, IP Address:0:0:0:0:0:0:0:1');
    expect(server.checkHost('consultorio.local')).toBe('consultorio.local');
    expect(server.checkIP('192.168.1.20')).toBe('192.168.1.20');
    // Nothing beyond what was asked: not even localhost.
    expect(server.checkHost('localhost')).toBeUndefined();
    expect(server.keyUsage).toEqual([OID_SERVER_AUTH]);
    const validity = new Date(server.validTo).getTime() - new Date(server.validFrom).getTime();
    expect(validity).toBeLessThanOrEqual(SERVER_VALIDITY_DAYS * DAY_MS);
    expect(validity).toBeGreaterThan((SERVER_VALIDITY_DAYS - 1) * DAY_MS);
    // The pair the server will load belongs together.
    const { createPrivateKey } = await import('node:crypto');
    expect(server.checkPrivateKey(createPrivateKey(readFileSync(files.serverKey)))).toBe(true);
  });

  it('writes the keys for the server\'s user alone and leaves no temporary file behind', async () => {
    const dataDir = tempDataDir();
    await issuePracticeTls(request(dataDir));
    const files = practiceTlsFiles(dataDir);
    expect(statSync(files.dir).mode & 0o777).toBe(0o700);
    expect(statSync(files.caKey).mode & 0o777).toBe(0o600);
    expect(statSync(files.serverKey).mode & 0o777).toBe(0o600);
    expect(statSync(files.caCert).mode & 0o777).toBe(0o644);
    expect(readdirSync(files.dir).sort()).toEqual(['ca.crt', 'ca.key', 'server.crt', 'server.key']);
  });

  it('keeps the authority when run again for another name, so devices that trust it keep trusting', async () => {
    const dataDir = tempDataDir();
    const first = await issuePracticeTls(request(dataDir));
    const files = practiceTlsFiles(dataDir);
    const caBefore = readFileSync(files.caCert, 'utf8');
    const caKeyBefore = readFileSync(files.caKey, 'utf8');
    const serverBefore = read(files.serverCert);

    const second = await issuePracticeTls(request(dataDir, { hosts: ['nuevo.local'], ipAddresses: [] }));
    expect(second.ca).toBe('reused');
    expect(second.caFingerprint256).toBe(first.caFingerprint256);
    expect(readFileSync(files.caCert, 'utf8')).toBe(caBefore);
    expect(readFileSync(files.caKey, 'utf8')).toBe(caKeyBefore);
    const server = read(files.serverCert);
    expect(server.serialNumber).not.toBe(serverBefore.serialNumber);
    expect(server.subjectAltName).toBe('DNS:nuevo.local');
    expect(server.checkIssued(read(files.caCert))).toBe(true);
    expect(server.verify(read(files.caCert).publicKey)).toBe(true);
  });

  it('replaces the authority only when asked with --new-ca', async () => {
    const dataDir = tempDataDir();
    const first = await issuePracticeTls(request(dataDir));
    const replaced = await issuePracticeTls(request(dataDir, { newCa: true }));
    expect(replaced.ca).toBe('replaced');
    expect(replaced.caFingerprint256).not.toBe(first.caFingerprint256);
    const files = practiceTlsFiles(dataDir);
    expect(read(files.serverCert).verify(read(files.caCert).publicKey)).toBe(true);
  });

  it('refuses to make a new authority silently when half of the old one is missing', async () => {
    const dataDir = tempDataDir();
    await issuePracticeTls(request(dataDir));
    const files = practiceTlsFiles(dataDir);
    rmSync(files.caKey);
    const serverBefore = readFileSync(files.serverCert, 'utf8');
    await expect(issuePracticeTls(request(dataDir))).rejects.toThrow(/ca\.crt is there without .*ca\.key.*--new-ca/);
    expect(readFileSync(files.serverCert, 'utf8')).toBe(serverBefore);
  });

  it('refuses an authority whose key is not its own', async () => {
    const dataDir = tempDataDir();
    await issuePracticeTls(request(dataDir));
    const other = tempDataDir();
    await issuePracticeTls(request(other));
    const files = practiceTlsFiles(dataDir);
    writeFileSync(files.caKey, readFileSync(practiceTlsFiles(other).caKey));
    await expect(issuePracticeTls(request(dataDir))).rejects.toThrow(/cannot be used \(the authority's key does not belong to its certificate\).*--new-ca/);
  });

  it('creates DATA_DIR when it does not exist yet (before the first start)', async () => {
    const dataDir = join(tempDataDir(), 'not-yet', 'data');
    await issuePracticeTls(request(dataDir));
    expect(statSync(practiceTlsFiles(dataDir).serverCert).isFile()).toBe(true);
  });

  it('removes a temporary key a killed run left behind', async () => {
    const dataDir = tempDataDir();
    const files = practiceTlsFiles(dataDir);
    mkdirSync(files.dir, { recursive: true });
    writeFileSync(join(files.dir, '.server.key.tmp-abcdef'), 'half a key');
    await issuePracticeTls(request(dataDir));
    expect(readdirSync(files.dir).filter((name) => name.startsWith('.'))).toEqual([]);
  });
});

// The certificate the server serves: read and checked at start, and a warning before it ends.
import { generateKeyPairSync, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueTestPracticeTls } from '../test/practice-tls';
import { practiceTlsFiles } from './practice-tls-files';
import { readTlsMaterial, renewalWarning } from './tls-material';

let root: string;
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'expediente-tls-material-'));
  await issueTestPracticeTls({ dataDir: root, hosts: ['consultorio.local'], ipAddresses: [] });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const DAY_MS = 24 * 60 * 60 * 1000;

describe('readTlsMaterial', () => {
  it('reads a pair that belongs together', () => {
    const files = practiceTlsFiles(root);
    const material = readTlsMaterial({ certPath: files.serverCert, keyPath: files.serverKey });
    expect(material.certificate.subjectAltName).toBe('DNS:consultorio.local');
  });

  it('names the files when the key is not the certificate\'s', () => {
    const files = practiceTlsFiles(root);
    const otherKey = join(root, 'other.key');
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    writeFileSync(otherKey, privateKey.export({ type: 'pkcs8', format: 'pem' }));
    expect(() => readTlsMaterial({ certPath: files.serverCert, keyPath: otherKey })).toThrow(/The TLS key .*other\.key does not belong to the certificate .*server\.crt/);
    expect(() => readTlsMaterial({ certPath: files.serverKey, keyPath: files.serverKey })).toThrow(/server\.key is not a PEM certificate/);
  });
});

describe('renewalWarning', () => {
  it('says nothing while more than thirty days are left, then says when and how to renew', () => {
    const certificate = new X509Certificate(readFileSync(practiceTlsFiles(root).serverCert));
    const end = new Date(certificate.validTo).getTime();
    expect(renewalWarning(certificate, new Date(end - 31 * DAY_MS))).toBeUndefined();
    expect(renewalWarning(certificate, new Date(end - 10 * DAY_MS))).toMatch(/^The TLS certificate expires on \d{4}-\d{2}-\d{2}: renew it \(`npm run tls/);
    expect(renewalWarning(certificate, new Date(end + DAY_MS))).toMatch(/^The TLS certificate expired on .*browsers refuse it/);
  });
});

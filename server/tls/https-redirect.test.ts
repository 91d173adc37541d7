// Where plain HTTP is sent: the certificate decides, the request only chooses among its names.
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpsLocation } from './https-redirect';
import { issueTestPracticeTls } from '../test/practice-tls';
import { practiceTlsFiles } from './practice-tls-files';

let root: string;
let certificate: X509Certificate;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'expediente-redirect-'));
  await issueTestPracticeTls({ dataDir: root, hosts: ['consultorio.local', 'recepcion.local'], ipAddresses: ['192.168.1.20', 'fd00::20'] });
  certificate = new X509Certificate(readFileSync(practiceTlsFiles(root).serverCert));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const location = (host: string | undefined, url = '/', port = 3000) => httpsLocation(certificate, { host, url, port });

describe('httpsLocation', () => {
  it('keeps a host the certificate covers, whatever its case, and the path and query', () => {
    expect(location('recepcion.local:3000', '/agenda?day=2025-06-01')).toBe('https://recepcion.local:3000/agenda?day=2025-06-01');
    expect(location('CONSULTORIO.local:3000')).toBe('https://consultorio.local:3000/');
    expect(location('192.168.1.20:3000')).toBe('https://192.168.1.20:3000/');
    expect(location('[fd00::20]:3000')).toBe('https://[fd00::20]:3000/');
  });

  it('sends anything else to the certificate\'s first name', () => {
    for (const host of ['evil.example', 'consultorio.local.evil.example', 'consultorio', '192.168.1.21', '', undefined, 'a b', '[::1', 'user@evil.example']) {
      expect(location(host), String(host)).toBe('https://consultorio.local:3000/');
    }
  });

  it('takes only the path and query of an absolute-form target', () => {
    expect(location('evil.example', 'http://evil.example/x?y=1')).toBe('https://consultorio.local:3000/x?y=1');
  });

  it('leaves out the port when it is 443', () => {
    expect(location('consultorio.local', '/a', 443)).toBe('https://consultorio.local/a');
  });
});

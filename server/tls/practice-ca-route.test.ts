// GET /practice-ca.crt: offered only when the server's certificate is the practice's own.
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testConfig } from '../test/helpers';
import { issueTestPracticeTls } from '../test/practice-tls';
import { practiceTlsFiles } from './practice-tls-files';

let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'expediente-ca-route-'));
  await issueTestPracticeTls({ dataDir, hosts: ['consultorio.local'], ipAddresses: [] });
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function getCa(config: Parameters<typeof testConfig>[0]) {
  const app = await buildTestApp({ config: testConfig(config) });
  try {
    return await app.inject({ method: 'GET', url: '/practice-ca.crt' });
  } finally {
    await app.close();
  }
}

describe('GET /practice-ca.crt', () => {
  it('serves the authority that signed the server\'s certificate', async () => {
    const files = practiceTlsFiles(dataDir);
    const answer = await getCa({ dataDir, tls: { certPath: files.serverCert, keyPath: files.serverKey, practiceHost: 'consultorio.local' } });
    expect(answer.statusCode).toBe(200);
    expect(answer.rawPayload.equals(new X509Certificate(readFileSync(files.caCert)).raw)).toBe(true);
  });

  it('answers 404 with a sentence saying how the authority is made, when there is none', async () => {
    const answer = await getCa({});
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toMatchObject({ code: 'NOT_FOUND', message: expect.stringContaining('npm run tls -- --host NAME') });
  });

  it('offers no authority beside a certificate of TLS_CERT, which that authority did not sign', async () => {
    const files = practiceTlsFiles(dataDir);
    const answer = await getCa({ dataDir, tls: { certPath: files.serverCert, keyPath: files.serverKey } });
    expect(answer.statusCode).toBe(404);
  });
});

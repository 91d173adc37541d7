// Configuration: without TLS_CERT and TLS_KEY, the practice certificate in DATA_DIR/tls is served,
// and its first host name becomes the passkeys' host and origin unless PUBLIC_ORIGIN says otherwise.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { relyingPartyOf } from '../auth/second-factor/relying-party';
import { loadConfig } from '../config';
import { issueTestPracticeTls } from '../test/practice-tls';
import { practiceTlsFiles } from './practice-tls-files';

const roots: string[] = [];
afterEach(() => roots.splice(0).forEach((root) => rmSync(root, { recursive: true, force: true })));
const tempDataDir = () => {
  const root = mkdtempSync(join(tmpdir(), 'expediente-tls-config-'));
  roots.push(root);
  return root;
};

async function practiceDataDir(hosts = ['consultorio.local', 'recepcion.local']): Promise<string> {
  const dataDir = tempDataDir();
  await issueTestPracticeTls({ dataDir, hosts, ipAddresses: ['192.168.1.20'] });
  return dataDir;
}

describe('the practice certificate in the configuration', () => {
  it('is served when TLS_CERT and TLS_KEY are unset', async () => {
    const dataDir = await practiceDataDir();
    const files = practiceTlsFiles(dataDir);
    expect(loadConfig({ DATA_DIR: dataDir }).tls).toEqual({ certPath: files.serverCert, keyPath: files.serverKey, practiceHost: 'consultorio.local' });
  });

  it('gives way to TLS_CERT and TLS_KEY', async () => {
    const dataDir = await practiceDataDir();
    expect(loadConfig({ DATA_DIR: dataDir, TLS_CERT: '/c.pem', TLS_KEY: '/k.pem' }).tls).toEqual({ certPath: '/c.pem', keyPath: '/k.pem' });
  });

  it('is absent until `npm run tls` has run: plain HTTP', () => {
    expect(loadConfig({ DATA_DIR: tempDataDir() }).tls).toBeUndefined();
  });

  it('refuses half a pair rather than quietly serving plain HTTP', async () => {
    const dataDir = await practiceDataDir();
    rmSync(practiceTlsFiles(dataDir).serverCert);
    expect(() => loadConfig({ DATA_DIR: dataDir })).toThrow(/server\.key is there without .*server\.crt/);
  });
});

describe('the passkeys\' relying party', () => {
  it('is the practice certificate\'s first host, over HTTPS on the configured port', async () => {
    const config = loadConfig({ DATA_DIR: await practiceDataDir(), PORT: '3443' });
    expect(relyingPartyOf(config)).toEqual({ rpId: 'consultorio.local', rpName: 'Expediente', origins: ['https://consultorio.local:3443'] });
  });

  it('leaves the default port out of the origin, as browsers do', async () => {
    const config = loadConfig({ DATA_DIR: await practiceDataDir(), PORT: '443' });
    expect(relyingPartyOf(config).origins).toEqual(['https://consultorio.local']);
  });

  it('follows PUBLIC_ORIGIN when it is set', async () => {
    const config = loadConfig({ DATA_DIR: await practiceDataDir(), PUBLIC_ORIGIN: 'https://recepcion.local:3000' });
    expect(relyingPartyOf(config)).toMatchObject({ rpId: 'recepcion.local', origins: ['https://recepcion.local:3000'] });
  });

  it('stays on localhost with a certificate of TLS_CERT, whose names it does not read', () => {
    const config = loadConfig({ DATA_DIR: tempDataDir(), TLS_CERT: '/c.pem', TLS_KEY: '/k.pem', PORT: '3000' });
    expect(relyingPartyOf(config)).toMatchObject({ rpId: 'localhost', origins: ['https://localhost:3000'] });
  });
});

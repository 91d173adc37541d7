// `npm run tls` as the practice runs it: a separate process that writes DATA_DIR/tls and says what
// to check on the devices, or refuses bad arguments with a message and a non-zero exit, writing nothing.
import { spawnSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('./tls.ts', import.meta.url));
const roots: string[] = [];
afterEach(() => roots.splice(0).forEach((root) => rmSync(root, { recursive: true, force: true })));

function runTls(args: string[], env: NodeJS.ProcessEnv = {}) {
  const root = mkdtempSync(join(tmpdir(), 'expediente-tls-cli-'));
  roots.push(root);
  const dataDir = join(root, 'data');
  const { DATA_DIR: _ignored, ...own } = process.env;
  const result = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], {
    env: { ...own, DATA_DIR: dataDir, ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { ...result, dataDir };
}

describe('npm run tls', () => {
  it('writes the authority and the server certificate into DATA_DIR/tls and prints the fingerprint to check', () => {
    const { status, stdout, stderr, dataDir } = runTls(['--host', 'consultorio.local', '--ip', '192.168.1.20']);
    expect(stderr).toBe('');
    expect(status).toBe(0);
    const ca = new X509Certificate(readFileSync(join(dataDir, 'tls', 'ca.crt')));
    const server = new X509Certificate(readFileSync(join(dataDir, 'tls', 'server.crt')));
    expect(server.verify(ca.publicKey)).toBe(true);
    expect(server.subjectAltName).toBe('DNS:consultorio.local, IP Address:192.168.1.20');
    expect(stdout).toContain('Made a new practice certificate authority');
    expect(stdout).toContain(`SHA-256 fingerprint: ${ca.fingerprint256}`);
    expect(stdout).toContain('http://consultorio.local:PORT/practice-ca.crt');
  });

  it.each([
    [[], '--host is required'],
    // Every other refusal is one of parseTlsArguments' (server/tls/tls-arguments.test.ts).
    [['--host', 'consultorio.local', '--ip', 'consultorio'], '--ip "consultorio" is not an IPv4 or IPv6 address'],
  ])('refuses %j with exit code 2, a message, and nothing written', (args, message) => {
    const { status, stdout, stderr, dataDir } = runTls(args);
    expect(status).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain(message);
    expect(existsSync(dataDir)).toBe(false);
  });
});

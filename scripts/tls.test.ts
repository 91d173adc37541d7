// `npm run tls` as the practice runs it: a separate process that writes DATA_DIR/tls and the
// authority's encrypted key file, says what to check on the devices and where the key is, and
// refuses bad arguments or a wrong passphrase with a message and a non-zero exit, writing nothing.
import { spawn, spawnSync } from 'node:child_process';
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { filesHoldingKey, writeLegacyPracticeCa } from '../server/test/practice-tls';

const script = fileURLToPath(new URL('./tls.ts', import.meta.url));
const PASSPHRASE = 'the practice chose this one';
const roots: string[] = [];
afterEach(() => roots.splice(0).forEach((root) => rmSync(root, { recursive: true, force: true })));

/** A DATA_DIR and, outside it, the folder the practice keeps the authority's key in. */
function tempPractice() {
  const root = mkdtempSync(join(tmpdir(), 'expediente-tls-cli-'));
  roots.push(root);
  mkdirSync(join(root, 'usb'));
  return { root, dataDir: join(root, 'data'), keyFile: join(root, 'usb', 'ca-key.pem') };
}

function childEnv(dataDir: string, env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { DATA_DIR: _data, CA_PASSPHRASE: _passphrase, ...own } = process.env;
  return { ...own, DATA_DIR: dataDir, ...env };
}

function runTls(practice: { dataDir: string }, args: string[], env: NodeJS.ProcessEnv = { CA_PASSPHRASE: PASSPHRASE }) {
  return spawnSync(process.execPath, ['--import', 'tsx', script, ...args], { env: childEnv(practice.dataDir, env), encoding: 'utf8', timeout: 30_000 });
}

/** Every file's bytes under a folder: a refusal must leave them as they were. */
const contents = (dir: string) =>
  Object.fromEntries(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => [join(entry.parentPath, entry.name), readFileSync(join(entry.parentPath, entry.name), 'base64')]),
  );

describe('npm run tls', () => {
  it('writes the certificates into DATA_DIR/tls and the authority\'s key, encrypted, only into the key file, and says where each is', () => {
    const practice = tempPractice();
    const { status, stdout, stderr } = runTls(practice, ['--host', 'consultorio.local', '--ip', '192.168.1.20', '--ca-key', practice.keyFile]);
    expect(stderr).toBe('');
    expect(status).toBe(0);
    const ca = new X509Certificate(readFileSync(join(practice.dataDir, 'tls', 'ca.crt')));
    const server = new X509Certificate(readFileSync(join(practice.dataDir, 'tls', 'server.crt')));
    expect(server.verify(ca.publicKey)).toBe(true);
    expect(server.subjectAltName).toBe('DNS:consultorio.local, IP Address:192.168.1.20');
    expect(stdout).toContain('Made a new practice certificate authority');
    expect(stdout).toContain(`SHA-256 fingerprint: ${ca.fingerprint256}`);
    expect(stdout).toContain('It can vouch only for: consultorio.local, localhost, 192.168.1.20, 127.0.0.1, ::1 (a new name needs another authority: --new-ca)');
    expect(stdout).toContain(`Its key, encrypted: ${practice.keyFile}. Keep it off this server`);
    expect(stdout).toContain('http://consultorio.local:PORT/practice-ca.crt');

    // The key file does not open without its passphrase, and opens to the authority's key with it.
    const keyFileText = readFileSync(practice.keyFile, 'utf8');
    expect(() => createPrivateKey(keyFileText)).toThrow();
    const key = createPrivateKey({ key: keyFileText, passphrase: PASSPHRASE });
    expect(ca.checkPrivateKey(key)).toBe(true);
    // No file under DATA_DIR holds that key, in any form, whatever its name.
    expect(readdirSync(practice.dataDir, { recursive: true }).sort()).toEqual(['tls', join('tls', 'ca.crt'), join('tls', 'server.crt'), join('tls', 'server.key')]);
    expect(filesHoldingKey(practice.dataDir, key.export({ type: 'pkcs8', format: 'pem' }) as string)).toEqual([]);
  });

  it('renews with the key file and its passphrase, keeping the authority, and refuses a wrong passphrase writing nothing', () => {
    const practice = tempPractice();
    expect(runTls(practice, ['--host', 'consultorio.local', '--ca-key', practice.keyFile]).status).toBe(0);
    const caBefore = readFileSync(join(practice.dataDir, 'tls', 'ca.crt'), 'utf8');

    const before = contents(practice.root);
    const wrong = runTls(practice, ['--host', 'consultorio.local', '--ca-key', practice.keyFile], { CA_PASSPHRASE: 'not what was chosen' });
    expect(wrong.status).toBe(1);
    expect(wrong.stdout).toBe('');
    expect(wrong.stderr).toMatch(/^npm run tls failed: The passphrase does not open .*ca-key\.pem \(or the file is damaged\): nothing was written\./);
    expect(contents(practice.root)).toEqual(before);

    const renewed = runTls(practice, ['--host', 'consultorio.local', '--ca-key', practice.keyFile]);
    expect(renewed.status).toBe(0);
    expect(renewed.stdout).toContain('Kept the practice certificate authority: devices that trust it need nothing new');
    expect(readFileSync(join(practice.dataDir, 'tls', 'ca.crt'), 'utf8')).toBe(caBefore);
    expect(readFileSync(join(practice.dataDir, 'tls', 'server.crt'), 'base64')).not.toBe(before[join(practice.dataDir, 'tls', 'server.crt')]);
  });

  it('moves the plaintext key an earlier release left in DATA_DIR/tls into the key file, and says so and what it means', async () => {
    const practice = tempPractice();
    const legacy = await writeLegacyPracticeCa(practice.dataDir);
    const { status, stdout, stderr } = runTls(practice, ['--host', 'consultorio.local', '--ca-key', practice.keyFile]);
    expect(stderr).toBe('');
    expect(status).toBe(0);
    const legacyKey = join(practice.dataDir, 'tls', 'ca.key');
    expect(stdout).toContain(`The authority's key was unencrypted in ${legacyKey}: it is now written encrypted to ${practice.keyFile}, and ${legacyKey} is removed.`);
    expect(stdout).toContain('Kept the practice certificate authority');
    expect(stdout).toContain('WARNING: this authority was made before authorities were limited to the practice\'s names, and it can vouch for any site.');
    expect(existsSync(legacyKey)).toBe(false);
    expect(filesHoldingKey(practice.dataDir, legacy.keyPem)).toEqual([]);
    expect(createPrivateKey({ key: readFileSync(practice.keyFile, 'utf8'), passphrase: PASSPHRASE }).export({ type: 'pkcs8', format: 'pem' })).toBe(legacy.keyPem);
  });

  it('refuses to wait for a passphrase no one can type: no CA_PASSPHRASE and no terminal', () => {
    const practice = tempPractice();
    const english = runTls(practice, ['--host', 'consultorio.local', '--ca-key', practice.keyFile], {});
    expect(english.status).toBe(1);
    expect(english.stderr).toContain("npm run tls failed: Set CA_PASSPHRASE, or run this at a terminal to type the passphrase of the authority's key.");
    const spanish = runTls(practice, ['--host', 'consultorio.local', '--ca-key', practice.keyFile], { EXPEDIENTE_LANGUAGE: 'es' });
    expect(spanish.stderr).toContain('npm run tls ha fallado: Defina CA_PASSPHRASE');
    expect(existsSync(practice.dataDir)).toBe(false);
    expect(readdirSync(join(practice.root, 'usb'))).toEqual([]);
  });

  // `script` (util-linux) gives the command a terminal of its own, as a person at the server has.
  const hasScript = spawnSync('script', ['--version']).status === 0;
  it.skipIf(!hasScript)('asks at a terminal for a new passphrase twice, showing none of it', async () => {
    const practice = tempPractice();
    const command = [process.execPath, '--import', 'tsx', script, '--host', 'consultorio.local', '--ca-key', practice.keyFile].map((word) => `'${word}'`).join(' ');
    const child = spawn('script', ['-qec', command, '/dev/null'], { env: childEnv(practice.dataDir, {}) });
    let output = '';
    let answered = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      // Each answer only once its question is on the screen, as a person types it.
      const asked = (output.match(/New passphrase to encrypt the authority's key|The same passphrase again/g) ?? []).length;
      for (; answered < asked; answered++) child.stdin.write(`${PASSPHRASE}\r`);
    });
    const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(output).toContain("New passphrase to encrypt the authority's key (12 characters or more): ");
    expect(output).toContain('The same passphrase again: ');
    expect(output).toContain('Made a new practice certificate authority');
    expect(output).not.toContain(PASSPHRASE);
    expect(status).toBe(0);
    expect(createPrivateKey({ key: readFileSync(practice.keyFile, 'utf8'), passphrase: PASSPHRASE }).asymmetricKeyType).toBe('ec');
  });

  it.each([
    [[], '--host is required'],
    [['--host', 'consultorio.local'], '--ca-key is required'],
    // Every other refusal is one of parseTlsArguments' (server/tls/tls-arguments.test.ts).
    [['--host', 'consultorio.local', '--ip', 'consultorio', '--ca-key', 'k.pem'], '--ip "consultorio" is not an IPv4 or IPv6 address'],
  ])('refuses %j with exit code 2, a message, and nothing written', (args, message) => {
    const practice = tempPractice();
    const { status, stdout, stderr } = runTls(practice, args);
    expect(status).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain(message);
    expect(existsSync(practice.dataDir)).toBe(false);
  });
});

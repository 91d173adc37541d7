// The practice authority vouches only for the practice's names: its Name Constraints as a verifier
// reads them, a certificate for another site signed with its very key refused by one that honours
// them (OpenSSL's; Node's own TLS does not check them), and our own code refusing to sign one at all.
import { AsnConvert } from '@peculiar/asn1-schema';
import { id_ce_nameConstraints, NameConstraints } from '@peculiar/asn1-x509';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CA_PASSPHRASE, writeLegacyPracticeCa } from '../test/practice-tls';
import { decryptCaKey } from './ca-key-file';
import { issuePracticeTls } from './issue-practice-tls';
import { generateKeyPair, SIGNING_ALGORITHM } from './key-pairs';
import { readPracticeCa, type PracticeCa } from './practice-ca';
import { practiceTlsFiles } from './practice-tls-files';
import { randomSerialNumber } from './serial-number';
import { createServerCertificate } from './server-certificate';
import { x509 } from './x509-library';

let root: string;
let caCertPath: string;
let serverCertPath: string;
let ca: PracticeCa;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'expediente-ca-constraints-'));
  const dataDir = join(root, 'data');
  const keyFile = join(root, 'ca-key.pem');
  await issuePracticeTls(
    { dataDir, hosts: ['consultorio.local', 'recepcion.local'], ipAddresses: ['192.168.1.20', 'fd00::20'], caKeyFile: keyFile, newCa: false },
    async () => TEST_CA_PASSPHRASE,
  );
  ({ caCert: caCertPath, serverCert: serverCertPath } = practiceTlsFiles(dataDir));
  // What whoever took the key file and its passphrase would hold.
  ca = await readPracticeCa(readFileSync(caCertPath, 'utf8'), decryptCaKey(readFileSync(keyFile, 'utf8'), TEST_CA_PASSPHRASE, keyFile));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A server certificate for any names, signed with the authority's key without asking our code. */
async function signDirectly(authority: PracticeCa, names: { dns: string[]; ip: string[] }, fileName: string): Promise<string> {
  const keys = await generateKeyPair();
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: randomSerialNumber(),
    subject: `CN=${names.dns[0] ?? names.ip[0]}`,
    issuer: authority.cert.subject,
    notBefore: new Date(Date.now() - 60_000),
    notAfter: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000),
    publicKey: keys.publicKey,
    signingKey: authority.privateKey,
    signingAlgorithm: SIGNING_ALGORITHM,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
      new x509.SubjectAlternativeNameExtension([
        ...names.dns.map((value) => ({ type: 'dns' as const, value })),
        ...names.ip.map((value) => ({ type: 'ip' as const, value })),
      ]),
    ],
  });
  const path = join(root, fileName);
  writeFileSync(path, cert.toString('pem'));
  return path;
}

/** OpenSSL's verdict on a server certificate under this authority, as a TLS client would judge it. */
function opensslVerify(caPath: string, certPath: string): { ok: boolean; output: string } {
  const result = spawnSync('openssl', ['verify', '-CAfile', caPath, '-purpose', 'sslserver', certPath], { encoding: 'utf8' });
  if (result.error) throw result.error;
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
}

describe("the practice authority's Name Constraints", () => {
  it('are critical and permit only the names and addresses it was given, localhost and loopback', () => {
    const cert = new x509.X509Certificate(readFileSync(caCertPath, 'utf8'));
    const extension = cert.getExtension(id_ce_nameConstraints);
    expect(extension?.critical).toBe(true);
    const constraints = AsnConvert.parse(extension!.value, NameConstraints);
    const permitted = (constraints.permittedSubtrees ?? []).map(({ base }) => (base.dNSName !== undefined ? `DNS ${base.dNSName}` : `IP ${base.iPAddress}`));
    expect(permitted).toEqual([
      'DNS consultorio.local',
      'DNS recepcion.local',
      'DNS localhost',
      'IP 192.168.1.20/32',
      'IP fd00::20/128',
      'IP 127.0.0.1/32',
      'IP ::1/128',
    ]);
    expect(constraints.excludedSubtrees).toBeUndefined();

    // OpenSSL reads the same.
    const shown = spawnSync('openssl', ['x509', '-in', caCertPath, '-noout', '-ext', 'nameConstraints'], { encoding: 'utf8' }).stdout;
    expect(shown.replace(/\s+/g, ' ').trim()).toBe(
      'X509v3 Name Constraints: critical Permitted: DNS:consultorio.local DNS:recepcion.local DNS:localhost ' +
        'IP:192.168.1.20/255.255.255.255 IP:FD00:0:0:0:0:0:0:20/FFFF:FFFF:FFFF:FFFF:FFFF:FFFF:FFFF:FFFF ' +
        'IP:127.0.0.1/255.255.255.255 IP:0:0:0:0:0:0:0:1/FFFF:FFFF:FFFF:FFFF:FFFF:FFFF:FFFF:FFFF',
    );
  });

  it("let OpenSSL accept our own server certificate and refuse one for another site signed with the authority's key", async () => {
    expect(opensslVerify(caCertPath, serverCertPath)).toEqual({ ok: true, output: `${serverCertPath}: OK\n` });

    const bank = await signDirectly(ca, { dns: ['www.bank.example'], ip: [] }, 'bank.crt');
    const refusedName = opensslVerify(caCertPath, bank);
    expect(refusedName.ok).toBe(false);
    expect(refusedName.output).toMatch(/permitted subtree violation/);

    // A name below a permitted one is within it; an address is limited as names are.
    expect(opensslVerify(caCertPath, await signDirectly(ca, { dns: ['x.consultorio.local'], ip: [] }, 'below.crt')).ok).toBe(true);
    const router = await signDirectly(ca, { dns: ['consultorio.local'], ip: ['192.168.1.1'] }, 'router.crt');
    const refusedAddress = opensslVerify(caCertPath, router);
    expect(refusedAddress.ok).toBe(false);
    expect(refusedAddress.output).toMatch(/permitted subtree violation/);
  });

  it('are what refuses it: an authority made by an earlier release, without them, lets the same certificate through', async () => {
    const dataDir = join(root, 'earlier');
    mkdirSync(dataDir);
    const legacy = await writeLegacyPracticeCa(dataDir);
    const unconstrained = await readPracticeCa(legacy.certPem, legacy.keyPem);
    const bank = await signDirectly(unconstrained, { dns: ['www.bank.example'], ip: [] }, 'bank-earlier.crt');
    expect(opensslVerify(practiceTlsFiles(dataDir).caCert, bank).ok).toBe(true);
  });

  it('make our own code refuse to sign for another name, saying a new name needs a new authority', async () => {
    await expect(createServerCertificate({ ca, hosts: ['www.bank.example'], ipAddresses: [] })).rejects.toThrow(
      /^The practice authority can vouch only for consultorio\.local, recepcion\.local, localhost, 192\.168\.1\.20, fd00::20, 127\.0\.0\.1, ::1, not for www\.bank\.example: .*--new-ca/,
    );
    await expect(createServerCertificate({ ca, hosts: ['consultorio.local'], ipAddresses: ['10.0.0.1'] })).rejects.toThrow(/not for 10\.0\.0\.1:/);
    await expect(createServerCertificate({ ca, hosts: ['localhost', 'consultorio.local'], ipAddresses: ['127.0.0.1', '::1'] })).resolves.toBeDefined();
  });
});

// `npm run tls`'s work for tests: certificates in a DATA_DIR for tests that need only those, a
// practice as an earlier release left it (the authority's key in plaintext in DATA_DIR/tls, no Name
// Constraints), and a search of a folder for any form of a private key.
import { createPrivateKey } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { issuePracticeTls, type IssuedPracticeTls } from '../tls/issue-practice-tls';
import { generateKeyPair, privateKeyToPem, SIGNING_ALGORITHM } from '../tls/key-pairs';
import { practiceTlsFiles } from '../tls/practice-tls-files';
import { randomSerialNumber } from '../tls/serial-number';
import { crypto, x509 } from '../tls/x509-library';

export const TEST_CA_PASSPHRASE = 'a passphrase only tests use';

/** The key file goes to a folder of its own outside DATA_DIR, removed once the certificates are written. */
export async function issueTestPracticeTls(request: { dataDir: string; hosts: string[]; ipAddresses: string[] }): Promise<IssuedPracticeTls> {
  const keyDir = mkdtempSync(join(tmpdir(), 'expediente-ca-key-'));
  try {
    return await issuePracticeTls({ ...request, caKeyFile: join(keyDir, 'ca-key.pem'), newCa: false }, async () => TEST_CA_PASSPHRASE);
  } finally {
    rmSync(keyDir, { recursive: true, force: true });
  }
}

/** DATA_DIR/tls as `npm run tls` wrote it before the key file: ca.crt without Name Constraints, ca.key unencrypted. */
export async function writeLegacyPracticeCa(dataDir: string): Promise<{ certPem: string; keyPem: string }> {
  const keys = await generateKeyPair();
  const notBefore = new Date(Date.now() - 60 * 60 * 1000);
  const cert = await x509.X509CertificateGenerator.createSelfSigned(
    {
      serialNumber: randomSerialNumber(),
      name: `CN=Expediente practice CA ${notBefore.toISOString().slice(0, 10)}, O=Expediente`,
      notBefore,
      notAfter: new Date(notBefore.getTime() + 10 * 365 * 24 * 60 * 60 * 1000),
      keys,
      signingAlgorithm: SIGNING_ALGORITHM,
      extensions: [
        new x509.BasicConstraintsExtension(true, 0, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
        await x509.SubjectKeyIdentifierExtension.create(keys.publicKey, false, crypto),
      ],
    },
    crypto,
  );
  const files = practiceTlsFiles(dataDir);
  mkdirSync(files.dir, { recursive: true, mode: 0o700 });
  const written = { certPem: cert.toString('pem'), keyPem: privateKeyToPem(keys.privateKey) };
  writeFileSync(files.caCert, written.certPem, { mode: 0o644 });
  writeFileSync(files.legacyCaKey, written.keyPem, { mode: 0o600 });
  return written;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * The files under `dir` whose bytes hold the private key of `keyPem` in any form it is written in:
 * its raw scalar (inside any DER), PKCS#8 or SEC1 PEM, or a JWK. An encrypted key holds none of these.
 */
export function filesHoldingKey(dir: string, keyPem: string): string[] {
  const key = createPrivateKey(keyPem);
  const scalar = Buffer.from(key.export({ format: 'jwk' }).d!, 'base64url');
  const texts = [
    scalar.toString('base64url'),
    (key.export({ type: 'pkcs8', format: 'der' }) as Buffer).toString('base64'),
    (key.export({ type: 'sec1', format: 'der' }) as Buffer).toString('base64'),
  ];
  return filesUnder(dir).filter((file) => {
    const bytes = readFileSync(file);
    const text = bytes.toString('latin1').replace(/\s/g, '');
    return bytes.includes(scalar) || texts.some((form) => text.includes(form));
  });
}

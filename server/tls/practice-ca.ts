// The practice's own certificate authority: made once by `npm run tls`, installed once on every
// computer and phone of the practice, and kept so that renewing the server's certificate (yearly)
// needs nothing new on the devices. It vouches only for the practice's own names (practice-ca-scope.ts).
import { practiceText } from '../practice-messages/practice-text';
import { nameConstraintsExtension, type NameScope } from './name-constraints';
import { randomSerialNumber } from './serial-number';
import { generateKeyPair, privateKeyFromPem, privateKeyToPem, SIGNING_ALGORITHM } from './key-pairs';
import { crypto, x509 } from './x509-library';

/** Ten years: long enough that nobody has to visit every device again before the machine itself is replaced. */
export const CA_VALIDITY_YEARS = 10;
/** A device whose clock runs a little behind must not find a certificate that is not valid yet. */
export const BACKDATE_MS = 60 * 60 * 1000;

export interface PracticeCa {
  cert: x509.X509Certificate;
  privateKey: CryptoKey;
}

export interface NewPracticeCa extends PracticeCa {
  certPem: string;
  /** Plaintext PKCS#8: never written as it is, only encrypted into the practice's key file. */
  keyPem: string;
}

/**
 * The name devices list the authority under; the date tells one made later (after a lost DATA_DIR)
 * from the one already installed.
 */
function caName(now: Date): string {
  return `CN=Expediente practice CA ${now.toISOString().slice(0, 10)}, O=Expediente`;
}

/** `scope`: the only names and addresses it may ever vouch for. */
export async function createPracticeCa(scope: NameScope, now = new Date()): Promise<NewPracticeCa> {
  const keys = await generateKeyPair();
  const notBefore = new Date(now.getTime() - BACKDATE_MS);
  const notAfter = new Date(notBefore);
  notAfter.setUTCFullYear(notAfter.getUTCFullYear() + CA_VALIDITY_YEARS);
  const cert = await x509.X509CertificateGenerator.createSelfSigned(
    {
      serialNumber: randomSerialNumber(),
      name: caName(now),
      notBefore,
      notAfter,
      keys,
      signingAlgorithm: SIGNING_ALGORITHM,
      extensions: [
        // Path length 0: the authority signs server certificates only, never another authority.
        new x509.BasicConstraintsExtension(true, 0, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
        await x509.SubjectKeyIdentifierExtension.create(keys.publicKey, false, crypto),
        nameConstraintsExtension(scope),
      ],
    },
    crypto,
  );
  return { cert, privateKey: keys.privateKey, certPem: cert.toString('pem'), keyPem: privateKeyToPem(keys.privateKey) };
}

/** The authority `npm run tls` made before, read back to sign a new server certificate. */
export async function readPracticeCa(certPem: string, keyPem: string): Promise<PracticeCa> {
  const cert = new x509.X509Certificate(certPem);
  const privateKey = await privateKeyFromPem(keyPem);
  // The pair must belong together, or every certificate signed now would fail on every device.
  const probe = new Uint8Array([1, 2, 3]);
  const signature = await crypto.subtle.sign(SIGNING_ALGORITHM, privateKey, probe);
  const publicKey = await cert.publicKey.export(SIGNING_ALGORITHM, ['verify'], crypto);
  if (!(await crypto.subtle.verify(SIGNING_ALGORITHM, publicKey, signature, probe))) {
    throw new Error(practiceText().tlsKeyNotItsCertificate);
  }
  return { cert, privateKey };
}

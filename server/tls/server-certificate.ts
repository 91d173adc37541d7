// The server's certificate, signed by the practice's authority, for the host names and addresses
// the practice reaches the server at. A new key each time: renewing also rotates the key.
import { practiceText } from '../practice-messages/practice-text';
import { describeScope, namesOutside, readNameConstraints } from './name-constraints';
import type { PracticeCa } from './practice-ca';
import { BACKDATE_MS } from './practice-ca';
import { randomSerialNumber } from './serial-number';
import { generateKeyPair, privateKeyToPem, SIGNING_ALGORITHM } from './key-pairs';
import { crypto, x509 } from './x509-library';

/**
 * 397 days: Safari and Chrome refuse a server certificate valid for more than 398 days (Apple since
 * September 2020, Chrome for the roots it ships), and a day less leaves room for rounding of times.
 * The practice runs `npm run tls` again within the year; the authority, and so the devices, stay.
 */
export const SERVER_VALIDITY_DAYS = 397;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface ServerCertificateRequest {
  ca: PracticeCa;
  /** DNS names, in the order given: the first is the certificate's subject and the passkeys' host. */
  hosts: readonly string[];
  ipAddresses: readonly string[];
  now?: Date;
}

export interface ServerCertificate {
  certPem: string;
  keyPem: string;
  notAfter: Date;
}

/**
 * Refuses names the authority's Name Constraints leave out, rather than sign a certificate that every
 * device would refuse with no word on why. An authority without constraints (made by an earlier
 * release) refuses nothing.
 */
export function checkNamesWithinAuthority(caCert: x509.X509Certificate, hosts: readonly string[], ipAddresses: readonly string[]): void {
  const constraints = readNameConstraints(caCert);
  const outside = namesOutside(constraints, { dnsNames: hosts, ipAddresses });
  if (constraints && outside.length > 0) {
    throw new Error(practiceText().tlsNamesOutsideAuthority({ names: outside.join(', '), scope: describeScope(constraints.permitted) }));
  }
}

export async function createServerCertificate(request: ServerCertificateRequest): Promise<ServerCertificate> {
  const { ca, hosts, ipAddresses, now = new Date() } = request;
  if (hosts.length === 0) throw new Error('a server certificate needs at least one host name');
  checkNamesWithinAuthority(ca.cert, hosts, ipAddresses);
  const keys = await generateKeyPair();
  const notBefore = new Date(now.getTime() - BACKDATE_MS);
  // Never past the authority's own end: a chain that outlives its root fails on every device.
  const notAfter = new Date(Math.min(notBefore.getTime() + SERVER_VALIDITY_DAYS * DAY_MS, ca.cert.notAfter.getTime()));
  const cert = await x509.X509CertificateGenerator.create(
    {
      serialNumber: randomSerialNumber(),
      // Browsers read only the alternative names below; the subject is for people looking at it.
      subject: `CN=${hosts[0]}, O=Expediente`,
      issuer: ca.cert.subject,
      notBefore,
      notAfter,
      publicKey: keys.publicKey,
      signingKey: ca.privateKey,
      signingAlgorithm: SIGNING_ALGORITHM,
      extensions: [
        new x509.BasicConstraintsExtension(false, undefined, true),
        // ECDSA keys sign the handshake; they never encipher a key (that is RSA's keyEncipherment).
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
        new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
        new x509.SubjectAlternativeNameExtension([
          ...hosts.map((value) => ({ type: 'dns' as const, value })),
          ...ipAddresses.map((value) => ({ type: 'ip' as const, value })),
        ]),
        await x509.SubjectKeyIdentifierExtension.create(keys.publicKey, false, crypto),
        await x509.AuthorityKeyIdentifierExtension.create(ca.cert, false, crypto),
      ],
    },
    crypto,
  );
  return { certPem: cert.toString('pem'), keyPem: privateKeyToPem(keys.privateKey), notAfter };
}

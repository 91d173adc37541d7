// The certificate and key the server serves HTTPS with (TLS_CERT and TLS_KEY, or DATA_DIR/tls),
// read once at start and checked, so a wrong pair fails with a sentence instead of OpenSSL's
// "key values mismatch".
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';

export interface TlsMaterial {
  cert: Buffer;
  key: Buffer;
  certificate: X509Certificate;
}

/** How soon before its end the server warns that the certificate needs renewing. */
export const RENEWAL_WARNING_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export function readTlsMaterial(paths: { certPath: string; keyPath: string }): TlsMaterial {
  const cert = readFileSync(paths.certPath);
  const key = readFileSync(paths.keyPath);
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(cert);
  } catch (error) {
    throw new Error(`${paths.certPath} is not a PEM certificate (${(error as Error).message})`, { cause: error });
  }
  let matches: boolean;
  try {
    matches = certificate.checkPrivateKey(createPrivateKey(key));
  } catch (error) {
    throw new Error(`${paths.keyPath} is not a private key the server can read (${(error as Error).message})`, { cause: error });
  }
  if (!matches) throw new Error(`The TLS key ${paths.keyPath} does not belong to the certificate ${paths.certPath}`);
  return { cert, key, certificate };
}

/** A line for the log when the certificate has ended or ends soon: browsers refuse it from that day on. */
export function renewalWarning(certificate: X509Certificate, now = new Date()): string | undefined {
  const validTo = new Date(certificate.validTo);
  const daysLeft = Math.floor((validTo.getTime() - now.getTime()) / DAY_MS);
  if (daysLeft > RENEWAL_WARNING_DAYS) return undefined;
  const when = validTo.toISOString().slice(0, 10);
  const renew = 'renew it (`npm run tls -- --host NAME --ca-key FILE` again for the practice certificate) and restart';
  return daysLeft < 0 ? `The TLS certificate expired on ${when}: browsers refuse it; ${renew}.` : `The TLS certificate expires on ${when}: ${renew}.`;
}

// The names a server certificate is good for, read from its subject alternative names: what the
// passkeys' host defaults to (auth/second-factor/relying-party.ts) and where a plain-HTTP visitor is sent
// (https-redirect.ts).
import type { X509Certificate } from 'node:crypto';

export interface CertificateNames {
  dnsNames: string[];
  ipAddresses: string[];
}

export function certificateNames(cert: X509Certificate): CertificateNames {
  const names: CertificateNames = { dnsNames: [], ipAddresses: [] };
  // Node lists them as "DNS:a, IP Address:b"; an entry with unusual characters comes quoted, and
  // is no name a browser could have asked for, so it is left out.
  for (const entry of (cert.subjectAltName ?? '').split(', ')) {
    if (entry.startsWith('DNS:')) names.dnsNames.push(entry.slice('DNS:'.length));
    else if (entry.startsWith('IP Address:')) names.ipAddresses.push(entry.slice('IP Address:'.length));
  }
  names.dnsNames = names.dnsNames.filter((name) => !name.startsWith('"'));
  names.ipAddresses = names.ipAddresses.filter((address) => !address.startsWith('"'));
  return names;
}

// What `npm run tls` does: reuse the practice's certificate authority in DATA_DIR/tls (or make one),
// then issue the server a new certificate for the names asked for. Re-running it for a new name or
// a new year touches only the server's certificate, so devices that trust the authority still do.
import { X509Certificate } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { removeLeftoverTemps, writeFileAtomically } from '../atomic-file';
import { createPracticeCa, readPracticeCa, type PracticeCa } from './practice-ca';
import { practiceTlsFiles, type PracticeTlsFiles } from './practice-tls-files';
import { createServerCertificate } from './server-certificate';
import type { TlsRequest } from './tls-arguments';

/** Certificates are public: readable by anyone on the machine, like /etc/ssl/certs. */
const CERT_MODE = 0o644;
const KEY_MODE = 0o600;

export interface IssuedPracticeTls {
  files: PracticeTlsFiles;
  /** 'created' the first time, 'replaced' with --new-ca, else 'reused'. */
  ca: 'created' | 'replaced' | 'reused';
  caSubject: string;
  /** For comparing with what a device shows before trusting it: SHA-256, and SHA-1 as Windows shows it ("Thumbprint"). */
  caFingerprint256: string;
  caFingerprint1: string;
  caNotAfter: Date;
  serverNotAfter: Date;
  hosts: string[];
  ipAddresses: string[];
}

async function obtainCa(files: PracticeTlsFiles, newCa: boolean, now: Date): Promise<{ ca: PracticeCa; outcome: IssuedPracticeTls['ca'] }> {
  const hasCert = existsSync(files.caCert);
  const hasKey = existsSync(files.caKey);
  if (!newCa && hasCert && hasKey) {
    let ca: PracticeCa;
    try {
      ca = await readPracticeCa(readFileSync(files.caCert, 'utf8'), readFileSync(files.caKey, 'utf8'));
    } catch (error) {
      throw new Error(`The practice certificate authority in ${files.dir} cannot be used (${(error as Error).message}). Run again with --new-ca to replace it; every device must then install the new one.`, { cause: error });
    }
    if (ca.cert.notAfter <= now) {
      throw new Error(`The practice certificate authority in ${files.dir} expired on ${ca.cert.notAfter.toISOString().slice(0, 10)}. Run again with --new-ca; every device must then install the new one.`);
    }
    return { ca, outcome: 'reused' };
  }
  if (!newCa && (hasCert || hasKey)) {
    // Making a new authority here would silently break every device that trusts the old one.
    throw new Error(
      `${hasCert ? files.caCert : files.caKey} is there without ${hasCert ? files.caKey : files.caCert}. Put the missing file back, ` +
        'or run again with --new-ca to make a new authority (every device must then install it).',
    );
  }
  const made = await createPracticeCa(now);
  // The key first: a certificate without its key could never sign, a key without its certificate is redone.
  writeFileAtomically(files.caKey, made.keyPem, KEY_MODE);
  writeFileAtomically(files.caCert, made.certPem, CERT_MODE);
  return { ca: made, outcome: hasCert || hasKey ? 'replaced' : 'created' };
}

export async function issuePracticeTls(request: TlsRequest, now = new Date()): Promise<IssuedPracticeTls> {
  const files = practiceTlsFiles(request.dataDir);
  mkdirSync(files.dir, { recursive: true, mode: 0o700 });
  // A run killed while writing may have left a temporary copy of a key beside its file.
  removeLeftoverTemps(files.dir, ['ca.crt', 'ca.key', 'server.crt', 'server.key']);

  const { ca, outcome } = await obtainCa(files, request.newCa, now);
  const server = await createServerCertificate({ ca, hosts: request.hosts, ipAddresses: request.ipAddresses, now });
  writeFileAtomically(files.serverKey, server.keyPem, KEY_MODE);
  writeFileAtomically(files.serverCert, server.certPem, CERT_MODE);

  const caCert = new X509Certificate(readFileSync(files.caCert));
  return {
    files,
    ca: outcome,
    caSubject: caCert.subject.replace(/\n/g, ', '),
    caFingerprint256: caCert.fingerprint256,
    caFingerprint1: caCert.fingerprint,
    caNotAfter: ca.cert.notAfter,
    serverNotAfter: server.notAfter,
    hosts: request.hosts,
    ipAddresses: request.ipAddresses,
  };
}

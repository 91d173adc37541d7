// What `npm run tls` does: reuse the practice's certificate authority (or make one), then issue the
// server a new certificate for the names asked for. Re-running it for a new year touches only the
// server's certificate, so devices that trust the authority still do. The authority's key never
// rests in DATA_DIR: it is read from, or written to, the practice's encrypted key file.
import { X509Certificate } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { removeLeftoverTemps, writeFileAtomically } from '../atomic-file';
import { checkCaKeyLocation } from './ca-key-location';
import type { CaPassphraseSource } from './ca-passphrase';
import { readNameConstraints, type NameScope } from './name-constraints';
import { CERT_MODE, obtainPracticeCa, type ObtainedPracticeCa } from './obtain-practice-ca';
import { practiceTlsFiles, type PracticeTlsFiles } from './practice-tls-files';
import { createServerCertificate } from './server-certificate';
import type { TlsRequest } from './tls-arguments';

const KEY_MODE = 0o600;

export interface IssuedPracticeTls {
  files: PracticeTlsFiles;
  ca: ObtainedPracticeCa['outcome'];
  legacyKey: ObtainedPracticeCa['legacyKey'];
  caKeyFile: string;
  /** What the authority may vouch for; undefined for one an earlier release made, which is not limited. */
  caScope: NameScope | undefined;
  caSubject: string;
  /** For comparing with what a device shows before trusting it: SHA-256, and SHA-1 as Windows shows it ("Thumbprint"). */
  caFingerprint256: string;
  caFingerprint1: string;
  caNotAfter: Date;
  serverNotAfter: Date;
  hosts: string[];
  ipAddresses: string[];
}

/** `passphrase`: the key file's, asked for only when the key file is read or written. */
export async function issuePracticeTls(request: TlsRequest, passphrase: CaPassphraseSource, now = new Date()): Promise<IssuedPracticeTls> {
  const files = practiceTlsFiles(request.dataDir);
  checkCaKeyLocation(request.caKeyFile, request.dataDir);
  // A run killed while writing may have left a temporary copy of a key beside its file
  // (ca.key's from an earlier release, unencrypted).
  if (existsSync(files.dir)) removeLeftoverTemps(files.dir, ['ca.crt', 'ca.key', 'server.crt', 'server.key']);
  removeLeftoverTemps(dirname(request.caKeyFile), [basename(request.caKeyFile)]);

  const { ca, outcome, legacyKey } = await obtainPracticeCa(files, request, passphrase, now);
  const server = await createServerCertificate({ ca, hosts: request.hosts, ipAddresses: request.ipAddresses, now });
  mkdirSync(files.dir, { recursive: true, mode: 0o700 });
  writeFileAtomically(files.serverKey, server.keyPem, KEY_MODE);
  writeFileAtomically(files.serverCert, server.certPem, CERT_MODE);

  const caCert = new X509Certificate(readFileSync(files.caCert));
  return {
    files,
    ca: outcome,
    legacyKey,
    caKeyFile: request.caKeyFile,
    caScope: readNameConstraints(ca.cert)?.permitted,
    caSubject: caCert.subject.replace(/\n/g, ', '),
    caFingerprint256: caCert.fingerprint256,
    caFingerprint1: caCert.fingerprint,
    caNotAfter: ca.cert.notAfter,
    serverNotAfter: server.notAfter,
    hosts: request.hosts,
    ipAddresses: request.ipAddresses,
  };
}

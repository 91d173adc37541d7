// Which authority `npm run tls` signs with: the practice's own, its certificate in DATA_DIR/tls and
// its key in the encrypted file the practice keeps elsewhere (--ca-key), or a new one the first time
// and with --new-ca. A plaintext key an earlier release left in DATA_DIR/tls is moved into the key
// file. Every refusal comes before anything is written, so a wrong passphrase or a missing file
// leaves the practice as it was.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { writeFileAtomically } from '../atomic-file';
import { practiceText } from '../practice-messages/practice-text';
import { decryptCaKey, isEncryptedKeyPem, writeCaKeyFile } from './ca-key-file';
import type { CaPassphraseSource } from './ca-passphrase';
import { createPracticeCa, readPracticeCa, type PracticeCa } from './practice-ca';
import { practiceCaScope } from './practice-ca-scope';
import type { PracticeTlsFiles } from './practice-tls-files';
import { checkNamesWithinAuthority } from './server-certificate';
import type { TlsRequest } from './tls-arguments';
import { x509 } from './x509-library';

/** Certificates are public: readable by anyone on the machine, like /etc/ssl/certs. */
export const CERT_MODE = 0o644;

export interface ObtainedPracticeCa {
  ca: PracticeCa;
  /** 'created' the first time, 'replaced' with --new-ca, else 'reused'. */
  outcome: 'created' | 'replaced' | 'reused';
  /** What became of a plaintext DATA_DIR/tls/ca.key: moved into the key file, or removed (a copy, or the replaced authority's). */
  legacyKey?: 'moved' | 'removed';
}

/** Unreadable certificates and keys that do not match are one answer: this authority cannot be used. */
async function usable<T>(files: PracticeTlsFiles, read: () => T | Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    throw new Error(practiceText().tlsCaUnusable({ dir: files.dir, reason: (error as Error).message }), { cause: error });
  }
}

/**
 * The plaintext key goes only once the encrypted one has been read back. A removal that a power cut
 * undoes is found and done again by the next run, as a copy of the key file's key.
 */
function removeLegacyKey(files: PracticeTlsFiles): void {
  rmSync(files.legacyCaKey, { force: true });
}

async function makeCa(
  files: PracticeTlsFiles,
  request: TlsRequest,
  passphrase: CaPassphraseSource,
  now: Date,
  found: { cert: boolean; legacyKey: boolean },
): Promise<ObtainedPracticeCa> {
  const keyFile = request.caKeyFile;
  // --new-ca replaces the authority's own key file, but never a file of anything else.
  if (existsSync(keyFile) && !isEncryptedKeyPem(readFileSync(keyFile, 'utf8'))) {
    throw new Error(practiceText().tlsCaKeyNotOurs({ keyFile }));
  }
  const chosen = await passphrase({ confirm: true });
  const made = await createPracticeCa(practiceCaScope(request.hosts, request.ipAddresses), now);
  // The key first: a certificate without its key could never sign; a key without its certificate
  // is refused by the next run, which --new-ca then replaces.
  writeCaKeyFile(keyFile, made.keyPem, chosen);
  mkdirSync(files.dir, { recursive: true, mode: 0o700 });
  writeFileAtomically(files.caCert, made.certPem, CERT_MODE);
  if (found.legacyKey) removeLegacyKey(files);
  return {
    ca: made,
    outcome: found.cert || found.legacyKey ? 'replaced' : 'created',
    legacyKey: found.legacyKey ? 'removed' : undefined,
  };
}

export async function obtainPracticeCa(files: PracticeTlsFiles, request: TlsRequest, passphrase: CaPassphraseSource, now: Date): Promise<ObtainedPracticeCa> {
  const keyFile = request.caKeyFile;
  const found = { cert: existsSync(files.caCert), legacyKey: existsSync(files.legacyCaKey), keyFile: existsSync(keyFile) };
  if (request.newCa || (!found.cert && !found.legacyKey && !found.keyFile)) return makeCa(files, request, passphrase, now, found);
  if (!found.cert) {
    // Making a new authority here would silently break every device that trusts the old one.
    throw new Error(practiceText().tlsCaHalf({ present: found.keyFile ? keyFile : files.legacyCaKey, missing: files.caCert }));
  }

  const certPem = readFileSync(files.caCert, 'utf8');
  const cert = await usable(files, () => new x509.X509Certificate(certPem));
  if (cert.notAfter <= now) {
    throw new Error(practiceText().tlsCaExpired({ dir: files.dir, date: cert.notAfter.toISOString().slice(0, 10) }));
  }
  // Before the passphrase is asked for: a name the authority cannot vouch for needs --new-ca anyway.
  checkNamesWithinAuthority(cert, request.hosts, request.ipAddresses);

  if (found.keyFile) {
    const keyPem = decryptCaKey(readFileSync(keyFile, 'utf8'), await passphrase({ confirm: false }), keyFile);
    const ca = await usable(files, () => readPracticeCa(certPem, keyPem));
    if (!found.legacyKey) return { ca, outcome: 'reused' };
    // A plaintext copy back in DATA_DIR/tls (an old copy of the folder put back, say): the same key,
    // since both belong to the certificate, so nothing is lost by removing it. Another key is left alone.
    await readPracticeCa(certPem, readFileSync(files.legacyCaKey, 'utf8')).catch((error: unknown) => {
      throw new Error(practiceText().tlsLegacyKeyNotThisAuthority({ legacyKey: files.legacyCaKey, caCert: files.caCert }), { cause: error });
    });
    removeLegacyKey(files);
    return { ca, outcome: 'reused', legacyKey: 'removed' };
  }

  if (found.legacyKey) {
    // A practice set up by an earlier release: its authority stays (its devices trust it), and its
    // key moves out of DATA_DIR into the file the practice named, under the passphrase it chooses now.
    const legacyPem = readFileSync(files.legacyCaKey, 'utf8');
    const ca = await usable(files, () => readPracticeCa(certPem, legacyPem));
    writeCaKeyFile(keyFile, legacyPem, await passphrase({ confirm: true }));
    removeLegacyKey(files);
    return { ca, outcome: 'reused', legacyKey: 'moved' };
  }

  throw new Error(practiceText().tlsCaKeyMissing({ keyFile, caCert: files.caCert }));
}

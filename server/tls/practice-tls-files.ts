// Where `npm run tls` keeps the practice's certificates, DATA_DIR/tls, and whether the server finds
// a certificate there to serve HTTPS with (config.ts, when TLS_CERT and TLS_KEY are unset).
import { X509Certificate } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TlsConfig } from './tls-config';
import { certificateNames } from './certificate-names';

export interface PracticeTlsFiles {
  dir: string;
  /** The authority's certificate: public, served at /practice-ca.crt for devices to install. */
  caCert: string;
  /**
   * Where releases before the key file (--ca-key) left the authority's key, unencrypted. Never written
   * now: the next `npm run tls` moves a key found here into the practice's encrypted key file.
   */
  legacyCaKey: string;
  serverCert: string;
  serverKey: string;
}

export function practiceTlsFiles(dataDir: string): PracticeTlsFiles {
  const dir = join(dataDir, 'tls');
  return {
    dir,
    caCert: join(dir, 'ca.crt'),
    legacyCaKey: join(dir, 'ca.key'),
    serverCert: join(dir, 'server.crt'),
    serverKey: join(dir, 'server.key'),
  };
}

/**
 * The server certificate in DATA_DIR/tls, or undefined when `npm run tls` has not been run. Half a
 * pair is refused: serving plain HTTP then would quietly undo what the practice set up.
 */
export function installedPracticeTls(dataDir: string): TlsConfig | undefined {
  const files = practiceTlsFiles(dataDir);
  const hasCert = existsSync(files.serverCert);
  const hasKey = existsSync(files.serverKey);
  if (!hasCert && !hasKey) return undefined;
  if (!hasCert || !hasKey) {
    throw new Error(
      `${hasCert ? files.serverCert : files.serverKey} is there without ${hasCert ? files.serverKey : files.serverCert}: ` +
        'run `npm run tls -- --host NAME --ca-key FILE` again to make the server certificate.',
    );
  }
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(readFileSync(files.serverCert));
  } catch (error) {
    throw new Error(`${files.serverCert} is not a readable certificate (${(error as Error).message}): run \`npm run tls -- --host NAME --ca-key FILE\` again.`, { cause: error });
  }
  return { certPath: files.serverCert, keyPath: files.serverKey, practiceHost: certificateNames(cert).dnsNames[0] };
}

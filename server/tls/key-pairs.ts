// The key pairs of the practice's certificates: ECDSA on P-256, which every browser and phone the
// practice may use accepts, and which signs and handshakes faster than RSA on a small machine.
// Private keys are PKCS#8 PEM: the server's as it is, for Node's TLS to read without a passphrase;
// the authority's encrypted into the practice's key file (ca-key-file.ts).
import { createPrivateKey, KeyObject } from 'node:crypto';
import { practiceText } from '../practice-messages/practice-text';
import { crypto } from './x509-library';

export const KEY_ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256' } as const;
/** What the certificates are signed with: ECDSA with SHA-256, to match the curve. */
export const SIGNING_ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;

export async function generateKeyPair(): Promise<CryptoKeyPair> {
  return crypto.subtle.generateKey(KEY_ALGORITHM, true, ['sign', 'verify']);
}

export function privateKeyToPem(key: CryptoKey): string {
  return KeyObject.from(key as Parameters<typeof KeyObject.from>[0]).export({ type: 'pkcs8', format: 'pem' }) as string;
}

/** A private key read back for signing; a key of another kind is refused here, not by a confusing signature error later. */
export async function privateKeyFromPem(pem: string): Promise<CryptoKey> {
  const key = createPrivateKey(pem);
  if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
    throw new Error(practiceText().tlsKeyNotP256);
  }
  const der = key.export({ type: 'pkcs8', format: 'der' });
  return crypto.subtle.importKey('pkcs8', der, KEY_ALGORITHM, false, ['sign']);
}

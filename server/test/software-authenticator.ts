// A WebAuthn authenticator in software, for tests: it answers the server's creation and request
// options the way a browser and a platform authenticator would (ES256 keys from node:crypto,
// attestation "none", discoverable credentials it keeps by rpId), and can be told to misbehave
// (another origin, no user verification, another challenge) to show what the server refuses.
import { createHash, createPublicKey, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';

/** What isoCBOR.encode takes for a map (tiny-cbor's CBORType). */
type CBORMap = Extract<Parameters<typeof isoCBOR.encode>[0], Map<unknown, unknown>>;

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const b64url = (data: Uint8Array) => Buffer.from(data).toString('base64url');

export interface StoredCredential {
  id: string;
  rpId: string;
  /** base64url, as the server gave it in user.id. */
  userHandle: string;
  privateKey: KeyObject;
  signCount: number;
}

export interface Misbehaviour {
  /** The origin the "browser" writes into clientDataJSON; the authenticator's own by default. */
  origin?: string;
  /** Clears the UV flag: the user was present but not verified (no PIN, no biometrics). */
  userVerified?: boolean;
  /** Signs another challenge than the options'. */
  challenge?: string;
  /** The rpId whose hash goes into authenticatorData. */
  rpId?: string;
  /** Answer with this credential rather than the first one the options allow (or, creating, send this one again). */
  credentialId?: string;
  /** The clientDataJSON type ('webauthn.get' for an assertion by default). */
  type?: string;
  /** Leave the signature count where it was (a cloned authenticator). */
  keepSignCount?: boolean;
}

/** COSE_Key for an EC2 P-256 public key with alg ES256 (RFC 9053). */
function coseKeyOf(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' });
  const key: CBORMap = new Map();
  key.set(1, 2); // kty: EC2
  key.set(3, -7); // alg: ES256
  key.set(-1, 1); // crv: P-256
  key.set(-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url')));
  key.set(-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url')));
  return isoCBOR.encode(key);
}

function uint32(value: number): Buffer {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(value);
  return out;
}

export class SoftwareAuthenticator {
  readonly credentials: StoredCredential[] = [];

  constructor(readonly origin: string) {}

  /** navigator.credentials.create(): a new ES256 credential, attested "none". */
  create(options: PublicKeyCredentialCreationOptionsJSON, misbehave: Misbehaviour = {}): RegistrationResponseJSON {
    const rpId = options.rp.id!;
    const excluded = new Set((options.excludeCredentials ?? []).map((descriptor) => descriptor.id));
    const reused = misbehave.credentialId ? this.credentials.find((credential) => credential.id === misbehave.credentialId) : undefined;
    if (!reused && this.credentials.some((credential) => credential.rpId === rpId && excluded.has(credential.id))) {
      throw new Error('InvalidStateError: this authenticator already holds an excluded credential');
    }
    const { privateKey, publicKey } = reused
      ? { privateKey: reused.privateKey, publicKey: createPublicKey(reused.privateKey) }
      : generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const credentialId = reused ? Buffer.from(reused.id, 'base64url') : randomBytes(16);
    const id = b64url(credentialId);
    const flags = FLAG_UP | FLAG_AT | (misbehave.userVerified === false ? 0 : FLAG_UV);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credentialId.length);
    const authData = Buffer.concat([
      sha256(misbehave.rpId ?? rpId),
      Buffer.from([flags]),
      uint32(0),
      Buffer.alloc(16), // AAGUID: none, as a privacy-minded authenticator reports it
      idLength,
      credentialId,
      Buffer.from(coseKeyOf(publicKey)),
    ]);
    const attestation: CBORMap = new Map();
    attestation.set('fmt', 'none');
    attestation.set('attStmt', new Map());
    attestation.set('authData', new Uint8Array(authData));
    const attestationObject = isoCBOR.encode(attestation);
    const clientDataJSON = this.clientData(misbehave.type ?? 'webauthn.create', misbehave.challenge ?? options.challenge, misbehave.origin);
    if (!reused) this.credentials.push({ id, rpId, userHandle: options.user.id, privateKey, signCount: 0 });
    return {
      id,
      rawId: id,
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        transports: ['internal', 'hybrid'],
      },
    };
  }

  /**
   * navigator.credentials.get(): an assertion by the credential the options allow (or, with none
   * allowed, the first discoverable one for the rpId), signed over authenticatorData ‖ SHA-256(clientDataJSON).
   */
  get(options: PublicKeyCredentialRequestOptionsJSON, misbehave: Misbehaviour = {}): AuthenticationResponseJSON {
    const rpId = options.rpId!;
    const allowed = new Set((options.allowCredentials ?? []).map((descriptor) => descriptor.id));
    const credential = misbehave.credentialId
      ? this.credentials.find((candidate) => candidate.id === misbehave.credentialId)
      : this.credentials.find((candidate) => candidate.rpId === rpId && (allowed.size === 0 || allowed.has(candidate.id)));
    if (!credential) throw new Error('NotAllowedError: no credential for these options');
    if (!misbehave.keepSignCount) credential.signCount += 1;
    const flags = FLAG_UP | (misbehave.userVerified === false ? 0 : FLAG_UV);
    const authData = Buffer.concat([sha256(misbehave.rpId ?? rpId), Buffer.from([flags]), uint32(credential.signCount)]);
    const clientDataJSON = this.clientData(misbehave.type ?? 'webauthn.get', misbehave.challenge ?? options.challenge, misbehave.origin);
    // ES256 signatures are ASN.1 DER in WebAuthn: node's default encoding for EC keys.
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), credential.privateKey);
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
    };
  }

  private clientData(type: string, challenge: string, origin = this.origin): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }
}

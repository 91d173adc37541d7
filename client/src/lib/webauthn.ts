// Passkeys in this browser (WebAuthn, API.md "Second factor, passkeys and oversight"), for the sign-in
// page and the security page alike. @simplewebauthn/browser is imported only when a ceremony starts:
// the sign-in page is every visit's first download, and most visits never touch a passkey.
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';

/**
 * Whether this page can use passkeys. Browsers offer WebAuthn only to secure contexts (HTTPS, or
 * localhost), so a practice reached over plain HTTP on its network gets 'insecure' even in a
 * browser that supports passkeys: the page then says to use the HTTPS address.
 */
export type PasskeySupport = 'available' | 'insecure' | 'unsupported';

export function passkeySupport(): PasskeySupport {
  if (typeof window === 'undefined') return 'unsupported';
  if (window.isSecureContext !== true) return 'insecure';
  return typeof window.PublicKeyCredential === 'function' ? 'available' : 'unsupported';
}

/** The browser's answer, as the shared schemas take it (a JSON object). */
export type WebAuthnResponse = Record<string, unknown>;

/** Asks the browser (and the user) to create a passkey with the server's options. */
export async function createPasskey(optionsJSON: PublicKeyCredentialCreationOptionsJSON): Promise<WebAuthnResponse> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  return { ...(await startRegistration({ optionsJSON })) };
}

/** Asks the browser (and the user) to sign the server's challenge with a passkey. */
export async function signWithPasskey(optionsJSON: PublicKeyCredentialRequestOptionsJSON): Promise<WebAuthnResponse> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  return { ...(await startAuthentication({ optionsJSON })) };
}

/**
 * The user closed the browser's passkey dialog, chose nothing, or let it time out: browsers report
 * all of these as NotAllowedError, on purpose indistinguishable. Not a failure to alarm anyone with.
 */
export const isCancelledCeremony = (error: unknown): boolean =>
  error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');

/** This authenticator already holds a passkey for the account (InvalidStateError at registration). */
export const isPasskeyAlreadyRegistered = (error: unknown): boolean =>
  error instanceof Error && 'code' in error && error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED';

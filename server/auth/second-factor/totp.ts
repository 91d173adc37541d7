// Time-based one-time passwords (RFC 6238) as API.md fixes them: HMAC-SHA-1, 30-second steps,
// 6 digits, one step of drift either way. The arithmetic is otpauth's; this file only holds the
// parameters, so every caller (setup, enable, sign-in, the RFC's own test vectors) uses the same.
import { Secret, TOTP } from 'otpauth';

/** The RFC's defaults, which is also what every authenticator app assumes from an otpauth:// URI. */
export const TOTP_PARAMETERS = { algorithm: 'SHA1', period: 30 } as const;
export const TOTP_DIGITS = 6;
/** One step before or after: a phone clock off by up to 30 seconds, or a code typed as it rolled over. */
export const TOTP_WINDOW = 1;

/** 160 random bits, the HMAC-SHA-1 key length RFC 4226 §4 recommends; base32 as apps expect it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(secret: string, label?: { issuer: string; account: string }): TOTP {
  return new TOTP({
    ...TOTP_PARAMETERS,
    digits: TOTP_DIGITS,
    secret: Secret.fromBase32(secret),
    ...(label ? { issuer: label.issuer, label: label.account } : {}),
  });
}

/** What an authenticator app scans: otpauth://totp/<issuer>:<account>?secret=…&issuer=… */
export function totpUri(secret: string, issuer: string, account: string): string {
  return totpOf(secret, { issuer, account }).toString();
}

/** The 30-second step `at` falls in (RFC 6238's T). */
export const totpStepAt = (at: Date): number => TOTP.counter({ period: TOTP_PARAMETERS.period, timestamp: at.getTime() });

/**
 * The step whose code `code` is, within one step of `at`, or null when it is none of them. The
 * caller compares the step with the last one that signed in, so a code is good only once.
 */
export function matchingTotpStep(secret: string, code: string, at: Date): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: at.getTime(), window: TOTP_WINDOW });
  return delta === null ? null : totpStepAt(at) + delta;
}

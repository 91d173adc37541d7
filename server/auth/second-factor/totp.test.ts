// The TOTP parameters as this app configures otpauth, checked against RFC 6238 itself: Appendix B's
// SHA-1 test vectors, then the 6-digit codes and the one step of drift the sign-in accepts.
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { matchingTotpStep, newTotpSecret, TOTP_DIGITS, TOTP_PARAMETERS, totpStepAt, totpUri } from './totp';

/** RFC 6238 Appendix B: the SHA-1 seed is the ASCII string "12345678901234567890". */
const RFC_SEED = Secret.fromLatin1('12345678901234567890');
const RFC_VECTORS: [seconds: number, code: string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP as configured here is RFC 6238', () => {
  it.each(RFC_VECTORS)('gives the RFC 6238 Appendix B SHA-1 code at T = %d s (8 digits)', (seconds, code) => {
    const totp = new TOTP({ ...TOTP_PARAMETERS, digits: 8, secret: RFC_SEED });
    expect(totp.generate({ timestamp: seconds * 1000 })).toBe(code);
  });

  it.each(RFC_VECTORS)("accepts the vector's last 6 digits at T = %d s, as the step it belongs to", (seconds, code) => {
    // HOTP truncates modulo 10^digits, so the 6-digit code is the 8-digit one's last six.
    const at = new Date(seconds * 1000);
    expect(TOTP_DIGITS).toBe(6);
    expect(matchingTotpStep(RFC_SEED.base32, code.slice(-6), at)).toBe(Math.floor(seconds / 30));
    expect(totpStepAt(at)).toBe(Math.floor(seconds / 30));
  });

  it('accepts a code one step early or late, and no further', () => {
    const secret = newTotpSecret();
    const now = new Date(1_700_000_000_000);
    const codeAt = (stepOffset: number) =>
      TOTP.generate({ ...TOTP_PARAMETERS, digits: 6, secret: Secret.fromBase32(secret), timestamp: now.getTime() + stepOffset * 30_000 });
    const step = totpStepAt(now);
    expect(matchingTotpStep(secret, codeAt(-1), now)).toBe(step - 1);
    expect(matchingTotpStep(secret, codeAt(0), now)).toBe(step);
    expect(matchingTotpStep(secret, codeAt(1), now)).toBe(step + 1);
    for (const far of [-3, -2, 2, 3]) {
      const code = codeAt(far);
      // A far code that happens to equal a near one (one chance in a million) is the near one's.
      if (![-1, 0, 1].some((near) => codeAt(near) === code)) expect(matchingTotpStep(secret, code, now), `offset ${far}`).toBeNull();
    }
  });

  it('makes 160-bit secrets and an otpauth URI an authenticator app reads (issuer, account, SHA1, 6 digits, 30 s)', () => {
    const secret = newTotpSecret();
    expect(Secret.fromBase32(secret).bytes).toHaveLength(20);
    const uri = new URL(totpUri(secret, 'Clínica Norte', 'ana@example.test'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Clínica Norte:ana@example.test');
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({ secret, issuer: 'Clínica Norte', algorithm: 'SHA1', digits: '6', period: '30' });
  });
});

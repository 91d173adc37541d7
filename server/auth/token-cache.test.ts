// A bearer token's signature is checked once and its claims kept until the token expires;
// past its expiry the token is checked again, so an expired token is refused as it always was.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TokenClaims } from '../trpc/context';
import { verifiedClaims } from './token-cache';

afterEach(() => vi.restoreAllMocks());

/** A verifier that counts its calls and refuses tokens past their expiry, as fast-jwt does. */
function countingVerifier(expSeconds: number | undefined) {
  const calls = { count: 0 };
  const verify = (token: string): TokenClaims => {
    calls.count++;
    if (token === 'forged') throw new Error('invalid signature');
    if (expSeconds !== undefined && Date.now() >= expSeconds * 1000) throw new Error('token expired');
    return { sid: 'session', sub: '7', ...(expSeconds === undefined ? {} : { exp: expSeconds }) } as TokenClaims;
  };
  return { verify, calls };
}

describe('verifiedClaims', () => {
  it('checks a token’s signature once and answers its claims from memory after that', () => {
    const { verify, calls } = countingVerifier(Math.floor(Date.now() / 1000) + 3600);
    expect(verifiedClaims(verify, 'token-a')).toMatchObject({ sid: 'session', sub: '7' });
    expect(verifiedClaims(verify, 'token-a')).toMatchObject({ sid: 'session', sub: '7' });
    expect(calls.count).toBe(1);
  });

  it('refuses a kept token once it has expired, checking it again', () => {
    const now = Date.now();
    const { verify, calls } = countingVerifier(Math.floor(now / 1000) + 60);
    verifiedClaims(verify, 'token-b');
    vi.spyOn(Date, 'now').mockReturnValue(now + 61_000);
    expect(() => verifiedClaims(verify, 'token-b')).toThrow('token expired');
    expect(calls.count).toBe(2);
  });

  it('keeps nothing of a refused token, nor of a token without an expiry', () => {
    const { verify, calls } = countingVerifier(undefined);
    for (let i = 0; i < 2; i++) {
      expect(() => verifiedClaims(verify, 'forged')).toThrow('invalid signature');
      verifiedClaims(verify, 'no-expiry');
    }
    expect(calls.count).toBe(4);
  });
});

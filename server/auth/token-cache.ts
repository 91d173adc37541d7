// A bearer token's signature, checked once: the same token string verifies the same way until it
// expires, so the claims of the tokens of recent requests are kept in memory (the HMAC and
// the decoding were a tenth of a record read). Only successes are kept, each until the token's own
// `exp`; whether the session behind it still lives is findActor's question, asked on every request.

/** What a bearer token carries: its session and its user (the session decides whether it still holds). */
export interface TokenClaims {
  sid: string;
  sub: string;
}

type Verify = (token: string) => TokenClaims;

/** Tokens in use now: a practice's signed-in users, with room to spare. */
const CACHED_TOKENS = 1_000;

interface Verified {
  claims: TokenClaims;
  /** The token's `exp` in milliseconds; past it, the token is verified (and refused) again. */
  expiresAtMs: number;
}

// One memory per verifying function, so each server (and each test's server, with its own secret) has its own.
const memories = new WeakMap<Verify, Map<string, Verified>>();

/** The claims of `token`, verified by `verify` the first time and from memory until it expires. Throws as `verify` does. */
export function verifiedClaims(verify: Verify, token: string): TokenClaims {
  let memory = memories.get(verify);
  if (!memory) memories.set(verify, (memory = new Map()));
  const kept = memory.get(token);
  if (kept && Date.now() < kept.expiresAtMs) return kept.claims;
  memory.delete(token);
  const claims = verify(token);
  const exp = (claims as { exp?: unknown }).exp;
  // A token without a numeric expiry is verified every time: nothing says how long the answer holds.
  if (typeof exp !== 'number') return claims;
  memory.set(token, { claims: Object.freeze({ ...claims }), expiresAtMs: exp * 1000 });
  // Insertion order: the first key is the oldest token seen.
  if (memory.size > CACHED_TOKENS) memory.delete(memory.keys().next().value!);
  return claims;
}

// The step between a right password and a session on an account with a second factor (API.md:
// "the challenge lives 5 minutes and dies after 5 wrong codes"). Kept in the database, so it is the
// same for REST and tRPC and a wrong code counted by one request is seen by the next.
import { randomBytes } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { signInChallenges } from '../../db/schema/index';

export const SIGN_IN_CHALLENGE_MINUTES = 5;
export const SIGN_IN_CHALLENGE_MAX_FAILURES = 5;

export interface LiveSignInChallenge {
  id: string;
  userId: number;
  failures: number;
}

export function createSignInChallenge(db: DbOrTx, userId: number, now: Date): string {
  const id = randomBytes(24).toString('base64url');
  // Expired challenges of anyone are dropped as new ones are made: the table never grows.
  db.delete(signInChallenges).where(lt(signInChallenges.expiresAt, now.toISOString())).run();
  db.insert(signInChallenges)
    .values({ id, userId, expiresAt: new Date(now.getTime() + SIGN_IN_CHALLENGE_MINUTES * 60_000).toISOString(), createdAt: now.toISOString() })
    .run();
  return id;
}

/** The challenge if it is still alive: not expired, fewer than 5 wrong codes, not yet used. */
export function findSignInChallenge(db: DbOrTx, id: string, now: Date): LiveSignInChallenge | null {
  const row = db
    .select({ id: signInChallenges.id, userId: signInChallenges.userId, failures: signInChallenges.failures })
    .from(signInChallenges)
    .where(and(eq(signInChallenges.id, id), gt(signInChallenges.expiresAt, now.toISOString())))
    .get();
  return row && row.failures < SIGN_IN_CHALLENGE_MAX_FAILURES ? row : null;
}

/** A wrong code: the fifth one kills the challenge (the user starts again from the password). */
export function countSignInChallengeFailure(db: DbOrTx, id: string): void {
  const row = db
    .update(signInChallenges)
    .set({ failures: sql`${signInChallenges.failures} + 1` })
    .where(eq(signInChallenges.id, id))
    .returning({ failures: signInChallenges.failures })
    .get();
  if (row && row.failures >= SIGN_IN_CHALLENGE_MAX_FAILURES) consumeSignInChallenge(db, id);
}

/** Used once: a challenge that opened a session cannot open another. */
export function consumeSignInChallenge(db: DbOrTx, id: string): void {
  db.delete(signInChallenges).where(eq(signInChallenges.id, id)).run();
}

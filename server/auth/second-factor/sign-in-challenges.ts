// The step between a right password and a session on an account with a second factor (API.md:
// "the challenge lives 5 minutes and dies after 5 wrong codes"). Kept in the database, so it is the
// same for REST and tRPC and a wrong code counted by one request is seen by the next.
import { randomBytes } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { inTransaction } from '../../db/in-transaction';
import { signInChallenges } from '../../db/schema/index';

export const SIGN_IN_CHALLENGE_MINUTES = 5;
export const SIGN_IN_CHALLENGE_MAX_FAILURES = 5;

export interface LiveSignInChallenge {
  id: string;
  userId: number;
  failures: number;
}

export async function createSignInChallenge(db: DbOrTx, userId: number, now: Date): Promise<string> {
  const id = randomBytes(24).toString('base64url');
  await inTransaction(db, async (tx) => {
    // Expired challenges of anyone are dropped as new ones are made: the table never grows.
    await tx.delete(signInChallenges).where(lt(signInChallenges.expiresAt, now.toISOString()));
    await tx
      .insert(signInChallenges)
      .values({ id, userId, expiresAt: new Date(now.getTime() + SIGN_IN_CHALLENGE_MINUTES * 60_000).toISOString(), createdAt: now.toISOString() });
  });
  return id;
}

/** The challenge if it is still alive: not expired, fewer than 5 wrong codes, not yet used. */
export async function findSignInChallenge(db: DbOrTx, id: string, now: Date): Promise<LiveSignInChallenge | null> {
  const [row] = await db
    .select({ id: signInChallenges.id, userId: signInChallenges.userId, failures: signInChallenges.failures })
    .from(signInChallenges)
    .where(and(eq(signInChallenges.id, id), gt(signInChallenges.expiresAt, now.toISOString())));
  return row && row.failures < SIGN_IN_CHALLENGE_MAX_FAILURES ? row : null;
}

/** A wrong code: the fifth one kills the challenge (the user starts again from the password). */
export async function countSignInChallengeFailure(db: DbOrTx, id: string): Promise<void> {
  await inTransaction(db, async (tx) => {
    const [row] = await tx
      .update(signInChallenges)
      .set({ failures: sql`${signInChallenges.failures} + 1` })
      .where(eq(signInChallenges.id, id))
      .returning({ failures: signInChallenges.failures });
    if (row && row.failures >= SIGN_IN_CHALLENGE_MAX_FAILURES) await consumeSignInChallenge(tx, id);
  });
}

/** Used once: a challenge that opened a session cannot open another. */
export async function consumeSignInChallenge(db: DbOrTx, id: string): Promise<void> {
  await inTransaction(db, (tx) => tx.delete(signInChallenges).where(eq(signInChallenges.id, id)));
}

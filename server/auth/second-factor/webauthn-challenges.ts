// The WebAuthn ceremonies in flight (API.md "Second factor, passkeys and oversight"): the random
// challenge handed to the browser with the options, for whom and for what. A ceremony is answered
// once: its row is taken (deleted) before the answer is checked, so two requests carrying the same
// signed answer cannot both get through, and a failed answer needs new options.
import { and, eq, gt, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { inTransaction } from '../../db/in-transaction';
import { webauthnChallenges } from '../../db/schema/index';

/** As long as the password step's challenge: the browser's timeout is set to the same. */
export const WEBAUTHN_CHALLENGE_MINUTES = 5;

export type WebauthnPurpose = 'registration' | 'authentication';

export interface WebauthnChallenge {
  challenge: string;
  userId: number | null;
  purpose: WebauthnPurpose;
  signInChallengeId: string | null;
}

export async function saveWebauthnChallenge(db: DbOrTx, ceremony: WebauthnChallenge, now: Date): Promise<void> {
  await inTransaction(db, async (tx) => {
    // Expired ceremonies of anyone are dropped as new ones begin: the table never grows.
    await tx.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now.toISOString()));
    await tx.insert(webauthnChallenges).values({ ...ceremony, expiresAt: new Date(now.getTime() + WEBAUTHN_CHALLENGE_MINUTES * 60_000).toISOString() });
  });
}

/**
 * The live ceremony of this challenge and purpose, removed as it is read; null when there is none
 * (never issued, expired, or answered already). With `userId`, only that user's ceremony: nobody
 * can end another user's registration by sending its challenge.
 */
export async function takeWebauthnChallenge(
  db: DbOrTx,
  challenge: string,
  purpose: WebauthnPurpose,
  now: Date,
  userId?: number,
): Promise<WebauthnChallenge | null> {
  const [row] = await inTransaction(db, (tx) =>
    tx
      .delete(webauthnChallenges)
      .where(
        and(
          eq(webauthnChallenges.challenge, challenge),
          eq(webauthnChallenges.purpose, purpose),
          gt(webauthnChallenges.expiresAt, now.toISOString()),
          userId === undefined ? undefined : eq(webauthnChallenges.userId, userId),
        ),
      )
      .returning({
        challenge: webauthnChallenges.challenge,
        userId: webauthnChallenges.userId,
        purpose: webauthnChallenges.purpose,
        signInChallengeId: webauthnChallenges.signInChallengeId,
      }),
  );
  return row ?? null;
}

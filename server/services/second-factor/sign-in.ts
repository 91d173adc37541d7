// POST /auth/login/second-factor: the challenge a right password opened, answered with a code from
// the authenticator app or a recovery code, becomes a session (API.md "Second factor, passkeys and
// oversight"). A wrong code counts twice: on the challenge (the fifth kills it) and against the
// sign-in limits, exactly like a wrong password, so the code cannot be guessed faster than a password.
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Session } from '../../../shared/auth';
import type { secondFactorInput } from '../../../shared/second-factor';
import type { z } from 'zod';
import { recordRefusal, type AuditActor, type AuditEntry } from '../../audit/record-audit';
import { normalizeRecoveryCode, recoveryCodeHash } from '../../auth/second-factor/recovery-codes';
import { consumeSignInChallenge, countSignInChallengeFailure, findSignInChallenge } from '../../auth/second-factor/sign-in-challenges';
import { matchingTotpStep } from '../../auth/second-factor/totp';
import type { TotpSeal } from '../../auth/second-factor/totp-seal';
import type { DbOrTx } from '../../db/client';
import { inTransaction } from '../../db/in-transaction';
import { recoveryCodes, totpSecrets, users } from '../../db/schema/index';
import { AppError } from '../../errors';
import { openSignedInSession, type AccountDeps, type RequestMeta } from '../accounts';
import { findTwoFactorState, toUser } from '../users';

const ACTION = 'auth.loginSecondFactor';

type SecondFactorAnswer = z.output<typeof secondFactorInput>;

/** A right answer: how it is named in the audit trail, and what spends it (in the session's transaction). */
interface Proof {
  detail: 'totp' | 'recovery code';
  spend: (tx: DbOrTx) => Promise<void>;
}

/**
 * A code from the app, within one step of drift, and later than the last one that signed in: a code
 * seen over a shoulder or replayed from a log is worth nothing once used.
 */
async function totpProof(db: DbOrTx, seal: TotpSeal, userId: number, code: string, now: Date): Promise<Proof | string> {
  const [row] = await db
    .select({ secret: totpSecrets.secret, lastUsedStep: totpSecrets.lastUsedStep })
    .from(totpSecrets)
    .where(and(eq(totpSecrets.userId, userId), isNotNull(totpSecrets.confirmedAt)));
  const step = row ? matchingTotpStep(seal.open(userId, row.secret), code, now) : null;
  if (!row || step === null) return 'wrong code';
  if (row.lastUsedStep !== null && step <= row.lastUsedStep) return 'replayed code';
  return {
    detail: 'totp',
    spend: async (tx) => {
      await tx.update(totpSecrets).set({ lastUsedStep: step }).where(eq(totpSecrets.userId, userId));
    },
  };
}

/** One of the account's unused recovery codes; it is marked used as the session opens. */
async function recoveryProof(db: DbOrTx, userId: number, code: string, now: Date): Promise<Proof | string> {
  const [row] = await db
    .select({ id: recoveryCodes.id })
    .from(recoveryCodes)
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, recoveryCodeHash(normalizeRecoveryCode(code))),
        isNull(recoveryCodes.usedAt),
      ),
    );
  if (!row) return 'wrong recovery code';
  return {
    detail: 'recovery code',
    spend: async (tx) => {
      await tx.update(recoveryCodes).set({ usedAt: now.toISOString() }).where(eq(recoveryCodes.id, row.id));
    },
  };
}

/**
 * Everything between reading the challenge and spending the code is one transaction, and SQLite runs
 * its transactions one after another, so no other request can present the same code or challenge in
 * between. (PostgreSQL: the challenge's row must be read FOR UPDATE for the same.) A refusal is
 * audited in that transaction, which commits with what it counted, and is thrown once it has.
 */
export async function loginSecondFactor(deps: AccountDeps, meta: RequestMeta, answer: SecondFactorAnswer): Promise<Session> {
  const outcome = await inTransaction(deps.db, (tx) => answerChallenge(deps, tx, meta, answer));
  if (outcome instanceof AppError) throw outcome;
  return outcome;
}

/** The refusal, audited (so it is recorded once), for loginSecondFactor to throw after the commit. */
async function refused(tx: DbOrTx, who: AuditActor, entry: AuditEntry, error: AppError): Promise<AppError> {
  await recordRefusal(tx, who, entry);
  error.audited = true;
  return error;
}

async function answerChallenge(deps: AccountDeps, tx: DbOrTx, meta: RequestMeta, answer: SecondFactorAnswer): Promise<Session | AppError> {
  const now = deps.now();
  const anonymous: AuditActor = { userId: null, type: 'anonymous', ip: meta.ip };
  const challenge = await findSignInChallenge(tx, answer.challenge, now);
  // Unknown, expired, used or killed: nothing tells which, and no account is named to count against
  // (a challenge is 192 random bits: guessing one is hopeless, and the flood guard bounds the tries).
  if (!challenge) return refused(tx, anonymous, { action: ACTION, outcome: 'failure', detail: 'no live challenge' }, new AppError('INVALID_CODE'));

  const [user] = await tx.select().from(users).where(eq(users.id, challenge.userId));
  const who: AuditActor = user ? { userId: user.id, type: user.type, ip: meta.ip, name: user.name, lname: user.lname } : anonymous;
  // Disabled while the challenge was open: it ends here, as the account's sessions did.
  if (!user || user.status !== 'active') {
    await consumeSignInChallenge(tx, challenge.id);
    return refused(tx, who, { action: ACTION, outcome: 'denied', detail: 'account not active' }, new AppError('INVALID_CODE'));
  }

  const attempt = await deps.signInFailures.reserve(meta.ip, user.email);
  if (!attempt) return refused(tx, who, { action: ACTION, outcome: 'denied', detail: 'RATE_LIMITED' }, new AppError('RATE_LIMITED'));

  const proof = 'code' in answer ? await totpProof(tx, deps.totpSeal, user.id, answer.code, now) : await recoveryProof(tx, user.id, answer.recoveryCode, now);
  if (typeof proof === 'string') {
    attempt.failed();
    await countSignInChallengeFailure(tx, challenge.id);
    return refused(tx, who, { action: ACTION, outcome: 'failure', detail: proof }, new AppError('INVALID_CODE'));
  }
  await attempt.succeeded();
  // The session's change joins this transaction.
  return await openSignedInSession(deps, toUser(user, await findTwoFactorState(tx, user.id)), meta, proof.detail, async (sessionTx) => {
    await consumeSignInChallenge(sessionTx, challenge.id);
    await proof.spend(sessionTx);
  });
}

// The middle of a sign-in on an account with a second factor: the password was right, so instead
// of a session the caller gets a challenge to answer (API.md "Second factor, passkeys and oversight").
import { and, eq, isNull } from 'drizzle-orm';
import type { TwoFactorState } from '../../../shared/auth';
import type { SecondFactorChallenge, SecondFactorMethod } from '../../../shared/second-factor';
import type { AuditActor } from '../../audit/record-audit';
import { createSignInChallenge } from '../../auth/second-factor/sign-in-challenges';
import type { Db, DbOrTx } from '../../db/client';
import { recoveryCodes } from '../../db/schema/index';
import { auditedSignInChange } from '../audited-change';

const hasUnusedRecoveryCode = async (db: DbOrTx, userId: number): Promise<boolean> =>
  (
    await db
      .select({ id: recoveryCodes.id })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
      .limit(1)
  ).length > 0;

/** How the account can answer: its app, a recovery code while any is left (only beside TOTP), a passkey. */
export async function secondFactorMethods(db: DbOrTx, userId: number, twoFactor: TwoFactorState): Promise<SecondFactorMethod[]> {
  const methods: SecondFactorMethod[] = [];
  if (twoFactor.totp) {
    methods.push('totp');
    if (await hasUnusedRecoveryCode(db, userId)) methods.push('recovery');
  }
  if (twoFactor.passkeys > 0) methods.push('passkey');
  return methods;
}

/**
 * The challenge for an account that has a second factor, or null when it has none (the password is
 * then enough). The right password is audited as the step it is, with the challenge it opened.
 */
export async function challengeSecondFactor(
  db: Db,
  who: AuditActor & { userId: number },
  twoFactor: TwoFactorState,
  now: Date,
): Promise<SecondFactorChallenge | null> {
  if (!twoFactor.totp && twoFactor.passkeys === 0) return null;
  const methods = await secondFactorMethods(db, who.userId, twoFactor);
  const challenge = await auditedSignInChange(db, who, { action: 'auth.login' }, async (tx, succeeded) => {
    const id = await createSignInChallenge(tx, who.userId, now);
    await succeeded({ detail: 'second factor requested' });
    return id;
  });
  return { twoFactorRequired: true, challenge, methods };
}

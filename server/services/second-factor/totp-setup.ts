// Turning TOTP on and off from the account page (API.md "Second factor, passkeys and oversight"):
// setup hands out a secret that is not a second factor yet; the first right code confirms it and
// brings ten recovery codes, shown once. Setting it up and turning it off ask for the password again.
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { RecoveryCodes, TotpSetup } from '../../../shared/second-factor';
import { refuse } from '../../audit/record-audit';
import { newRecoveryCodes, normalizeRecoveryCode, recoveryCodeHash } from '../../auth/second-factor/recovery-codes';
import type { SignInFailures } from '../../auth/sign-in-failures';
import { matchingTotpStep, newTotpSecret, totpUri } from '../../auth/second-factor/totp';
import type { TotpSeal } from '../../auth/second-factor/totp-seal';
import type { DbOrTx } from '../../db/client';
import { passkeys, recoveryCodes, signInChallenges, totpSecrets, webauthnChallenges } from '../../db/schema/index';
import { AppError } from '../../errors';
import { auditedChange } from '../audited-change';
import { whoIs, type Caller } from '../caller';
import { confirmPassword } from './reauthentication';

const confirmedTotpOf = async (db: DbOrTx, userId: number) =>
  (await db.select({ userId: totpSecrets.userId }).from(totpSecrets).where(and(eq(totpSecrets.userId, userId), isNotNull(totpSecrets.confirmedAt))))[0];

/**
 * Replacing a confirmed secret would take the account's second factor away without the password,
 * so setup is refused while TOTP is on: the user turns it off first (that asks for the password).
 */
const alreadyOn = () => new AppError('FORBIDDEN', 'Two-step verification with an app is already on: turn it off first to set up a new one.');

/**
 * POST /auth/totp/setup: a new secret, replacing one never confirmed. Nothing changes at sign-in yet,
 * but the secret shown is what confirms the factor, so the password comes first (reauthentication.ts).
 */
export async function setUpTotp(
  caller: Caller,
  deps: { signInFailures: SignInFailures; totpSeal: TotpSeal },
  password: string | undefined,
  issuer: string,
): Promise<TotpSetup> {
  const { db, actor } = caller;
  const who = whoIs(caller);
  await confirmPassword(caller, deps.signInFailures, password, 'auth.totpSetup');
  if (await confirmedTotpOf(db, actor.userId)) await refuse(db, who, { action: 'auth.totpSetup', outcome: 'failure', detail: 'already on' }, alreadyOn());
  const secret = newTotpSecret();
  // Stored sealed (auth/second-factor/totp-seal.ts): shown once here, never readable from the database alone.
  const sealed = deps.totpSeal.seal(actor.userId, secret);
  await auditedChange(caller, { action: 'auth.totpSetup' }, async (tx, succeeded) => {
    await tx
      .insert(totpSecrets)
      .values({ userId: actor.userId, secret: sealed, createdAt: caller.now.toISOString() })
      .onConflictDoUpdate({
        target: totpSecrets.userId,
        set: { secret: sealed, lastUsedStep: null, createdAt: caller.now.toISOString() },
        // Never over a confirmed one, even if it was confirmed since the check above.
        setWhere: isNull(totpSecrets.confirmedAt),
      });
    await succeeded();
  });
  return { secret, otpauthUri: totpUri(secret, issuer, actor.email) };
}

const codeIssue = (message: string) => new AppError('VALIDATION_FAILED', `Invalid input. code: ${message}`, [{ path: 'code', message: 'validation.codeInvalid' }]);

/**
 * POST /auth/totp/enable: the first right code proves the app holds the secret, and turns it on.
 * A wrong code here is not counted against the sign-in limits: the caller is signed in and guessing
 * at the secret they were just shown gains nothing. The code that confirms cannot also sign in.
 */
export async function enableTotp(caller: Caller, totpSeal: TotpSeal, code: string): Promise<RecoveryCodes> {
  const { db, actor, now } = caller;
  const who = whoIs(caller);
  const fail = async (error: AppError): Promise<never> => refuse(db, who, { action: 'auth.totpEnable', outcome: 'failure', detail: error.code }, error);
  const [row] = await db.select().from(totpSecrets).where(eq(totpSecrets.userId, actor.userId));
  if (row?.confirmedAt) return fail(alreadyOn());
  if (!row) return fail(codeIssue('No setup in progress: start with POST /auth/totp/setup.'));
  const step = matchingTotpStep(totpSeal.open(actor.userId, row.secret), code, now);
  if (step === null) return fail(codeIssue('The code is not correct.'));
  const codes = newRecoveryCodes();
  await auditedChange(caller, { action: 'auth.totpEnable' }, async (tx, succeeded) => {
    await tx
      .update(totpSecrets)
      .set({ confirmedAt: now.toISOString(), lastUsedStep: step })
      .where(and(eq(totpSecrets.userId, actor.userId), isNull(totpSecrets.confirmedAt)));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, actor.userId));
    await tx
      .insert(recoveryCodes)
      .values(codes.map((shown) => ({ userId: actor.userId, codeHash: recoveryCodeHash(normalizeRecoveryCode(shown)), createdAt: now.toISOString() })));
    await succeeded({ detail: `${codes.length} recovery codes` });
  });
  return { recoveryCodes: codes };
}

/** POST /auth/totp/disable: the password again, so a session left open cannot strip the account's second factor. */
export async function disableTotp(caller: Caller, signInFailures: SignInFailures, password: string | undefined): Promise<void> {
  await confirmPassword(caller, signInFailures, password, 'auth.totpDisable');
  await auditedChange(caller, { action: 'auth.totpDisable' }, async (tx, succeeded) => {
    await removeTotp(tx, caller.actor.userId);
    await succeeded();
  });
}

/** The secret and every recovery code that went with it. */
async function removeTotp(tx: DbOrTx, userId: number): Promise<void> {
  await tx.delete(totpSecrets).where(eq(totpSecrets.userId, userId));
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

/**
 * Every second factor of an account, and every sign-in or ceremony it has in flight (an
 * administrator's reset): the next sign-in needs the password alone.
 */
export async function removeSecondFactors(tx: DbOrTx, userId: number): Promise<void> {
  await removeTotp(tx, userId);
  await tx.delete(passkeys).where(eq(passkeys.userId, userId));
  await tx.delete(signInChallenges).where(eq(signInChallenges.userId, userId));
  await tx.delete(webauthnChallenges).where(eq(webauthnChallenges.userId, userId));
}

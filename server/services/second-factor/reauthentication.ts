// The one check before a change to an account's second factors (API.md "Account changes that need
// the password again"): setting up TOTP, turning it off, starting a passkey's registration and
// removing a passkey. A stolen session alone must not add the thief's factor (the owner's next
// sign-in would ask for it) nor strip the owner's. Wrong passwords count against the sign-in
// limits, as a sign-in's do; every refusal is audited under the change that was refused, and the
// change audits its own success.
import { eq } from 'drizzle-orm';
import { refuse } from '../../audit/record-audit';
import { users } from '../../db/schema/index';
import { AppError } from '../../errors';
import { whoIs, type Caller } from '../caller';
import { verifyPassword } from '../../auth/passwords';
import type { SignInFailures } from '../../auth/sign-in-failures';
import type { AuditAction } from '../../../shared/audit-actions';

export async function confirmPassword(caller: Caller, signInFailures: SignInFailures, password: string | undefined, action: AuditAction): Promise<void> {
  const { db, actor } = caller;
  const who = whoIs(caller);
  const fail = async (error: AppError, outcome: 'failure' | 'denied' = 'failure'): Promise<never> => refuse(db, who, { action, outcome, detail: error.code }, error);
  if (!password) return fail(new AppError('REAUTHENTICATION_REQUIRED', 'This change needs your password again.'), 'denied');
  const attempt = await signInFailures.reserve(caller.ip, actor.email) ?? (await fail(new AppError('RATE_LIMITED'), 'denied'));
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, actor.userId));
  if (!row || !(await verifyPassword(row.passwordHash, password))) {
    attempt.failed();
    return fail(new AppError('INVALID_CREDENTIALS', 'The password is not correct.'));
  }
  await attempt.withdrawn();
}


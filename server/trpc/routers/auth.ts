import { changePasswordInput, loginInput, registerInput } from '../../../shared/auth';
import { changePassword, login, logout, profile, register } from '../../services/accounts';
import { accountDepsOf as accountDeps } from '../account-deps';
import { callerOf } from '../caller';
import { authFloodProcedure, floodGuarded, oneAtATime, router, sessionProcedure } from '../trpc';
import { passkeyProcedures } from './passkeys';
import { secondFactorProcedures } from './second-factor';

// Calls that check a password are counted one by one (trpc.ts oneAtATime).
const publicAuth = authFloodProcedure.use(oneAtATime);
const sessionAuth = sessionProcedure.use(oneAtATime);

export const authRouter = router({
  ...passkeyProcedures,
  ...secondFactorProcedures,
  register: publicAuth
    .input(registerInput)
    .mutation(async ({ ctx, input }) => await register(accountDeps(ctx.deps), ctx.meta, input)),
  login: publicAuth
    .input(loginInput)
    .mutation(async ({ ctx, input }) => await login(accountDeps(ctx.deps), ctx.meta, input)),
  // These three stay open to a user who must change their password: it is how they do so.
  profile: sessionAuth.query(({ ctx }) => profile(ctx.actor)),
  logout: sessionAuth.mutation(async ({ ctx }) => {
    await logout(callerOf(ctx));
    return null;
  }),
  changePassword: sessionAuth
    // Checking the current password hashes, like a sign-in: a flood is refused before hashing.
    .use(floodGuarded)
    .input(changePasswordInput)
    .mutation(async ({ ctx, input }) => {
      await changePassword(callerOf(ctx), ctx.deps.signInFailures, input);
      return null;
    }),
});

import { changePasswordInput, loginInput, registerInput } from '../../../shared/auth';
import { changePassword, login, logout, profile, register, type AccountDeps } from '../../services/accounts';
import type { AppDeps } from '../context';
import { authFloodProcedure, router, sessionProcedure } from '../trpc';

const accountDeps = (deps: AppDeps): AccountDeps => ({
  db: deps.db,
  sessionHours: deps.config.sessionHours,
  signToken: deps.signToken,
  signInFailures: deps.signInFailures,
});

export const authRouter = router({
  register: authFloodProcedure
    .input(registerInput)
    .mutation(({ ctx, input }) => register(accountDeps(ctx.deps), ctx.meta, input)),
  login: authFloodProcedure
    .input(loginInput)
    .mutation(({ ctx, input }) => login(accountDeps(ctx.deps), ctx.meta, input)),
  // These three stay open to a user who must change their password: it is how they do so.
  profile: sessionProcedure.query(({ ctx }) => profile(ctx.actor)),
  logout: sessionProcedure.mutation(({ ctx }) => {
    logout(ctx.deps.db, ctx.actor, ctx.meta);
    return null;
  }),
  changePassword: sessionProcedure
    .use(async ({ ctx, next }) => {
      // Checking the current password hashes, like a sign-in: a flood is refused before hashing.
      await ctx.guardAuthFlood();
      return next();
    })
    .input(changePasswordInput)
    .mutation(async ({ ctx, input }) => {
      await changePassword(accountDeps(ctx.deps), ctx.actor, ctx.meta, input);
      return null;
    }),
});

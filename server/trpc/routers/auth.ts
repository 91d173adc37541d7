import { changePasswordInput, loginInput, registerInput } from '../../../shared/auth';
import { changePassword, login, logout, profile, register, type AccountDeps } from '../../services/accounts';
import type { AppDeps } from '../context';
import { AppError } from '../../errors';
import { authFloodProcedure, middleware, router, sessionProcedure } from '../trpc';

/**
 * Calls that check a password are counted one by one: a batch would let many guesses arrive as
 * one request. The client sends auth calls on their own (client/src/lib/trpc.ts).
 */
const unbatched = middleware(({ ctx, next }) => {
  if (ctx.batchSize > 1) throw new AppError('VALIDATION_FAILED', 'Sign-in and account calls cannot be batched: send them one at a time.');
  return next();
});
const publicAuth = authFloodProcedure.use(unbatched);
const sessionAuth = sessionProcedure.use(unbatched);

const accountDeps = (deps: AppDeps): AccountDeps => ({
  db: deps.db,
  sessionHours: deps.config.sessionHours,
  signToken: deps.signToken,
  signInFailures: deps.signInFailures,
  now: deps.now,
});

export const authRouter = router({
  register: publicAuth
    .input(registerInput)
    .mutation(({ ctx, input }) => register(accountDeps(ctx.deps), ctx.meta, input)),
  login: publicAuth
    .input(loginInput)
    .mutation(({ ctx, input }) => login(accountDeps(ctx.deps), ctx.meta, input)),
  // These three stay open to a user who must change their password: it is how they do so.
  profile: sessionAuth.query(({ ctx }) => profile(ctx.actor)),
  logout: sessionAuth.mutation(({ ctx }) => {
    logout(ctx.deps.db, ctx.actor, ctx.meta);
    return null;
  }),
  changePassword: sessionAuth
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

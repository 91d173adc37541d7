import { loginInput, registerInput } from '../../../shared/auth';
import { login, logout, profile, register, type AccountDeps } from '../../services/accounts';
import type { AppDeps } from '../context';
import { authFloodProcedure, router, userProcedure } from '../trpc';

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
  profile: userProcedure.query(({ ctx }) => profile(ctx.actor)),
  logout: userProcedure.mutation(({ ctx }) => {
    logout(ctx.deps.db, ctx.actor, ctx.meta);
    return null;
  }),
});

// The second-factor procedures of authRouter (API.md "Second factor, passkeys and oversight"),
// spread into it by routers/auth.ts: the second step of a sign-in, and TOTP on and off. Setup and
// enable stay open to a medic the practice's policy holds back: that is how they get a factor.
import { secondFactorInput, totpDisableInput, totpEnableInput, totpSetupInput } from '../../../shared/second-factor';
import { readPractice } from '../../services/practice-data';
import { loginSecondFactor } from '../../services/second-factor/sign-in';
import { disableTotp, enableTotp, setUpTotp } from '../../services/second-factor/totp-setup';
import { callerOf } from '../caller';
import { accountDepsOf as accountDeps } from '../account-deps';
import { authFloodProcedure, floodGuarded, oneAtATime, setupProcedure, userProcedure } from '../trpc';
const publicCodeCheck = authFloodProcedure.use(oneAtATime);

export const secondFactorProcedures = {
  loginSecondFactor: publicCodeCheck
    .input(secondFactorInput)
    .mutation(async ({ ctx, input }) => await loginSecondFactor(accountDeps(ctx.deps), ctx.meta, input)),
  // The authenticator app shows the practice's name beside the code, as the practice prints it.
  totpSetup: setupProcedure
    .use(oneAtATime)
    .use(floodGuarded)
    .input(totpSetupInput)
    .mutation(async ({ ctx, input }) => await setUpTotp(callerOf(ctx), ctx.deps, input?.password, (await readPractice(ctx.deps.db, ctx.deps.config.practiceName)).name)),
  totpEnable: setupProcedure
    .use(oneAtATime)
    .use(floodGuarded)
    .input(totpEnableInput)
    .mutation(async ({ ctx, input }) => await enableTotp(callerOf(ctx), ctx.deps.totpSeal, input.code)),
  totpDisable: userProcedure
    .use(oneAtATime)
    .use(floodGuarded)
    .input(totpDisableInput)
    .mutation(async ({ ctx, input }) => {
      await disableTotp(callerOf(ctx), ctx.deps.signInFailures, input?.password);
      return null;
    }),
};

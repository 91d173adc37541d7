// The passkey procedures of authRouter (API.md "Second factor, passkeys and oversight"), spread
// into it by routers/auth.ts. Registration and the list stay open to a medic the practice's policy
// holds back until a second factor is set up: that is how they set one up.
import {
  passkeyAuthenticationInput,
  passkeyAuthenticationOptionsInput,
  passkeyDeleteInput,
  passkeyRegistrationInput,
  passkeyRegistrationOptionsInput,
} from '../../../shared/second-factor';
import { relyingPartyOf } from '../../auth/second-factor/relying-party';
import {
  authenticateWithPasskey,
  deletePasskey,
  listPasskeys,
  passkeyAuthenticationOptions,
  passkeyRegistrationOptions,
  registerPasskey,
  type PasskeyDeps,
} from '../../services/second-factor/passkeys';
import { confirmPassword } from '../../services/second-factor/reauthentication';
import { callerOf } from '../caller';
import type { AppDeps } from '../context';
import { authFloodProcedure, floodGuarded, oneAtATime, setupProcedure, userProcedure } from '../trpc';
// A checked ceremony counts against the sign-in limits one by one, as a password does: a batch
// would let many answers arrive as one request.
const publicCeremony = authFloodProcedure.use(oneAtATime);
const setupCeremony = setupProcedure.use(oneAtATime).use(floodGuarded);

const passkeyDeps = (deps: AppDeps): PasskeyDeps => ({
  db: deps.db,
  sessionHours: deps.config.sessionHours,
  signToken: deps.signToken,
  signInFailures: deps.signInFailures,
  now: deps.now,
  relyingParty: relyingPartyOf(deps.config),
  totpSeal: deps.totpSeal,
});

export const passkeyProcedures = {
  // The password first (services/reauthentication.ts): the ceremony's challenge is what a registration
  // needs, so a session alone can start none.
  passkeyRegistrationOptions: setupCeremony.input(passkeyRegistrationOptionsInput).mutation(async ({ ctx, input }) => {
    await confirmPassword(callerOf(ctx), ctx.deps.signInFailures, input?.password, 'auth.passkeyRegistrationOptions');
    return await passkeyRegistrationOptions(passkeyDeps(ctx.deps), ctx.actor);
  }),
  passkeyRegistration: setupCeremony
    .input(passkeyRegistrationInput)
    .mutation(async ({ ctx, input }) => await registerPasskey(callerOf(ctx), passkeyDeps(ctx.deps), input)),
  passkeys: setupProcedure.query(async ({ ctx }) => await listPasskeys(ctx.deps.db, ctx.actor)),
  deletePasskey: userProcedure
    .use(oneAtATime)
    .use(floodGuarded)
    .input(passkeyDeleteInput)
    .mutation(async ({ ctx, input }) => {
      await confirmPassword(callerOf(ctx), ctx.deps.signInFailures, input.password, 'auth.deletePasskey');
      await deletePasskey(callerOf(ctx), input.idPasskey);
      return null;
    }),
  // Anyone may start a ceremony; each one is a row, so a flood from one address is refused.
  passkeyAuthenticationOptions: authFloodProcedure
    .input(passkeyAuthenticationOptionsInput)
    .mutation(async ({ ctx, input }) => await passkeyAuthenticationOptions(passkeyDeps(ctx.deps), ctx.meta, input)),
  passkeyAuthentication: publicCeremony
    .input(passkeyAuthenticationInput)
    .mutation(async ({ ctx, input }) => await authenticateWithPasskey(passkeyDeps(ctx.deps), ctx.meta, input)),
};

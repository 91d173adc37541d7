// What the sign-in services need of the app's dependencies: one place for the auth routers.
import type { AccountDeps } from '../services/accounts';
import type { AppDeps } from './context';

export const accountDepsOf = (deps: AppDeps): AccountDeps => ({
  db: deps.db,
  sessionHours: deps.config.sessionHours,
  signToken: deps.signToken,
  signInFailures: deps.signInFailures,
  now: deps.now,
  totpSeal: deps.totpSeal,
});

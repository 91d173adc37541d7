// The arrange step most app tests begin with: a user signed in on an earlier visit opens the app at
// an address, and the fake server knows who they are (auth.profile) besides what the test gives it.
import type { User } from '../../../shared/auth';
import { fakeTrpcServer, ok, type Handler } from './fake-trpc-server';
import { renderApp, sessionFor } from './render-app';

interface SignedInOptions {
  /** The server's answers besides auth.profile (one given here for auth.profile wins). */
  handlers?: Record<string, Handler>;
  /** Stored language choice, as renderApp takes it. */
  language?: 'es' | 'en' | null;
}

/** Renders the whole app at `path` with `user` signed in; returns the fake server and the rendered app. */
export function renderSignedIn(user: User, path: string, { handlers = {}, language }: SignedInOptions = {}) {
  const server = fakeTrpcServer({ 'auth.profile': () => ok({ user }), ...handlers });
  const app = renderApp({ path, session: sessionFor(user), language });
  return { server, app };
}

import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { useSession } from '../features/auth/use-session';

/** Sign-in and sign-up make no sense when already signed in. */
export function PublicOnlyRoute({ children }: { children: ReactNode }) {
  const session = useSession();
  return session ? <Redirect to="/dashboard" replace /> : children;
}

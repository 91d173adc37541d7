// Signed-in pages only. A stored session is first confirmed with the server (auth.profile): an
// expired or revoked token then ends in /login at once instead of on the first click, and a user
// changed elsewhere (phone, address) is refreshed. Sign-in seeds that query, so it costs nothing then.
import { lazy, useEffect, type ReactNode } from 'react';
import { Redirect, useLocation } from 'wouter';
import type { Session } from '../../../shared/auth';
import { Spinner } from '../components/spinner';
import { useSession } from '../features/auth/use-session';
import { writeSession } from '../lib/session-storage';
import { trpc } from '../lib/trpc';
import { useSecondFactorHold } from './second-factor-hold';
import { SignedInLayout } from './signed-in-layout';

const ChangePasswordPage = lazy(() =>
  import('../pages/change-password').then((module) => ({ default: module.ChangePasswordPage })),
);
const SecurityPage = lazy(() => import('../pages/security').then((module) => ({ default: module.SecurityPage })));

interface ProtectedRouteProps {
  children: ReactNode;
  /** Medic screens: anyone else is sent to their own home. */
  medicOnly?: boolean;
  /** The practice administrator's screens: anyone else is sent to their own home. */
  adminOnly?: boolean;
  showBack?: boolean;
}

export function ProtectedRoute({ children, medicOnly = false, adminOnly = false, showBack = false }: ProtectedRouteProps) {
  const session = useSession();
  const hold = useSecondFactorHold();
  const [, navigate] = useLocation();
  if (!session) return <Redirect to="/login" replace />;
  if (medicOnly && session.user.type !== 'medic') return <Redirect to="/dashboard" replace />;
  if (adminOnly && !session.user.isAdmin) return <Redirect to="/dashboard" replace />;
  // After an administrator's reset the server answers nothing but this until the password is
  // changed, so every page would only show failures: this one page stands in for all of them,
  // inside the usual layout so the user menu (and signing out) stays at hand. The practice's
  // second-factor policy holds a session the same way, on the security page (second-factor-hold.ts).
  const forced = session.user.mustChangePassword;
  const held = !forced && hold.held;
  const onSecured = () => {
    hold.release();
    navigate('/dashboard', { replace: true });
  };
  return (
    <ConfirmedSession session={session}>
      <SignedInLayout user={session.user} showBack={showBack && !forced && !held}>
        {forced ? <ChangePasswordPage forced /> : held ? <SecurityPage required onSecured={onSecured} /> : children}
      </SignedInLayout>
    </ConfirmedSession>
  );
}

function ConfirmedSession({ session, children }: { session: Session; children: ReactNode }) {
  const profile = trpc.auth.profile.useQuery();
  const fresh = profile.data?.user;

  useEffect(() => {
    if (fresh && JSON.stringify(fresh) !== JSON.stringify(session.user)) writeSession({ ...session, user: fresh });
  }, [fresh, session]);

  // A failure other than 401 (the server unreachable) still lets the stored user in; a 401 is
  // handled once for the whole app and leads to /login.
  if (profile.isPending) return <Spinner fullPage />;
  return children;
}

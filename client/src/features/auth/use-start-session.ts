// After sign-in or sign-up: keep the session and go home — or back to the page the user was on when
// the last session ended (session-end.ts). The profile query is seeded with the user just
// received, so the protected pages do not ask the server again who we are.
import { useLocation } from 'wouter';
import type { Session } from '../../../../shared/auth';
import { trpc } from '../../lib/trpc';
import { writeSession } from '../../lib/session-storage';
import { forgetSessionEnd, readSessionEnd, safeReturnPath } from './session-end';

export function useStartSession(): (session: Session) => void {
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  return (session) => {
    writeSession(session);
    utils.auth.profile.setData(undefined, { user: session.user });
    const ended = readSessionEnd();
    forgetSessionEnd();
    navigate(safeReturnPath(ended?.returnTo), { replace: true });
  };
}

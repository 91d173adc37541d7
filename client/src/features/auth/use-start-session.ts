// After sign-in or sign-up: keep the session and go home — or back to the page the user was on when
// the last session ended (session-end.ts). The profile query is seeded with the user just
// received, so the protected pages do not ask the server again who we are.
import { useContext } from 'react';
import { useLocation } from 'wouter';
import type { Session } from '../../../../shared/auth';
import { PageCodeContext } from '../../lib/page-code';
import { trpc } from '../../lib/trpc';
import { writeSession } from '../../lib/session-storage';
import { forgetSessionEnd, readSessionEnd, safeReturnPath } from './session-end';

/** Starts the session; the promise settles once the next page is shown. */
export function useStartSession(): (session: Session) => Promise<void> {
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  const loadPageCode = useContext(PageCodeContext);
  return async (session) => {
    const ended = readSessionEnd();
    forgetSessionEnd();
    const path = safeReturnPath(ended?.returnTo);
    // The page's code first, while the sign-in form still says it is signing in: shown before its code
    // is there, the page would sit behind a spinner for at least 300 ms (lib/lazy-page.tsx). A code
    // that fails to load is the page's to report, as when it is opened any other way.
    await loadPageCode(path, session.user).catch(() => undefined);
    writeSession(session);
    utils.auth.profile.setData(undefined, { user: session.user });
    navigate(path, { replace: true });
  };
}

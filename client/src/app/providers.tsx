// Everything the pages need around them: translations, the query cache, the tRPC client, toasts, and
// the code sign-in loads before showing the user's home (pages/home-pages.ts).
// It also owns the one reaction to a 401 from any call (SPEC §4): forget the session, go to /login,
// where the user is told the session ended and, once signed in again, brought back; the one
// reaction to a 403 TWO_FACTOR_REQUIRED: hold the session on /security (second-factor-hold.ts); and
// whether the practice is locked (practice-lock.ts): from the page, or from a 503 LOCKED, when the
// server restarted without its key under an open tab, whose health then says locked or to set up.
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { useLocation } from 'wouter';
import { ToastProvider } from '../components/toasts';
import { createQueryClient } from '../lib/query-client';
import { rememberSessionEnd } from '../features/auth/session-end';
import { lockPagePath, PracticeLockContext, type PracticeLock, type PracticeLockState } from '../features/practice-lock/practice-lock';
import { practiceHealth } from '../features/practice-lock/unlock-api';
import { useSession } from '../features/auth/use-session';
import { clearSession, getAccessToken, readSession } from '../lib/session-storage';
import { PageCodeContext } from '../lib/page-code';
import { createTrpcClient, trpc } from '../lib/trpc';
import { loadHomeCode } from '../pages/home-pages';
import { SecondFactorHoldContext, type SecondFactorHold } from './second-factor-hold';

export function AppProviders({ i18n, practiceLock = null, children }: { i18n: I18n; practiceLock?: PracticeLock | null; children: ReactNode }) {
  const [location, navigate] = useLocation();
  const locationRef = useRef(location);
  useEffect(() => {
    locationRef.current = location;
  });
  const [clients] = useState(() => {
    // The cache is made once, but what to do on a 401 or a 403 TWO_FACTOR_REQUIRED needs the current
    // navigate: the cache only raises an event, and the effects below answer it.
    const apiEvents = new EventTarget();
    return {
      apiEvents,
      queryClient: createQueryClient(
        () => apiEvents.dispatchEvent(new Event('unauthorized')),
        () => apiEvents.dispatchEvent(new Event('second-factor-required')),
        () => apiEvents.dispatchEvent(new Event('locked')),
      ),
      trpcClient: createTrpcClient(),
    };
  });
  // The token of the session the server refused for lack of a second factor.
  const [heldToken, setHeldToken] = useState<string | null>(null);
  const token = useSession()?.access_token ?? null;

  useEffect(() => {
    const signOut = () => {
      // Only a session that was there ended: a stray 401 after signing out says nothing.
      if (readSession()) rememberSessionEnd({ reason: 'expired', returnTo: locationRef.current });
      clearSession();
      // Another user may sign in next on this browser: no cached record may survive.
      clients.queryClient.clear();
      navigate('/login', { replace: true });
    };
    clients.apiEvents.addEventListener('unauthorized', signOut);
    return () => clients.apiEvents.removeEventListener('unauthorized', signOut);
  }, [clients, navigate]);

  useEffect(() => {
    const hold = () => {
      const refused = getAccessToken();
      if (!refused) return;
      setHeldToken(refused);
      if (locationRef.current !== '/security') navigate('/security', { replace: true });
    };
    clients.apiEvents.addEventListener('second-factor-required', hold);
    return () => clients.apiEvents.removeEventListener('second-factor-required', hold);
  }, [clients, navigate]);

  const [lock, setLock] = useState<PracticeLock | null>(practiceLock);
  useEffect(() => {
    const toLockPage = () => {
      // Whether it waits for its key or is new, health says; it is locked either way.
      void practiceHealth().then((state) => {
        const next: PracticeLock = state === 'setup' ? 'setup' : 'locked';
        setLock(next);
        navigate(lockPagePath(next), { replace: true });
      });
    };
    clients.apiEvents.addEventListener('locked', toLockPage);
    return () => clients.apiEvents.removeEventListener('locked', toLockPage);
  }, [clients, navigate]);
  const practiceLockState = useMemo<PracticeLockState>(() => ({ lock, opened: () => setLock(null) }), [lock]);

  const secondFactorHold = useMemo<SecondFactorHold>(
    () => ({
      held: heldToken !== null && heldToken === token,
      release: () => {
        setHeldToken(null);
        // What the server refused meanwhile is asked again now that it will answer.
        void clients.queryClient.invalidateQueries();
      },
    }),
    [clients, heldToken, token],
  );

  return (
    <I18nextProvider i18n={i18n}>
      <trpc.Provider client={clients.trpcClient} queryClient={clients.queryClient}>
        <QueryClientProvider client={clients.queryClient}>
          <SecondFactorHoldContext.Provider value={secondFactorHold}>
            <PracticeLockContext.Provider value={practiceLockState}>
              <PageCodeContext.Provider value={loadHomeCode}>
                <ToastProvider>{children}</ToastProvider>
              </PageCodeContext.Provider>
            </PracticeLockContext.Provider>
          </SecondFactorHoldContext.Provider>
        </QueryClientProvider>
      </trpc.Provider>
    </I18nextProvider>
  );
}

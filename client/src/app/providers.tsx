// Everything the pages need around them: translations, the query cache, the tRPC client and toasts.
// It also owns the one reaction to a 401 from any call (SPEC §4): forget the session, go to /login,
// where the user is told the session ended and, once signed in again, brought back.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { useLocation } from 'wouter';
import { ToastProvider } from '../components/toasts';
import { createQueryClient } from '../lib/query-client';
import { rememberSessionEnd } from '../features/auth/session-end';
import { clearSession, readSession } from '../lib/session-storage';
import { createTrpcClient, trpc } from '../lib/trpc';

export function AppProviders({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  const [location, navigate] = useLocation();
  const locationRef = useRef(location);
  useEffect(() => {
    locationRef.current = location;
  });
  const [clients] = useState(() => {
    // The cache is made once, but what to do on a 401 needs the current navigate: the cache only
    // raises an event, and the effect below answers it.
    const unauthorized = new EventTarget();
    return {
      unauthorized,
      queryClient: createQueryClient(() => unauthorized.dispatchEvent(new Event('unauthorized'))),
      trpcClient: createTrpcClient(),
    };
  });

  useEffect(() => {
    const signOut = () => {
      // Only a session that was there ended: a stray 401 after signing out says nothing.
      if (readSession()) rememberSessionEnd({ reason: 'expired', returnTo: locationRef.current });
      clearSession();
      // Another user may sign in next on this browser: no cached record may survive.
      clients.queryClient.clear();
      navigate('/login', { replace: true });
    };
    clients.unauthorized.addEventListener('unauthorized', signOut);
    return () => clients.unauthorized.removeEventListener('unauthorized', signOut);
  }, [clients, navigate]);

  return (
    <I18nextProvider i18n={i18n}>
      <trpc.Provider client={clients.trpcClient} queryClient={clients.queryClient}>
        <QueryClientProvider client={clients.queryClient}>
          <ToastProvider>{children}</ToastProvider>
        </QueryClientProvider>
      </trpc.Provider>
    </I18nextProvider>
  );
}

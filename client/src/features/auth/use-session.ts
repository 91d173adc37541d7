// The signed-in session as React state, kept in step with localStorage (and with other tabs).
import { useSyncExternalStore } from 'react';
import type { Session } from '../../../../shared/auth';
import { readSession, subscribeSession } from '../../lib/session-storage';

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, readSession, () => null);
}

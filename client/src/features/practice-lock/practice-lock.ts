// Whether the practice is locked (API.md "Encryption at rest"), as this browser knows it: from the
// page a locked server served (its meta element, server/locked/locked-page.ts), or from a call that
// answered 503 LOCKED after the server restarted locked under an open tab. While it is, the app
// shows only the unlock page, or the set-up page for a new practice.
import { createContext, useContext } from 'react';

/** 'locked': waits for its passphrase or recovery key; 'setup': a new practice, to choose its passphrase. */
export type PracticeLock = 'locked' | 'setup';

const PRACTICE_STATE_META = 'expediente-practice';

/** What the page this visit loaded says; null from the practice's own app, which adds no such element. */
export function practiceLockAtLoad(doc: Document = document): PracticeLock | null {
  const state = doc.querySelector(`meta[name="${PRACTICE_STATE_META}"]`)?.getAttribute('content');
  return state === 'locked' || state === 'setup' ? state : null;
}

export const lockPagePath = (lock: PracticeLock): string => (lock === 'setup' ? '/set-up' : '/unlock');

export interface PracticeLockState {
  lock: PracticeLock | null;
  /** The practice answers again (its health said ok): the app's own pages come back. */
  opened: () => void;
}

export const PracticeLockContext = createContext<PracticeLockState>({ lock: null, opened: () => undefined });

export const usePracticeLock = (): PracticeLockState => useContext(PracticeLockContext);

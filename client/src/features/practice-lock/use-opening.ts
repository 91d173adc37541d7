// After the door opened (204, or the set-up's 201), the server closes its locked self and starts the
// practice's app on the same address, which takes a moment: the page waits for GET /api/health to
// answer 200 before it goes on, so the next page's first call meets the app, not a closed port.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { usePracticeLock } from './practice-lock';
import { waitUntilOpen } from './unlock-api';

/** Longer than a large practice's start (its migrations, its integrity check in a worker). */
const OPENING_PATIENCE_MS = 60_000;

export type OpeningState = 'idle' | 'waiting' | 'slow';

export function useOpening(destination: string): { state: OpeningState; waitAndGo: () => void } {
  const { opened } = usePracticeLock();
  const [, navigate] = useLocation();
  const [state, setState] = useState<OpeningState>('idle');
  const waiting = useRef<AbortController | null>(null);
  useEffect(() => () => waiting.current?.abort(), []);

  const waitAndGo = useCallback(() => {
    waiting.current?.abort();
    const controller = new AbortController();
    waiting.current = controller;
    setState('waiting');
    const patience = setTimeout(() => controller.abort('slow'), OPENING_PATIENCE_MS);
    void waitUntilOpen(controller.signal).then((open) => {
      clearTimeout(patience);
      if (open) {
        opened();
        navigate(destination, { replace: true });
      } else if (controller.signal.reason === 'slow') {
        setState('slow');
      }
    });
  }, [destination, navigate, opened]);

  return { state, waitAndGo };
}

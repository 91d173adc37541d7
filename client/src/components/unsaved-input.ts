// A form inside a dialog says whether it holds unsaved input, so that Escape, the close button or
// Cancel ask before throwing it away (modal.tsx asks; "Keep editing" keeps everything typed). A form
// whose dialog renders it in the same component passes `unsaved` to the Modal instead.
import { createContext, useCallback, useContext, useEffect, useId } from 'react';

export interface DiscardGuard {
  /** Says whether the form known by `key` holds unsaved input. */
  report: (key: string, unsaved: boolean) => void;
  /** Runs `discard` at once when nothing is unsaved, else after the user confirms. */
  askBeforeDiscarding: (discard: () => void, unsaved?: boolean) => void;
}

export const DiscardGuardContext = createContext<DiscardGuard | null>(null);

const runAtOnce = (discard: () => void) => discard();

/** The enclosing dialog's question before discarding; outside a dialog, nothing is asked. */
export function useAskBeforeDiscarding(): (discard: () => void) => void {
  const guard = useContext(DiscardGuardContext);
  return guard ? guard.askBeforeDiscarding : runAtOnce;
}

/**
 * Tells the enclosing dialog whether this form holds unsaved input (react-hook-form's
 * `formState.isDirty`), and returns what its own Cancel calls: asks only when this form is dirty.
 */
export function useUnsavedInput(unsaved: boolean): (discard: () => void) => void {
  const guard = useContext(DiscardGuardContext);
  const key = useId();
  useEffect(() => {
    if (!guard) return;
    guard.report(key, unsaved);
    return () => guard.report(key, false);
  }, [guard, key, unsaved]);
  return useCallback((discard: () => void) => (guard && unsaved ? guard.askBeforeDiscarding(discard, true) : discard()), [guard, unsaved]);
}

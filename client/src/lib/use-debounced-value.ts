// A value that follows another once it has stopped changing for `delayMs`: what a search box sends
// to the server, so each pause in typing asks once rather than every keystroke. With `leading`, the
// first change after a pause is passed on at once as well: the search answers the first key without
// waiting, and only keys that follow each other faster than the pause wait for it.
import { useEffect, useRef, useState } from 'react';

export function useDebouncedValue<T>(value: T, delayMs: number, { leading = false }: { leading?: boolean } = {}): T {
  const [debounced, setDebounced] = useState(value);
  const seen = useRef(value);
  /** Running from each change until `delayMs` have passed without another: typing has not paused yet. */
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (Object.is(seen.current, value)) return;
    seen.current = value;
    const afterPause = timer.current === undefined;
    if (leading && afterPause) setDebounced(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = undefined;
      setDebounced(value);
    }, delayMs);
  }, [value, delayMs, leading]);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      timer.current = undefined;
    },
    [],
  );
  return debounced;
}

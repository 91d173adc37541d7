// Press and hold (SPEC §2: 500 ms opens a card's menu). The release that ends a long press still
// makes the browser fire a click; that one click is swallowed here, in the capture phase, so it
// neither follows the card's link nor reaches the menu's outside-click listener on the document.
import { useCallback, useEffect, useRef, type MouseEvent, type PointerEvent } from 'react';
import { LONG_PRESS_MS } from '../../../shared/constants';

/** A finger that moves this far is scrolling, not holding. */
const MOVE_TOLERANCE_PX = 10;

export interface LongPressHandlers {
  onPointerDown(event: PointerEvent<HTMLElement>): void;
  onPointerMove(event: PointerEvent<HTMLElement>): void;
  onPointerUp(): void;
  onPointerCancel(): void;
  onPointerLeave(): void;
  onClickCapture(event: MouseEvent<HTMLElement>): void;
}

/** `ignore` names targets (the card's own buttons) where a press is never a long press. */
export function useLongPress(onLongPress: () => void, { ms = LONG_PRESS_MS, ignore }: { ms?: number; ignore?: string } = {}): LongPressHandlers {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const start = useRef<{ x: number; y: number } | null>(null);
  const fired = useRef(false);
  const callback = useRef(onLongPress);
  useEffect(() => {
    callback.current = onLongPress;
  });

  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    start.current = null;
  }, []);
  useEffect(() => cancel, [cancel]);

  return {
    onPointerDown(event) {
      if (event.button !== 0) return;
      if (ignore && (event.target as Element).closest(ignore)) return;
      cancel();
      fired.current = false;
      start.current = { x: event.clientX, y: event.clientY };
      timer.current = setTimeout(() => {
        timer.current = undefined;
        fired.current = true;
        callback.current();
      }, ms);
    },
    onPointerMove(event) {
      if (!start.current) return;
      if (Math.hypot(event.clientX - start.current.x, event.clientY - start.current.y) > MOVE_TOLERANCE_PX) cancel();
    },
    onPointerUp() {
      cancel();
      // The click of this release, if any, comes before this timer runs. A touch release may
      // bring no click at all; the flag must not then swallow a later Enter on the link.
      if (fired.current) setTimeout(() => (fired.current = false), 0);
    },
    onPointerCancel: cancel,
    onPointerLeave: cancel,
    onClickCapture(event) {
      if (!fired.current) return;
      fired.current = false;
      event.preventDefault();
      event.stopPropagation();
    },
  };
}

// For an element that can leave the page while it holds focus — a card unlinked from its own menu,
// once the server has answered — so that focus goes to the nearest place that stayed (see
// focus-nearest) rather than to <body>. Where focus was is noted as the element leaves, while the
// page around it is still whole, and focus is placed once it has gone, unless something else has
// taken it meanwhile. When the whole page around it went (another page is showing), focus is left
// to that page.
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { focusIsLost, focusNearest, rememberFocus, type FocusSpot } from './focus-nearest';

export function useKeepFocusOnRemoval(ref: RefObject<HTMLElement | null>): void {
  const spot = useRef<FocusSpot | null>(null);

  // A layout effect's clean-up runs before React takes the element out of the page.
  useLayoutEffect(() => {
    const element = ref.current;
    return () => {
      const active = document.activeElement;
      spot.current = element?.contains(active) ? rememberFocus(active) : null;
    };
  }, [ref]);

  // This one runs after, with the page as it is now. No scrolling: a card can also leave because
  // the list was scrolled past it, and focus must not drag the page back.
  useEffect(
    () => () => {
      if (spot.current && focusIsLost()) focusNearest(spot.current, { preventScroll: true });
      spot.current = null;
    },
    [],
  );
}

// Long lists (vitals, labs, documents) show SHOW_MORE_STEP items at first and SHOW_MORE_STEP more
// per click (SPEC §2 "Show-more"). The arithmetic is kept pure so it can be tested on its own.
import { useState } from 'react';
import { SHOW_MORE_STEP } from '../../../shared/constants';

export interface ShowMoreState {
  /** How many items to render. */
  visible: number;
  /** How many are still hidden; 0 means no see-more button. */
  remaining: number;
}

export function showMoreState(total: number, shown: number): ShowMoreState {
  const visible = Math.max(0, Math.min(total, shown));
  return { visible, remaining: Math.max(0, total - visible) };
}

export const nextShown = (shown: number, step = SHOW_MORE_STEP) => shown + step;

/** The first `visible` items of a list and a function that reveals the next step. */
export function useShowMore<T>(items: readonly T[], step = SHOW_MORE_STEP) {
  const [shown, setShown] = useState(step);
  const { visible, remaining } = showMoreState(items.length, shown);
  return { items: items.slice(0, visible), remaining, showMore: () => setShown((current) => nextShown(current, step)) };
}

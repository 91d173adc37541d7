// Pressing and holding a card, as the tests of the card menus (the medic's patient cards, the
// patient's doctor cards) do it: under fake timers, so the 500 ms of a long press pass at once.
import { act, fireEvent } from '@testing-library/react';
import { vi } from 'vitest';

export const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

/** A primary pointer put down on the target at (at, at) and held there for `ms`. */
export function hold(target: Element, ms: number, at: number) {
  fireEvent.pointerDown(target, { button: 0, clientX: at, clientY: at });
  advance(ms);
}

/** The long press that opens a card's menu, released; the menu's click-away listener waits a moment longer. */
export function longPress(target: Element, at: number) {
  hold(target, 500, at);
  fireEvent.pointerUp(target, { button: 0 });
  advance(1);
}

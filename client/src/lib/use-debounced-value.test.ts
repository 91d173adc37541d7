// The search boxes' pause: a value passed on once changes stop, and with `leading` the first change
// after a pause passed on at once.
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDebouncedValue } from './use-debounced-value';

const PAUSE_MS = 150;

function render(leading: boolean) {
  return renderHook(({ value }) => useDebouncedValue(value, PAUSE_MS, { leading }), { initialProps: { value: '' } });
}

const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('useDebouncedValue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('passes a value on only once changes pause', () => {
    const hook = render(false);
    hook.rerender({ value: 'a' });
    wait(PAUSE_MS - 1);
    hook.rerender({ value: 'an' });
    wait(PAUSE_MS - 1);
    expect(hook.result.current).toBe('');
    wait(1);
    expect(hook.result.current).toBe('an');
  });

  it('with leading, passes the first change after a pause at once and the rest once changes pause', () => {
    const hook = render(true);
    hook.rerender({ value: 'a' });
    expect(hook.result.current).toBe('a');
    wait(PAUSE_MS - 1);
    hook.rerender({ value: 'an' });
    wait(PAUSE_MS - 1);
    hook.rerender({ value: 'ana' });
    expect(hook.result.current).toBe('a');
    wait(PAUSE_MS);
    expect(hook.result.current).toBe('ana');

    // A pause has passed: the next change is passed on at once again.
    hook.rerender({ value: 'ana g' });
    expect(hook.result.current).toBe('ana g');
  });
});

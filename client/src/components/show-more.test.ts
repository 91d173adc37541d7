import { describe, expect, it } from 'vitest';
import { nextShown, showMoreState } from './show-more';

describe('show-more arithmetic', () => {
  it('shows nothing and offers no more for an empty list', () => {
    expect(showMoreState(0, 5)).toEqual({ visible: 0, remaining: 0 });
  });

  it('shows all five of five, with no see-more button', () => {
    expect(showMoreState(5, 5)).toEqual({ visible: 5, remaining: 0 });
  });

  it('shows five of six and says one remains', () => {
    expect(showMoreState(6, 5)).toEqual({ visible: 5, remaining: 1 });
    expect(showMoreState(6, nextShown(5))).toEqual({ visible: 6, remaining: 0 });
  });

  it('reveals twelve items five at a time: 7, then 2, then none remaining', () => {
    let shown = 5;
    expect(showMoreState(12, shown)).toEqual({ visible: 5, remaining: 7 });
    shown = nextShown(shown);
    expect(showMoreState(12, shown)).toEqual({ visible: 10, remaining: 2 });
    shown = nextShown(shown);
    expect(showMoreState(12, shown)).toEqual({ visible: 12, remaining: 0 });
  });
});

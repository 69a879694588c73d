import { describe, expect, it } from 'vitest';
import { canGoNext, canGoPrevious, clampIndex, countVisibleCards, findLastIndex } from './carousel-index';

describe('countVisibleCards', () => {
  it.each([
    [320, 1], [767, 1], [768, 2], [1023, 2], [1024, 3], [1920, 3],
  ])('shows the right number of cards at %i px', (width, expected) => {
    expect(countVisibleCards(width)).toBe(expected);
  });
});

describe('carousel index', () => {
  it('stops at the slide count minus the visible count', () => {
    expect(findLastIndex(5, 1)).toBe(4);
    expect(findLastIndex(5, 3)).toBe(2);
    expect(findLastIndex(2, 3)).toBe(0);
  });

  it('clamps an index that no longer fits after a resize', () => {
    expect(clampIndex(4, 5, 3)).toBe(2);
    expect(clampIndex(-1, 5, 1)).toBe(0);
    expect(clampIndex(1, 5, 2)).toBe(1);
  });

  it('disables previous at the first position and next at the last', () => {
    expect(canGoPrevious(0)).toBe(false);
    expect(canGoPrevious(1)).toBe(true);
    expect(canGoNext(1, 5, 3)).toBe(true);
    expect(canGoNext(2, 5, 3)).toBe(false);
    expect(canGoNext(4, 5, 1)).toBe(false);
  });
});

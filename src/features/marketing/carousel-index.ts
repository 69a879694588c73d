/**
 * Testimonials carousel rules (SPEC §2, §4), pure so they can be tested without a browser:
 * how many cards fit a width, and where the index may go.
 */

/** SPEC: 1 card below 768 px, 2 below 1024 px, otherwise 3. */
export function countVisibleCards(viewportWidth: number): number {
  if (viewportWidth < 768) return 1;
  if (viewportWidth < 1024) return 2;
  return 3;
}

/** The last index the carousel may start at: the slide count minus the visible count, never below 0. */
export function findLastIndex(slideCount: number, visible: number): number {
  return Math.max(0, slideCount - visible);
}

/** Keeps an index between 0 and `findLastIndex` (e.g. after the window grows from 1 to 3 cards). */
export function clampIndex(index: number, slideCount: number, visible: number): number {
  return Math.min(Math.max(0, index), findLastIndex(slideCount, visible));
}

export function canGoPrevious(index: number): boolean {
  return index > 0;
}

export function canGoNext(index: number, slideCount: number, visible: number): boolean {
  return index < findLastIndex(slideCount, visible);
}

import { describe, expect, it } from 'vitest';
import { getTranslator } from '@/i18n/messages';

// The quote cards show the property size in the reader's number style (DECISIONS §8).
describe('quotes admin: property size', () => {
  it.each([
    ['en', 0.25, '0.25 acres'],
    ['en', 1, '1 acre'],
    ['fr', 0.75, '0,75 acre'],
    ['fr', 1.5, '1,5 acre'],
    ['fr', 2, '2 acres'],
    ['es', 0.5, '0,5 acres'],
    ['de', 1.5, '1,5 Acres'],
    ['de', 1, '1 Acre'],
  ] as const)('%s %s -> %s', (locale, size, expected) => {
    expect(getTranslator(locale, 'quotesAdmin')('acres', { size })).toBe(expected);
  });
});

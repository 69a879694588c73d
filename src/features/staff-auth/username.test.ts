import { describe, expect, it } from 'vitest';
import { normaliseUsername } from './username';

describe('normaliseUsername', () => {
  it.each([
    ['tech', 'tech'],
    ['Tech', 'tech'],
    ['  TECH ', 'tech'],
    ['Crew-A', 'crew-a'],
    ['Ｔｅｃｈ', 'tech'], // full-width letters from a phone keyboard
    ['Jürgen', 'jürgen'],
  ])('%j → %j', (input, expected) => {
    expect(normaliseUsername(input)).toBe(expected);
  });
});

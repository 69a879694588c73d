import { describe, expect, it } from 'vitest';
import { ACCENTED_LETTERS, escapeLike, foldSearchWord, PLAIN_LETTERS } from './search-fold';

describe('search folding', () => {
  it('folds each accented letter to the plain letter the database translates it to', () => {
    const accented = [...ACCENTED_LETTERS];
    expect(accented.length).toBe([...PLAIN_LETTERS].length);
    // A search word folded here finds the row the database folded: same letters on both sides.
    expect(accented.map(foldSearchWord).join('')).toBe(PLAIN_LETTERS);
  });

  it.each([
    ['Émile', 'emile'],
    ['CÔTÉ', 'cote'],
    ['Zoë.Lefèbvre@Example.com', 'zoe.lefebvre@example.com'],
    ['plain', 'plain'],
  ])('%s -> %s', (word, folded) => {
    expect(foldSearchWord(word)).toBe(folded);
  });
});

describe('a LIKE pattern\'s literal text', () => {
  it.each([
    ['50%', '50\\%'],
    ['first_last@example.com', 'first\\_last@example.com'],
    ['back\\slash', 'back\\\\slash'],
    ['plain', 'plain'],
  ])('%s -> %s', (value, escaped) => {
    expect(escapeLike(value)).toBe(escaped);
  });
});

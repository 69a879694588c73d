import { describe, expect, it } from 'vitest';
import { buildUnsubscribedListPath, readUnsubscribedSearchParam } from './unsubscribed-list';

describe('the unsubscribed list\'s address (0074)', () => {
  it.each([
    [undefined, '/unsubscribed'],
    ['  ', '/unsubscribed'],
    ['ana@example.com', '/unsubscribed?q=ana%40example.com'],
    [' a+b@example.com ', '/unsubscribed?q=a%2Bb%40example.com'],
  ])('%s -> %s', (q, path) => {
    expect(buildUnsubscribedListPath(q)).toBe(path);
  });

  it('reads back the search it links to, the first value trimmed and cut to an address\'s length', () => {
    const path = buildUnsubscribedListPath('a+b@example.com');
    expect(readUnsubscribedSearchParam(new URL(path, 'http://x').searchParams.get('q'))).toBe('a+b@example.com');
    expect(readUnsubscribedSearchParam([' first@example.com ', 'second'])).toBe('first@example.com');
    expect(readUnsubscribedSearchParam(undefined)).toBe('');
    expect(readUnsubscribedSearchParam(`${'x'.repeat(300)}`)).toHaveLength(254);
  });
});

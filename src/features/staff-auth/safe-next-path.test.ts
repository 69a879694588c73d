import { describe, expect, it } from 'vitest';
import { safeNextPath } from './safe-next-path';

const origin = 'https://escarpmentmosquito.ca';

describe('safeNextPath', () => {
  it.each([
    ['/quotes-admin', '/quotes-admin'],
    ['/fr/routes?date=2027-05-07', '/fr/routes?date=2027-05-07'],
    ['/admin#payments', '/admin#payments'],
  ])('keeps the path on this site: %s', (next, expected) => {
    expect(safeNextPath(next, origin)).toBe(expected);
  });

  it.each([null, '', 'quotes-admin', '//evil.example/x', '/\\evil.example', 'https://evil.example/', '/\\/evil.example', '/..//evil.example', '/.//evil.example/x', '/./\\evil.example'])(
    'ignores %s, which is not a path on this site',
    (next) => {
      expect(safeNextPath(next, origin)).toBeNull();
    },
  );
});

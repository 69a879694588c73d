import { describe, expect, it } from 'vitest';
import { readRouteParam } from './route-param';

describe('readRouteParam', () => {
  it.each([
    ['L8P%204R5', 'L8P 4R5'],
    ['L8P 4R5', 'L8P 4R5'],
    ['jo%40example.ca', 'jo@example.ca'],
    ['jo@example.ca', 'jo@example.ca'],
    ['%', '%'],
    ['100%', '100%'],
    [undefined, ''],
  ])('reads %s as %s', (raw, expected) => {
    expect(readRouteParam(raw)).toBe(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { readRecordId, readRouteParam } from './route-param';

describe('readRouteParam', () => {
  it.each([
    ['L8P%204R5', 'L8P 4R5'],
    ['L8P 4R5', 'L8P 4R5'],
    ['jo%40example.ca', 'jo@example.ca'],
    ['jo@example.ca', 'jo@example.ca'],
    ['%', '%'],
    ['100%', '100%'],
    [undefined, ''],
    // PostgreSQL text cannot hold a NUL: such a value names nothing.
    ['jo%00%40example.ca', ''],
    ['BK-\u0000', ''],
  ])('reads %s as %s', (raw, expected) => {
    expect(readRouteParam(raw)).toBe(expected);
  });
});

describe('readRecordId', () => {
  it.each([['7', 7], ['0', null], ['-1', null], ['abc', null], ['1.5', null], [undefined, null], ['1234567890', null]])('%s -> %s', (value, id) => {
    expect(readRecordId(value)).toBe(id);
  });
});

import { describe, expect, it } from 'vitest';
import { RecordListQuerySchema } from './dashboard.schema';
import { LIST_MAX_ROWS, LIST_PAGE_SIZE, takePage } from './list-paging';
import { buildRecordListPath, decodeRecordCursor, encodeRecordCursor } from './record-list';

describe('record list cursor', () => {
  it.each([
    [{ createdAt: '2027-05-07T13:04:05.123456Z', id: 123 }, '2027-05-07T13:04:05.123456Z~123'],
    [{ createdAt: '2024-02-29T00:00:00.000000Z', id: 2_147_483_647 }, '2024-02-29T00:00:00.000000Z~2147483647'],
  ])('writes %o as %s and reads it back', (row, text) => {
    expect(encodeRecordCursor(row)).toBe(text);
    expect(decodeRecordCursor(text)).toEqual(row);
  });

  it.each([
    '', '2027-05-07T13:04:05.123456Z', '2027-05-07T13:04:05.123Z~5', '2027-05-07 13:04:05.123456Z~5', '2027-05-07T13:04:05.123456~5',
    '2027-02-30T13:04:05.123456Z~5', '2027-05-07T25:04:05.123456Z~5', '2027-05-07T13:04:05.123456Z~0', '2027-05-07T13:04:05.123456Z~05',
    '2027-05-07T13:04:05.123456Z~2147483648', '2027-05-07~09:00~12',
  ])('refuses %j', (text) => {
    expect(decodeRecordCursor(text)).toBeNull();
  });
});

describe('record list paths and pages', () => {
  it('builds the API address, leaving out what is not set', () => {
    expect(buildRecordListPath('payments')).toBe('/api/admin/payments');
    expect(buildRecordListPath('outbox', { limit: LIST_PAGE_SIZE })).toBe('/api/admin/outbox');
    expect(buildRecordListPath('messages', { cursor: '2027-05-07T13:04:05.123456Z~12', limit: 250 }))
      .toBe('/api/admin/messages?cursor=2027-05-07T13%3A04%3A05.123456Z%7E12&limit=250');
  });

  it('keeps a list\'s filter on every page and refresh (0101)', () => {
    expect(buildRecordListPath('customers', { filter: { filter: 'nothing-booked-ahead' }, cursor: '2027-05-07T13:04:05.123456Z~12' }))
      .toBe('/api/admin/customers?filter=nothing-booked-ahead&cursor=2027-05-07T13%3A04%3A05.123456Z%7E12');
    expect(buildRecordListPath('payments', { filter: { from: '2026-03-01', to: '2026-03-31' }, limit: 250 }))
      .toBe('/api/admin/payments?from=2026-03-01&to=2026-03-31&limit=250');
  });

  it('takes a page from rows read one beyond it, with the cursor after its last row', () => {
    const rows = [{ id: 5 }, { id: 4 }, { id: 3 }];
    expect(takePage(rows, 2, (r) => `c${r.id}`)).toEqual({ page: [{ id: 5 }, { id: 4 }], nextCursor: 'c4' });
    expect(takePage(rows, 3, (r) => `c${r.id}`)).toEqual({ page: rows, nextCursor: null });
    expect(takePage([], 3, () => 'x')).toEqual({ page: [], nextCursor: null });
  });
});

describe('RecordListQuerySchema', () => {
  const parse = (query: Record<string, string>) => RecordListQuerySchema.safeParse(query);

  it('defaults to the first page, reads empty values as not set and the cursor as a position', () => {
    expect(parse({}).data).toEqual({ limit: LIST_PAGE_SIZE });
    expect(parse({ cursor: '', limit: '' }).data).toEqual({ limit: LIST_PAGE_SIZE });
    expect(parse({ cursor: '2027-05-07T13:04:05.123456Z~12', limit: '300' }).data).toEqual({
      cursor: { createdAt: '2027-05-07T13:04:05.123456Z', id: 12 }, limit: 300,
    });
  });

  it.each([
    [{ cursor: 'abc' }, 'cursor: adminDashboard.list.invalidCursor'],
    [{ cursor: `${'9'.repeat(201)}` }, 'cursor: adminDashboard.list.invalidCursor'],
    [{ limit: '0' }, 'limit: errors.invalidField'],
    [{ limit: String(LIST_MAX_ROWS + 1) }, 'limit: errors.invalidField'],
  ])('refuses %o with a translation key', (query, expected) => {
    const result = parse(query);
    expect(result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)).toContain(expected);
  });
});

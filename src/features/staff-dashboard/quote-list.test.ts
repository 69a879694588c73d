import { describe, expect, it } from 'vitest';
import { QUOTE_STATUSES } from '@/db/schema/quotes';
import { QuoteListQuerySchema } from './dashboard.schema';
import { LIST_MAX_ROWS, LIST_PAGE_SIZE } from './list-paging';
import {
  buildQuoteAdminPath, buildQuoteListPath, DEFAULT_QUOTE_FILTER, isDefaultQuoteFilter, listQuoteAddOnKeys, QUOTE_SEARCH_MAX_LENGTH, QUOTE_STATUS_FILTERS,
  readQuoteSearch, readQuoteSearchParam,
} from './quote-list';

describe('quote list filters', () => {
  it('offers every status a stored quote can have, and only those', () => {
    expect([...QUOTE_STATUS_FILTERS].sort()).toEqual([...QUOTE_STATUSES].sort());
  });

  it('knows the first view (every quote, no search) from a filtered one', () => {
    expect(isDefaultQuoteFilter(DEFAULT_QUOTE_FILTER)).toBe(true);
    expect(isDefaultQuoteFilter({ status: null, search: '   ' })).toBe(true);
    expect(isDefaultQuoteFilter({ status: 'sent', search: '' })).toBe(false);
    expect(isDefaultQuoteFilter({ status: null, search: 'tremblay' })).toBe(false);
  });
});

describe('readQuoteSearch', () => {
  it.each([
    ['', null],
    ['   ', null],
    ['Tremblay', { words: ['tremblay'] }],
    ['  Émile   CÔTÉ ', { words: ['emile', 'cote'] }],
    ['olivia@Example.com', { words: ['olivia@example.com'] }],
    ['#1234', { quoteId: 1234 }],
    ['1234', { quoteId: 1234 }],
    [' #2147483647 ', { quoteId: 2_147_483_647 }],
    // Not a quote number: zero, leading zeros, beyond a serial, more than one word.
    ['#0', { words: ['#0'] }],
    ['0012', { words: ['0012'] }],
    ['2147483648', { words: ['2147483648'] }],
    ['12 34', { words: ['12', '34'] }],
    ['a b c d e f g h', { words: ['a', 'b', 'c', 'd', 'e', 'f'] }],
  ])('%j -> %j', (text, expected) => {
    expect(readQuoteSearch(text)).toEqual(expected);
  });
});

describe('buildQuoteListPath', () => {
  it('builds the API address, leaving out what is not set', () => {
    expect(buildQuoteListPath(DEFAULT_QUOTE_FILTER)).toBe('/api/admin/quotes');
    expect(buildQuoteListPath({ status: null, search: '  ' }, { limit: LIST_PAGE_SIZE, cursor: null })).toBe('/api/admin/quotes');
    expect(buildQuoteListPath({ status: 'booked', search: ' Côté & fils ' }, { cursor: '2027-05-07T13:04:05.123456Z~12', limit: 250 }))
      .toBe('/api/admin/quotes?status=booked&q=C%C3%B4t%C3%A9+%26+fils&cursor=2027-05-07T13%3A04%3A05.123456Z%7E12&limit=250');
  });
});

describe('QuoteListQuerySchema', () => {
  const parse = (query: Record<string, string>) => QuoteListQuerySchema.safeParse(query);

  it('defaults to every quote from the first page, and reads empty values and a blank search as not set', () => {
    expect(parse({}).data).toEqual({ limit: LIST_PAGE_SIZE });
    expect(parse({ status: '', q: '', cursor: '', limit: '' }).data).toEqual({ limit: LIST_PAGE_SIZE });
    expect(parse({ q: '   ' }).data).toEqual({ limit: LIST_PAGE_SIZE });
  });

  it('reads a status, a search, a cursor and a limit', () => {
    expect(parse({ status: 'pending', q: 'Zoé', cursor: '2027-05-07T13:04:05.123456Z~12', limit: '300' }).data).toEqual({
      status: 'pending', q: { words: ['zoe'] }, cursor: { createdAt: '2027-05-07T13:04:05.123456Z', id: 12 }, limit: 300,
    });
    expect(parse({ q: '#77' }).data).toEqual({ q: { quoteId: 77 }, limit: LIST_PAGE_SIZE });
  });

  it.each([
    [{ status: 'draft' }, 'status: adminDashboard.invalidStatus'],
    [{ status: 'SENT' }, 'status: adminDashboard.invalidStatus'],
    [{ q: 'x'.repeat(101) }, 'q: errors.invalidField'],
    [{ cursor: 'abc' }, 'cursor: adminDashboard.list.invalidCursor'],
    [{ cursor: '2027-05-07~09:00~12' }, 'cursor: adminDashboard.list.invalidCursor'],
    [{ limit: '0' }, 'limit: errors.invalidField'],
    [{ limit: String(LIST_MAX_ROWS + 1) }, 'limit: errors.invalidField'],
  ])('refuses %o with a translation key', (query, expected) => {
    const result = parse(query);
    expect(result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)).toContain(expected);
  });
});

describe('/quotes-admin opened on a search (0068)', () => {
  it('links to one quote by its number, and to a search by address', () => {
    expect(buildQuoteAdminPath(1234)).toBe('/quotes-admin?q=1234');
    expect(buildQuoteAdminPath(' ana.lopez+quotes@example.com ')).toBe('/quotes-admin?q=ana.lopez%2Bquotes%40example.com');
    expect(buildQuoteAdminPath('  ')).toBe('/quotes-admin');
  });

  it.each([
    [undefined, ''],
    ['', ''],
    ['  1234 ', '1234'],
    [['#12', 'tremblay'], '#12'],
    ['x'.repeat(150), 'x'.repeat(QUOTE_SEARCH_MAX_LENGTH)],
    [`${'a'.repeat(QUOTE_SEARCH_MAX_LENGTH - 1)} b`, 'a'.repeat(QUOTE_SEARCH_MAX_LENGTH - 1)],
  ])('starts from ?q=%j as %j', (value, expected) => {
    expect(readQuoteSearchParam(value)).toBe(expected);
  });

  it('reads back the quote a link names, as the page searches it', () => {
    const q = new URL(buildQuoteAdminPath(77), 'http://localhost').searchParams.get('q') ?? undefined;
    expect(readQuoteSearch(readQuoteSearchParam(q))).toEqual({ quoteId: 77 });
  });
});

describe('listQuoteAddOnKeys', () => {
  it.each([
    [false, false, []],
    [true, false, ['tickControl']],
    [false, true, ['standingWater']],
    [true, true, ['tickControl', 'standingWater']],
  ])('tick %j, standing water %j -> %j', (includeTick, includeStandingWater, expected) => {
    expect(listQuoteAddOnKeys({ includeTick, includeStandingWater })).toEqual(expected);
  });
});

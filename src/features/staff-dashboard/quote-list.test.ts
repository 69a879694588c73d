import { describe, expect, it } from 'vitest';
import { QUOTE_STATUSES } from '@/db/schema/quotes';
import { QUOTE_STATES } from '@/features/quotes/quote-state';
import { QuoteListQuerySchema } from './dashboard.schema';
import { LIST_MAX_ROWS, LIST_PAGE_SIZE } from './list-paging';
import {
  buildQuoteAdminPath, buildQuoteListPath, DEFAULT_QUOTE_FILTER, isCustomQuote, isDefaultQuoteFilter, listQuoteAddOnKeys, QUOTE_EMAIL_MAX_LENGTH,
  QUOTE_SEARCH_MAX_LENGTH, QUOTE_STATUS_FILTERS, readQuoteEmailParam, readQuoteSearch, readQuoteSearchParam,
} from './quote-list';

describe('quote list filters', () => {
  it('offers every state the office is shown: each status a stored quote can have, "Booking cancelled" (0073) and the three unpaid checkouts (0080, 0087)', () => {
    expect([...QUOTE_STATUS_FILTERS]).toEqual([...QUOTE_STATES]);
    expect([...QUOTE_STATUS_FILTERS].sort()).toEqual([...QUOTE_STATUSES, 'booking-cancelled', 'checkout-started', 'hold-expired', 'checkout-cancelled'].sort());
  });

  it('knows the first view (every quote, no search) from a filtered one', () => {
    expect(isDefaultQuoteFilter(DEFAULT_QUOTE_FILTER)).toBe(true);
    expect(isDefaultQuoteFilter({ status: null, search: '   ', email: null })).toBe(true);
    expect(isDefaultQuoteFilter({ status: 'sent', search: '', email: null })).toBe(false);
    expect(isDefaultQuoteFilter({ status: null, search: 'tremblay', email: null })).toBe(false);
    expect(isDefaultQuoteFilter({ status: null, search: '', email: 'ana@example.com' })).toBe(false);
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
    expect(buildQuoteListPath({ status: null, search: '  ', email: null }, { limit: LIST_PAGE_SIZE, cursor: null })).toBe('/api/admin/quotes');
    expect(buildQuoteListPath({ status: 'booked', search: ' Côté & fils ', email: null }, { cursor: '2027-05-07T13:04:05.123456Z~12', limit: 250 }))
      .toBe('/api/admin/quotes?status=booked&q=C%C3%B4t%C3%A9+%26+fils&cursor=2027-05-07T13%3A04%3A05.123456Z%7E12&limit=250');
    expect(buildQuoteListPath({ status: 'booking-cancelled', search: '', email: 'ana+q@example.com' }))
      .toBe('/api/admin/quotes?status=booking-cancelled&email=ana%2Bq%40example.com');
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

  it('reads "Booking cancelled" and one address exactly, trimmed and in lower case (0073)', () => {
    expect(parse({ status: 'booking-cancelled', email: '  Ana.Lopez@Example.COM ' }).data).toEqual({
      status: 'booking-cancelled', email: 'ana.lopez@example.com', limit: LIST_PAGE_SIZE,
    });
    expect(parse({ email: '   ' }).data).toEqual({ limit: LIST_PAGE_SIZE });
  });

  it.each([
    [{ status: 'draft' }, 'status: adminDashboard.invalidStatus'],
    [{ status: 'SENT' }, 'status: adminDashboard.invalidStatus'],
    [{ q: 'x'.repeat(101) }, 'q: errors.invalidField'],
    [{ email: `${'x'.repeat(QUOTE_EMAIL_MAX_LENGTH)}@example.com` }, 'email: errors.invalidField'],
    [{ cursor: 'abc' }, 'cursor: adminDashboard.list.invalidCursor'],
    [{ cursor: '2027-05-07~09:00~12' }, 'cursor: adminDashboard.list.invalidCursor'],
    [{ limit: '0' }, 'limit: errors.invalidField'],
    [{ limit: String(LIST_MAX_ROWS + 1) }, 'limit: errors.invalidField'],
  ])('refuses %o with a translation key', (query, expected) => {
    const result = parse(query);
    expect(result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)).toContain(expected);
  });
});

describe('/quotes-admin opened on a search (0068) or on one address (0073)', () => {
  it('links to one quote by its number, to a search, and to one address exactly', () => {
    expect(buildQuoteAdminPath({ search: 1234 })).toBe('/quotes-admin?q=1234');
    expect(buildQuoteAdminPath({ search: ' tremblay ' })).toBe('/quotes-admin?q=tremblay');
    expect(buildQuoteAdminPath({ search: '  ' })).toBe('/quotes-admin');
    expect(buildQuoteAdminPath({ email: ' Ana.Lopez+quotes@example.com ' })).toBe('/quotes-admin?email=ana.lopez%2Bquotes%40example.com');
    expect(buildQuoteAdminPath({ search: 'x', email: null })).toBe('/quotes-admin?q=x');
    expect(buildQuoteAdminPath({})).toBe('/quotes-admin');
  });

  it.each([
    [undefined, null],
    ['', null],
    ['   ', null],
    ['  Ana.Lopez+Quotes@Example.COM ', 'ana.lopez+quotes@example.com'],
    [['ana@example.com', 'ben@example.com'], 'ana@example.com'],
  ])('narrows to ?email=%j as %j', (value, expected) => {
    expect(readQuoteEmailParam(value)).toBe(expected);
  });

  it('reads back the address a customer page links to, as the page filters it', () => {
    const email = new URL(buildQuoteAdminPath({ email: 'Ana.Lopez+quotes@example.com' }), 'http://localhost').searchParams.get('email');
    expect(readQuoteEmailParam(email)).toBe('ana.lopez+quotes@example.com');
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
    const q = new URL(buildQuoteAdminPath({ search: 77 }), 'http://localhost').searchParams.get('q') ?? undefined;
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

describe('isCustomQuote', () => {
  // The calculator's "Acreage (over 2 acres)" is stored as 999 with a total of 0: the office gives the price (0078).
  it.each([
    [999, true],
    [2.5, true],
    [2, false],
    [0.75, false],
    [0.25, false],
  ])('%j acres -> %j', (propertySize, expected) => {
    expect(isCustomQuote({ propertySize })).toBe(expected);
  });
});

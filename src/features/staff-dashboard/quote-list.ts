/**
 * The quotes admin's list (/quotes-admin), pure: newest first on (created_at, id) like the
 * dashboard's Payments, Messages and Emails (record-list.ts, the same cursor), in pages from
 * GET /api/admin/quotes, with a status filter and a search by customer or quote number. A season
 * sends thousands of quotes: the page shows the first page and "Load more" continues after the
 * last card shown.
 */
import { foldSearchWord } from '@/lib/search-fold';
import { LIST_PAGE_SIZE } from './list-paging';

/** Every status a stored quote can have (the `quotes_status` check; a unit test holds them equal). */
export const QUOTE_STATUS_FILTERS = ['pending', 'sent', 'booked'] as const;
export type QuoteStatusFilter = (typeof QUOTE_STATUS_FILTERS)[number];

export type QuoteListFilter = { status: QuoteStatusFilter | null; search: string };
export const DEFAULT_QUOTE_FILTER: QuoteListFilter = { status: null, search: '' };

/** The longest search the page's field and the API take; the API reads at most six words of it. */
export const QUOTE_SEARCH_MAX_LENGTH = 100;
const MAX_WORDS = 6;
const QUOTE_NUMBER = /^#?([1-9]\d{0,9})$/;

/**
 * What a search asks for: one number ('1234' or '#1234', as the cards write "Quote #1234") is
 * that quote; anything else is words, each to be found in the customer's name or email (case and
 * accents ignored). Null for a search of nothing but spaces: the whole list.
 */
export type QuoteSearch = { quoteId: number } | { words: string[] };

export function readQuoteSearch(text: string): QuoteSearch | null {
  const words = text.trim().split(/\s+/).filter(Boolean).slice(0, MAX_WORDS);
  if (words.length === 0) return null;
  const number = words.length === 1 ? QUOTE_NUMBER.exec(words[0]!) : null;
  if (number && Number(number[1]) <= 2_147_483_647) return { quoteId: Number(number[1]) };
  return { words: words.map(foldSearchWord) };
}

/** True when the filter is the page's first view (all quotes, no search): an empty list then means no quotes at all. */
export function isDefaultQuoteFilter(filter: QuoteListFilter): boolean {
  return filter.status === null && filter.search.trim() === '';
}

/** GET /api/admin/quotes for a filter, from a cursor on (the first page without one). */
export function buildQuoteListPath(filter: QuoteListFilter, options: { cursor?: string | null; limit?: number } = {}): string {
  const params = new URLSearchParams();
  if (filter.status) params.set('status', filter.status);
  const search = filter.search.trim();
  if (search) params.set('q', search);
  if (options.cursor) params.set('cursor', options.cursor);
  if (options.limit !== undefined && options.limit !== LIST_PAGE_SIZE) params.set('limit', String(options.limit));
  const query = params.toString();
  return `/api/admin/quotes${query ? `?${query}` : ''}`;
}

/**
 * /quotes-admin opened on one quote: its search by number (`?q=`), which the page starts from
 * (0068). The customer page links each quote this way; the number alone, since `#` would need escaping.
 */
export function buildQuoteAdminPath(search: string | number): string {
  const q = String(search).trim();
  return q ? `/quotes-admin?${new URLSearchParams({ q }).toString()}` : '/quotes-admin';
}

/**
 * The search /quotes-admin starts from, read from its address's `?q=` (0068): the first value,
 * trimmed, cut to what the field and the API take. '' (every quote) when there is none.
 */
export function readQuoteSearchParam(value: string | string[] | undefined): string {
  const first = Array.isArray(value) ? value[0] : value;
  return (first ?? '').trim().slice(0, QUOTE_SEARCH_MAX_LENGTH).trim();
}

/** The add-ons a quote asked for, as the quotes screen names them (its `quotesAdmin` keys), in the card's order. */
export function listQuoteAddOnKeys(quote: { includeTick: boolean; includeStandingWater: boolean }): ('tickControl' | 'standingWater')[] {
  return [quote.includeTick ? 'tickControl' as const : null, quote.includeStandingWater ? 'standingWater' as const : null].filter((key) => key !== null);
}

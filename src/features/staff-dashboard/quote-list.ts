/**
 * The quotes admin's list (/quotes-admin), pure: newest first on (created_at, id) like the
 * dashboard's Payments, Messages and Emails (record-list.ts, the same cursor), in pages from
 * GET /api/admin/quotes, with a status filter and a search by customer or quote number. A season
 * sends thousands of quotes: the page shows the first page and "Load more" continues after the
 * last card shown.
 */
import { QUOTE_STATES } from '@/features/quotes/quote-state';
import { FIELD_LIMITS } from '@/lib/field-limits';
import { resolveSizeTier } from '@/features/pricing/pricing';
import { foldSearchWord } from '@/lib/search-fold';
import { LIST_PAGE_SIZE } from './list-paging';

/** Every state the office is shown for a quote (0073: "Booking cancelled" besides the stored statuses). */
export const QUOTE_STATUS_FILTERS = QUOTE_STATES;
export type QuoteStatusFilter = (typeof QUOTE_STATUS_FILTERS)[number];

/**
 * The list's filters: a state, the search field, and one address exactly (`email`, 0073): the
 * quotes sent to it, compared trimmed and in lower case as a customer's page lists them, and
 * nobody else's. Null when the list is not narrowed to an address.
 */
export type QuoteListFilter = { status: QuoteStatusFilter | null; search: string; email: string | null };
export const DEFAULT_QUOTE_FILTER: QuoteListFilter = { status: null, search: '', email: null };

/** The longest search the page's field and the API take; the API reads at most six words of it. */
export const QUOTE_SEARCH_MAX_LENGTH = 100;
/** The longest address the exact filter takes: the longest the forms store. */
export const QUOTE_EMAIL_MAX_LENGTH = FIELD_LIMITS.email;
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
  return filter.status === null && filter.search.trim() === '' && filter.email === null;
}

/** GET /api/admin/quotes for a filter, from a cursor on (the first page without one). */
export function buildQuoteListPath(filter: QuoteListFilter, options: { cursor?: string | null; limit?: number } = {}): string {
  const params = new URLSearchParams();
  if (filter.status) params.set('status', filter.status);
  const search = filter.search.trim();
  if (search) params.set('q', search);
  if (filter.email !== null) params.set('email', filter.email);
  if (options.cursor) params.set('cursor', options.cursor);
  if (options.limit !== undefined && options.limit !== LIST_PAGE_SIZE) params.set('limit', String(options.limit));
  const query = params.toString();
  return `/api/admin/quotes${query ? `?${query}` : ''}`;
}

/**
 * /quotes-admin opened on a search (`?q=`: a quote number from a customer's page, 0068) or on one
 * address exactly (`?email=`: a customer's page with more quotes than it lists, 0073). The number
 * alone, since `#` would need escaping.
 */
export function buildQuoteAdminPath(start: { search?: string | number; email?: string | null }): string {
  const params = new URLSearchParams();
  const q = String(start.search ?? '').trim();
  if (q) params.set('q', q);
  const email = readQuoteEmailParam(start.email ?? undefined);
  if (email !== null) params.set('email', email);
  const query = params.toString();
  return query ? `/quotes-admin?${query}` : '/quotes-admin';
}

/** A query value as the page reads it: the first value, trimmed. */
function readFirstParam(value: string | string[] | null | undefined): string {
  const first = Array.isArray(value) ? value[0] : value;
  return (first ?? '').trim();
}

/**
 * The search /quotes-admin starts from, read from its address's `?q=` (0068): the first value,
 * trimmed, cut to what the field and the API take. '' (every quote) when there is none.
 */
export function readQuoteSearchParam(value: string | string[] | undefined): string {
  return readFirstParam(value).slice(0, QUOTE_SEARCH_MAX_LENGTH).trim();
}

/**
 * The address /quotes-admin is narrowed to, read from `?email=` (0073): the first value, trimmed
 * and in lower case (how `emailKey` compares it, and how the office is shown it). Null when there
 * is none. One longer than any stored address is kept: it matches no quote, and the list says so
 * (the API refuses it with a 400).
 */
export function readQuoteEmailParam(value: string | string[] | null | undefined): string | null {
  return readFirstParam(value).toLowerCase() || null;
}

/** The add-ons a quote asked for, as the quotes screen names them (its `quotesAdmin` keys), in the card's order. */
export function listQuoteAddOnKeys(quote: { includeTick: boolean; includeStandingWater: boolean }): ('tickControl' | 'standingWater')[] {
  return [quote.includeTick ? 'tickControl' as const : null, quote.includeStandingWater ? 'standingWater' as const : null].filter((key) => key !== null);
}

/**
 * A request for a custom quote: the calculator's "Acreage (over 2 acres)" and /request-service's
 * "More than 2 acres" (both stored as 999), or any size the price table does not price. Its stored total is 0 until the office gives a price, so the
 * quotes screens say so instead of "$0.00" and "999 acres" (0078).
 */
export function isCustomQuote(quote: { propertySize: number }): boolean {
  return quote.propertySize > 0 && resolveSizeTier(quote.propertySize) === 'custom';
}

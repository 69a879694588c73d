/**
 * The office's list of unsubscribed addresses (/unsubscribed, docs/decisions/0074), pure: its
 * address, the search it starts on, and the limits its notes share with the server.
 */

/** The list's page, which searches for `q` when one is given (the customer page links an address). */
export const UNSUBSCRIBED_LIST_PATH = '/unsubscribed';

/** At most this many characters of a search are used: an email address is at most 254. */
export const UNSUBSCRIBED_SEARCH_MAX_LENGTH = 254;

/** The office's notes: how the person asked, or how they gave consent again. */
export const UNSUBSCRIBE_NOTE_MAX = 500;
/** Consent given again needs its record: a few words at least, not "ok" (CASL's proof of consent is the business's to keep). */
export const CONSENT_NOTE_MIN = 10;

/** The list's address, starting on a search for `q` when there is one (blank: the whole list). */
export function buildUnsubscribedListPath(q?: string | null): string {
  const search = q?.trim();
  return search ? `${UNSUBSCRIBED_LIST_PATH}?${new URLSearchParams({ q: search }).toString()}` : UNSUBSCRIBED_LIST_PATH;
}

/** The `?q=` the page was opened with: its first value, trimmed and cut to the limit; '' for none. */
export function readUnsubscribedSearchParam(value: string | string[] | undefined | null): string {
  const first = Array.isArray(value) ? value[0] : value;
  return (first ?? '').trim().slice(0, UNSUBSCRIBED_SEARCH_MAX_LENGTH).trim();
}

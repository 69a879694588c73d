/**
 * What every paged list of the dashboard shares, pure: the page sizes, the cursor's text (the
 * last row's sort key and id, joined by "~", readable in logs), a refresh's size and how a page
 * joins the rows shown. The Appointments tab pages on (date, time, id) (appointment-list.ts);
 * Payments, Messages and Emails page newest first on (created_at, id) (record-list.ts).
 */

export const LIST_PAGE_SIZE = 100;
/** The most rows one request returns: a refresh of a list grown by "Load more" asks for all it shows. */
export const LIST_MAX_ROWS = 500;

const CURSOR_ID = /^[1-9]\d{0,9}$/;

/** A cursor's parts, the id last: `['2027-05-07', '09:00', 123]` -> `'2027-05-07~09:00~123'`. */
export function joinCursor(parts: readonly (string | number)[]): string {
  return parts.join('~');
}

/** A cursor's id (a serial, 1 to 2^31 - 1); null for anything else, leading zeros included. */
export function readCursorId(text: string | undefined): number | null {
  if (text === undefined || !CURSOR_ID.test(text)) return null;
  const id = Number(text);
  return id <= 2_147_483_647 ? id : null;
}

/**
 * How many rows a refresh of a list (the 30-second poll, or after a change) asks for: as many
 * as are shown, at least a page. Null when more are shown than one request returns: the list
 * then stays as it is rather than lose the rows "Load more" added.
 */
export function sizeRefresh(shown: number): number | null {
  if (shown > LIST_MAX_ROWS) return null;
  return Math.max(LIST_PAGE_SIZE, shown);
}

/** The next page after the rows shown, leaving out any row already shown (one that moved between two requests). */
export function appendPage<T extends { id: number }>(shown: T[], page: T[]): T[] {
  const ids = new Set(shown.map((row) => row.id));
  return [...shown, ...page.filter((row) => !ids.has(row.id))];
}

/**
 * A page from rows read one beyond it (the extra row tells whether another page follows, without
 * counting them all), and the cursor after its last row; null on the last page.
 */
export function takePage<T>(rows: T[], limit: number, cursorOf: (row: T) => string): { page: T[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { page, nextCursor: rows.length > limit && last !== undefined ? cursorOf(last) : null };
}

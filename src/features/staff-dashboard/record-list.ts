/**
 * The Payments, Messages and Emails tabs' lists, pure: newest first on (created_at, id), in pages
 * from GET /api/admin/{payments,messages,outbox}. Years of records do not fit one answer; each
 * tab shows its first page and "Load more" continues after the last row shown.
 */
import { joinCursor, LIST_PAGE_SIZE, readCursorId } from './list-paging';

/** The lists paged from a cursor: the three tabs, and the Customers tab's "Nothing booked ahead" (0101; by last visit, 0109). */
export const RECORD_LISTS = ['payments', 'messages', 'outbox', 'customers'] as const;
export type RecordList = (typeof RECORD_LISTS)[number];

/**
 * The last row a page ended on: its creation time (a ranged Payments list's: the instant paid,
 * 0109) as the database holds it (microseconds, UTC, `'2027-05-07T13:04:05.123456Z'`; a JavaScript
 * date would round it to milliseconds and skip the rows created within the same millisecond) and its id.
 */
export type RecordCursor = { createdAt: string; id: number };

const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)~([^~]+)$/;

export function encodeRecordCursor(row: RecordCursor): string {
  return joinCursor([row.createdAt, row.id]);
}

/** The position a cursor names; null for anything `encodeRecordCursor` cannot have written. */
export function decodeRecordCursor(value: string): RecordCursor | null {
  const match = CURSOR.exec(value);
  const id = readCursorId(match?.[2]);
  if (!match || id === null) return null;
  // The shape alone lets through '2027-02-30': the date must read back as itself.
  const createdAt = match[1]!;
  const parsed = Date.parse(createdAt);
  if (Number.isNaN(parsed) || new Date(parsed).toISOString().slice(0, 19) !== createdAt.slice(0, 19)) return null;
  return { createdAt, id };
}

/** GET /api/admin/{list}, from a cursor on (the first page without one), with the list's filter (`filter`, 0101) first. */
export function buildRecordListPath(list: RecordList, options: { cursor?: string | null; limit?: number; filter?: Record<string, string> } = {}): string {
  const params = new URLSearchParams(options.filter);
  if (options.cursor) params.set('cursor', options.cursor);
  if (options.limit !== undefined && options.limit !== LIST_PAGE_SIZE) params.set('limit', String(options.limit));
  const query = params.toString();
  return `/api/admin/${list}${query ? `?${query}` : ''}`;
}

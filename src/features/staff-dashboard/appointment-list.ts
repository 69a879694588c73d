/**
 * The Appointments tab's list, pure: its filters, its keyset position (the cursor) and the
 * address the browser asks for a page at. A season holds thousands of visits (a seasonal plan
 * books five Fridays), so the list comes in pages ordered by (date, time, id), never all at once.
 */
import { joinCursor, LIST_MAX_ROWS, LIST_PAGE_SIZE, readCursorId } from './list-paging';

/**
 * Which visits the tab lists: from today on in the branch's time zone (soonest first), before
 * today (most recent first), or every visit (in calendar order). A chosen Friday overrides the
 * view: that day's visits, by time.
 */
export const APPOINTMENT_VIEWS = ['upcoming', 'past', 'all'] as const;
export type AppointmentView = (typeof APPOINTMENT_VIEWS)[number];

/**
 * Every stored appointment status; 'needs-attention': the visits that need a new Friday, paid after
 * theirs was full (0011) or not treated on their day (0085, 0086); and 'not-treated', the second kind
 * alone, which the office moves (0089).
 */
export const APPOINTMENT_STATUS_FILTERS = ['confirmed', 'completed', 'pending', 'pending-payment', 'expired', 'cancelled', 'needs-attention', 'not-treated'] as const;
export type AppointmentStatusFilter = (typeof APPOINTMENT_STATUS_FILTERS)[number];

export type AppointmentListFilter = { view: AppointmentView; date: string | null; status: AppointmentStatusFilter | null };
export const DEFAULT_APPOINTMENT_FILTER: AppointmentListFilter = { view: 'upcoming', date: null, status: null };

/** Every visit that needs a new Friday, whatever its day: a not-treated one lies in the past (0086). */
export const NEEDS_NEW_DATE_FILTER: AppointmentListFilter = { view: 'all', date: null, status: 'needs-attention' };

export const APPOINTMENT_PAGE_SIZE = LIST_PAGE_SIZE;
export const APPOINTMENT_MAX_ROWS = LIST_MAX_ROWS;

/** The last row a page ended on; the next page starts right after it in the list's order. */
export type AppointmentCursor = { date: string; time: string; id: number };

const CURSOR = /^(\d{4}-\d{2}-\d{2})~(.+)~([^~]+)$/s;

/** `'2027-05-07~09:00~123'`: readable in logs, and the time (free text) sits between the two fixed parts. */
export function encodeAppointmentCursor(row: AppointmentCursor): string {
  return joinCursor([row.date, row.time, row.id]);
}

/** The position a cursor names; null for anything `encodeAppointmentCursor` cannot have written. */
export function decodeAppointmentCursor(value: string): AppointmentCursor | null {
  const match = CURSOR.exec(value);
  const id = readCursorId(match?.[3]);
  if (!match || id === null) return null;
  return { date: match[1]!, time: match[2]!, id };
}

/** True when the list's order runs from the newest day back (the past, unless one Friday is chosen). */
export function isNewestFirst(filter: Pick<AppointmentListFilter, 'view' | 'date'>): boolean {
  return filter.view === 'past' && !filter.date;
}

/** GET /api/admin/appointments for a filter, from a cursor on (the first page without one). */
export function buildAppointmentListPath(filter: AppointmentListFilter, options: { cursor?: string | null; limit?: number } = {}): string {
  const params = new URLSearchParams({ view: filter.view });
  if (filter.date) params.set('date', filter.date);
  if (filter.status) params.set('status', filter.status);
  if (options.cursor) params.set('cursor', options.cursor);
  if (options.limit !== undefined && options.limit !== APPOINTMENT_PAGE_SIZE) params.set('limit', String(options.limit));
  return `/api/admin/appointments?${params.toString()}`;
}

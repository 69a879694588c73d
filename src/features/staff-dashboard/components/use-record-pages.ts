'use client';
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useRef, useState } from 'react';
import { appendPage, LIST_PAGE_SIZE, sizeRefresh } from '../list-paging';
import { buildRecordListPath, type RecordList } from '../record-list';
import { callStaffApi, readRefusal } from './staff-api';

/** A page of one record list as the dashboard and GET /api/admin/{list} give it. */
export type RecordPage<T> = { rows: T[]; nextCursor: string | null };

type PagesState<T> = RecordPage<T> & { pending: 'first' | 'more' | null; error: string | null };

const NO_FILTER: Record<string, string> = {};

/**
 * The rows a Payments, Messages or Emails tab shows, from the dashboard's first page on, and its
 * "Load more". Each dashboard poll reads the shown rows again, as the Appointments tab does: the
 * poll's own first page while no more than a page is shown, else as many rows as are shown (up to
 * what one request returns; beyond that the list stays as it is rather than lose rows).
 * With a `filter` (the Payments tab's From/To, the Customers tab's "Nothing booked ahead", 0101)
 * the poll's page is not the list's: each refresh reads the filtered rows shown, and a new filter
 * reads its first page (so does a `firstPage` of null, when the page did not render one).
 */
export function useRecordPages<T extends { id: number }>(list: RecordList, firstPage: RecordPage<T> | null, refreshTick: number, filter: Record<string, string> = NO_FILTER) {
  const t = useTranslations('adminDashboard');
  const [state, setState] = useState<PagesState<T>>({ rows: firstPage?.rows ?? [], nextCursor: firstPage?.nextCursor ?? null, pending: firstPage ? null : 'first', error: null });
  const filterKey = new URLSearchParams(filter).toString();
  // The filter whose rows are shown (or asked for); null until the first are.
  const shownFilter = useRef<string | null>(firstPage ? filterKey : null);
  // The state as last rendered and the poll's latest first page, for requests started from
  // effects; each request's number says whether a later one has taken over the list meanwhile.
  const latest = useRef(state);
  const poll = useRef(firstPage);
  const generation = useRef(0);
  useEffect(() => {
    latest.current = state;
    poll.current = firstPage;
  }, [state, firstPage]);

  const read = useCallback(async (mode: 'first' | 'more' | 'refresh') => {
    const shown = latest.current;
    const filtered = filterKey !== '';
    let path: string;
    if (mode === 'first') {
      path = buildRecordListPath(list, { filter });
    } else if (mode === 'more') {
      if (!shown.nextCursor) return;
      path = buildRecordListPath(list, { cursor: shown.nextCursor, filter });
    } else {
      const limit = sizeRefresh(shown.rows.length);
      if (limit === null) return;
      if (limit === LIST_PAGE_SIZE && !filtered && poll.current) {
        generation.current += 1;
        const { rows, nextCursor } = poll.current;
        return setState((s) => ({ ...s, rows, nextCursor }));
      }
      path = buildRecordListPath(list, { limit, filter });
    }
    const request = ++generation.current;
    if (mode !== 'refresh') setState((s) => ({ ...s, pending: mode, error: null }));
    const answer = await callStaffApi<Partial<Record<RecordList, T[]>> & { nextCursor?: string | null }>(path);
    if (request !== generation.current) return;
    const rows = answer.body?.[list];
    if (!answer.ok || !rows) {
      // A refresh that fails keeps what is shown; the dashboard's poll deals with an ended session.
      if (mode === 'refresh') return;
      return setState((s) => ({ ...s, pending: null, error: readRefusal(answer.body) ?? t('records.loadFailed') }));
    }
    const nextCursor = answer.body?.nextCursor ?? null;
    setState((s) => ({ rows: mode === 'more' ? appendPage(s.rows, rows) : rows, nextCursor, pending: null, error: null }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `filterKey` stands for `filter`'s values
  }, [list, t, filterKey]);

  useEffect(() => {
    if (shownFilter.current === filterKey) return;
    shownFilter.current = filterKey;
    void read('first');
  }, [filterKey, read]);

  useEffect(() => {
    if (refreshTick > 0 && latest.current.pending === null) void read('refresh');
  }, [refreshTick, read]);

  /** A change made here (a message filed): shown at once, and a refresh already under way may not undo it. */
  const updateRow = useCallback((id: number, change: Partial<T>) => {
    generation.current += 1;
    setState((s) => ({ ...s, rows: s.rows.map((row) => (row.id === id ? { ...row, ...change } : row)) }));
  }, []);

  return { ...state, loadMore: () => void read('more'), updateRow };
}

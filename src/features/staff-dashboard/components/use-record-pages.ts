'use client';
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useRef, useState } from 'react';
import { appendPage, LIST_PAGE_SIZE, sizeRefresh } from '../list-paging';
import { buildRecordListPath, type RecordList } from '../record-list';
import { callStaffApi, readRefusal } from './staff-api';

/** A page of one record list as the dashboard and GET /api/admin/{list} give it. */
export type RecordPage<T> = { rows: T[]; nextCursor: string | null };

type PagesState<T> = RecordPage<T> & { pending: 'more' | null; error: string | null };

/**
 * The rows a Payments, Messages or Emails tab shows, from the dashboard's first page on, and its
 * "Load more". Each dashboard poll reads the shown rows again, as the Appointments tab does: the
 * poll's own first page while no more than a page is shown, else as many rows as are shown (up to
 * what one request returns; beyond that the list stays as it is rather than lose rows).
 */
export function useRecordPages<T extends { id: number }>(list: RecordList, firstPage: RecordPage<T>, refreshTick: number) {
  const t = useTranslations('adminDashboard');
  const [state, setState] = useState<PagesState<T>>({ ...firstPage, pending: null, error: null });
  // The state as last rendered and the poll's latest first page, for requests started from
  // effects; each request's number says whether a later one has taken over the list meanwhile.
  const latest = useRef(state);
  const poll = useRef(firstPage);
  const generation = useRef(0);
  useEffect(() => {
    latest.current = state;
    poll.current = firstPage;
  }, [state, firstPage]);

  const read = useCallback(async (mode: 'more' | 'refresh') => {
    const shown = latest.current;
    let path: string;
    if (mode === 'more') {
      if (!shown.nextCursor) return;
      path = buildRecordListPath(list, { cursor: shown.nextCursor });
    } else {
      const limit = sizeRefresh(shown.rows.length);
      if (limit === null) return;
      if (limit === LIST_PAGE_SIZE) {
        generation.current += 1;
        return setState((s) => ({ ...s, rows: poll.current.rows, nextCursor: poll.current.nextCursor }));
      }
      path = buildRecordListPath(list, { limit });
    }
    const request = ++generation.current;
    if (mode === 'more') setState((s) => ({ ...s, pending: 'more', error: null }));
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
  }, [list, t]);

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

'use client';
import { useTranslations } from 'next-intl';
import type { NothingBookedAheadPage } from '../dashboard.service';
import { DataTable } from './data-table';
import { LoadMore } from './load-more';
import { useDashboardFormat } from './use-dashboard-format';
import { useRecordPages } from './use-record-pages';

const FILTER = { filter: 'nothing-booked-ahead' };

/**
 * The Customers tab's "Nothing booked ahead" (docs/decisions/0101): customers with a past visit and
 * nothing booked from today on, each with their last visit's Friday, in pages like the other lists
 * and read again on each dashboard poll.
 */
export function NothingBookedAheadList({ firstPage, refreshTick, customerDetailsPath }: {
  /** The page the server rendered for the address; null to read it here. */
  firstPage: NothingBookedAheadPage | null;
  refreshTick: number;
  customerDetailsPath: string;
}) {
  const t = useTranslations('adminDashboard');
  const { na, date, name } = useDashboardFormat();
  const list = useRecordPages('customers', firstPage ? { rows: firstPage.customers, nextCursor: firstPage.nextCursor } : null, refreshTick, FILTER);
  return (
    <>
      <p className="mb-2 text-sm text-gray-600">{t('customerFilter.note')}</p>
      <p role="status" className="mb-2 text-sm text-gray-600">
        {list.pending === 'first' ? t('records.loading') : t('records.shown.customers', { count: list.rows.length })}
      </p>
      <DataTable
        empty={list.pending === 'first' ? t('records.loading') : t('empty')}
        head={[t('cols.name'), t('cols.email'), t('cols.phone'), t('cols.lastVisit')]}
        rows={list.rows.map((c) => [
          <a key="n" className="text-brand-800 underline" href={`${customerDetailsPath}?id=${c.id}`}>{name(c.firstName, c.lastName)}</a>,
          c.email || na, c.phone || na, date(c.lastVisit),
        ])}
      />
      <LoadMore hasMore={list.nextCursor !== null} loading={list.pending === 'more'} error={list.error} onLoad={list.loadMore} />
    </>
  );
}

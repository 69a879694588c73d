'use client';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';

/** A list's "Load more" below its table, with what went wrong with the last page when it failed. */
export function LoadMore({ hasMore, loading, error, onLoad }: { hasMore: boolean; loading: boolean; error?: string | null; onLoad: () => void }) {
  const t = useTranslations('adminDashboard');
  return (
    <>
      {error ? <p role="alert" className="mt-3 text-sm text-red-700">{error}</p> : null}
      {hasMore ? (
        <div className="mt-3 flex justify-center">
          <Button type="button" variant="outline" disabled={loading} onClick={onLoad}>
            {loading ? t('list.loadingMore') : t('list.loadMore')}
          </Button>
        </div>
      ) : null}
    </>
  );
}

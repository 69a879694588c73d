'use client';
import { useLocale, useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { ConfirmDialog, RecordActionButton } from '@/components/ui/record-dialogs';
import { toast } from '@/components/ui/use-toast';
import { cn } from '@/lib/cn';
import { callStaffApi, readRefusal } from '@/features/staff-dashboard/components/staff-api';
import { formatShortDateTime } from '@/lib/format';
import { useHydrated } from '@/lib/use-hydrated';
import type { ServedPrefixView, ServiceAreaSettings } from '../served-prefix.service';

/**
 * Where the business works (docs/decisions/0088): every served prefix of the branch, an FSA followed
 * by the communities named inside it, each served or not, with its switch. A switch asks first
 * (what changes for new customers, and that bookings already made stand), then says what it did.
 * Below: who switched what, and when.
 */
export function ServedPrefixesPanel({ initial }: { initial: ServiceAreaSettings }) {
  const t = useTranslations('serviceAreaAdmin');
  const locale = useLocale();
  const id = useId();
  const hydrated = useHydrated();
  const [settings, setSettings] = useState(initial);
  const [asking, setAsking] = useState<ServedPrefixView | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const place = (row: { label: string; area: string }) => ({ area: row.area, prefix: row.label });

  const switchRow = async (row: ServedPrefixView) => {
    const served = !row.served;
    setAsking(null);
    setBusy(true);
    setError(null);
    const { ok, body } = await callStaffApi<ServiceAreaSettings>('/api/admin/service-area', { method: 'PATCH', body: { prefix: row.prefix, served } });
    setBusy(false);
    if (!ok || !body?.prefixes) {
      setError(readRefusal(body) ?? t('switchFailed'));
      return;
    }
    setSettings(body);
    toast({
      title: t(served ? 'servedToastTitle' : 'unservedToastTitle', place(row)),
      description: t(served ? 'servedToastBody' : 'unservedToastBody', place(row)),
    });
  };

  return (
    <div className="space-y-6">
      <section aria-labelledby={`${id}-title`} className="space-y-3">
        <h2 id={`${id}-title`} className="text-xl font-semibold">{t('title')}</h2>
        <p className="max-w-3xl text-sm text-gray-600">{t('intro')}</p>
        {error ? <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800">{error}</p> : null}
        {/* A list, not a table: on a phone each row wraps instead of scrolling the page sideways. */}
        <ul className="divide-y divide-gray-100 rounded-lg border border-gray-200 bg-white" aria-labelledby={`${id}-title`}>
          {settings.prefixes.map((row) => (
            <li key={row.prefix} data-testid={`served-prefix-${row.prefix}`} className={cn('flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-3 py-2 text-sm', row.insideFsa && 'sm:pl-8')}>
              <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
                <span className="whitespace-nowrap font-mono">{row.label}</span>
                <span className="min-w-0">
                  <span className="font-medium">{row.area}</span>
                  {row.insideFsa ? <span className="block text-xs text-gray-600">{t('insideFsa', { fsa: row.insideFsa })}</span> : null}
                </span>
                <Badge variant={row.served ? 'default' : 'secondary'}>{row.served ? t('served') : t('notServed')}</Badge>
              </div>
              <RecordActionButton
                label={row.served ? t('markNotServed') : t('markServed')}
                recordName={`${row.area} ${row.label}`}
                primary={!row.served}
                disabled={!hydrated || busy}
                onClick={() => setAsking(row)}
              />
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby={`${id}-history`} className="space-y-2">
        <h2 id={`${id}-history`} className="text-xl font-semibold">{t('historyTitle')}</h2>
        {settings.changes.length === 0 ? (
          <p className="text-sm text-gray-700">{t('historyEmpty')}</p>
        ) : (
          <ol className="divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white">
            {settings.changes.map((change) => {
              const date = formatShortDateTime(change.changedAt, locale) ?? '';
              const what = t(change.served ? 'historyServed' : 'historyNotServed', place(change));
              return (
                <li key={change.id} className="px-4 py-2 text-sm">
                  {change.changedBy ? t('historyBy', { date, name: change.changedBy, what }) : t('historyByFormer', { date, what })}
                </li>
              );
            })}
          </ol>
        )}
      </section>

      <ConfirmDialog
        open={asking !== null}
        onClose={() => setAsking(null)}
        title={asking ? t(asking.served ? 'confirmNotServedTitle' : 'confirmServedTitle', place(asking)) : ''}
        cancelLabel={t('cancel')}
        confirmLabel={asking ? t(asking.served ? 'confirmNotServed' : 'confirmServed', place(asking)) : ''}
        onConfirm={() => { if (asking) void switchRow(asking); }}
      >
        {asking ? (
          <>
            <p>{t(asking.served ? 'confirmNotServedBody' : 'confirmServedBody', place(asking))}</p>
            {asking.served ? <p>{t('confirmBookingsStand')}</p> : null}
          </>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}

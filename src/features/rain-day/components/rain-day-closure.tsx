'use client';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/record-dialogs';
import { toast } from '@/components/ui/use-toast';
import type { DayClosure } from '@/features/scheduling/day-closure';
import { callStaffApi } from '@/features/staff-dashboard/components/staff-api';
import { formatLongDate, formatShortDateTime } from '@/lib/format';

/**
 * A Friday closed to bookings on the route manager (0071): since when and by whom, where a rain day
 * sent its visits, and "Reopen this Friday" (the route manager is for admins only) for a wrong date
 * or a forecast that changed, after a confirmation. A Friday already past is shown closed, with
 * nothing to reopen. A refused reopening (reopened by a colleague meanwhile) says why here.
 */
export function RainDayClosure({ date, closure, isPast, onReopened }: {
  date: string;
  closure: DayClosure;
  isPast: boolean;
  onReopened: () => void;
}) {
  const t = useTranslations('rainDay');
  const locale = useLocale();
  const format = useFormatter();
  const headingId = useId();
  const [confirming, setConfirming] = useState(false);
  const [reopening, setReopening] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const longDate = formatLongDate(date, locale);
  const when = formatShortDateTime(closure.closedAt, locale);

  const reopen = async () => {
    setConfirming(false);
    setReopening(true);
    setRefusal(null);
    const { ok, body } = await callStaffApi<{ date: string }>('/api/admin/rain-day/reopen', { method: 'POST', body: { date } });
    setReopening(false);
    if (!ok) {
      setRefusal(body?.message ?? t('closed.failed'));
      return;
    }
    toast({ title: t('closed.reopenedTitle'), description: t('closed.reopenedBody', { date: longDate }) });
    onReopened();
  };

  return (
    <section aria-labelledby={headingId} className="space-y-2 rounded-lg border border-sky-300 bg-sky-50 p-4 text-sky-950" data-testid="day-closure">
      <h2 id={headingId} className="font-semibold">{t(closure.reason === 'rain' ? 'closed.title' : 'closed.titleOther')}</h2>
      {when ? <p className="text-sm">{closure.closedBy ? t('closed.since', { when, name: closure.closedBy }) : t('closed.sinceNoName', { when })}</p> : null}
      {closure.movedTo.length > 0 ? (
        <p className="text-sm">{t('closed.movedTo', { dates: format.list(closure.movedTo.map((d) => formatLongDate(d, locale)), { type: 'conjunction' }) })}</p>
      ) : null}
      <p className="text-sm">{t('closed.effect')}</p>
      {refusal ? <p role="alert" className="text-sm font-medium text-red-700">{refusal}</p> : null}
      {isPast ? null : (
        <Button type="button" variant="outline" onClick={() => setConfirming(true)} disabled={reopening}>
          {reopening ? t('closed.reopening') : t('closed.reopen')}
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('closed.confirmTitle', { date: longDate })}
        cancelLabel={t('closed.cancel')}
        confirmLabel={t('closed.reopen')}
        onConfirm={() => void reopen()}
      >
        <p>{t('closed.confirmBody')}</p>
      </ConfirmDialog>
    </section>
  );
}

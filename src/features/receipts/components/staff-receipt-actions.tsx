'use client';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { localePath } from '@/components/site/locale-paths';
import { Button, buttonVariants } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { callStaffApi, readRefusal } from '@/features/staff-dashboard/components/staff-api';

/**
 * A received payment's receipt in the dashboard's Payments tab (docs/decisions/0040): open the
 * office's view of it, or email the customer a copy again through the outbox. `who` names the row
 * for screen readers (customer and amount), after the visible label.
 */
export function StaffReceiptActions({ paymentId, who }: { paymentId: number; who: string }) {
  const t = useTranslations('receipts.staff');
  const locale = useLocale();
  const [busy, setBusy] = useState(false);

  const resend = async () => {
    setBusy(true);
    const answer = await callStaffApi<{ to?: string; number?: string }>(`/api/admin/payments/${paymentId}/receipt/resend`, { method: 'POST' });
    setBusy(false);
    if (!answer.ok || !answer.body?.to) {
      toast({ variant: 'destructive', title: t('failedTitle'), description: readRefusal(answer.body) ?? t('failed') });
      return;
    }
    toast({ title: t('resentTitle'), description: t('resentBody', { number: answer.body.number ?? '', to: answer.body.to }) });
  };

  return (
    <span className="inline-flex flex-wrap gap-1">
      <a className={buttonVariants({ variant: 'outline', size: 'sm' })} href={localePath(locale, `/admin/receipts/${paymentId}`)} target="_blank" rel="noopener" aria-label={`${t('view')}: ${who}`}>
        {t('view')}
      </a>
      <Button type="button" size="sm" variant="outline" disabled={busy} aria-label={`${t('resend')}: ${who}`} onClick={() => void resend()}>
        {t('resend')}
      </Button>
    </span>
  );
}

'use client';
import { useLocale, useTranslations } from 'next-intl';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { callStaffApi } from '@/features/staff-dashboard/components/staff-api';
import { useCountedSend } from '@/features/staff-dashboard/components/use-counted-send';
import { formatShortDateTime } from '@/lib/format';

/**
 * "Email a booking link" on the customer page (docs/decisions/0105): for a caller who would rather
 * book and pay online, the booking page with their details filled in, emailed in their language.
 * Sent at the customer's request (the hint says so), hence transactional. One press sends one email
 * (`useCountedSend`); how many were sent and the last when stand beside it.
 */
export function BookingInviteAction({ customerId, sent, lastSentAt, timeZone }: { customerId: number; sent: number; lastSentAt: string | null; timeZone: string }) {
  const t = useTranslations('staffCustomers');
  const locale = useLocale();
  const hintId = useId();
  const { press, busy } = useCountedSend(
    sent,
    (seen) => callStaffApi<{ sent: number; reason?: string }>(`/api/admin/customers/${customerId}/booking-link`, { method: 'POST', body: { sent: seen } }),
    ({ ok, body }) => toast(ok ? { title: t('bookingLinkSent') } : { variant: 'destructive', title: t('bookingLinkFailed'), description: body?.message ?? undefined }),
  );
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <Button type="button" variant="outline" size="sm" disabled={busy} aria-describedby={hintId} onClick={() => void press()}>{t('bookingLink')}</Button>
      <span id={hintId} className="max-w-xs text-xs text-gray-600">
        {t('bookingLinkHint')}
        {lastSentAt ? <span className="block" data-testid="booking-link-status">{t('bookingLinkStatus', { count: sent, date: formatShortDateTime(lastSentAt, locale, '', timeZone) ?? '' })}</span> : null}
      </span>
    </span>
  );
}

'use client';
import { useLocale, useTranslations } from 'next-intl';
import { localePath } from '@/components/site/locale-paths';
import { Button } from '@/components/ui/button';
import { formatMoney } from '@/lib/money';
import { type BookingEnd, describeBookingEnd } from '../payment-outcome';
import { PaymentResultCard } from './payment-result-card';

/**
 * The payment return pages for a payment that went through after its booking had been cancelled
 * (docs/decisions/0017) or could no longer be kept (0055): never "booked"; the refund is under way.
 * `end` chooses the words (`describeBookingEnd`, 0056).
 */
export function BookingCancelledCard({ end, refundedCents }: { end: BookingEnd; refundedCents: number }) {
  const t = useTranslations('payments.status');
  const tc = useTranslations('checkout.confirmation');
  const locale = useLocale();
  const words = describeBookingEnd(end, refundedCents);
  return (
    <PaymentResultCard tone="pending" title={t(words.title)}>
      <p role="status">{t(words.body, { amount: formatMoney(refundedCents, locale) })}</p>
      <div className="flex justify-center gap-3">
        <Button asChild><a href={localePath(locale, '/#contact')}>{tc('contactSupport')}</a></Button>
        <Button asChild variant="outline"><a href={localePath(locale, '/')}>{tc('returnHome')}</a></Button>
      </div>
    </PaymentResultCard>
  );
}

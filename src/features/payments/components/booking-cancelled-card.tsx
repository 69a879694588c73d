'use client';
import { useLocale, useTranslations } from 'next-intl';
import { localePath } from '@/components/site/locale-paths';
import { Button } from '@/components/ui/button';
import { formatMoney } from '@/lib/money';
import { PaymentResultCard } from './payment-result-card';

/**
 * The payment return pages for a payment that went through after its booking had been cancelled:
 * never "booked"; the refund is under way (docs/decisions/0017).
 */
export function BookingCancelledCard({ refundedCents }: { refundedCents: number }) {
  const t = useTranslations('payments.status');
  const tc = useTranslations('checkout.confirmation');
  const locale = useLocale();
  return (
    <PaymentResultCard tone="pending" title={t('bookingCancelledTitle')}>
      <p role="status">{refundedCents > 0 ? t('bookingCancelledRefunded', { amount: formatMoney(refundedCents, locale) }) : t('bookingCancelled')}</p>
      <div className="flex justify-center gap-3">
        <Button asChild><a href={localePath(locale, '/#contact')}>{tc('contactSupport')}</a></Button>
        <Button asChild variant="outline"><a href={localePath(locale, '/')}>{tc('returnHome')}</a></Button>
      </div>
    </PaymentResultCard>
  );
}

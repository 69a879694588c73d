'use client';
import { useLocale, useTranslations } from 'next-intl';
import { localePath } from '@/components/site/locale-paths';
import { Button } from '@/components/ui/button';
import { PaymentResultCard } from './payment-result-card';

/**
 * Coming back to the checkout of a booking that was cancelled (the booking email's "complete your
 * payment" link, say): there is nothing to pay, and no error to retry. Offers a new booking, and home.
 */
export function CancelledBookingCard() {
  const t = useTranslations('checkout');
  const locale = useLocale();
  return (
    <PaymentResultCard tone="pending" title={t('cancelledBooking.title')}>
      <p role="status">{t('cancelledBooking.body')}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button asChild><a href={localePath(locale, '/book')}>{t('cancelledBooking.bookAgain')}</a></Button>
        <Button asChild variant="outline"><a href={localePath(locale, '/')}>{t('returnHome')}</a></Button>
      </div>
    </PaymentResultCard>
  );
}

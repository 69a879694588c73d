'use client';
import { useLocale, useTranslations } from 'next-intl';
import { localePath } from '@/components/site/locale-paths';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatMoney } from '@/lib/money';
import { describeConfirmation } from '../payment-outcome';
import { BookingCancelledCard } from './booking-cancelled-card';
import { PaymentProcessingCard } from './payment-processing-card';
import { PaymentResultCard } from './payment-result-card';
import { useVerifiedPayment } from './use-verified-payment';

/**
 * /payment-confirmation: where a redirect-based payment returns. The status comes from the server;
 * while it says processing the page keeps asking; only when that call fails does
 * redirect_status=succeeded give a tentative success (SPEC §4).
 */
export function PaymentConfirmationView({ paymentIntentId, redirectStatus }: { paymentIntentId: string | null; redirectStatus: string | null }) {
  const t = useTranslations('checkout.confirmation');
  const tp = useTranslations('checkout.processing');
  const locale = useLocale();
  const { check, checkAgain } = useVerifiedPayment(paymentIntentId);

  if (check.kind === 'checking') {
    return <div className="flex min-h-[40vh] items-center justify-center"><Spinner label={t('loading')} /></div>;
  }
  const state = describeConfirmation(check, redirectStatus);
  if (state.kind === 'processing') {
    return (
      <PaymentProcessingCard
        title={t('processingTitle')}
        body={state.unverified ? tp('unverified') : undefined}
        polling={state.polling}
        onCheckAgain={checkAgain}
      />
    );
  }
  if (state.kind === 'cancelled') return <BookingCancelledCard refundedCents={state.refundedCents} />;
  if (state.kind === 'success') {
    return (
      <PaymentResultCard tone="success" title={t('successTitle')}>
        <p>{state.tentative ? t('tentative') : t('successBody')}</p>
        {state.amountCents !== null ? <p className="text-lg font-semibold">{t('amount', { amount: formatMoney(state.amountCents, locale) })}</p> : null}
        <Button asChild><a href={localePath(locale, '/')}>{t('returnHome')}</a></Button>
      </PaymentResultCard>
    );
  }
  return (
    <PaymentResultCard tone="failed" title={t('failedTitle')}>
      <p role="alert">{t(state.messageKey)}</p>
      {paymentIntentId ? <p className="text-sm text-gray-600">{t('reference')} <span className="font-mono">{paymentIntentId}</span></p> : null}
      <div className="flex justify-center gap-3">
        <Button asChild><a href={localePath(locale, '/#contact')}>{t('contactSupport')}</a></Button>
        <Button asChild variant="outline"><a href={localePath(locale, '/')}>{t('returnHome')}</a></Button>
      </div>
    </PaymentResultCard>
  );
}

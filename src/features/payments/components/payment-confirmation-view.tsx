'use client';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { localePath } from '@/components/site/locale-paths';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { withoutPrivateParams } from '@/features/analytics/analytics';
import { formatMoney } from '@/lib/money';
import { describeConfirmation } from '../payment-outcome';
import { BookingCancelledCard } from './booking-cancelled-card';
import { PaymentProcessingCard } from './payment-processing-card';
import { PaymentResultCard } from './payment-result-card';
import { RainMoveNotice } from './rain-move-notice';
import { buildReceiptPath, findCheckoutAppointment, rememberReceipt, retryCheckoutPath } from './payment-client';
import { useVerifiedPayment } from './use-verified-payment';

/**
 * /payment-confirmation: where a redirect-based payment returns. The status comes from the server;
 * while it says processing the page keeps asking; only when that call fails does
 * redirect_status=succeeded give a tentative success (SPEC §4).
 */
export function PaymentConfirmationView({ paymentIntentId, redirectStatus }: { paymentIntentId: string | null; redirectStatus: string | null }) {
  const t = useTranslations('checkout.confirmation');
  const tp = useTranslations('checkout.processing');
  const ts = useTranslations('checkout.success');
  const locale = useLocale();
  const { check, checkAgain } = useVerifiedPayment(paymentIntentId);
  const paid = check.kind === 'done' && check.outcome === 'succeeded' ? check.status : null;

  // Stripe's return adds the payment's client secret to the address. The server checks the payment
  // by its id, so the secret leaves the address (and the history, and any pixel) at once (0026).
  useEffect(() => {
    const clean = withoutPrivateParams(window.location.href);
    if (clean) window.history.replaceState(window.history.state, '', clean);
  }, []);

  // Verified paid after the bank's authentication: the booking's checkout, if the customer goes back
  // to it, links to this payment's receipt, as after a payment that never left the checkout.
  useEffect(() => {
    if (!paid || !paymentIntentId) return;
    const appointmentId = findCheckoutAppointment(paymentIntentId) ?? paid.appointmentId;
    if (appointmentId) rememberReceipt(appointmentId, buildReceiptPath(locale, { paymentIntentId, amountCents: paid.amount, serviceType: paid.serviceType, appointmentId }));
  }, [paid, paymentIntentId, locale]);

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
  if (state.kind === 'cancelled') return <BookingCancelledCard end={state.end} refundedCents={state.refundedCents} />;
  if (state.kind === 'success') {
    return (
      <PaymentResultCard tone="success" title={t('successTitle')}>
        <p>{state.tentative ? t('tentative') : t('successBody')}</p>
        {state.amountCents !== null ? <p className="text-lg font-semibold">{t('amount', { amount: formatMoney(state.amountCents, locale) })}</p> : null}
        <RainMoveNotice moves={paid?.movedForRain ?? []} when="after" />
        <div className="flex flex-wrap justify-center gap-3">
          {/* Verified paid: the same receipt page (what's next, order details) as a payment that never left the checkout. */}
          {paid && paymentIntentId ? (
            <Button asChild><a href={buildReceiptPath(locale, { paymentIntentId, amountCents: paid.amount, serviceType: paid.serviceType })}>{ts('viewOrder')}</a></Button>
          ) : null}
          <Button asChild variant={paid ? 'outline' : 'default'}><a href={localePath(locale, '/')}>{t('returnHome')}</a></Button>
        </div>
      </PaymentResultCard>
    );
  }
  // Declined or not authenticated: the booking's checkout takes another card (its intent is still open).
  const retryPath = check.kind === 'done' ? retryCheckoutPath(locale, check.status) : null;
  return (
    <PaymentResultCard tone="failed" title={t('failedTitle')}>
      <p role="alert">{t(state.messageKey)}</p>
      {paymentIntentId ? <p className="text-sm text-gray-600">{t('reference')} <span className="font-mono">{paymentIntentId}</span></p> : null}
      <div className="flex flex-wrap justify-center gap-3">
        {retryPath ? <Button asChild><a href={retryPath}>{t('tryAnotherCard')}</a></Button> : null}
        <Button asChild variant={retryPath ? 'outline' : 'default'}><a href={localePath(locale, '/#contact')}>{t('contactSupport')}</a></Button>
        <Button asChild variant="outline"><a href={localePath(locale, '/')}>{t('returnHome')}</a></Button>
      </div>
    </PaymentResultCard>
  );
}

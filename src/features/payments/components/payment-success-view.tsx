'use client';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { Dialog } from 'radix-ui';
import { DialogCloseButton } from '@/components/ui/dialog-close-button';
import { localePath } from '@/components/site/locale-paths';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatLongDate } from '@/lib/format';
import { formatMoney } from '@/lib/money';
import { BookingCancelledCard } from './booking-cancelled-card';
import { PaymentProcessingCard } from './payment-processing-card';
import { PaymentResultCard } from './payment-result-card';
import { RainMoveNotice } from './rain-move-notice';
import { rememberReceipt, retryCheckoutPath } from './payment-client';
import { useVerifiedPayment } from './use-verified-payment';

const MESSAGE_TYPES = new Set(['onetime', 'seasonal', 'tick-seasonal', 'tick']);

/** /payment-success: the server verifies the intent; the query string alone proves nothing. */
export function PaymentSuccessView({ paymentIntentId, showAdminLink }: { paymentIntentId: string | null; showAdminLink: boolean }) {
  const t = useTranslations('checkout.success');
  const tp = useTranslations('payments');
  const locale = useLocale();
  const tc = useTranslations('checkout.confirmation');
  const { check: state, checkAgain } = useVerifiedPayment(paymentIntentId);
  const paid = state.kind === 'done' && state.outcome === 'succeeded';

  // A verified payment: this page is the booking's confirmation, offered again if the customer
  // goes back to its checkout (the checkouts add `appointment_id` to this address).
  useEffect(() => {
    if (!paid) return;
    const appointmentId = new URLSearchParams(window.location.search).get('appointment_id');
    if (appointmentId) rememberReceipt(appointmentId, window.location.pathname + window.location.search);
  }, [paid]);

  const home = (
    <Button asChild variant="outline"><a href={localePath(locale, '/')}>{t('returnHome')}</a></Button>
  );

  if (state.kind === 'checking') {
    return <div className="flex min-h-[40vh] items-center justify-center"><Spinner label={t('verifying')} /></div>;
  }
  if (state.kind === 'done' && state.outcome === 'cancelled') {
    // Paid after staff had cancelled the booking, or once it could not be kept: it is refunded, so this page must not say "booked".
    return <BookingCancelledCard end={state.status.bookingEnd ?? 'cancelled'} refundedCents={state.status.refundedCents} />;
  }
  if (state.kind === 'done' && state.outcome === 'failed') {
    // The server knows it did not go through (e.g. the bank declined a payment that was processing):
    // the booking's checkout takes another card.
    const retryPath = retryCheckoutPath(locale, state.status);
    return (
      <PaymentResultCard tone="failed" title={tc('failedTitle')}>
        <p role="alert">{state.status.message}</p>
        <div className="flex flex-wrap justify-center gap-3">
          {retryPath ? <Button asChild><a href={retryPath}>{tc('tryAnotherCard')}</a></Button> : null}
          <Button asChild variant={retryPath ? 'outline' : 'default'}><a href={localePath(locale, '/#contact')}>{tc('contactSupport')}</a></Button>
          {home}
        </div>
      </PaymentResultCard>
    );
  }
  if (state.kind !== 'done' || state.outcome !== 'succeeded') {
    // Processing (the page keeps asking), or the status could not be read: SPEC's 'Payment Processing'.
    return (
      <PaymentProcessingCard
        title={t('processingTitle')}
        body={state.kind === 'done' ? undefined : t('processingBody')}
        polling={state.kind === 'done' && state.polling}
        onCheckAgain={state.kind === 'done' ? checkAgain : undefined}
      />
    );
  }

  const { status } = state;
  const amount = formatMoney(status.amount, locale);
  const type = status.serviceType ?? '';
  const service = tp.has(`services.${type}`) ? tp(`services.${type}`) : t('serviceFallback');
  return (
    <PaymentResultCard
      tone="success"
      title={t('title')}
      header={<p className="text-lg">{t('amountPaid', { amount, currency: status.currency })}</p>}
      contentClassName="space-y-6 text-left"
    >
      <p>{t(`messages.${MESSAGE_TYPES.has(type) ? (type === 'tick' ? 'tick-seasonal' : type) : 'other'}`)}</p>
      {/* A booking made months ahead (off-season) names its first Friday here, not only in the dialog (0095). */}
      {status.serviceDate ? (
        <p className="text-lg font-semibold">{t('firstVisit', { plan: type === 'onetime' ? 'onetime' : 'plan', date: formatLongDate(status.serviceDate, locale) })}</p>
      ) : null}
      <RainMoveNotice moves={status.movedForRain ?? []} when="after" />
      <section aria-labelledby="whats-next" className="rounded-lg bg-gray-50 p-4">
        <h2 id="whats-next" className="mb-2 font-semibold">{t('whatsNext')}</h2>
        <ol className="list-decimal space-y-1 pl-5 text-sm">
          <li>{t('next1')}</li>
          <li>{t('next2')}</li>
          <li>{t('next3')}</li>
        </ol>
      </section>
      <div className="flex flex-wrap justify-center gap-3">
        <Dialog.Root>
          <Dialog.Trigger asChild><Button>{t('viewOrder')}</Button></Dialog.Trigger>
          <Dialog.Portal>
            <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
            <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl">
              <Dialog.Title className="text-xl font-semibold">{t('dialogTitle')}</Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-gray-600">{t('dialogDescription')}</Dialog.Description>
              <dl className="mt-4 space-y-2 text-sm">
                <div className="flex justify-between gap-4"><dt className="text-gray-600">{t('service')}</dt><dd>{service}</dd></div>
                <div className="flex justify-between gap-4"><dt className="text-gray-600">{t('amount')}</dt><dd>{amount} {status.currency}</dd></div>
                <div className="flex justify-between gap-4"><dt className="text-gray-600">{t('serviceDate')}</dt><dd>{status.serviceDate ? formatLongDate(status.serviceDate, locale) : t('dateToFollow')}</dd></div>
                <div className="flex justify-between gap-4"><dt className="text-gray-600">{t('status')}</dt><dd className="font-semibold text-brand-800">{t('paid')}</dd></div>
                {status.bookingRef ? <div className="flex justify-between gap-4"><dt className="text-gray-600">{t('reference')}</dt><dd className="font-mono">{status.bookingRef}</dd></div> : null}
              </dl>
              <DialogCloseButton label={t('close')} />
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
        {home}
        {showAdminLink ? <Button asChild variant="secondary"><a href={localePath(locale, '/admin')}>{t('viewAdmin')}</a></Button> : null}
      </div>
    </PaymentResultCard>
  );
}

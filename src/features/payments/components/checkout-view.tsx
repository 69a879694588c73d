'use client';
import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useRef, useState } from 'react';
import { localePath } from '@/components/site/locale-paths';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { formatMoney } from '@/lib/money';
import type { CreatedPaymentIntent } from '../payment.types';
import { AlreadyPaidCard } from './already-paid-card';
import { CancelledBookingCard } from './cancelled-booking-card';
import { OrderSummary } from './order-summary';
import { type CheckoutInputs, type CheckoutQuery, resolveCheckoutInputs } from './checkout-inputs';
import { ApiError, buildReceiptPath, findReceipt, isAlreadyPaidError, isBookingCancelledError, postJson, readCheckoutData, rememberCheckoutIntent } from './payment-client';
import { PaymentForm } from './payment-form';
import { RainMoveNotice } from './rain-move-notice';

type State =
  | { kind: 'loading' }
  | { kind: 'error'; message: string }
  | { kind: 'price-changed'; currentTotalCents: number; message: string }
  /** Coming back to the checkout of a booking already paid: nothing is wrong, there is just nothing to pay. */
  | { kind: 'paid'; receiptPath: string | null }
  /** The checkout of a booking that was cancelled (an old email's link): nothing to pay, said plainly. */
  | { kind: 'cancelled' }
  | { kind: 'ready'; intent: CreatedPaymentIntent };

/**
 * A checkout that found its booking in session storage writes the booking into its own address
 * (`?appointmentId=&ref=`), so a reload, a new tab or a copied link pays the same booking without
 * that storage (docs/decisions/0025). Replaces the history entry; the page stays as it is.
 */
function keepBookingInAddress(found: CheckoutInputs, pathAppointmentId: string | undefined) {
  if (!found.bookingRef) return;
  const url = new URL(window.location.href);
  if (url.searchParams.get('ref') === found.bookingRef) return;
  if (found.appointmentId !== undefined && !pathAppointmentId && !url.searchParams.has('appointmentId')) url.searchParams.set('appointmentId', String(found.appointmentId));
  url.searchParams.set('ref', found.bookingRef);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

export function CheckoutView({ pathAppointmentId, query }: { pathAppointmentId?: string; query: CheckoutQuery }) {
  const t = useTranslations('checkout');
  const locale = useLocale();
  const router = useRouter();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [cardError, setCardError] = useState<string | null>(null);
  const inputs = useRef<CheckoutInputs | null>(null);
  const [resolved, setResolved] = useState<CheckoutInputs | null>(null);
  const started = useRef(false);

  const setUp = useCallback(async (override?: { confirmedAmountCents: number }) => {
    const i = inputs.current!;
    setState({ kind: 'loading' });
    try {
      const intent = await postJson<CreatedPaymentIntent>('/api/create-payment-intent', {
        appointmentId: i.appointmentId,
        bookingRef: i.bookingRef,
        customerId: i.customerId,
        quoteId: i.quoteId,
        serviceType: i.serviceType,
        propertySize: i.propertySize,
        includeTick: i.includeTick,
        includeStandingWater: i.includeStandingWater,
        ...(override ?? { quoteTotal: i.quoteTotal, confirmedAmount: i.confirmedAmount }),
        locale,
      });
      // If the bank's authentication takes the customer away, /payment-confirmation can still tie the payment to this booking.
      if (i.appointmentId !== undefined) rememberCheckoutIntent(intent.paymentIntentId, i.appointmentId);
      setState({ kind: 'ready', intent });
    } catch (error) {
      if (error instanceof ApiError && error.body?.code === 'price_changed' && typeof error.body.currentTotalCents === 'number') {
        setState({ kind: 'price-changed', currentTotalCents: error.body.currentTotalCents, message: error.message });
        return;
      }
      if (isAlreadyPaidError(error)) {
        setState({ kind: 'paid', receiptPath: findReceipt(i.appointmentId) });
        return;
      }
      if (isBookingCancelledError(error)) {
        setState({ kind: 'cancelled' });
        return;
      }
      toast({ variant: 'destructive', title: t('toasts.setupFailedTitle'), description: t('toasts.setupFailedBody') });
      setState({ kind: 'error', message: error instanceof ApiError ? error.message : t('errors.initFailed') });
    }
  }, [locale, t]);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // Session storage exists only in the browser, so the inputs are read after mounting.
    const begin = async () => {
      const found = resolveCheckoutInputs(pathAppointmentId, query, readCheckoutData());
      inputs.current = found;
      setResolved(found);
      keepBookingInAddress(found, pathAppointmentId);
      if (!found.serviceType && !found.appointmentId && !found.bookingRef) setState({ kind: 'error', message: t('errors.missingService') });
      else if (!found.appointmentId && !found.bookingRef) setState({ kind: 'error', message: t('errors.noBooking') });
      else await setUp();
    };
    void begin();
  }, [pathAppointmentId, query, setUp, t]);

  const onSucceeded = (paymentIntentId: string) => {
    if (state.kind !== 'ready') return;
    toast({ title: t('toasts.paidTitle'), description: t('toasts.paidBody') });
    router.push(buildReceiptPath(locale, {
      paymentIntentId,
      amountCents: state.intent.amount,
      serviceType: state.intent.summary?.serviceType ?? inputs.current?.serviceType,
      appointmentId: inputs.current?.appointmentId,
    }));
  };

  const onFailed = (message: string) => {
    setCardError(message);
    toast({ variant: 'destructive', title: t('toasts.paymentFailedTitle'), description: t('toasts.checkCard') });
  };

  if (state.kind === 'loading') {
    return <div className="flex min-h-[40vh] items-center justify-center"><Spinner label={t('settingUp')} /></div>;
  }
  if (state.kind === 'error') {
    return (
      <Card className="mx-auto max-w-lg">
        <CardHeader><h1 className="text-xl font-semibold leading-tight">{t('setupErrorTitle')}</h1></CardHeader>
        <CardContent className="space-y-4">
          <p role="alert" className="text-red-700">{state.message}</p>
          <Button asChild><a href={localePath(locale, '/')}>{t('returnHome')}</a></Button>
        </CardContent>
      </Card>
    );
  }
  if (state.kind === 'paid') return <AlreadyPaidCard receiptPath={state.receiptPath} />;
  if (state.kind === 'cancelled') return <CancelledBookingCard />;
  if (state.kind === 'price-changed') {
    return (
      <Card className="mx-auto max-w-lg">
        <CardHeader><h1 className="text-xl font-semibold leading-tight">{t('priceChangedTitle')}</h1></CardHeader>
        <CardContent className="space-y-4">
          <p role="alert">{state.message}</p>
          <p className="text-lg font-semibold">{t('newTotal', { amount: formatMoney(state.currentTotalCents, locale) })}</p>
          <div className="flex gap-3">
            <Button onClick={() => void setUp({ confirmedAmountCents: state.currentTotalCents })}>{t('acceptNewPrice')}</Button>
            <Button asChild variant="outline"><a href={localePath(locale, '/')}>{t('returnHome')}</a></Button>
          </div>
        </CardContent>
      </Card>
    );
  }
  const { intent } = state;
  return (
    <Card className="mx-auto max-w-lg">
      <CardHeader><h1 className="text-xl font-semibold leading-tight">{t('title')}</h1></CardHeader>
      <CardContent className="space-y-6">
        {/* The Friday booked was closed for rain before this checkout: the customer reads where the visit goes before paying (0072). */}
        <RainMoveNotice moves={intent.summary?.movedForRain ?? []} when="before" />
        <OrderSummary summary={intent.summary} serviceType={resolved?.serviceType} propertySize={resolved?.propertySize} />
        {cardError ? <p role="alert" className="text-sm text-red-700">{cardError}</p> : null}
        <PaymentForm
          provider={intent.provider}
          publishableKey={intent.publishableKey}
          clientSecret={intent.clientSecret}
          paymentIntentId={intent.paymentIntentId}
          amountCents={intent.amount}
          billing={resolved?.billing}
          returnPath="/payment-confirmation"
          onSucceeded={onSucceeded}
          onFailed={onFailed}
        />
      </CardContent>
    </Card>
  );
}

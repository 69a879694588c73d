'use client';
import { CheckCircle2, Clock, X } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { Dialog } from 'radix-ui';
import { useEffect, useState } from 'react';
import { localePath } from '@/components/site/locale-paths';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { trackEvent } from '@/features/analytics/analytics';
import { formatMoney } from '@/lib/money';
import { formatServiceDate } from './order-summary';
import { fetchPaymentStatus, type PaymentStatusResponse, trackPurchaseOnce } from './payment-client';

type State = { kind: 'verifying' } | { kind: 'done'; status: PaymentStatusResponse } | { kind: 'unverified' };

const MESSAGE_TYPES = new Set(['onetime', 'seasonal', 'tick-seasonal', 'tick']);

/** /payment-success: the server verifies the intent; the query string alone proves nothing. */
export function PaymentSuccessView({ paymentIntentId, showAdminLink }: { paymentIntentId: string | null; showAdminLink: boolean }) {
  const t = useTranslations('checkout.success');
  const tp = useTranslations('payments');
  const locale = useLocale();
  const [state, setState] = useState<State>(() => (paymentIntentId ? { kind: 'verifying' } : { kind: 'unverified' }));

  useEffect(() => {
    if (!paymentIntentId) return;
    let cancelled = false;
    fetchPaymentStatus(paymentIntentId)
      .then((status) => {
        if (cancelled) return;
        setState({ kind: 'done', status });
        if (status.success) {
          // Purchase fires only after the server confirmed the payment (and only with consent + ids).
          trackPurchaseOnce(paymentIntentId, status, (id, s) => trackEvent('Purchase', { totalCents: s.amount, contentName: s.serviceType ?? undefined, transactionId: id }));
        }
      })
      .catch(() => { if (!cancelled) setState({ kind: 'unverified' }); });
    return () => { cancelled = true; };
  }, [paymentIntentId]);

  const home = (
    <Button asChild variant="outline"><a href={localePath(locale, '/')}>{t('returnHome')}</a></Button>
  );

  if (state.kind === 'verifying') {
    return <div className="flex min-h-[40vh] items-center justify-center"><Spinner label={t('verifying')} /></div>;
  }
  if (state.kind === 'unverified' || !state.status.success) {
    return (
      <Card className="mx-auto max-w-lg text-center">
        <CardHeader className="items-center">
          <Clock aria-hidden className="h-12 w-12 text-amber-600" />
          <h1 className="text-xl font-semibold">{t('processingTitle')}</h1>
        </CardHeader>
        <CardContent className="space-y-4">
          <p>{state.kind === 'done' ? state.status.message : t('processingBody')}</p>
          {home}
        </CardContent>
      </Card>
    );
  }

  const { status } = state;
  const amount = formatMoney(status.amount, locale);
  const type = status.serviceType ?? '';
  const service = tp.has(`services.${type}`) ? tp(`services.${type}`) : t('serviceFallback');
  return (
    <Card className="mx-auto max-w-lg text-center">
      <CardHeader className="items-center">
        <CheckCircle2 aria-hidden className="h-12 w-12 text-brand-700" />
        <h1 className="text-2xl font-bold">{t('title')}</h1>
        <p className="text-lg">{t('amountPaid', { amount, currency: status.currency })}</p>
      </CardHeader>
      <CardContent className="space-y-6 text-left">
        <p>{t(`messages.${MESSAGE_TYPES.has(type) ? (type === 'tick' ? 'tick-seasonal' : type) : 'other'}`)}</p>
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
                  <div className="flex justify-between gap-4"><dt className="text-gray-600">{t('serviceDate')}</dt><dd>{status.serviceDate ? formatServiceDate(status.serviceDate, locale) : t('dateToFollow')}</dd></div>
                  <div className="flex justify-between gap-4"><dt className="text-gray-600">{t('status')}</dt><dd className="font-semibold text-brand-800">{t('paid')}</dd></div>
                  {status.bookingRef ? <div className="flex justify-between gap-4"><dt className="text-gray-600">{t('reference')}</dt><dd className="font-mono">{status.bookingRef}</dd></div> : null}
                </dl>
                <Dialog.Close aria-label={t('close')} className="absolute right-3 top-3 rounded-md p-1 text-gray-600 hover:bg-gray-100">
                  <X aria-hidden className="h-5 w-5" />
                </Dialog.Close>
              </Dialog.Content>
            </Dialog.Portal>
          </Dialog.Root>
          {home}
          {showAdminLink ? <Button asChild variant="secondary"><a href={localePath(locale, '/admin')}>{t('viewAdmin')}</a></Button> : null}
        </div>
      </CardContent>
    </Card>
  );
}

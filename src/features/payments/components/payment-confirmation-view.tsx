'use client';
import { CheckCircle2, XCircle } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { localePath } from '@/components/site/locale-paths';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { trackEvent } from '@/features/analytics/analytics';
import { formatMoney } from '@/lib/money';
import { fetchPaymentStatus, trackPurchaseOnce } from './payment-client';

type State =
  | { kind: 'loading' }
  | { kind: 'success'; amountCents: number | null; tentative: boolean }
  | { kind: 'failed'; message: string };

/**
 * /payment-confirmation: where a redirect-based payment returns. The status comes from the server;
 * only when that call fails does redirect_status=succeeded give a tentative success (SPEC §4).
 */
export function PaymentConfirmationView({ paymentIntentId, redirectStatus }: { paymentIntentId: string | null; redirectStatus: string | null }) {
  const t = useTranslations('checkout.confirmation');
  const locale = useLocale();
  const [state, setState] = useState<State>(() => (paymentIntentId ? { kind: 'loading' } : { kind: 'failed', message: t('noPayment') }));

  useEffect(() => {
    if (!paymentIntentId) return;
    let cancelled = false;
    fetchPaymentStatus(paymentIntentId)
      .then((status) => {
        if (cancelled) return;
        if (status.success) {
          setState({ kind: 'success', amountCents: status.amount, tentative: false });
          // Purchase fires only after the server confirmed the payment (and only with consent + ids).
          trackPurchaseOnce(paymentIntentId, status, (id, s) => trackEvent('Purchase', { totalCents: s.amount, contentName: s.serviceType ?? undefined, transactionId: id }));
        } else {
          setState({ kind: 'failed', message: t('issue') });
        }
      })
      .catch(() => {
        if (cancelled) return;
        setState(redirectStatus === 'succeeded' ? { kind: 'success', amountCents: null, tentative: true } : { kind: 'failed', message: t('couldNotVerify') });
      });
    return () => { cancelled = true; };
  }, [paymentIntentId, redirectStatus, t]);

  if (state.kind === 'loading') {
    return <div className="flex min-h-[40vh] items-center justify-center"><Spinner label={t('loading')} /></div>;
  }
  if (state.kind === 'success') {
    return (
      <Card className="mx-auto max-w-lg text-center">
        <CardHeader className="items-center">
          <CheckCircle2 aria-hidden className="h-12 w-12 text-brand-700" />
          <h1 className="text-2xl font-bold">{t('successTitle')}</h1>
        </CardHeader>
        <CardContent className="space-y-4">
          <p>{state.tentative ? t('tentative') : t('successBody')}</p>
          {state.amountCents !== null ? <p className="text-lg font-semibold">{t('amount', { amount: formatMoney(state.amountCents, locale) })}</p> : null}
          <Button asChild><a href={localePath(locale, '/')}>{t('returnHome')}</a></Button>
        </CardContent>
      </Card>
    );
  }
  return (
    <Card className="mx-auto max-w-lg text-center">
      <CardHeader className="items-center">
        <XCircle aria-hidden className="h-12 w-12 text-red-700" />
        <h1 className="text-2xl font-bold">{t('failedTitle')}</h1>
      </CardHeader>
      <CardContent className="space-y-4">
        <p role="alert">{state.message}</p>
        {paymentIntentId ? <p className="text-sm text-gray-600">{t('reference')} <span className="font-mono">{paymentIntentId}</span></p> : null}
        <div className="flex justify-center gap-3">
          <Button asChild><a href={localePath(locale, '/#contact')}>{t('contactSupport')}</a></Button>
          <Button asChild variant="outline"><a href={localePath(locale, '/')}>{t('returnHome')}</a></Button>
        </div>
      </CardContent>
    </Card>
  );
}

'use client';
import { ShieldCheck } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { localePath } from '@/components/site/locale-paths';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatMoney } from '@/lib/money';
import { ApiError, buildCheckoutPath, postJson } from './payment-client';

type Props = {
  payment: { paymentIntentId: string; amount: number; status: string; appointmentId?: number | null; bookingRef?: string | null } | null;
  clientSecret: string;
};

/**
 * Complete or Fail the test gateway's authentication, then return like a bank would. Reached again
 * once the step is over (the Back button from the confirmation page), it says so instead of asking
 * again: paid, or no longer waiting (the checkout takes another card).
 */
export function TestAuthenticateView({ payment, clientSecret }: Props) {
  const t = useTranslations('payments.authenticate');
  const locale = useLocale();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (!payment) {
    return (
      <Card className="mx-auto max-w-md">
        <CardHeader><CardTitle>{t('title')}</CardTitle></CardHeader>
        <CardContent><p role="alert" className="text-red-700">{t('notFound')}</p></CardContent>
      </Card>
    );
  }

  if (payment.status !== 'requires_action') {
    const paid = payment.status === 'succeeded';
    const result = new URLSearchParams({ payment_intent: payment.paymentIntentId, redirect_status: 'succeeded' });
    const checkoutPath = buildCheckoutPath(locale, { appointmentId: payment.appointmentId, bookingRef: payment.bookingRef });
    const next = paid
      ? { href: `${localePath(locale, '/payment-confirmation')}?${result.toString()}`, label: t('viewResult') }
      : checkoutPath
        ? { href: checkoutPath, label: t('backToCheckout') }
        : { href: localePath(locale, '/'), label: t('returnHome') };
    return (
      <Card className="mx-auto max-w-md">
        <CardHeader>
          <ShieldCheck aria-hidden className="h-10 w-10 text-brand-700" />
          <CardTitle>{paid ? t('doneTitle') : t('endedTitle')}</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          <p role="status">{paid ? t('doneBody') : t('endedBody')}</p>
          <Button asChild><a href={next.href}>{next.label}</a></Button>
        </CardContent>
      </Card>
    );
  }

  const finish = async (outcome: 'complete' | 'fail') => {
    setBusy(true);
    setError(null);
    try {
      const result = await postJson<{ redirectStatus: string; paymentIntentId: string }>('/api/test-gateway/authenticate', {
        paymentIntentId: payment.paymentIntentId,
        clientSecret,
        outcome,
      });
      const params = new URLSearchParams({ payment_intent: result.paymentIntentId, redirect_status: result.redirectStatus });
      // A full page load, as a bank's return is: Back then reloads this page with the payment's state
      // as it is now (a client-side push would bring back the cached "confirm" step).
      window.location.assign(localePath(locale, `/payment-confirmation?${params.toString()}`));
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t('failed'));
      setBusy(false);
    }
  };

  return (
    <Card className="mx-auto max-w-md">
      <CardHeader>
        <ShieldCheck aria-hidden className="h-10 w-10 text-brand-700" />
        <CardTitle>{t('title')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <p>{t('body', { amount: formatMoney(payment.amount, locale) })}</p>
        <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">{t('testNote')}</p>
        {error ? <p role="alert" className="text-sm text-red-700">{error}</p> : null}
        <div className="flex gap-3">
          <Button onClick={() => void finish('complete')} disabled={busy}>{t('complete')}</Button>
          <Button variant="outline" onClick={() => void finish('fail')} disabled={busy}>{t('fail')}</Button>
        </div>
      </CardContent>
    </Card>
  );
}

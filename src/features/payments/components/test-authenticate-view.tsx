'use client';
import { ShieldCheck } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { localePath } from '@/components/site/locale-paths';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatMoney } from '@/lib/money';
import { ApiError, postJson } from './payment-client';

type Props = { payment: { paymentIntentId: string; amount: number; status: string } | null; clientSecret: string };

/** Complete or Fail the test gateway's authentication, then return like a bank would. */
export function TestAuthenticateView({ payment, clientSecret }: Props) {
  const t = useTranslations('payments.authenticate');
  const locale = useLocale();
  const router = useRouter();
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
      router.push(`${localePath(locale, '/payment-confirmation')}?${params.toString()}`);
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

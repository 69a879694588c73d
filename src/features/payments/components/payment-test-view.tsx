'use client';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { cn } from '@/lib/cn';
import { formatMoney } from '@/lib/money';
import type { CreatedPaymentIntent } from '../payment.types';
import { ApiError, postJson } from './payment-client';
import { PaymentForm } from './payment-form';
import { TestCardHints } from './test-card-form';

type Plan = 'onetime' | 'seasonal';
/** SPEC §9 "Payment test amounts" (display copy, in dollars): one-time 129, seasonal intent 395. */
const PLAN_AMOUNTS: Record<Plan, number> = { onetime: 129, seasonal: 395 };
/** SPEC: on a duplicate customer the test page silently falls back to customer 3. */
const FALLBACK_CUSTOMER_ID = 3;

/** SPEC "Payment test page": a test customer, a plan, an intent, a card form. Staff or test mode only. */
export function PaymentTestView() {
  const t = useTranslations('checkout.test');
  const locale = useLocale();
  const [plan, setPlan] = useState<Plan>('onetime');
  const [customerId, setCustomerId] = useState<number | null>(null);
  const [intent, setIntent] = useState<CreatedPaymentIntent | null>(null);
  const [formKey, setFormKey] = useState(0);

  useEffect(() => {
    let cancelled = false;
    postJson<{ id: number }>('/api/customers', {
      firstName: 'Test', lastName: 'Customer', email: 'payment-test@escarpmentmosquito.ca', phone: '905-555-0134',
      address: '1 Hunter St E', city: 'Hamilton', postalCode: 'L8N 3W1', locale,
    })
      .then(({ id }) => { if (!cancelled) { setCustomerId(id); toast({ title: t('customerCreated') }); } })
      .catch((error: unknown) => {
        if (cancelled) return;
        const message = error instanceof Error ? error.message : '';
        if (/duplicate|already exists/i.test(message)) setCustomerId(FALLBACK_CUSTOMER_ID);
        else toast({ variant: 'destructive', title: t('customerErrorTitle'), description: message || t('customerFailed') });
      });
    return () => { cancelled = true; };
  }, [locale, t]);

  useEffect(() => {
    if (customerId === null || intent) return;
    let cancelled = false;
    postJson<CreatedPaymentIntent>('/api/create-payment-intent', { amount: PLAN_AMOUNTS[plan], customerId, serviceType: plan, purpose: 'payment-test' })
      .then((created) => { if (!cancelled) setIntent(created); })
      .catch((error: unknown) => {
        if (!cancelled) toast({ variant: 'destructive', title: t('errorTitle'), description: error instanceof ApiError ? error.message : t('intentFailed') });
      });
    return () => { cancelled = true; };
  }, [customerId, plan, intent, t]);

  const choose = (next: Plan) => {
    if (next === plan) return;
    setPlan(next);
    setIntent(null); // a new plan needs a new intent
  };

  const planCard = (id: Plan, title: string, price: string, features: string[]) => (
    <button
      type="button"
      aria-pressed={plan === id}
      onClick={() => choose(id)}
      className={cn('relative rounded-xl border p-4 text-left transition-colors', plan === id ? 'border-brand-700 ring-2 ring-brand-700' : 'border-gray-200 hover:border-gray-400')}
    >
      {id === 'seasonal' && plan === 'seasonal' ? <span className="absolute right-3 top-3 rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">{t('mostPopular')}</span> : null}
      <span className="block text-lg font-semibold">{title}</span>
      <span className="block text-2xl font-bold">{price}</span>
      <ul className="mt-2 list-disc pl-5 text-sm text-gray-700">{features.map((f) => <li key={f}>{f}</li>)}</ul>
    </button>
  );

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-3xl font-bold">{t('title')}</h1>
      <div className="grid gap-4 md:grid-cols-2">
        {planCard('onetime', t('onetimeTitle'), t('onetimePrice'), [t('onetime1'), t('onetime2'), t('onetime3')])}
        {planCard('seasonal', t('seasonalTitle'), t('seasonalPrice'), [t('seasonal1'), t('seasonal2'), t('seasonal3'), t('seasonal4'), t('seasonal5')])}
      </div>
      <Card>
        <CardHeader><CardTitle>{t('paymentTitle')}</CardTitle></CardHeader>
        <CardContent>
          {!intent ? (
            <Spinner label={t('preparing')} />
          ) : (
            <PaymentForm
              key={`${intent.paymentIntentId}-${formKey}`}
              provider={intent.provider}
              publishableKey={intent.publishableKey}
              clientSecret={intent.clientSecret}
              paymentIntentId={intent.paymentIntentId}
              amountCents={intent.amount}
              returnPath="/payment-confirmation"
              onSucceeded={() => {
                toast({ title: t('successTitle'), description: t('successBody', { amount: formatMoney(intent.amount, locale) }) });
                setIntent(null);
              }}
              onFailed={(message) => toast({ variant: 'destructive', title: t('failedTitle'), description: message || t('failedBody') })}
              onCancel={() => {
                toast({ title: t('cancelledTitle'), description: t('cancelledBody') });
                setFormKey((k) => k + 1);
              }}
            />
          )}
        </CardContent>
      </Card>
      <footer><TestCardHints /></footer>
    </div>
  );
}

'use client';
import { Clock } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { cn } from '@/lib/cn';
import { formatMoney } from '@/lib/money';
import type { CreatedPaymentIntent } from '../payment.types';
import { ApiError, postJson } from './payment-client';
import { PaymentForm } from './payment-form';
import { TestCardHints } from './test-card-form';
import { type StatusWatchDeps, watchPaymentStatus } from './watch-payment-status';

type Plan = 'onetime' | 'seasonal';
/** SPEC §9 "Payment test amounts" (display copy, in dollars): one-time 129, seasonal intent 395. */
const PLAN_AMOUNTS: Record<Plan, number> = { onetime: 129, seasonal: 395 };
/** SPEC: on a duplicate customer the test page silently falls back to customer 3. */
const FALLBACK_CUSTOMER_ID = 3;

/** What the server says about a test payment the card form has sent (GET /api/payment-status/{id}). */
export type TestPaymentCheck =
  | { kind: 'checking' }
  /** `polling`: the page asks again by itself; otherwise it waits for "Check again". */
  | { kind: 'processing'; polling: boolean }
  | { kind: 'succeeded'; amountCents: number }
  | { kind: 'failed'; message: string }
  /** The status call itself failed and the payment was never seen processing. */
  | { kind: 'unreadable' };

/**
 * Asks the server about a test payment until it is paid or failed, as the customer pages do
 * (watchPaymentStatus), but without their Purchase analytics event: a staff test payment is no
 * sale. Returns a stop function.
 */
export function watchTestPayment(paymentIntentId: string, onChange: (check: TestPaymentCheck) => void, deps?: StatusWatchDeps): () => void {
  let seenProcessing = false;
  return watchPaymentStatus(paymentIntentId, (event) => {
    if (event.kind === 'unreadable' || event.kind === 'unknown') {
      // Known to be processing: it still is as far as anyone knows; just stop asking.
      onChange(seenProcessing ? { kind: 'processing', polling: false } : { kind: 'unreadable' });
      return;
    }
    if (event.outcome === 'succeeded') return onChange({ kind: 'succeeded', amountCents: event.status.amount });
    if (event.outcome === 'failed' || event.outcome === 'cancelled') return onChange({ kind: 'failed', message: event.status.message });
    seenProcessing = true;
    onChange({ kind: 'processing', polling: event.polling });
  }, deps);
}

/** The payment card's body while the server is asked about a sent payment. */
export function TestPaymentStatus({ check, amount, onCheckAgain, onStartOver }: {
  check: Extract<TestPaymentCheck, { kind: 'checking' | 'processing' | 'unreadable' }>;
  /** The intent's amount, formatted. */
  amount: string;
  onCheckAgain: () => void;
  onStartOver: () => void;
}) {
  const t = useTranslations('checkout.test');
  const tp = useTranslations('checkout.processing');
  if (check.kind === 'checking') return <Spinner label={t('checking')} />;
  const polling = check.kind === 'processing' && check.polling;
  return (
    <div aria-live="polite" className="space-y-3 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
      {check.kind === 'processing' ? (
        <>
          <p className="flex items-center gap-2 text-base font-semibold"><Clock aria-hidden className="h-5 w-5 text-amber-600" />{t('processingTitle')}</p>
          <p>{polling ? t('processingBody', { amount }) : t('processingSlow', { amount })}</p>
        </>
      ) : (
        <p role="alert">{t('statusUnreadable')}</p>
      )}
      {polling ? <Spinner className="text-gray-700" label={tp('checking')} /> : null}
      <div className="flex flex-wrap gap-3">
        {!polling ? <Button type="button" onClick={onCheckAgain}>{tp('checkAgain')}</Button> : null}
        <Button type="button" variant="outline" onClick={onStartOver}>{t('startOver')}</Button>
      </div>
    </div>
  );
}

/** SPEC "Payment test page": a test customer, a plan, an intent, a card form. Staff or test mode only. */
export function PaymentTestView() {
  const t = useTranslations('checkout.test');
  const locale = useLocale();
  const [plan, setPlan] = useState<Plan>('onetime');
  const [customerId, setCustomerId] = useState<number | null>(null);
  const [intent, setIntent] = useState<CreatedPaymentIntent | null>(null);
  const [formKey, setFormKey] = useState(0);
  // A payment the form has sent: the server is asked until it is paid or failed (round: Check again).
  const [sent, setSent] = useState<{ paymentIntentId: string; round: number } | null>(null);
  const [check, setCheck] = useState<TestPaymentCheck>({ kind: 'checking' });

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

  useEffect(() => {
    if (!sent) return;
    return watchTestPayment(sent.paymentIntentId, (next) => {
      if (next.kind === 'succeeded' || next.kind === 'failed') {
        if (next.kind === 'succeeded') toast({ title: t('successTitle'), description: t('successBody', { amount: formatMoney(next.amountCents, locale) }) });
        else toast({ variant: 'destructive', title: t('failedTitle'), description: next.message || t('failedBody') });
        setSent(null);
        setIntent(null); // the next test gets a new intent
        return;
      }
      setCheck(next);
    });
  }, [sent, locale, t]);

  const choose = (next: Plan) => {
    if (next === plan) return;
    setPlan(next);
    setSent(null); // stop asking about an earlier payment
    setIntent(null); // a new plan needs a new intent
  };

  const startOver = () => {
    setSent(null);
    setIntent(null);
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
          {sent && intent && check.kind !== 'succeeded' && check.kind !== 'failed' ? (
            <TestPaymentStatus
              check={check}
              amount={formatMoney(intent.amount, locale)}
              onCheckAgain={() => { setCheck({ kind: 'checking' }); setSent((s) => (s ? { ...s, round: s.round + 1 } : s)); }}
              onStartOver={startOver}
            />
          ) : !intent ? (
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
              // The page's footer lists the test cards once, for either gateway's form.
              showTestCardHints={false}
              // Sent is not paid: a card can still be processing (7775), so the server decides.
              onSucceeded={(paymentIntentId) => {
                setCheck({ kind: 'checking' });
                setSent({ paymentIntentId, round: 0 });
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

'use client';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
// The pure entry loads Stripe.js only when called, so test-gateway pages never reach js.stripe.com.
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useLocale, useTranslations } from 'next-intl';
import { type FormEvent, useMemo, useState } from 'react';
import { localePath } from '@/components/site/locale-paths';
import { Button } from '@/components/ui/button';
import { formatMoney } from '@/lib/money';
import type { CardFormProps } from './test-card-form';

export interface Billing { name?: string; email?: string; phone?: string; postalCode?: string }

const stripePromises = new Map<string, Promise<Stripe | null>>();

/** Stripe's Payment Element, loaded with the publishable key the server handed out. */
export function StripePaymentForm(props: CardFormProps & { publishableKey: string; billing?: Billing; returnPath: string }) {
  const locale = useLocale();
  const stripePromise = useMemo(() => {
    let promise = stripePromises.get(props.publishableKey);
    if (!promise) {
      promise = loadStripe(props.publishableKey);
      stripePromises.set(props.publishableKey, promise);
    }
    return promise;
  }, [props.publishableKey]);
  return (
    <Elements stripe={stripePromise} options={{ clientSecret: props.clientSecret, locale: locale as 'en' | 'fr' | 'es' | 'de' }}>
      <StripeForm {...props} />
    </Elements>
  );
}

function StripeForm({ amountCents, onSucceeded, onFailed, onCancel, billing, returnPath }: CardFormProps & { billing?: Billing; returnPath: string }) {
  const t = useTranslations('payments.form');
  const locale = useLocale();
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) {
      onFailed(t('notReady'));
      return;
    }
    setBusy(true);
    const { error, paymentIntent } = await stripe.confirmPayment({
      elements,
      redirect: 'if_required',
      confirmParams: {
        return_url: `${window.location.origin}${localePath(locale, returnPath)}`,
        payment_method_data: {
          billing_details: {
            name: billing?.name || undefined,
            email: billing?.email || undefined,
            phone: billing?.phone || undefined,
            // The postal code field is hidden, so Stripe needs it here.
            address: { country: 'CA', postal_code: billing?.postalCode ?? '' },
          },
        },
      },
    });
    setBusy(false);
    if (error) onFailed(error.message ?? t('failed'));
    else if (paymentIntent?.status === 'succeeded' || paymentIntent?.status === 'processing') onSucceeded(paymentIntent.id);
    else onFailed(t('unclear'));
  };

  return (
    <form method="post" onSubmit={submit} className="space-y-4">
      <PaymentElement options={{ fields: { billingDetails: { address: { postalCode: 'never', country: 'never' } } } }} />
      <div className="flex gap-3">
        {onCancel ? <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>{t('cancel')}</Button> : null}
        <Button type="submit" className="flex-1" disabled={busy || !stripe}>
          {busy ? t('processing') : t('pay', { amount: formatMoney(amountCents, locale) })}
        </Button>
      </div>
    </form>
  );
}

'use client';
import dynamic from 'next/dynamic';
import type { Billing } from './stripe-payment-form';
import { type CardFormProps, TestCardForm } from './test-card-form';

// Loaded only when Stripe is configured: offline (test gateway) pages never fetch Stripe's code.
const StripePaymentForm = dynamic(() => import('./stripe-payment-form').then((m) => m.StripePaymentForm), { ssr: false });

/**
 * Stripe's Payment Element when the server has Stripe keys, otherwise the built-in test card form.
 * `showTestCardHints: false` leaves the test cards out of the test form, for a page that lists them once itself.
 */
export function PaymentForm(props: CardFormProps & { provider: 'stripe' | 'test'; publishableKey?: string | null; billing?: Billing; returnPath: string; showTestCardHints?: boolean }) {
  const { provider, publishableKey, billing, returnPath, showTestCardHints, ...card } = props;
  if (provider === 'stripe' && publishableKey) {
    return <StripePaymentForm {...card} publishableKey={publishableKey} billing={billing} returnPath={returnPath} />;
  }
  return <TestCardForm {...card} showCardHints={showTestCardHints} />;
}

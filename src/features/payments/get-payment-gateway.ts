import 'server-only';
import { getEnv } from '@/env';
import { AppError } from '@/lib/errors';
import { getLogger } from '@/server/logger';
import type { PaymentGateway } from './payment-gateway';
import { StripeGateway } from './stripe-gateway';
import { TestGateway } from './test-gateway';

let cached: { key: string; gateway: PaymentGateway } | undefined;

/** Stripe when STRIPE_SECRET_KEY is set, otherwise the built-in test gateway. */
export function getPaymentGateway(): PaymentGateway {
  const env = getEnv();
  const key = `${env.STRIPE_SECRET_KEY ?? ''}|${env.STRIPE_WEBHOOK_SECRET ?? ''}|${env.STRIPE_API_BASE ?? ''}`;
  if (cached?.key === key) return cached.gateway;
  const gateway: PaymentGateway = env.STRIPE_SECRET_KEY
    ? new StripeGateway({ secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET, apiBase: env.STRIPE_API_BASE })
    : new TestGateway();
  cached = { key, gateway };
  return gateway;
}

export function isTestGatewayMode(): boolean {
  return !getEnv().STRIPE_SECRET_KEY;
}

/** What the browser needs to load the right card form. */
export function getPublicGatewayConfig(): { provider: 'stripe' | 'test'; publishableKey: string | null } {
  const env = getEnv();
  return env.STRIPE_SECRET_KEY
    ? { provider: 'stripe', publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? null }
    : { provider: 'test', publishableKey: null };
}

/**
 * The built-in test gateway "succeeds" with card 4242: in production it would confirm real
 * bookings without money. Production without Stripe keys therefore takes no payments at all.
 *
 * @throws AppError 'unavailable' ('payments.errors.paymentsUnavailable') in that case, after logging why
 */
export function requireRealGatewayInProduction(): void {
  const env = getEnv();
  if (env.APP_ENV !== 'production' || env.STRIPE_SECRET_KEY) return;
  getLogger().error(
    'payments refused: APP_ENV=production without STRIPE_SECRET_KEY would use the test gateway; set the Stripe keys (STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET)',
  );
  throw new AppError('unavailable', 'payments.errors.paymentsUnavailable');
}

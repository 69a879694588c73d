import 'server-only';
import { randomBytes } from 'node:crypto';
import { getDb } from '@/db/client';
import { AppError } from '@/lib/errors';
import { normaliseIntentStatus, type CreateIntentInput, type GatewayEvent, type GatewayIntent, type PaymentGateway } from './payment-gateway';
import { findPaymentByIntentId } from './payment.repository';

const token = (bytes: number) => randomBytes(bytes).toString('base64url').replace(/[-_]/g, '').slice(0, bytes);

/**
 * The built-in gateway used when no Stripe keys are configured, so the whole site works offline.
 * Its intents live in the `payments` table (provider 'test'); card confirmation and the
 * 3-D Secure style redirect are handled by `payment.service` with the rules in `test-cards.ts`.
 * Nothing is ever charged.
 */
export class TestGateway implements PaymentGateway {
  readonly provider = 'test' as const;

  async createIntent(input: CreateIntentInput): Promise<GatewayIntent> {
    const id = `pi_test_${token(24)}`;
    return {
      id,
      clientSecret: `${id}_secret_${token(24)}`,
      status: 'requires_payment_method',
      amountCents: input.amountCents,
      currency: input.currency,
      metadata: Object.fromEntries(Object.entries(input.metadata).filter((e): e is [string, string] => typeof e[1] === 'string')),
      lastError: null,
      paymentMethod: null,
    };
  }

  async retrieveIntent(id: string): Promise<GatewayIntent> {
    const row = await findPaymentByIntentId(await getDb(), id);
    if (!row || row.provider !== 'test') throw new AppError('not_found', 'payments.errors.paymentNotFound');
    return {
      id: row.paymentIntentId,
      clientSecret: row.metadata.testGateway?.clientSecret ?? null,
      status: normaliseIntentStatus(row.status),
      amountCents: row.amount,
      currency: row.currency,
      metadata: row.bookingRef ? { bookingRef: row.bookingRef } : {},
      lastError: row.metadata.testGateway?.lastError ?? null,
      paymentMethod: row.paymentMethod,
    };
  }

  parseWebhook(): GatewayEvent {
    // The test gateway applies results directly; it never sends webhooks.
    throw new AppError('bad_request', 'payments.errors.badSignature');
  }
}

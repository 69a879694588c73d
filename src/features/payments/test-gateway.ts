import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { getDb } from '@/db/client';
import { AppError } from '@/lib/errors';
import {
  normaliseIntentStatus, type CreateIntentInput, type GatewayCancelResult, type GatewayEvent, type GatewayIntent, type GatewayRefund, type PaymentGateway, type RefundPaymentInput,
} from './payment-gateway';
import { cancelOpenTestIntent, findPaymentByIntentId } from './payment.repository';
import { TEST_CARDS } from './test-cards';

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

  /**
   * Refunds succeed, except for a payment made with the refund-failure card (4000 0000 0000 5126,
   * as in Stripe's test mode), more than was paid, or an intent that was never paid. The refund
   * id comes from the idempotency key, so a repeated call answers the same refund. The caller's
   * refunds table is the record; nothing is moved.
   */
  async refundPayment(input: RefundPaymentInput): Promise<GatewayRefund> {
    const payment = await findPaymentByIntentId(await getDb(), input.paymentIntentId);
    const failed = (failureReason: string): GatewayRefund => ({ id: null, status: 'failed', amountCents: input.amountCents, failureReason });
    if (!payment || payment.provider !== 'test' || payment.status !== 'succeeded') return failed('charge_not_found');
    if (input.amountCents <= 0 || input.amountCents > payment.amount) return failed('amount_too_large');
    if (payment.paymentMethod === `card_${TEST_CARDS.refundFails.slice(-4)}`) return failed('expired_or_canceled_card');
    const id = `re_test_${createHash('sha256').update(input.idempotencyKey).digest('hex').slice(0, 24)}`;
    return { id, status: 'succeeded', amountCents: input.amountCents, failureReason: null };
  }

  /**
   * Marks the intent 'canceled' in the payments table, so the test card form refuses it. Like
   * Stripe, an intent that is paid or processing is not cancelled (it settles, and a payment for a
   * cancelled booking is refunded by the success path).
   */
  async cancelIntent(id: string): Promise<GatewayCancelResult> {
    const status = await cancelOpenTestIntent(await getDb(), id, new Date());
    if (status === null) return { canceled: false, failureReason: 'resource_missing' };
    return status === 'canceled' ? { canceled: true, failureReason: null } : { canceled: false, failureReason: 'payment_intent_unexpected_state' };
  }

  parseWebhook(): GatewayEvent {
    // The test gateway applies results directly; it never sends webhooks.
    throw new AppError('bad_request', 'payments.errors.badSignature');
  }
}

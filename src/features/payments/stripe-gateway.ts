import 'server-only';
import Stripe from 'stripe';
import { AppError } from '@/lib/errors';
import {
  normaliseIntentStatus,
  normaliseRefundStatus,
  parseRefundOrigin,
  type CreateIntentInput,
  type GatewayCancelResult,
  type GatewayEvent,
  type GatewayIntent,
  type GatewayRefund,
  type GatewayRefundUpdate,
  type PaymentGateway,
  type RefundPaymentInput,
} from './payment-gateway';

export interface StripeGatewayConfig {
  secretKey: string;
  webhookSecret?: string;
  /** Tests point the SDK at a local HTTP stub, e.g. http://127.0.0.1:4010. */
  apiBase?: string;
}

/** Builds the SDK client; `apiBase` overrides host, port and protocol only. */
export function createStripeClient(config: StripeGatewayConfig): Stripe {
  const base = config.apiBase ? new URL(config.apiBase) : null;
  return new Stripe(config.secretKey, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'http:' ? 80 : 443),
          protocol: base.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
  });
}

function toGatewayIntent(intent: Stripe.PaymentIntent): GatewayIntent {
  const method = intent.payment_method;
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? null,
    status: normaliseIntentStatus(intent.status),
    amountCents: intent.amount,
    currency: intent.currency,
    metadata: { ...(intent.metadata ?? {}) },
    lastError: intent.last_payment_error?.message ?? null,
    paymentMethod: typeof method === 'string' ? method : method?.id ?? null,
  };
}

/**
 * A refund object from an event (refund.created / refund.updated / refund.failed; charge.refund.updated
 * carries the same object) reshaped for the rest of the app. Pure: unit-tested without the SDK.
 */
export function toGatewayRefundUpdate(refund: Pick<Stripe.Refund, 'id' | 'status' | 'amount' | 'failure_reason' | 'payment_intent' | 'metadata'>): GatewayRefundUpdate {
  const intent = refund.payment_intent;
  const status = normaliseRefundStatus(refund.status);
  return {
    id: refund.id,
    status,
    amountCents: refund.amount,
    // Stripe names the reason on failed refunds; a cancelled one (status `canceled`) has none, so say so.
    failureReason: status === 'failed' ? refund.failure_reason ?? (refund.status === 'canceled' ? 'canceled' : 'unknown') : null,
    paymentIntentId: typeof intent === 'string' ? intent : intent?.id ?? null,
    origin: parseRefundOrigin(refund.metadata),
  };
}

/** Stripe Payment Intents with automatic payment methods (the Payment Element picks the card form). */
export class StripeGateway implements PaymentGateway {
  readonly provider = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(private readonly config: StripeGatewayConfig) {
    this.stripe = createStripeClient(config);
  }

  async createIntent(input: CreateIntentInput): Promise<GatewayIntent> {
    const metadata = Object.fromEntries(
      Object.entries(input.metadata).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
    const intent = await this.stripe.paymentIntents.create(
      {
        amount: input.amountCents,
        currency: input.currency,
        automatic_payment_methods: { enabled: true },
        metadata,
        ...(input.customerEmail ? { receipt_email: input.customerEmail } : {}),
        ...(input.description ? { description: input.description } : {}),
      },
      { idempotencyKey: input.idempotencyKey },
    );
    return toGatewayIntent(intent);
  }

  async retrieveIntent(id: string): Promise<GatewayIntent> {
    return toGatewayIntent(await this.stripe.paymentIntents.retrieve(id));
  }

  async refundPayment(input: RefundPaymentInput): Promise<GatewayRefund> {
    try {
      const refund = await this.stripe.refunds.create(
        { payment_intent: input.paymentIntentId, amount: input.amountCents, reason: 'requested_by_customer', ...(input.metadata ? { metadata: input.metadata } : {}) },
        { idempotencyKey: input.idempotencyKey },
      );
      return { id: refund.id, status: normaliseRefundStatus(refund.status), amountCents: refund.amount, failureReason: refund.failure_reason ?? null };
    } catch (error) {
      // Stripe answered and refused (already refunded, amount too large, card closed): an outcome to record.
      // Anything else (network, timeout) is thrown: the refund may or may not exist, and a retry with a new attempt key is the caller's call.
      if (error instanceof Stripe.errors.StripeError && error.statusCode !== undefined && error.statusCode < 500) {
        return { id: null, status: 'failed', amountCents: input.amountCents, failureReason: error.code ?? error.message };
      }
      throw new Error(`stripe refund failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  async cancelIntent(id: string): Promise<GatewayCancelResult> {
    try {
      const intent = await this.stripe.paymentIntents.cancel(id, { cancellation_reason: 'abandoned' });
      return intent.status === 'canceled' ? { canceled: true, failureReason: null } : { canceled: false, failureReason: `status_${intent.status}` };
    } catch (error) {
      // Stripe answered and refused (already succeeded, processing: payment_intent_unexpected_state): an outcome to record.
      if (error instanceof Stripe.errors.StripeError && error.statusCode !== undefined && error.statusCode < 500) {
        return { canceled: false, failureReason: error.code ?? error.message };
      }
      throw new Error(`stripe intent cancel failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  parseWebhook(rawBody: string, signatureHeader: string | null): GatewayEvent {
    if (!this.config.webhookSecret || !signatureHeader) {
      throw new AppError('bad_request', 'payments.errors.badSignature');
    }
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signatureHeader, this.config.webhookSecret);
    } catch {
      throw new AppError('bad_request', 'payments.errors.badSignature');
    }
    const object = event.data.object as { object?: string };
    const intent = object.object === 'payment_intent' ? toGatewayIntent(object as Stripe.PaymentIntent) : null;
    const refund = object.object === 'refund' ? toGatewayRefundUpdate(object as Stripe.Refund) : null;
    return { id: event.id, type: event.type, created: event.created, intent, refund };
  }
}

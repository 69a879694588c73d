import 'server-only';
import Stripe from 'stripe';
import { AppError } from '@/lib/errors';
import {
  normaliseIntentStatus,
  type CreateIntentInput,
  type GatewayEvent,
  type GatewayIntent,
  type PaymentGateway,
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
    return { id: event.id, type: event.type, created: event.created, intent };
  }
}

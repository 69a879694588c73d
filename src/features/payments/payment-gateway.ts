/**
 * The payment-provider boundary (DECISIONS §6). Two implementations sit behind it: Stripe when keys
 * are configured, and the built-in test gateway otherwise. Provider objects are reshaped here so
 * nothing outside this folder sees a Stripe type.
 */

export type GatewayIntentStatus =
  | 'requires_payment_method'
  | 'requires_action'
  | 'processing'
  | 'succeeded'
  | 'failed'
  | 'canceled';

export type GatewayProvider = 'stripe' | 'test';

/** Booking facts attached to an intent, so a webhook or the provider's dashboard can tie it back. */
export interface IntentMetadata {
  bookingRef?: string;
  appointmentIds?: string;
  customerId?: string;
  quoteId?: string;
  purpose?: string;
}

export interface CreateIntentInput {
  amountCents: number;
  currency: 'cad';
  idempotencyKey: string;
  metadata: IntentMetadata;
  customerEmail?: string | null;
  description?: string;
}

export interface GatewayIntent {
  id: string;
  clientSecret: string | null;
  status: GatewayIntentStatus;
  amountCents: number;
  currency: string;
  metadata: Record<string, string>;
  /** The provider's message for the last failed attempt, e.g. 'Your card was declined.' */
  lastError: string | null;
  paymentMethod: string | null;
}

export interface GatewayEvent {
  id: string;
  type: string;
  /** Seconds since the epoch, as providers send it. */
  created: number;
  intent: GatewayIntent | null;
}

export interface PaymentGateway {
  readonly provider: GatewayProvider;
  createIntent(input: CreateIntentInput): Promise<GatewayIntent>;
  retrieveIntent(id: string): Promise<GatewayIntent>;
  /** Verifies the signature on the raw body; throws AppError('bad_request') when it does not match. */
  parseWebhook(rawBody: string, signatureHeader: string | null): GatewayEvent;
}

/** Maps a provider status onto ours; anything we do not act on counts as still awaiting payment. */
export function normaliseIntentStatus(status: string): GatewayIntentStatus {
  switch (status) {
    case 'succeeded':
    case 'processing':
    case 'requires_action':
    case 'canceled':
    case 'requires_payment_method':
    case 'failed':
      return status;
    case 'requires_capture':
      return 'processing';
    default:
      return 'requires_payment_method';
  }
}

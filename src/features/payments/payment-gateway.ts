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
  /** Set when the event is about a refund (Stripe's refund.created / refund.updated / refund.failed, charge.refund.updated). */
  refund: GatewayRefundUpdate | null;
}

/** Money back to the card of a succeeded intent (docs/decisions/0017). */
export interface RefundPaymentInput {
  paymentIntentId: string;
  amountCents: number;
  /** The same key for the same attempt: a repeated call returns the first call's refund. */
  idempotencyKey: string;
  metadata?: Record<string, string>;
}

/** pending: accepted, not settled yet (Stripe's pending / requires_action); failed: refused or reversed. */
export type GatewayRefundStatus = 'pending' | 'succeeded' | 'failed';

export interface GatewayRefund {
  /** The provider's refund id; null when the provider refused before creating one. */
  id: string | null;
  status: GatewayRefundStatus;
  amountCents: number;
  /** The provider's reason for a failure, e.g. 'expired_or_canceled_card'. */
  failureReason: string | null;
}

/**
 * A refund's state as the provider reports it later (webhook), for refunds that answered `pending`
 * (docs/decisions/0017, "Asynchronous refund updates").
 */
export interface GatewayRefundUpdate {
  /** The provider's refund id. */
  id: string;
  status: GatewayRefundStatus;
  amountCents: number;
  failureReason: string | null;
  paymentIntentId: string | null;
  /**
   * Our refunds row and the attempt that created this refund, read back from the metadata
   * `sendRefund` attaches; null when the refund was not made by us (or by an older version).
   */
  origin: { refundId: number; attempt: number } | null;
}

/** Reads `refundId` / `attempt` metadata back; anything malformed is no origin at all. */
export function parseRefundOrigin(metadata: Record<string, string> | null | undefined): GatewayRefundUpdate['origin'] {
  const refundId = metadata?.refundId;
  const attempt = metadata?.attempt;
  if (!refundId || attempt === undefined || !/^[1-9]\d{0,8}$/.test(refundId) || !/^\d{1,6}$/.test(attempt)) return null;
  return { refundId: Number(refundId), attempt: Number(attempt) };
}

/**
 * The answer to cancelling an intent. `canceled: false` when the provider refused (the intent
 * already succeeded or is processing), with its reason; the success path then refunds it.
 */
export interface GatewayCancelResult {
  canceled: boolean;
  failureReason: string | null;
}

export interface PaymentGateway {
  readonly provider: GatewayProvider;
  createIntent(input: CreateIntentInput): Promise<GatewayIntent>;
  retrieveIntent(id: string): Promise<GatewayIntent>;
  /**
   * Refunds part or all of a succeeded intent. A refusal by the provider is an answer
   * (`status: 'failed'`); only an unreachable provider throws.
   */
  refundPayment(input: RefundPaymentInput): Promise<GatewayRefund>;
  /**
   * Cancels an intent that has not been paid, so it can no longer be paid (docs/decisions/0017).
   * A refusal by the provider is an answer (`canceled: false`); only an unreachable provider throws.
   */
  cancelIntent(id: string): Promise<GatewayCancelResult>;
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

/** Maps a provider refund status onto ours; anything not final counts as pending. */
export function normaliseRefundStatus(status: string | null | undefined): GatewayRefundStatus {
  switch (status) {
    case 'succeeded':
      return 'succeeded';
    case 'failed':
    case 'canceled':
      return 'failed';
    default:
      return 'pending';
  }
}

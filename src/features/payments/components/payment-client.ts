/**
 * Browser-side calls and storage for the payment screens. Amounts from the server are cents; what
 * the browser sends is only compared by the server, never charged.
 */
import { localePath } from '@/components/site/locale-paths';
import { trackEvent } from '@/features/analytics/analytics';
import type { PaymentStatusView } from '../payment.types';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: Record<string, unknown> | null,
  ) {
    super(message);
  }
}

/** POSTs JSON with cookies; a non-OK answer throws ApiError carrying the server's translated message. */
export async function postJson<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    credentials: 'include',
    body: JSON.stringify(body),
  });
  const data = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (!res.ok) throw new ApiError(res.status, typeof data?.message === 'string' ? data.message : `${res.status}: ${res.statusText}`, data);
  return data as T;
}

export async function fetchPaymentStatus(paymentIntentId: string): Promise<PaymentStatusView> {
  const res = await fetch(`/api/payment-status/${encodeURIComponent(paymentIntentId)}`, { credentials: 'include', cache: 'no-store' });
  const data = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (!res.ok) throw new ApiError(res.status, typeof data?.message === 'string' ? data.message : `${res.status}: ${res.statusText}`, data);
  return data as unknown as PaymentStatusView;
}

/** SPEC §3 "checkoutData" (session storage), as written by the booking screens. */
export interface CheckoutData {
  appointmentId?: number | string | null;
  customerId?: number | string | null;
  bookingRef?: string | null;
  serviceType?: string | null;
  propertySize?: number | string | null;
  includeTick?: boolean | null;
  includeTargetedInsects?: boolean | null;
  includeStandingWater?: boolean | null;
  totalPrice?: number | string | null;
  confirmedQuoteTotal?: number | string | null;
  totalCents?: number | null;
  firstName?: string | null;
  lastName?: string | null;
  name?: string | null;
  email?: string | null;
  phone?: string | null;
  address?: string | null;
  city?: string | null;
  postalCode?: string | null;
  discountCode?: string | null;
  quoteId?: number | string | null;
}

/** Fresh checkout data first, else the alternate flow's details (SPEC §2 checkout inputs). */
export function readCheckoutData(): CheckoutData | null {
  for (const key of ['checkoutData', 'checkoutDetails']) {
    try {
      const raw = window.sessionStorage.getItem(key);
      if (!raw) continue;
      const parsed = JSON.parse(raw) as unknown;
      if (parsed && typeof parsed === 'object') return parsed as CheckoutData;
    } catch {
      // A broken entry is ignored; the query parameters may still carry what is needed.
    }
  }
  return null;
}

export const toNumber = (value: unknown): number | undefined => {
  if (value === null || value === undefined || value === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
};

/**
 * Fires the Purchase analytics event once per verified payment, even if the page is reloaded.
 * Call only after GET /api/payment-status said `success`.
 */
export function trackPurchaseOnce(paymentIntentId: string, status: PaymentStatusView, track: (intentId: string, status: PaymentStatusView) => void): void {
  const key = `purchaseTracked:${paymentIntentId}`;
  try {
    if (window.sessionStorage.getItem(key)) return;
    window.sessionStorage.setItem(key, '1');
    window.sessionStorage.removeItem('checkoutData');
  } catch {
    // Storage unavailable: tracking once per page view is the best we can do.
  }
  track(paymentIntentId, status);
}

/** Purchase fires only after the server confirmed the payment (and only with consent + ids), once per intent. */
export function trackVerifiedPurchase(paymentIntentId: string, status: PaymentStatusView): void {
  trackPurchaseOnce(paymentIntentId, status, (id, s) => trackEvent('Purchase', { totalCents: s.amount, contentName: s.serviceType ?? undefined, transactionId: id }));
}

/** The server's 409 for a booking that is already paid (`reason: 'already_paid'`), as opposed to any other failure. */
export function isAlreadyPaidError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409 && error.body?.reason === 'already_paid';
}

/** The server's 410 for a booking whose visits were all cancelled (`reason: 'booking_cancelled'`): nothing to pay. */
export function isBookingCancelledError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 410 && error.body?.reason === 'booking_cancelled';
}

const RECEIPTS_KEY = 'paidReceipts';

/** A path on this site (not '//host' or a full URL): only those are offered as links. */
const isSitePath = (path: unknown): path is string => typeof path === 'string' && path.startsWith('/') && !path.startsWith('//');

/**
 * Remembers, for this tab, the confirmation page of a booking just paid (the verified
 * /payment-success address), so a customer who comes back to its checkout is offered it. Kept in
 * session storage only: the server never hands out a payment's id for a bare appointment id.
 */
export function rememberReceipt(appointmentId: number | string, path: string): void {
  if (!isSitePath(path)) return;
  try {
    const raw = window.sessionStorage.getItem(RECEIPTS_KEY);
    const receipts = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    window.sessionStorage.setItem(RECEIPTS_KEY, JSON.stringify({ ...receipts, [String(appointmentId)]: path }));
  } catch {
    // Storage blocked or broken: the checkout then links home instead.
  }
}

/** The confirmation page remembered for a booking, or null. */
export function findReceipt(appointmentId: number | string | null | undefined): string | null {
  if (appointmentId === null || appointmentId === undefined || appointmentId === '') return null;
  try {
    const raw = window.sessionStorage.getItem(RECEIPTS_KEY);
    const path = raw ? (JSON.parse(raw) as Record<string, unknown>)[String(appointmentId)] : null;
    return isSitePath(path) ? path : null;
  } catch {
    return null;
  }
}

/**
 * A payment's receipt page: /payment-success with the values the checkouts send there
 * (payment_intent, amount in dollars, type, appointment_id). The page itself trusts only the
 * intent id, which it verifies with the server.
 */
export function buildReceiptPath(
  locale: string,
  payment: { paymentIntentId: string; amountCents: number; serviceType: string | null | undefined; appointmentId?: number | string | null },
): string {
  const params = new URLSearchParams({
    payment_intent: payment.paymentIntentId,
    amount: (payment.amountCents / 100).toFixed(2),
    type: payment.serviceType ?? '',
    ...(payment.appointmentId !== null && payment.appointmentId !== undefined && payment.appointmentId !== '' ? { appointment_id: String(payment.appointmentId) } : {}),
  });
  return `${localePath(locale, '/payment-success')}?${params.toString()}`;
}

/**
 * The checkout of a booking, to pay it or try another card: `/checkout/{appointmentId}?ref=`. The
 * server takes the appointment id only with its booking's reference (docs/decisions/0025); null
 * when either is unknown.
 */
export function buildCheckoutPath(locale: string, booking: { appointmentId: number | null | undefined; bookingRef: string | null | undefined }): string | null {
  if (!booking.appointmentId || !booking.bookingRef) return null;
  return `${localePath(locale, `/checkout/${booking.appointmentId}`)}?${new URLSearchParams({ ref: booking.bookingRef }).toString()}`;
}

/**
 * Where a payment that did not go through leads: back to its booking's checkout for another card,
 * unless the payment was cancelled (the booking with it) or is not a booking's.
 */
export function retryCheckoutPath(locale: string, status: Pick<PaymentStatusView, 'status' | 'appointmentId' | 'bookingRef'>): string | null {
  return status.status === 'canceled' ? null : buildCheckoutPath(locale, status);
}

const CHECKOUT_INTENTS_KEY = 'checkoutIntents';

/**
 * Remembers, for this tab, which booking a checkout's payment intent pays. A payment that leaves
 * the checkout for the bank's authentication comes back to /payment-confirmation, which knows only
 * the intent: this lets that page keep the booking's receipt (`rememberReceipt`) once the server
 * says it is paid.
 */
export function rememberCheckoutIntent(paymentIntentId: string, appointmentId: number | string): void {
  try {
    const raw = window.sessionStorage.getItem(CHECKOUT_INTENTS_KEY);
    const intents = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    window.sessionStorage.setItem(CHECKOUT_INTENTS_KEY, JSON.stringify({ ...intents, [paymentIntentId]: String(appointmentId) }));
  } catch {
    // Storage blocked or broken: the paid checkout then links home instead of to the receipt.
  }
}

/** The booking (appointment id) a checkout in this tab was paying with this intent, or null. */
export function findCheckoutAppointment(paymentIntentId: string | null | undefined): string | null {
  if (!paymentIntentId) return null;
  try {
    const raw = window.sessionStorage.getItem(CHECKOUT_INTENTS_KEY);
    const id = raw ? (JSON.parse(raw) as Record<string, unknown>)[paymentIntentId] : null;
    return typeof id === 'string' && /^\d+$/.test(id) ? id : null;
  } catch {
    return null;
  }
}

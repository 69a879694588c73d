/**
 * The one request /checkout-new books with. The customer's details go with the order to
 * POST /api/appointments, which makes the customer record, the visits and their hold in one
 * transaction: an order the server refuses (a code outside the service area, a full Friday, a
 * changed price) leaves no customer record behind (docs/decisions/0079). No React here, so the
 * request the page sends is the one the tests send.
 */
import type { CheckoutNewOrder } from './checkout-new-session';
import { postJson } from './payment-client';

export type CheckoutNewContactRequest = { firstName: string; lastName: string; email: string; phone: string; city: string; postalCode: string };

export type CheckoutNewBookingRequest = {
  order: CheckoutNewOrder;
  contact: CheckoutNewContactRequest;
  date: string;
  notes: string | null;
  /** The after-tax total the page showed, when it had one: a different server total is a 409. */
  confirmedTotalCents: number | null;
  locale: string;
  marketingConsent: boolean;
};

export type CheckoutNewBooked = { appointmentId: number; bookingRef: string; totalCents: number; subtotalCents: number; taxCents: number; discountCents?: number };

/** Books the order (status `pending-payment`, held for payment); a refusal throws `ApiError` with the server's message and fields. */
export function bookCheckoutNewOrder(request: CheckoutNewBookingRequest): Promise<CheckoutNewBooked> {
  const { order, contact } = request;
  return postJson<CheckoutNewBooked>('/api/appointments', {
    ...contact,
    serviceType: order.serviceType, propertySize: order.propertySize, includeTick: order.includeTick,
    includeTargetedInsects: order.includeStandingWater, extras: order.extras ?? [], address: order.address,
    date: request.date, time: '09:00', notes: request.notes, status: 'pending-payment',
    discountCode: order.discountCode ?? undefined, quoteId: order.quoteId ?? undefined,
    ...(request.confirmedTotalCents !== null ? { confirmedTotalCents: request.confirmedTotalCents } : {}),
    locale: request.locale, marketingConsent: request.marketingConsent,
  });
}

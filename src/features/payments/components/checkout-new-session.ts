/**
 * What /checkout-new remembers in this tab about the order it booked, so coming back to it (the
 * Back button after paying, a refresh before paying, the return from the bank's authentication)
 * resumes that booking instead of showing an empty form that would book and charge it again.
 * Session storage only: the customer's own details, in the customer's own tab.
 */

export type CheckoutNewContact = { name: string; email: string; phone: string; city: string; postalCode: string };
/** `bookingRef`: what the server asks for besides the appointment id (docs/decisions/0025). */
export type CheckoutNewBooking = { appointmentId: number; bookingRef: string; contact: CheckoutNewContact; date: string };

/** The options that make an order (what the server prices); the same order gives the same key. */
export type CheckoutNewOrder = {
  serviceType: string;
  propertySize: number;
  includeTick: boolean;
  includeStandingWater: boolean;
  address: string;
  extras?: readonly string[];
  discountCode?: string | null;
  quoteId?: number | null;
};

const KEY = 'checkoutNewBookings';

export function describeCheckoutNewOrder(order: CheckoutNewOrder): string {
  return JSON.stringify([
    order.serviceType,
    order.propertySize,
    order.includeTick,
    order.includeStandingWater,
    order.address.trim().toLowerCase(),
    [...(order.extras ?? [])].sort(),
    order.discountCode?.trim().toUpperCase() || null,
    order.quoteId ?? null,
  ]);
}

function readAll(): Record<string, unknown> {
  const raw = window.sessionStorage.getItem(KEY);
  const parsed = raw ? (JSON.parse(raw) as unknown) : {};
  return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
}

const isText = (v: unknown): v is string => typeof v === 'string';

/** The booking this tab made for the order, or null (nothing, or storage blocked or tampered with). */
export function findCheckoutNewBooking(order: CheckoutNewOrder): CheckoutNewBooking | null {
  try {
    const entry = readAll()[describeCheckoutNewOrder(order)] as Partial<CheckoutNewBooking> | undefined;
    const contact = entry?.contact as Partial<CheckoutNewContact> | undefined;
    if (!entry || !Number.isSafeInteger(entry.appointmentId) || (entry.appointmentId ?? 0) <= 0 || !isText(entry.date) || !contact) return null;
    // An entry from before references were kept cannot be paid from here: the form books it again (the server replays a held booking).
    if (!isText(entry.bookingRef) || !entry.bookingRef) return null;
    if (![contact.name, contact.email, contact.phone, contact.city, contact.postalCode].every(isText)) return null;
    return { appointmentId: entry.appointmentId!, bookingRef: entry.bookingRef, date: entry.date, contact: contact as CheckoutNewContact };
  } catch {
    return null;
  }
}

export function rememberCheckoutNewBooking(order: CheckoutNewOrder, booking: CheckoutNewBooking): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify({ ...readAll(), [describeCheckoutNewOrder(order)]: booking }));
  } catch {
    // Storage blocked or broken: a refresh then shows the form again (the server still finds the held booking).
  }
}

export function forgetCheckoutNewBooking(order: CheckoutNewOrder): void {
  try {
    const all = readAll();
    delete all[describeCheckoutNewOrder(order)];
    window.sessionStorage.setItem(KEY, JSON.stringify(all));
  } catch {
    // Nothing to forget.
  }
}

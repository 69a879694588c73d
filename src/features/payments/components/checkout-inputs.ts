/**
 * What /checkout pays for (SPEC §2: session data first, the query values and the path id fill the
 * gaps). Pure, so the rules are unit-tested; the page reads session storage and passes it in.
 */
import { type CheckoutData, toNumber } from './payment-client';

export type CheckoutQuery = Record<string, string | undefined>;

const truthy = (v: unknown) => v === true || v === 'true';

const sameRef = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

/**
 * Stored checkout data describes one booking. When the address names another appointment or
 * booking reference (an abandoned booking's data is still in the tab), none of it applies: its
 * total, options or reference would make the server answer "price changed" for a price nobody
 * changed, or "not found".
 */
function isForBooking(stored: CheckoutData | null, appointmentId: number | undefined, bookingRef: string | undefined): stored is CheckoutData {
  if (!stored) return false;
  const storedId = toNumber(stored.appointmentId);
  const sameId = appointmentId === undefined || storedId === undefined || storedId === appointmentId;
  return sameId && (bookingRef === undefined || !stored.bookingRef || sameRef(stored.bookingRef, bookingRef));
}

/**
 * The address carries the booking's reference (`?ref=`, docs/decisions/0025): with it a reload, a
 * new tab or a copied link pays the same booking without session storage, since the server takes
 * an appointment id only together with its booking's reference.
 */
export function resolveCheckoutInputs(pathAppointmentId: string | undefined, query: CheckoutQuery, storedData: CheckoutData | null) {
  const urlAppointmentId = toNumber(pathAppointmentId) ?? toNumber(query.appointmentId);
  const urlRef = query.ref?.trim() || undefined;
  const stored = isForBooking(storedData, urlAppointmentId, urlRef) ? storedData : null;
  const appointmentId = urlAppointmentId ?? toNumber(stored?.appointmentId);
  // A stored reference is this booking's only when the address names no other appointment.
  const storedRef = stored?.bookingRef && (urlAppointmentId === undefined || toNumber(stored.appointmentId) === urlAppointmentId) ? stored.bookingRef : undefined;
  const bookingRef = urlRef ?? storedRef;
  return {
    appointmentId,
    bookingRef,
    customerId: toNumber(query.customerId) ?? toNumber(stored?.customerId),
    // The reference names the booking; a quote id beside it would only have to match it again.
    quoteId: bookingRef ? undefined : toNumber(stored?.quoteId),
    serviceType: query.serviceType ?? stored?.serviceType ?? undefined,
    propertySize: toNumber(query.propertySize) ?? toNumber(stored?.propertySize),
    includeTick: truthy(query.includeTick ?? stored?.includeTick),
    includeStandingWater: truthy(query.includeTargetedInsects ?? stored?.includeTargetedInsects ?? stored?.includeStandingWater),
    quoteTotal: toNumber(query.quoteTotal),
    // The pre-tax whole-dollar total the customer saw when booking (checkoutData.totalPrice).
    confirmedAmount: toNumber(stored?.totalPrice ?? stored?.confirmedQuoteTotal),
    billing: {
      name: [stored?.firstName, stored?.lastName].filter(Boolean).join(' ') || stored?.name || undefined,
      email: stored?.email ?? undefined,
      phone: stored?.phone ?? undefined,
      postalCode: stored?.postalCode ?? undefined,
    },
  };
}

export type CheckoutInputs = ReturnType<typeof resolveCheckoutInputs>;

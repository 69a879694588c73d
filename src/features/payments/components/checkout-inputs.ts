/**
 * What /checkout pays for (SPEC §2: session data first, the query values and the path id fill the
 * gaps). Pure, so the rules are unit-tested; the page reads session storage and passes it in.
 */
import { type CheckoutData, toNumber } from './payment-client';

export type CheckoutQuery = Record<string, string | undefined>;

const truthy = (v: unknown) => v === true || v === 'true';

/**
 * Stored checkout data describes one booking. When the address names another appointment (an
 * abandoned booking's data is still in the tab), none of it applies: its total, options or
 * reference would make the server answer "price changed" for a price nobody changed.
 */
function isForAppointment(stored: CheckoutData | null, appointmentId: number | undefined): stored is CheckoutData {
  if (!stored) return false;
  const storedId = toNumber(stored.appointmentId);
  return appointmentId === undefined || storedId === undefined || storedId === appointmentId;
}

export function resolveCheckoutInputs(pathAppointmentId: string | undefined, query: CheckoutQuery, storedData: CheckoutData | null) {
  const urlAppointmentId = toNumber(pathAppointmentId) ?? toNumber(query.appointmentId);
  const stored = isForAppointment(storedData, urlAppointmentId) ? storedData : null;
  const appointmentId = urlAppointmentId ?? toNumber(stored?.appointmentId);
  return {
    appointmentId,
    // The reference outranks the id on the server, so it is sent only when it is known to be this booking's.
    bookingRef: stored?.bookingRef && (urlAppointmentId === undefined || toNumber(stored.appointmentId) === urlAppointmentId) ? stored.bookingRef : undefined,
    customerId: toNumber(query.customerId) ?? toNumber(stored?.customerId),
    quoteId: toNumber(stored?.quoteId),
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

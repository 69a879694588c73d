/**
 * When a customer's personal data may be erased on their request, and what an erased customer
 * row holds instead (decision 0049), pure.
 */

/** What a customer still has under way; while any of it is open, an erasure request is refused. */
export type OpenBusiness = {
  /** Visits booked and neither done nor cancelled: confirmed, or waiting for payment (any date). */
  openVisits: number;
  /** Card payments the provider has not settled yet (a 3-D Secure step, processing). */
  paymentsInFlight: number;
  /** Refunds not yet made: pending, or failed and waiting for the office to send again. */
  refundsOpen: number;
  /** Re-treatment requests the office has not answered (0047). */
  openRetreatments: number;
};

/**
 * Why an erasure request cannot be carried out now, as `privacy` message keys in the order the
 * office should deal with them; empty when it can. A visit still to come needs the address, and
 * money still moving needs the name on the payment until it settles.
 */
export function findErasureRefusals(open: OpenBusiness): string[] {
  const refusals: string[] = [];
  if (open.openVisits > 0) refusals.push('privacy.refusals.openVisits');
  if (open.paymentsInFlight > 0) refusals.push('privacy.refusals.paymentsInFlight');
  if (open.refundsOpen > 0) refusals.push('privacy.refusals.refundsOpen');
  if (open.openRetreatments > 0) refusals.push('privacy.refusals.openRetreatments');
  return refusals;
}

/** Addresses under the reserved `.invalid` top-level domain (RFC 2606) can never receive mail. */
export const ERASED_EMAIL_DOMAIN = 'erased.invalid';

/**
 * Whether an address is an erased customer's placeholder. Nobody receives mail there, and a booking
 * or customer record given one is refused: it would find no live customer and collide with the
 * erased row's unique address.
 */
export function isErasedCustomerEmail(email: string): boolean {
  return email.trim().toLowerCase().endsWith(`@${ERASED_EMAIL_DOMAIN}`);
}

/**
 * The customer row's required fields once erased: a name that is only the record's number (it
 * reads the same in every language), an email that is unique, cannot be delivered and matches no
 * future booking, and no phone. Everything else personal becomes null.
 */
export function buildErasedCustomerFields(customerId: number) {
  return { firstName: `#${customerId}`, lastName: '', email: `erased-${customerId}@${ERASED_EMAIL_DOMAIN}`, phone: '' };
}

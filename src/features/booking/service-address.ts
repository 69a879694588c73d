/** A visit's address as stored, beside its customer's address on file. */
export type VisitWithCustomerAddress = {
  address: string | null; city: string | null; postalCode: string | null;
  customerAddress: string | null; customerCity: string | null; customerPostalCode: string | null;
};

/**
 * Where a visit is served: its own address, or, for a visit booked without one, the customer's
 * address on file, taken whole so the parts of two addresses never mix in one email.
 */
export function findServiceAddress(visit: VisitWithCustomerAddress): { address: string | null; city: string | null; postalCode: string | null } {
  const own = visit.address || visit.city || visit.postalCode;
  return own
    ? { address: visit.address, city: visit.city, postalCode: visit.postalCode }
    : { address: visit.customerAddress, city: visit.customerCity, postalCode: visit.customerPostalCode };
}

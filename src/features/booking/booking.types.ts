/**
 * POST /api/appointments' answer, shared by the server that builds it and the browser flows that
 * read it. Types only: safe to import from client code.
 */
export type CreatedBooking = {
  id: number;
  appointmentId: number;
  customerId: number;
  bookingRef: string;
  appointments: { id: number; customerId: number; date: string; serviceType: string }[];
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  /** SPEC's `totalPrice`: the pre-tax total in dollars. */
  totalPrice: number;
  holdExpiresAt: string | null;
};

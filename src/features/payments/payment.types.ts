/**
 * The payment API's response shapes, shared by the server that builds them and the browser
 * screens that read them. Types only: safe to import from client components.
 */

import type { BookingEnd, RainMove } from './payment-outcome';

export type PaymentProvider = 'stripe' | 'test';

/** What the checkout screens may show about the order: no personal data. */
export interface OrderSummary {
  serviceType: string;
  propertySize: number | null;
  includeTick: boolean;
  includeStandingWater: boolean;
  extras: string[];
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  discountCents: number;
  /** The code that took `discountCents` off, as the server validated it (e.g. 'MIDSEASON'); null without a discount. */
  discountCode: string | null;
  /** The branch tax rate the HST line was computed with (0.13 = 13%). */
  taxRate: number;
  dates: string[];
  /** Visits moved off a Friday closed for rain before payment (0072): the checkout says so above the card form. */
  movedForRain: RainMove[];
}

/** POST /api/create-payment-intent's answer. */
export interface CreatedPaymentIntent {
  clientSecret: string;
  paymentIntentId: string;
  /** Cents, tax included. */
  amount: number;
  provider: PaymentProvider;
  publishableKey?: string;
  summary: OrderSummary | null;
}

/** GET /api/payment-status/{id}'s answer, read by the success and confirmation pages. */
export interface PaymentStatusView {
  /** The payment's own status: 'succeeded' also when the booking was cancelled meanwhile (the money was taken). */
  status: string;
  /** Paid and booked: false for a payment whose booking had been cancelled (it is refunded). */
  success: boolean;
  /** The booking will not go ahead (every visit cancelled, or it could not be kept): the pages say so instead of "booked". */
  bookingCancelled: boolean;
  /** Why it will not go ahead, for the pages' wording (`describeBookingEnd`); null while it goes ahead. */
  bookingEnd: BookingEnd | null;
  /** Cents of this payment refunded or being refunded. */
  refundedCents: number;
  message: string;
  amount: number;
  currency: string;
  serviceType: string | null;
  /** The booking's first Friday as it stands now. */
  serviceDate: string | null;
  /** Visits of a paid booking moved off a Friday closed for rain (0072): the pages say so. Empty otherwise. */
  movedForRain: RainMove[];
  /** With `appointmentId`, what leads back to the booking's checkout (`/checkout/{id}?ref=`) to try another card. */
  bookingRef: string | null;
  appointmentId: number | null;
}

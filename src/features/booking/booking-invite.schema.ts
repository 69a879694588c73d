import { z } from 'zod';

/** "Email a booking link" (0105): how many such emails the customer page showed, so one press sends one email. */
export const BookingInviteSchema = z.object({
  sent: z.number('staffCustomers.errors.bookingLinkSentInvalid').int('staffCustomers.errors.bookingLinkSentInvalid')
    .min(0, 'staffCustomers.errors.bookingLinkSentInvalid').max(10_000, 'staffCustomers.errors.bookingLinkSentInvalid'),
});

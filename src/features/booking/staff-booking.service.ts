import 'server-only';
import { getDb } from '@/db/client';
import { getEnv } from '@/env';
import { getBranch } from '@/features/branch/branch.service';
import { hasHoldLapsed, isAwaitingPayment } from '@/features/payments/lapsed-holds';
import { findOutsideServiceArea } from '@/features/service-area/postal-code';
import { isLocale, type Locale } from '@/i18n/routing';
import { AppError } from '@/lib/errors';
import { getLogger } from '@/server/logger';
import { countPaymentLinkEmails, listPaymentLinkRows } from './appointment.repository';
import { createBooking, queueBookingReceivedEmail } from './booking.service';
import type { BookingInput } from './booking.schema';
import type { CreatedBooking } from './booking.types';
import { findCustomerContact } from './customer.repository';
import type { StaffBookingInput } from './staff-booking.schema';
import { staffHoldExpiresAt } from './staff-hold';

/**
 * The office books for a customer on the phone (docs/decisions/0091): the public booking
 * (`createBooking`: the engine's price, the date and area checks, the Friday's capacity under lock,
 * one transaction), unpaid, for the customer on record, who is emailed the booking and its payment
 * link in their language (the office may pick another). Nobody on staff ever sees a card field: the
 * customer pays on the public checkout from the email. The Fridays are held for a day, or until noon
 * the day before the first Friday if that is sooner (`staffHoldExpiresAt`); the expiry job then
 * releases them as it releases any lapsed hold.
 *
 * It neither counts against nor is refused by the public limit of bookings per email (0097): the
 * office is signed in, and booking for a customer must not use up that customer's own budget.
 *
 * A postal code the branch does not serve is refused before anything else, in words for the office
 * (0104): the owner decides where the company works (0088) and the office does not override it;
 * the dialog has said so since the code was typed. `createBooking`'s own check stays the rule.
 *
 * @throws AppError 'not_found' (no such customer, or erased), 'validation' (`reason: 'outside_area'`),
 *   and whatever `createBooking` throws ('validation', 'price_changed', 'day_full', 'conflict')
 */
export async function createStaffBooking(
  customerId: number | null,
  input: StaffBookingInput,
  options: { now: Date; locale: Locale },
): Promise<CreatedBooking & { replayed: boolean; emailLocale: Locale }> {
  const customer = customerId === null ? null : await findCustomerContact(await getDb(), customerId);
  if (!customer) throw new AppError('not_found', 'staffBooking.errors.customerNotFound');
  const branch = await getBranch();
  const outside = findOutsideServiceArea(input.postalCode, branch.settings.servedPrefixes);
  if (outside) {
    throw new AppError('validation', 'staffBooking.errors.outsideArea', {
      fields: { postalCode: 'staffBooking.errors.outsideAreaShort' }, reason: 'outside_area', ...outside,
    }, { postalCode: outside.postalCode });
  }
  const emailLocale: Locale = input.locale ?? (isLocale(customer.locale) ? customer.locale : options.locale);
  const booking: BookingInput = {
    serviceType: input.serviceType,
    propertySize: input.propertySize,
    includeTick: input.serviceType !== 'tick-seasonal' && input.includeTick,
    includeTargetedInsects: input.includeTargetedInsects,
    extras: input.extras,
    discountCode: input.discountCode?.trim() || null,
    // The record's id with its own email: `createBooking` books for exactly this customer.
    customerId: customer.id,
    email: customer.email.toLowerCase(),
    contact: null,
    address: input.address,
    city: input.city,
    postalCode: input.postalCode,
    date: input.date,
    time: '09:00',
    notes: input.notes?.trim() || null,
    quoteId: null,
    status: 'pending',
    confirmedTotalCents: input.confirmedTotalCents ?? null,
    locale: emailLocale,
  };
  const created = await createBooking(booking, {
    now: options.now,
    locale: options.locale,
    source: 'staff',
    // A signed-in office action: the customer's public per-email limit is the visitors' (0097).
    visitorLimit: false,
    holdUntil: (firstDate) => staffHoldExpiresAt(options.now, firstDate, { timezone: branch.timezone, holdMinutes: branch.settings.holdMinutes }),
  });
  return { ...created, emailLocale };
}

/**
 * "Resend the payment link": the booking-received email again, in the booking's language, while the
 * booking still waits for payment and holds its Fridays. A paid, cancelled or lapsed booking is
 * refused (409): a lapsed one is booked again instead, so nobody pays for a Friday that was released.
 *
 * One press sends one email, whatever the timing (0097): the press names how many payment-link
 * emails the screen showed (`seenSent`). Under the booking's row lock a second press, from the same
 * screen or another, finds one more than it saw and is refused (409 `sent_meanwhile`) instead of
 * emailing the customer again; a screen that has reloaded names the new count and may send again.
 *
 * @throws AppError 'not_found', 'conflict' (`reason`: 'not_unpaid' | 'hold_ended' | 'sent_meanwhile')
 */
export async function resendPaymentLink(bookingRef: string, options: { now: Date; seenSent: number }): Promise<{ heldUntil: string; locale: Locale; sent: number }> {
  const db = await getDb();
  const sent = await db.transaction(async (tx) => {
    const rows = await listPaymentLinkRows(tx, bookingRef);
    const first = rows[0];
    if (!first || first.erasedAt !== null) throw new AppError('not_found', 'staffBooking.errors.bookingNotFound');
    if (!rows.every((r) => isAwaitingPayment(r.status)) || !first.totalCents) {
      throw new AppError('conflict', 'staffBooking.errors.notUnpaid', { reason: 'not_unpaid' });
    }
    if (rows.some((r) => hasHoldLapsed(r, options.now) || r.holdExpiresAt === null)) {
      throw new AppError('conflict', 'staffBooking.errors.holdEnded', { reason: 'hold_ended' });
    }
    const before = await countPaymentLinkEmails(tx, rows.map((r) => r.id));
    if (before !== options.seenSent) throw new AppError('conflict', 'staffBooking.errors.sentMeanwhile', { reason: 'sent_meanwhile', sent: before });
    const heldUntil = new Date(Math.min(...rows.map((r) => r.holdExpiresAt!.getTime())));
    const locale: Locale = isLocale(first.locale) ? first.locale : 'en';
    const branch = await getBranch(first.branchId, tx);
    await queueBookingReceivedEmail(tx, {
      to: first.email,
      email: {
        locale, branch, siteUrl: getEnv().PUBLIC_SITE_URL, customerFirstName: first.firstName, bookingRef, appointmentId: first.id,
        serviceType: first.serviceType,
        // Add-on visits share their Friday and are not listed, as in the first email.
        dates: rows.filter((r) => r.serviceType === first.serviceType).map((r) => r.date),
        time: first.time ?? '09:00', address: { address: first.address, city: first.city, postalCode: first.postalCode },
        totalCents: first.totalCents, heldUntil,
      },
    });
    return { heldUntil: heldUntil.toISOString(), locale, sent: before + 1 };
  });
  getLogger().info({ bookingRef, sent: sent.sent }, 'payment link sent again by the office');
  return sent;
}

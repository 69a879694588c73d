import 'server-only';
import { getDb } from '@/db/client';
import { getEnv } from '@/env';
import { getBranch } from '@/features/branch/branch.service';
import { hasHoldLapsed, isAwaitingPayment } from '@/features/payments/lapsed-holds';
import { isLocale, type Locale } from '@/i18n/routing';
import { AppError } from '@/lib/errors';
import { getLogger } from '@/server/logger';
import { listPaymentLinkRows } from './appointment.repository';
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
 * @throws AppError 'not_found' (no such customer, or erased), and whatever `createBooking` throws
 *   ('validation', 'price_changed', 'day_full', 'conflict', 'rate_limited')
 */
export async function createStaffBooking(
  customerId: number | null,
  input: StaffBookingInput,
  options: { now: Date; locale: Locale },
): Promise<CreatedBooking & { replayed: boolean; emailLocale: Locale }> {
  const customer = customerId === null ? null : await findCustomerContact(await getDb(), customerId);
  if (!customer) throw new AppError('not_found', 'staffBooking.errors.customerNotFound');
  const branch = await getBranch();
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
    holdUntil: (firstDate) => staffHoldExpiresAt(options.now, firstDate, { timezone: branch.timezone, holdMinutes: branch.settings.holdMinutes }),
  });
  return { ...created, emailLocale };
}

/**
 * "Resend the payment link": the booking-received email again, in the booking's language, while the
 * booking still waits for payment and holds its Fridays. A paid, cancelled or lapsed booking is
 * refused (409): a lapsed one is booked again instead, so nobody pays for a Friday that was released.
 *
 * @throws AppError 'not_found', 'conflict' (`reason`: 'not_unpaid' | 'hold_ended')
 */
export async function resendPaymentLink(bookingRef: string, options: { now: Date }): Promise<{ heldUntil: string; locale: Locale }> {
  const db = await getDb();
  const rows = await listPaymentLinkRows(db, bookingRef);
  const first = rows[0];
  if (!first || first.erasedAt !== null) throw new AppError('not_found', 'staffBooking.errors.bookingNotFound');
  if (!rows.every((r) => isAwaitingPayment(r.status)) || !first.totalCents) {
    throw new AppError('conflict', 'staffBooking.errors.notUnpaid', { reason: 'not_unpaid' });
  }
  if (rows.some((r) => hasHoldLapsed(r, options.now) || r.holdExpiresAt === null)) {
    throw new AppError('conflict', 'staffBooking.errors.holdEnded', { reason: 'hold_ended' });
  }
  const heldUntil = new Date(Math.min(...rows.map((r) => r.holdExpiresAt!.getTime())));
  const locale: Locale = isLocale(first.locale) ? first.locale : 'en';
  const branch = await getBranch(first.branchId);
  await queueBookingReceivedEmail(db, {
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
  getLogger().info({ bookingRef }, 'payment link sent again by the office');
  return { heldUntil: heldUntil.toISOString(), locale };
}

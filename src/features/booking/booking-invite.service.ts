import 'server-only';
import { getDb } from '@/db/client';
import { getEnv } from '@/env';
import { getBranch } from '@/features/branch/branch.service';
import { countEmailsAbout, enqueueEmail } from '@/features/email/outbox.service';
import { isLocale, type Locale } from '@/i18n/routing';
import { AppError } from '@/lib/errors';
import { getLogger } from '@/server/logger';
import { buildBookingInviteUrl, findBookingInviteLastDay, readBookingInviteToken } from './booking-invite';
import { renderBookingInviteEmail } from './booking-invite-email';
import { findCustomerContact, lockCustomerForBusiness } from './customer.repository';
import type { BookingFormValues } from './booking.schema';

const ABOUT = (customerId: number) => ({ kind: 'booking-invite', relatedType: 'customer', relatedId: customerId });

/** What the customer page shows beside "Email a booking link": how many were sent, the last when. */
export async function loadBookingInviteStatus(customerId: number): Promise<{ sent: number; lastSentAt: string | null }> {
  const { count, lastAt } = await countEmailsAbout(await getDb(), ABOUT(customerId));
  return { sent: count, lastSentAt: lastAt?.toISOString() ?? null };
}

/**
 * "Email a booking link" (docs/decisions/0105): the booking page with the customer's details in its
 * form, emailed in their language through the outbox, for a caller who would rather book and pay
 * online. One press sends one email, as 0097's resend: the press names how many such emails the
 * screen showed (`seenSent`); under the customer's row lock a count that moved meanwhile (a double
 * click, a second screen) is a 409 `sent_meanwhile` and nothing is queued. An erased or unknown
 * customer is a 404.
 *
 * @throws AppError 'not_found', 'conflict' (`reason`: 'sent_meanwhile')
 */
export async function sendBookingInvite(customerId: number | null, options: { now: Date; seenSent: number; staffUserId: number }): Promise<{ sent: number; locale: Locale }> {
  if (customerId === null) throw new AppError('not_found', 'staffBooking.errors.customerNotFound');
  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    // FOR NO KEY UPDATE: two presses queue one after the other; an erasure under way waits or wins (0055).
    if (!(await lockCustomerForBusiness(tx, customerId, 'no key update'))) throw new AppError('not_found', 'staffBooking.errors.customerNotFound');
    const customer = await findCustomerContact(tx, customerId);
    if (!customer) throw new AppError('not_found', 'staffBooking.errors.customerNotFound');
    const { count } = await countEmailsAbout(tx, ABOUT(customerId));
    if (count !== options.seenSent) throw new AppError('conflict', 'staffCustomers.errors.bookingLinkSentMeanwhile', { reason: 'sent_meanwhile', sent: count });
    const locale: Locale = isLocale(customer.locale) ? customer.locale : 'en';
    const branch = await getBranch(undefined, tx);
    const email = renderBookingInviteEmail({
      locale, branch, customerFirstName: customer.firstName,
      url: buildBookingInviteUrl(locale, customerId, options.now, getEnv().PUBLIC_SITE_URL),
      validUntil: findBookingInviteLastDay(options.now),
    });
    await enqueueEmail(tx, { kind: 'booking-invite', to: customer.email, locale, ...email, relatedType: 'customer', relatedId: customerId });
    return { sent: count + 1, locale };
  });
  getLogger().info({ customerId, staffUserId: options.staffUserId, sent: result.sent }, 'booking link emailed by the office');
  return result;
}

/**
 * The booking form's contact fields from a booking link (`?invite=`), while it is valid and the
 * customer is not erased; nothing otherwise, and the page opens empty as without a link.
 */
export async function loadBookingInvitePrefill(token: string | null, now: Date): Promise<Partial<BookingFormValues> | null> {
  const customerId = token ? readBookingInviteToken(token, now) : null;
  if (customerId === null) return null;
  const customer = await findCustomerContact(await getDb(), customerId);
  if (!customer) return null;
  return {
    firstName: customer.firstName, lastName: customer.lastName, email: customer.email, phone: customer.phone,
    address: customer.address ?? '', city: customer.city ?? '', zipCode: customer.postalCode ?? '',
  };
}

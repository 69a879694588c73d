import 'server-only';
import { createHash } from 'node:crypto';
import { getDb } from '@/db/client';
import { getBranch } from '@/features/branch/branch.service';
import { enqueueEmail } from '@/features/email/outbox.service';
import { findToday } from '@/features/scheduling/available-dates';
import type { Locale } from '@/i18n/routing';
import { getLogger } from '@/server/logger';
import { consumeRateLimit } from '@/server/rate-limit';
import { selectUpcomingVisitsByEmail } from './manage-booking.repository';
import { renderRequestedLinksEmail, type RequestedBooking } from './request-link-email';

/** Per client address: a person asks once or twice, a prober is stopped. */
export const REQUEST_LINK_IP_LIMIT = { points: 5, durationSec: 60 * 60 };
/** Per email address asked for: nobody's inbox is flooded with our links. */
export const REQUEST_LINK_EMAIL_LIMIT = { points: 3, durationSec: 24 * 60 * 60 };

/** The limiter's key for an address: a digest, so the process's memory holds no list of typed emails. */
const emailKey = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');

/**
 * "Find your booking" (decision 0032): when `email` is the address of a customer with a confirmed
 * visit today or later (Toronto date), queues one email to the address on file, in `locale`,
 * with each such booking's reference, Fridays and private link (its current generation, 0050).
 * Anything else queues nothing.
 * The caller answers the same either way, so nothing tells whether an address has bookings;
 * the address itself is never logged.
 *
 * @throws AppError 429 past the per-client or per-address limit
 */
export async function requestManageLinks(input: { email: string; locale: Locale }, options: { clientIp: string; now?: Date }): Promise<{ queued: boolean }> {
  await consumeRateLimit('manage-link-request-ip', options.clientIp, REQUEST_LINK_IP_LIMIT);
  await consumeRateLimit('manage-link-request-email', emailKey(input.email), REQUEST_LINK_EMAIL_LIMIT);
  const branch = await getBranch();
  const today = findToday(options.now ?? new Date(), branch.timezone);
  const db = await getDb();
  const rows = await selectUpcomingVisitsByEmail(db, input.email, today);
  const first = rows[0];
  if (!first) return { queued: false };
  const bookings = new Map<string, RequestedBooking>();
  for (const row of rows) {
    const booking = bookings.get(row.bookingRef) ?? { bookingRef: row.bookingRef, linkGeneration: row.linkGeneration, dates: [] };
    if (!booking.dates.includes(row.date)) booking.dates.push(row.date);
    bookings.set(row.bookingRef, booking);
  }
  const email = renderRequestedLinksEmail({ locale: input.locale, branch, customerFirstName: first.customerFirstName, bookings: [...bookings.values()] });
  await enqueueEmail(db, { kind: 'manage-link', to: first.customerEmail, locale: input.locale, ...email, relatedType: 'customer', relatedId: first.customerId });
  getLogger().info({ customerId: first.customerId, bookingRefs: [...bookings.keys()] }, 'manage-booking links emailed on request');
  return { queued: true };
}

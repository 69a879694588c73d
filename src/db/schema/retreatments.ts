import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { appointments } from './appointments';
import { branches, timestamps } from './branches';
import { customers } from './customers';
import { staffUsers } from './staff';

/** Why the customer asks (0047): the pests came back between visits, or heavy rain washed a seasonal treatment off. */
export const RETREATMENT_REASONS = ['pests-back', 'heavy-rain'] as const;
/**
 * open: the office has not answered; scheduled: a free visit was booked for it; declined: the office
 * said no, with a reason; withdrawn: the customer took it back from their page before an answer (0051).
 */
export const RETREATMENT_STATUSES = ['open', 'scheduled', 'declined', 'withdrawn'] as const;
/** The customer's note and the office's decline reason: a few sentences, not a letter. */
export const RETREATMENT_TEXT_MAX = 500;

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * A customer's claim on the "free re-treatment" guarantee, made from their Manage your booking
 * page, and how the office answered it (docs/decisions/0047).
 */
export const retreatmentRequests = pgTable('retreatment_requests', {
  id: serial().primaryKey(),
  branchId: integer().notNull().references(() => branches.id),
  bookingRef: text().notNull(),
  customerId: integer().notNull().references(() => customers.id),
  reason: text().notNull(),
  note: text(),
  /** The language of the page the customer asked from: the answers (scheduled, declined) are written in it. */
  locale: text().notNull().default('en'),
  status: text().notNull().default('open'),
  /** The free visit the office booked for the request (status 'scheduled'). */
  appointmentId: integer().references(() => appointments.id),
  /** Who in the office answered; null for a request the customer withdrew (0051). */
  handledById: integer().references(() => staffUsers.id, { onDelete: 'set null' }),
  /** When the request left the open list: the office's answer, or the customer's withdrawal (0051). */
  handledAt: timestamp({ withTimezone: true }),
  declineReason: text(),
  ...timestamps,
}, (t) => [
  check('retreatment_requests_reason', sql`${t.reason} in (${inList(RETREATMENT_REASONS)})`),
  check('retreatment_requests_status', sql`${t.status} in (${inList(RETREATMENT_STATUSES)})`),
  check('retreatment_requests_note_length', sql`char_length(${t.note}) <= ${sql.raw(String(RETREATMENT_TEXT_MAX))}`),
  check('retreatment_requests_decline_length', sql`char_length(${t.declineReason}) <= ${sql.raw(String(RETREATMENT_TEXT_MAX))}`),
  // An answered (or withdrawn) request says when; a scheduled one names its visit; a declined one says why.
  check('retreatment_requests_handled', sql`(${t.status} = 'open') = (${t.handledAt} is null)`),
  check('retreatment_requests_scheduled_visit', sql`(${t.status} = 'scheduled') = (${t.appointmentId} is not null)`),
  check('retreatment_requests_declined_reason', sql`${t.status} <> 'declined' or ${t.declineReason} is not null`),
  // At most one request waiting per booking: a double click or two tabs cannot file two.
  uniqueIndex('retreatment_requests_one_open_idx').on(t.bookingRef).where(sql`${t.status} = 'open'`),
  // The office's list: a branch's open requests oldest first, then the ones answered lately. The
  // staff bar's count of open requests (0051) reads the first one alone (branch_id, status = 'open').
  index('retreatment_requests_open_idx').on(t.branchId, t.createdAt).where(sql`${t.status} = 'open'`),
  index('retreatment_requests_handled_idx').on(t.branchId, t.handledAt).where(sql`${t.status} <> 'open'`),
  // A booking's requests, for its eligibility (a one-time treatment's one return).
  index('retreatment_requests_booking_idx').on(t.bookingRef),
]);

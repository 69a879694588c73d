import { sql } from 'drizzle-orm';
import {
  boolean, check, date, doublePrecision, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, timestamp, uuid,
} from 'drizzle-orm/pg-core';
import { branches, technicians, timestamps } from './branches';
import { servicePlans } from './catalog';
import { customers } from './customers';
import { NOT_TREATED_REASONS, type NotTreatedReason } from '@/lib/not-treated-reasons';
import { quotes } from './quotes';
import { staffUsers } from './staff';

export const SERVICE_TYPES = ['onetime', 'seasonal', 'tick-seasonal', 'standingwater', 'consult'] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];
export const APPOINTMENT_STATUSES = ['pending', 'pending-payment', 'confirmed', 'completed', 'cancelled', 'expired'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];
/**
 * What a visit row is (0047): a visit the booking paid for ('scheduled'), or a free re-treatment the
 * office scheduled under the guarantee ('retreatment'), which no price, refund or visit count reads.
 * The same list as `VISIT_KINDS` in features/scheduling/visit-kinds.ts (the test holds them equal).
 */
export const APPOINTMENT_KINDS = ['scheduled', 'retreatment'] as const;
/** Who called a visit off (0060's two cancellations): the customer through their booking's link, or the office. */
export const CANCELLED_BY = ['customer', 'office'] as const;
export type CancelledBy = (typeof CANCELLED_BY)[number];

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

export const appointments = pgTable('appointments', {
  id: serial().primaryKey(),
  branchId: integer().notNull().default(1).references(() => branches.id),
  customerId: integer().notNull().references(() => customers.id),
  planId: integer().references(() => servicePlans.id),
  // All visits of one booking (a seasonal plan's five, add-on visits) share a booking reference.
  bookingRef: text().notNull(),
  visitNumber: integer().notNull().default(1),
  serviceType: text().notNull(),
  kind: text().notNull().default('scheduled'),
  date: date({ mode: 'string' }).notNull(), // the Friday, in the branch time zone
  time: text().notNull().default('09:00'),
  startsAt: timestamp({ withTimezone: true }),
  address: text(),
  city: text(),
  postalCode: text(),
  phone: text(),
  latitude: doublePrecision(),
  longitude: doublePrecision(),
  propertySize: numeric({ precision: 7, scale: 2, mode: 'number' }),
  includeTick: boolean().notNull().default(false),
  includeTargetedInsects: boolean().notNull().default(false),
  extras: jsonb().$type<string[]>(),
  discountCode: text(),
  quoteId: integer().references(() => quotes.id, { onDelete: 'set null' }),
  notes: text(),
  status: text().notNull().default('pending'),
  // An unpaid booking holds its Friday stops only until this instant.
  holdExpiresAt: timestamp({ withTimezone: true }),
  subtotalCents: integer(),
  taxCents: integer(),
  totalCents: integer(),
  locale: text().notNull().default('en'),
  isRescheduled: boolean().notNull().default(false),
  weatherChecked: boolean().notNull().default(false),
  weatherForecast: text(),
  originalDate: date({ mode: 'string' }),
  originalTime: text(),
  rescheduledReason: text(),
  estimatedDuration: integer(), // minutes
  technicianId: integer().references(() => technicians.id, { onDelete: 'set null' }),
  routePosition: integer(),
  estimatedArrivalTime: text(), // HH:MM local time, set by the route planner
  // When the visit was marked done (null unless completed): a re-plan keeps done stops in this order.
  completedAt: timestamp({ withTimezone: true }),
  // When the visit's reminder email was queued (features/reminders); a move to another Friday clears it.
  reminderSentAt: timestamp({ withTimezone: true }),
  // The technician's note to the customer, written when the visit is marked done (0038); kept on Undo.
  visitNote: text(),
  // When the visit report naming this visit was queued (features/visit-reports, 0038): never a second one.
  visitReportQueuedAt: timestamp({ withTimezone: true }),
  // The office's last edit of the visit's note or application record (0042): when, and by whom.
  visitRecordEditedAt: timestamp({ withTimezone: true }),
  visitRecordEditedById: integer().references(() => staffUsers.id, { onDelete: 'set null' }),
  // The booking's "Manage your booking" link generation (0050), the same on every visit of the booking:
  // a link opens the booking only while it carries this number. The office raises it to cut off a
  // link that reached the wrong person, and says when and who.
  manageLinkGeneration: integer().notNull().default(0),
  manageLinkReplacedAt: timestamp({ withTimezone: true }),
  manageLinkReplacedById: integer().references(() => staffUsers.id, { onDelete: 'set null' }),
  // When the visit was cancelled and by whom (0073): the quote it was booked from says "Booking
  // cancelled" with the date. Null on visits never cancelled; older cancellations took their
  // `updated_at` in the migration, and no `cancelled_by` (it was never recorded).
  cancelledAt: timestamp({ withTimezone: true }),
  cancelledBy: text().$type<CancelledBy>(),
  // The technician came on the visit's day but could not treat (0085): why, their note (required
  // for 'other'), when and who. The visit stays confirmed for the office to move; no report is sent;
  // a move to another Friday or the technician's Undo clears all four.
  notTreatedReason: text().$type<NotTreatedReason>(),
  notTreatedNote: text(),
  notTreatedAt: timestamp({ withTimezone: true }),
  notTreatedById: integer().references(() => staffUsers.id, { onDelete: 'set null' }),
  ...timestamps,
}, (t) => [
  check('appointments_status', sql`${t.status} in (${inList(APPOINTMENT_STATUSES)})`),
  check('appointments_service_type', sql`${t.serviceType} in (${inList(SERVICE_TYPES)})`),
  check('appointments_friday', sql`extract(isodow from ${t.date}) = 5`),
  check('appointments_money', sql`coalesce(${t.totalCents}, 0) >= 0`),
  check('appointments_visit_note_length', sql`char_length(${t.visitNote}) <= 500`),
  check('appointments_kind', sql`${t.kind} in (${inList(APPOINTMENT_KINDS)})`),
  check('appointments_cancelled_by', sql`${t.cancelledBy} in (${inList(CANCELLED_BY)})`),
  check('appointments_not_treated_reason', sql`${t.notTreatedReason} in (${inList(NOT_TREATED_REASONS)})`),
  check('appointments_not_treated_note_length', sql`char_length(${t.notTreatedNote}) <= 500`),
  check('appointments_not_treated_at', sql`(${t.notTreatedReason} is null) = (${t.notTreatedAt} is null)`),
  check('appointments_manage_link_generation', sql`${t.manageLinkGeneration} >= 0`),
  // A free re-treatment carries no price: nothing can sum it into a booking's money by mistake.
  check('appointments_retreatment_free', sql`${t.kind} <> 'retreatment' or (coalesce(${t.subtotalCents}, 0) = 0 and coalesce(${t.taxCents}, 0) = 0 and coalesce(${t.totalCents}, 0) = 0)`),
  // A branch's Fridays (capacity counts, day plans) and the staff list's keyset order (date, time, id)
  // in both directions, so a page of upcoming or past visits is read straight off the index.
  index('appointments_date_time_idx').on(t.branchId, t.date, t.time, t.id),
  index('appointments_booking_ref_idx').on(t.bookingRef),
  index('appointments_customer_idx').on(t.customerId),
  // Deleting a quote sets this column to null where it names the quote (the retention sweep, 0049):
  // without an index each deleted quote would read the whole table.
  index('appointments_quote_idx').on(t.quoteId).where(sql`${t.quoteId} is not null`),
  // The reminder worker's question, asked every few minutes: which confirmed visits on these
  // Fridays have had no reminder yet. Only such rows are in the index, so it stays small.
  index('appointments_reminder_due_idx').on(t.date).where(sql`${t.status} = 'confirmed' and ${t.reminderSentAt} is null`),
]);

/** What a day sheet change asked for: a done mark, or its Undo (0052); "Couldn't treat", or its Undo (0086). */
export const STOP_CHANGE_KINDS = ['done', 'undo', 'not-treated', 'not-treated-undo'] as const;
export type StopChangeKind = (typeof STOP_CHANGE_KINDS)[number];

/**
 * The day sheet's changes the server has applied, by the id the phone gave each press (0052): the
 * same change sent again after its answer was lost is recognised and writes nothing, whatever the
 * office did to the stop in between. Written in the status change's transaction; kept 30 days
 * (the retention sweep deletes older rows).
 */
export const appliedStopChanges = pgTable('applied_stop_changes', {
  id: uuid().primaryKey(),
  appointmentId: integer().notNull().references(() => appointments.id, { onDelete: 'cascade' }),
  kind: text().$type<StopChangeKind>().notNull(),
  appliedAt: timestamp({ withTimezone: true }).notNull(),
}, (t) => [
  check('applied_stop_changes_kind', sql`${t.kind} in (${inList(STOP_CHANGE_KINDS)})`),
  // The sweep deletes by age.
  index('applied_stop_changes_applied_at_idx').on(t.appliedAt),
]);

/** Why a Friday is closed to bookings: a rain day moved its visits away (0071). */
export const SERVICE_DAY_CLOSED_REASONS = ['rain'] as const;
export type ServiceDayClosedReason = (typeof SERVICE_DAY_CLOSED_REASONS)[number];

/** One row per branch and Friday: the row a booking locks while it counts and reserves stops. */
export const serviceDays = pgTable('service_days', {
  branchId: integer().notNull().references(() => branches.id),
  date: date({ mode: 'string' }).notNull(),
  capacityOverride: integer(),
  isClosed: boolean().notNull().default(false),
  // Who closed the day, when and why (0071): the route manager says so and offers to reopen it.
  closedReason: text().$type<ServiceDayClosedReason>(),
  closedAt: timestamp({ withTimezone: true }),
  closedById: integer().references(() => staffUsers.id, { onDelete: 'set null' }),
  /** The Fridays a rain day sent this day's visits to (0071), for the day sheet and the route manager. */
  movedTo: date({ mode: 'string' }).array().notNull().default(sql`'{}'::date[]`),
}, (t) => [
  primaryKey({ columns: [t.branchId, t.date] }),
  check('service_days_closed_reason', sql`${t.closedReason} in (${inList(SERVICE_DAY_CLOSED_REASONS)})`),
  // A reason belongs to a closed day: reopening clears it.
  check('service_days_reason_when_closed', sql`${t.closedReason} is null or ${t.isClosed}`),
]);

export const ROUTE_STATUSES = ['pending', 'planned', 'in-progress', 'done'] as const;

export const serviceRoutes = pgTable('service_routes', {
  id: serial().primaryKey(),
  branchId: integer().notNull().default(1).references(() => branches.id),
  date: date({ mode: 'string' }).notNull(),
  technicianId: integer().references(() => technicians.id, { onDelete: 'set null' }),
  technician: text(),
  status: text().notNull().default('pending'),
  startingPoint: text(),
  startingLatitude: doublePrecision(),
  startingLongitude: doublePrecision(),
  totalDistance: integer(), // metres
  totalDuration: integer(), // minutes
  appointmentOrder: integer().array().notNull().default(sql`'{}'::int[]`),
  routeData: jsonb(),
  ...timestamps,
}, (t) => [
  check('service_routes_status', sql`${t.status} in (${inList(ROUTE_STATUSES)})`),
  index('service_routes_date_idx').on(t.branchId, t.date),
]);

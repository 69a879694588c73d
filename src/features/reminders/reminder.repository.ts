import 'server-only';
import { and, asc, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { appointments } from '@/db/schema/appointments';
import { customers } from '@/db/schema/customers';
import { serviceAddressColumns } from '@/features/booking/service-address.columns';

/** A visit takes a reminder while it is confirmed and none was queued for its current Friday. */
const awaitingReminder = and(eq(appointments.status, 'confirmed'), isNull(appointments.reminderSentAt));

/**
 * The customers and Fridays among `dates` with a confirmed visit still waiting for its reminder:
 * one row per customer and day, the unit of one reminder email. Read through the partial index
 * `appointments_reminder_due_idx`.
 */
export async function listCustomerDaysAwaitingReminder(db: DbExecutor, dates: readonly string[]) {
  if (dates.length === 0) return [];
  return db
    .selectDistinct({ customerId: appointments.customerId, date: appointments.date })
    .from(appointments)
    .where(and(inArray(appointments.date, [...dates]), awaitingReminder))
    .orderBy(asc(appointments.date), asc(appointments.customerId));
}

/**
 * Claims the reminder of a customer's Friday: marks their confirmed visits on `date` that have
 * none yet, and returns them. A conditional UPDATE, so of two workers claiming the same day the
 * second waits on the first's row locks, finds `reminder_sent_at` set and claims nothing; a visit
 * cancelled or moved meanwhile no longer matches. Run it in the transaction that queues the email.
 */
export async function claimCustomerDayReminder(db: DbExecutor, customerId: number, date: string, at: Date) {
  return db
    .update(appointments)
    .set({ reminderSentAt: at })
    .where(and(eq(appointments.customerId, customerId), eq(appointments.date, date), awaitingReminder))
    .returning({ id: appointments.id });
}

/**
 * Claims the reminder of visits that joined a day whose reminder is already queued or sent (moved
 * onto it): marks the customer's visits among `ids` still without one. Only these rows, which the move already holds
 * locked, so the claim never waits on another booking's rows (0034, 2026-11-24 (b)).
 */
export async function claimVisitReminders(db: DbExecutor, customerId: number, ids: readonly number[], at: Date) {
  if (ids.length === 0) return [];
  return db
    .update(appointments)
    .set({ reminderSentAt: at })
    .where(and(inArray(appointments.id, [...ids]), eq(appointments.customerId, customerId), awaitingReminder))
    .returning({ id: appointments.id });
}

/**
 * Whether the customer has a confirmed visit on `date` whose reminder was queued (claimed). With
 * none of that day's reminders still waiting in the outbox, that reminder has gone out (or is
 * going): a withdrawn one leaves no confirmed visit behind, and a move clears the claim of what
 * it moves. Read through `appointments_customer_idx`, not the outbox's sent mail.
 */
export async function hasRemindedVisitOn(db: DbExecutor, customerId: number, date: string): Promise<boolean> {
  const [row] = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(eq(appointments.customerId, customerId), eq(appointments.date, date), eq(appointments.status, 'confirmed'), isNotNull(appointments.reminderSentAt)))
    .limit(1);
  return row !== undefined;
}

/**
 * What the reminder tells: the customer's confirmed visits on `date` (those reminded before too,
 * so the email names the whole day), with the route plan's arrival estimate and the customer's
 * name, email and address on file. Newest booking first: its language is the email's.
 */
export async function listCustomerDayVisits(db: DbExecutor, customerId: number, date: string) {
  return db
    .select({
      id: appointments.id,
      branchId: appointments.branchId,
      bookingRef: appointments.bookingRef,
      manageLinkGeneration: appointments.manageLinkGeneration,
      serviceType: appointments.serviceType,
      kind: appointments.kind,
      date: appointments.date,
      time: appointments.time,
      estimatedArrivalTime: appointments.estimatedArrivalTime,
      ...serviceAddressColumns,
      locale: appointments.locale,
      customerFirstName: customers.firstName,
      customerEmail: customers.email,
    })
    .from(appointments)
    .innerJoin(customers, eq(customers.id, appointments.customerId))
    .where(and(eq(appointments.customerId, customerId), eq(appointments.date, date), eq(appointments.status, 'confirmed')))
    .orderBy(desc(appointments.id));
}

export type CustomerDayVisit = Awaited<ReturnType<typeof listCustomerDayVisits>>[number];

/** The customers the visits `ids` belong to (one, for the visits of a booking). */
export async function selectCustomersOfVisits(db: DbExecutor, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectDistinct({ customerId: appointments.customerId }).from(appointments).where(inArray(appointments.id, [...ids]));
  return rows.map((r) => r.customerId);
}

import 'server-only';
import { type DbExecutor, getDb } from '@/db/client';
import { getBranch } from '@/features/branch/branch.service';
import { enqueueEmail, lockWaitingEmails, rewriteEmails, withdrawWaitingEmails } from '@/features/email/outbox.service';
import { toLocale } from '@/i18n/routing';
import { getLogger } from '@/server/logger';
import { findReminderDates } from './reminder-timing';
import {
  claimCustomerDayReminder, listCustomerDaysAwaitingReminder, listCustomerDayVisits, type CustomerDayVisit, selectCustomersOfVisits,
} from './reminder.repository';
import { renderVisitReminderEmail, type ReminderVisit } from './visit-reminder-email';

export type ReminderRunReport = { emails: number; visits: number };

/** The outbox topic of a customer's reminder for one Friday: what a cancel or move looks it up by (0034). */
export const reminderTopic = (customerId: number, date: string) => `visit-reminder:${customerId}:${date}`;

/** The visit's own address; a visit booked without one is served at the customer's address on file. */
function toReminderVisit(visit: CustomerDayVisit): ReminderVisit {
  const own = visit.address || visit.city || visit.postalCode;
  return {
    bookingRef: visit.bookingRef,
    serviceType: visit.serviceType,
    time: visit.time,
    estimatedArrivalTime: visit.estimatedArrivalTime,
    address: own ? visit.address : visit.customerAddress,
    city: own ? visit.city : visit.customerCity,
    postalCode: own ? visit.postalCode : visit.customerPostalCode,
  };
}

/**
 * One customer's Friday, in the caller's transaction: claims the reminder (the conditional UPDATE
 * of `claimCustomerDayReminder`) and queues the email with it, so the email exists exactly when
 * the claim was committed, and a second worker finds the day claimed and queues nothing.
 * Returns how many visits the claim took (0: another run had sent it, or none is left to remind).
 */
async function queueCustomerDayReminder(tx: DbExecutor, customerId: number, date: string, now: Date): Promise<number> {
  const claimed = await claimCustomerDayReminder(tx, customerId, date, now);
  if (claimed.length === 0) return 0;
  const email = await renderCustomerDayReminder(tx, customerId, date);
  if (!email) return 0;
  await enqueueEmail(tx, {
    kind: 'visit-reminder',
    ...email,
    relatedType: 'appointment',
    relatedId: Math.min(...claimed.map((c) => c.id)),
    topic: reminderTopic(customerId, date),
  });
  return claimed.length;
}

/** The reminder of a customer's Friday as the day stands now (every confirmed visit on it); null when none is left. */
async function renderCustomerDayReminder(tx: DbExecutor, customerId: number, date: string) {
  const visits = await listCustomerDayVisits(tx, customerId, date);
  const newest = visits[0];
  if (!newest) return null;
  // The language of the customer's latest booking, as that booking's receipt was written.
  const locale = toLocale(newest.locale);
  const branch = await getBranch(newest.branchId, tx);
  const email = renderVisitReminderEmail({
    locale,
    branch,
    customerFirstName: newest.customerFirstName,
    date,
    visits: [...visits].reverse().map(toReminderVisit),
  });
  return { to: newest.customerEmail, locale, ...email };
}

export type ReminderRevision = { withdrawn: number[]; rewritten: number[] };

/**
 * Visits `visitIds` have just left `dates` (cancelled, or moved to another Friday), in the
 * caller's transaction, after the change is written (docs/decisions/0034). Each reminder of those
 * customers' days still waiting in the outbox (not sent, not being sent) is:
 * - withdrawn (kept as 'withdrawn', never sent) when no confirmed visit of the customer is left
 *   that day: nothing is coming;
 * - rewritten for the visits still on the day when some are: the customer is still visited, and
 *   the email names only what is still coming.
 * The day's waiting rows are locked before the day is read, so two changes to the same day at
 * once (two bookings of one customer) take turns and the second sees the first's result.
 * Claims need no reset here: a cancelled visit is never reminded, and `moveVisitsToDate` clears
 * a moved visit's, so its new Friday (or its old one, if it moves back) is reminded when due.
 */
export async function reviseWaitingReminders(tx: DbExecutor, visitIds: readonly number[], dates: readonly string[], now: Date): Promise<ReminderRevision> {
  const revision: ReminderRevision = { withdrawn: [], rewritten: [] };
  for (const customerId of await selectCustomersOfVisits(tx, visitIds)) {
    for (const date of new Set(dates)) {
      const waiting = await lockWaitingEmails(tx, reminderTopic(customerId, date));
      if (waiting.length === 0) continue;
      const email = await renderCustomerDayReminder(tx, customerId, date);
      if (email) {
        // The address stays the one the reminder was queued for; only what it says changes.
        revision.rewritten.push(...await rewriteEmails(tx, waiting, { locale: email.locale, subject: email.subject, html: email.html, text: email.text }, now));
      } else {
        revision.withdrawn.push(...await withdrawWaitingEmails(tx, waiting, now));
      }
    }
  }
  if (revision.withdrawn.length + revision.rewritten.length > 0) getLogger().info({ ...revision, visitIds, dates }, 'waiting visit reminders revised after a cancel or move');
  return revision;
}

/**
 * The reminder worker's job (docs/decisions/0031): for each customer with a confirmed visit on a
 * Friday whose reminder is due at `now` (`findReminderDates`: from Wednesday 8:00 AM, Toronto
 * time, until the visit's day, in daytime hours), queues one reminder email for that day in the
 * outbox. Each customer's day is its own transaction, so one failure holds up no one else and
 * is tried again on the next run.
 */
export async function queueDueVisitReminders(now = new Date()): Promise<ReminderRunReport> {
  const report: ReminderRunReport = { emails: 0, visits: 0 };
  const { timezone } = await getBranch();
  const dates = findReminderDates(now, timezone);
  if (dates.length === 0) return report;
  const db = await getDb();
  for (const day of await listCustomerDaysAwaitingReminder(db, dates)) {
    try {
      const claimed = await db.transaction((tx) => queueCustomerDayReminder(tx, day.customerId, day.date, now));
      if (claimed > 0) {
        report.emails += 1;
        report.visits += claimed;
      }
    } catch (error) {
      getLogger().error({ err: error, customerId: day.customerId, date: day.date }, 'visit reminder could not be queued; the next run tries again');
    }
  }
  if (report.emails > 0) getLogger().info({ ...report, dates }, 'visit reminders queued');
  return report;
}

import 'server-only';
import { type DbExecutor, getDb } from '@/db/client';
import { findServiceAddress } from '@/features/booking/service-address';
import { getBranch } from '@/features/branch/branch.service';
import { enqueueEmail, lockWaitingEmails, rewriteEmails, withdrawWaitingEmails } from '@/features/email/outbox.service';
import { toLocale } from '@/i18n/routing';
import { getLogger } from '@/server/logger';
import { findReminderDates } from './reminder-timing';
import {
  claimCustomerDayReminder, claimVisitReminders, hasRemindedVisitOn, listCustomerDaysAwaitingReminder, listCustomerDayVisits, type CustomerDayVisit,
  selectCustomersOfVisits,
} from './reminder.repository';
import { renderVisitReminderEmail, type ReminderVisit } from './visit-reminder-email';

/** `emails` queued, `visits` claimed: a visit that joined a day's reminder still waiting is claimed without a new email. */
export type ReminderRunReport = { emails: number; visits: number };

/** The outbox topic of a customer's reminder for one Friday: what a cancel or move looks it up by (0034). */
export const reminderTopic = (customerId: number, date: string) => `visit-reminder:${customerId}:${date}`;

/** A visit as its reminder names it, at the address it is served at. */
function toReminderVisit(visit: CustomerDayVisit): ReminderVisit {
  return {
    bookingRef: visit.bookingRef,
    linkGeneration: visit.manageLinkGeneration,
    serviceType: visit.serviceType,
    kind: visit.kind,
    time: visit.time,
    estimatedArrivalTime: visit.estimatedArrivalTime,
    ...findServiceAddress(visit),
  };
}

/**
 * One customer's Friday, in the caller's transaction: claims the reminder (the conditional UPDATE
 * of `claimCustomerDayReminder`) and queues the email with it, so the email exists exactly when
 * the claim was committed, and a second worker finds the day claimed and queues nothing.
 * A reminder of the day still waiting in the outbox (queued before these visits arrived: a booking
 * paid for the same Friday) is rewritten to name them instead, so the customer gets one reminder
 * for the day (0034, 2026-11-24 (b)). Claim first, then the outbox rows, as a cancel or a move
 * takes its visits' rows before the reminders.
 * Returns how many visits the claim took (0: another run had sent it, or none is left to remind)
 * and whether an email was queued.
 */
async function queueCustomerDayReminder(tx: DbExecutor, customerId: number, date: string, now: Date): Promise<{ visits: number; queued: boolean }> {
  const claimed = await claimCustomerDayReminder(tx, customerId, date, now);
  if (claimed.length === 0) return { visits: 0, queued: false };
  const topic = reminderTopic(customerId, date);
  const waiting = await lockWaitingEmails(tx, topic);
  if (waiting.length > 0) {
    await rewriteDayReminders(tx, waiting, customerId, date, now);
    return { visits: claimed.length, queued: false };
  }
  const email = await renderCustomerDayReminder(tx, customerId, date);
  if (!email) return { visits: 0, queued: false };
  await enqueueEmail(tx, {
    kind: 'visit-reminder',
    ...email,
    relatedType: 'appointment',
    relatedId: Math.min(...claimed.map((c) => c.id)),
    topic,
  });
  return { visits: claimed.length, queued: true };
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
 * Brings the waiting reminders `waiting` of a customer's Friday in line with the day as it stands
 * (the one renderer, `renderCustomerDayReminder`): rewritten in place for the confirmed visits on
 * it, or withdrawn when none is left. The address stays the one the reminder was queued for.
 */
async function rewriteDayReminders(tx: DbExecutor, waiting: number[], customerId: number, date: string, now: Date): Promise<ReminderRevision> {
  const email = await renderCustomerDayReminder(tx, customerId, date);
  if (!email) return { withdrawn: await withdrawWaitingEmails(tx, waiting, now), rewritten: [] };
  return { withdrawn: [], rewritten: await rewriteEmails(tx, waiting, { locale: email.locale, subject: email.subject, html: email.html, text: email.text }, now) };
}


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
      const day = await rewriteDayReminders(tx, waiting, customerId, date, now);
      revision.withdrawn.push(...day.withdrawn);
      revision.rewritten.push(...day.rewritten);
    }
  }
  if (revision.withdrawn.length + revision.rewritten.length > 0) getLogger().info({ ...revision, visitIds, dates }, 'waiting visit reminders revised after a cancel or move');
  return revision;
}

export type ReminderJoin = { rewritten: number[]; claimed: number[] };

/**
 * Visits `visitIds` have just been moved onto `date` (written, claims cleared by
 * `moveVisitsToDate`), in the move's transaction: one reminder per customer and Friday
 * (0034, 2026-11-24 (b)).
 * - A reminder of that customer's day still waiting in the outbox is rewritten to name every
 *   visit of the day, the arriving ones too, and they are claimed: the worker queues no second one.
 * - The day's reminder has already gone out (or is being sent: a visit of the day is claimed and
 *   nothing waits): they are claimed without a new reminder. The move email, queued in the same
 *   transaction, tells the date, arrival, service and address; the day's reminder told the rest.
 * - No reminder yet: nothing; the worker reminds the whole day when it is due (0031).
 */
async function joinWaitingReminders(tx: DbExecutor, visitIds: readonly number[], date: string, now: Date): Promise<ReminderJoin> {
  const join: ReminderJoin = { rewritten: [], claimed: [] };
  for (const customerId of await selectCustomersOfVisits(tx, visitIds)) {
    const waiting = await lockWaitingEmails(tx, reminderTopic(customerId, date));
    if (waiting.length > 0) join.rewritten.push(...(await rewriteDayReminders(tx, waiting, customerId, date, now)).rewritten);
    else if (!(await hasRemindedVisitOn(tx, customerId, date))) continue;
    join.claimed.push(...(await claimVisitReminders(tx, customerId, visitIds, now)).map((v) => v.id));
  }
  return join;
}

/**
 * A move's reminders, in its transaction, after the visits are written: the old Friday's waiting
 * reminder is withdrawn or rewritten without them (`reviseWaitingReminders`), the new Friday's
 * names them (`joinWaitingReminders`). Both days' waiting reminders are locked in date order
 * first, so two moves of one customer's bookings in opposite directions take turns instead of
 * deadlocking.
 */
export async function reviseRemindersAfterMove(tx: DbExecutor, visitIds: readonly number[], move: { from: string; to: string }, now: Date) {
  const customers = await selectCustomersOfVisits(tx, visitIds);
  for (const customerId of customers) {
    for (const date of [move.from, move.to].sort()) await lockWaitingEmails(tx, reminderTopic(customerId, date));
  }
  const left = await reviseWaitingReminders(tx, visitIds, [move.from], now);
  const joined = await joinWaitingReminders(tx, visitIds, move.to, now);
  if (joined.rewritten.length + joined.claimed.length > 0) getLogger().info({ ...joined, visitIds, date: move.to }, 'moved visits joined the reminder of their new Friday');
  return { left, joined };
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
      const { visits, queued } = await db.transaction((tx) => queueCustomerDayReminder(tx, day.customerId, day.date, now));
      if (queued) report.emails += 1;
      report.visits += visits;
    } catch (error) {
      getLogger().error({ err: error, customerId: day.customerId, date: day.date }, 'visit reminder could not be queued; the next run tries again');
    }
  }
  if (report.visits > 0) getLogger().info({ ...report, dates }, 'visit reminders queued');
  return report;
}

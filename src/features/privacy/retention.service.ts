import 'server-only';
import { type DbExecutor, getDb } from '@/db/client';
import { getBranch } from '@/features/branch/branch.service';
import { deleteAppliedStopChanges } from '@/features/routing/stop-change.repository';
import { findAppliedStopChangesCutoff } from '@/features/routing/stop-completion';
import { getLogger } from '@/server/logger';
import {
  clearAnalyticsContacts, clearErasedLeftovers, deleteMessagesAndEmails, deleteQuotesAndEmails, deleteUnattachedEmails, eraseSubjectRows,
  lockCustomersToErase, lockRetentionSweep, selectDueMessageIds, selectDueQuotes, selectInactiveCustomerIds,
} from './privacy.repository';
import { findRetentionCutoffs } from './retention';

/** Rows per transaction: each batch holds its locks for well under a second. */
export const RETENTION_BATCH = 500;
/** Customers per erasure transaction (each touches a dozen tables). */
export const ERASURE_BATCH = 100;

export type RetentionReport = {
  quotes: number;
  messages: number;
  emails: number;
  analytics: number;
  customers: number;
  visitCoordinates: number;
  routePlans: number;
  applicationAddresses: number;
  /** The day sheet's applied change ids (0052): no personal data, swept here as the app's one age-based delete. */
  stopChanges: number;
};

/**
 * Keeps the privacy policy's periods (decision 0049, rules in retention.ts): deletes quotes that
 * did not lead to a booking and contact messages 24 months old with the emails about them, clears
 * the contact details of booking-step analytics as old, and erases customers six tax years after
 * their last business, then what erasures left for later; and the day sheet's applied change ids
 * after 30 days (0052). Each step runs in batches, each batch in
 * its own transaction under the sweep's lock; every step only picks rows still due, so a run
 * stopped half-way is finished by the next and a second run changes nothing.
 */
export async function runRetentionSweep(now: Date, options: { batchSize?: number; erasureBatchSize?: number } = {}): Promise<RetentionReport> {
  const branch = await getBranch();
  const cutoffs = findRetentionCutoffs(now, branch.timezone);
  const limit = options.batchSize ?? RETENTION_BATCH;
  const db = await getDb();
  const inBatch = <T>(work: (tx: DbExecutor) => Promise<T>) => db.transaction(async (tx) => {
    await lockRetentionSweep(tx);
    return work(tx);
  });
  const report: RetentionReport = { quotes: 0, messages: 0, emails: 0, analytics: 0, customers: 0, visitCoordinates: 0, routePlans: 0, applicationAddresses: 0, stopChanges: 0 };

  // Quotes: a booked one older than the cut-off stays (the booking's record), so the batches walk on past it.
  let after: { createdAt: Date; id: number } | null = null;
  for (;;) {
    const due = await inBatch(async (tx) => {
      const rows = await selectDueQuotes(tx, { before: cutoffs.unbookedBefore, after, limit });
      const deleted = await deleteQuotesAndEmails(tx, rows.map((r) => r.id));
      report.quotes += deleted.quotes;
      report.emails += deleted.emails;
      return rows;
    });
    if (due.length < limit) break;
    after = due[due.length - 1]!;
  }

  for (;;) {
    const count = await inBatch(async (tx) => {
      const ids = await selectDueMessageIds(tx, { before: cutoffs.unbookedBefore, limit });
      const deleted = await deleteMessagesAndEmails(tx, ids);
      report.messages += deleted.messages;
      report.emails += deleted.emails;
      return ids.length;
    });
    if (count < limit) break;
  }

  for (;;) {
    const count = await inBatch((tx) => deleteUnattachedEmails(tx, { before: cutoffs.unbookedBefore, limit }));
    report.emails += count;
    if (count < limit) break;
  }

  for (;;) {
    const count = await inBatch((tx) => clearAnalyticsContacts(tx, { before: cutoffs.unbookedBefore, limit }));
    report.analytics += count;
    if (count < limit) break;
  }

  const erasureLimit = options.erasureBatchSize ?? ERASURE_BATCH;
  let afterId = 0;
  for (;;) {
    const ids = await inBatch(async (tx) => {
      const due = { activeBefore: cutoffs.customerActiveBefore, visitBefore: cutoffs.customerVisitBefore, limit: erasureLimit };
      const found = await selectInactiveCustomerIds(tx, { ...due, afterId });
      const locked = await lockCustomersToErase(tx, found);
      // Asked again under the locks: a booking, payment or request that committed while the lock
      // waited is business since the cut-off, and that customer stays (0055).
      const still = new Set(await selectInactiveCustomerIds(tx, { ...due, afterId: 0, among: locked.map((c) => c.id) }));
      const subject = { ids: locked.filter((c) => still.has(c.id)).map((c) => c.id), emails: locked.filter((c) => still.has(c.id)).map((c) => c.email) };
      if (subject.ids.length > 0) {
        const erased = await eraseSubjectRows(tx, subject, { at: now, byId: null, reason: 'retention' });
        report.customers += subject.ids.length;
        report.emails += erased.emails;
        report.quotes += erased.quotes;
        report.messages += erased.messages;
        report.analytics += erased.analytics;
      }
      return found;
    });
    if (ids.length < erasureLimit) break;
    afterId = ids[ids.length - 1]!;
  }

  for (;;) {
    const cleared = await inBatch((tx) => clearErasedLeftovers(tx, { ...cutoffs, limit }));
    report.visitCoordinates += cleared.visitCoordinates;
    report.routePlans += cleared.routePlans;
    report.applicationAddresses += cleared.applicationAddresses;
    if (Math.max(cleared.visitCoordinates, cleared.routePlans, cleared.applicationAddresses) < limit) break;
  }

  const stopChangesBefore = findAppliedStopChangesCutoff(now);
  for (;;) {
    const count = await inBatch((tx) => deleteAppliedStopChanges(tx, { before: stopChangesBefore, limit }));
    report.stopChanges += count;
    if (count < limit) break;
  }

  // Counts only: what was deleted is gone, and the log must not say who it was about.
  const changed = Object.values(report).some((n) => n > 0);
  getLogger()[changed ? 'info' : 'debug']({ ...report, unbookedBefore: cutoffs.unbookedBefore.toISOString(), customerActiveBefore: cutoffs.customerActiveBefore.toISOString() }, 'privacy retention sweep');
  return report;
}

import 'server-only';
import { getDb } from '@/db/client';
import { getBranch } from '@/features/branch/branch.service';
import { findToday } from '@/features/scheduling/available-dates';
import type { StaffSession } from '@/features/staff-auth/session.service';
import { AppError } from '@/lib/errors';
import { getLogger } from '@/server/logger';
import { findErasureRefusals } from './erasure-rules';
import {
  clearErasedLeftovers, countErasureScope, type ErasureScope, eraseSubjectRows, lockCustomerForErasure, selectCustomerData, selectCustomerSubject,
  selectErasure, selectOpenBusiness,
} from './privacy.repository';
import { findRetentionCutoffs } from './retention';
import { RETENTION_BATCH } from './retention.service';

type StaffActor = Pick<StaffSession, 'staffUserId' | 'username'>;

const notFound = () => new AppError('not_found', 'adminDashboard.customerNotFound');

export type PrivacyPanel = {
  /** Set once the customer's personal data was erased: when, by whom (null: the retention sweep or an account since removed) and why. */
  erasure: { erasedAt: string; reason: 'request' | 'retention'; byName: string | null } | null;
  /** Why an erasure would be refused now (`privacy` message keys); empty when it can go ahead. */
  refusals: string[];
};

/** The customer page's privacy block: the erasure done, or whether one can be done now (some 8 ms at 5,000 customers). */
export async function loadPrivacyPanel(customerId: number): Promise<PrivacyPanel | null> {
  const db = await getDb();
  const customer = await selectCustomerSubject(db, customerId);
  if (!customer) return null;
  const erasure = await selectErasure(db, customerId);
  return {
    erasure: erasure ? { ...erasure, erasedAt: erasure.erasedAt.toISOString() } : null,
    refusals: erasure ? [] : findErasureRefusals(await selectOpenBusiness(db, customerId)),
  };
}

export type ErasurePreview = { scope: ErasureScope; refusals: string[] };

/**
 * What erasing the customer would delete, anonymise and keep, counted, for the confirmation
 * dialog; read when the dialog opens (the counts read more than the page should on every visit).
 *
 * @throws AppError 404 for an unknown customer, 409 when already erased
 */
export async function previewErasure(customerId: number | null): Promise<ErasurePreview> {
  if (customerId === null) throw notFound();
  const db = await getDb();
  const customer = await selectCustomerSubject(db, customerId);
  if (!customer) throw notFound();
  if (customer.erasedAt) throw new AppError('conflict', 'privacy.refusals.alreadyErased');
  return {
    scope: await countErasureScope(db, { ids: [customer.id], emails: [customer.email.toLowerCase()] }),
    refusals: findErasureRefusals(await selectOpenBusiness(db, customerId)),
  };
}

/**
 * An access request (PIPEDA principle 4.9): everything held about the customer as one JSON file,
 * for the office to send them. The log says who exported whose file, never what it held.
 */
export async function exportCustomerData(customerId: number | null, options: { staff: StaffActor; now?: Date }): Promise<{ filename: string; content: string }> {
  if (customerId === null) throw notFound();
  const now = options.now ?? new Date();
  const db = await getDb();
  const customer = await selectCustomerSubject(db, customerId);
  if (!customer) throw notFound();
  const branch = await getBranch();
  const data = await selectCustomerData(db, { ids: [customer.id], emails: [customer.email.toLowerCase()] }, now);
  const [row] = data.customer;
  const { marketingConsentAt, marketingConsentText, marketingUnsubscribedAt, ...record } = row!;
  const file = {
    exportedAt: now.toISOString(),
    heldBy: branch.legalName ?? branch.displayName,
    customer: record,
    marketingConsent: {
      givenAt: marketingConsentAt, wordsAgreedTo: marketingConsentText, unsubscribedAt: marketingUnsubscribedAt,
      // Since when the address itself is on the do-not-email list (a quote email's link, 0066).
      addressUnsubscribedAt: data.addressUnsubscribedAt,
    },
    visits: data.visits,
    payments: data.payments.map((p) => ({ ...p, refunds: data.refunds.filter((r) => r.paymentId === p.id).map(({ paymentId: _paymentId, ...r }) => r) })),
    quotes: data.quotes,
    messages: data.messages,
    emails: data.emails,
    applicationRecords: data.applicationRecords,
    retreatmentRequests: data.retreatmentRequests,
    bookingStepAnalytics: data.analytics,
  };
  getLogger().info({
    staffUserId: options.staff.staffUserId, username: options.staff.username, customerId,
    rows: { visits: data.visits.length, payments: data.payments.length, quotes: data.quotes.length, messages: data.messages.length, emails: data.emails.length },
  }, 'staff exported a customer\'s personal data');
  return { filename: `customer-${customerId}-personal-data-${findToday(now, branch.timezone)}.json`, content: `${JSON.stringify(file, null, 2)}\n` };
}

export type ErasureResult = { customerId: number; erasedAt: string; deleted: { quotes: number; messages: number; emails: number; retreatmentRequests: number }; anonymised: { visits: number; payments: number; analytics: number } };

/**
 * A deletion request: deletes what the business is not required to keep and anonymises the
 * personal fields of what it is (tax records: payments, refunds and the visits they paid for keep
 * their amounts, dates and references), records who did it and when, in one transaction under the
 * customer's row lock (a booking by the same customer waits for it). Refused while the customer
 * has visits still booked, money still moving or a re-treatment request unanswered.
 *
 * @throws AppError 404 for an unknown customer, 409 when already erased or refused (`privacy.refusals.*`)
 */
export async function eraseCustomerData(customerId: number | null, options: { staff: StaffActor; now?: Date }): Promise<ErasureResult> {
  if (customerId === null) throw notFound();
  const now = options.now ?? new Date();
  const branch = await getBranch();
  const cutoffs = findRetentionCutoffs(now, branch.timezone);
  const db = await getDb();
  const counts = await db.transaction(async (tx) => {
    const customer = await lockCustomerForErasure(tx, customerId);
    if (!customer) throw notFound();
    if (customer.erasedAt) throw new AppError('conflict', 'privacy.refusals.alreadyErased');
    const refusals = findErasureRefusals(await selectOpenBusiness(tx, customerId));
    if (refusals.length > 0) throw new AppError('conflict', refusals[0]!);
    const erased = await eraseSubjectRows(tx, { ids: [customerId], emails: [customer.email.toLowerCase()] }, { at: now, byId: options.staff.staffUserId, reason: 'request' });
    // Past visits' coordinates now; anything a backlog leaves goes with the next retention sweep.
    await clearErasedLeftovers(tx, { ...cutoffs, limit: RETENTION_BATCH });
    return erased;
  });
  getLogger().info({ staffUserId: options.staff.staffUserId, username: options.staff.username, customerId, ...counts }, 'staff erased a customer\'s personal data');
  return {
    customerId,
    erasedAt: now.toISOString(),
    deleted: { quotes: counts.quotes, messages: counts.messages, emails: counts.emails, retreatmentRequests: counts.retreatmentRequests },
    anonymised: { visits: counts.visits, payments: counts.payments, analytics: counts.analytics },
  };
}

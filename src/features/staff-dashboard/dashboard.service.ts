import 'server-only';
import { getDb } from '@/db/client';
import {
  selectCustomerDetails, selectDashboardTotals, selectOutboxBody, selectQuotes, selectRecentAppointments, selectRecentCustomers, selectRecentMessages, selectRecentOutbox,
  selectRecentPayments,
} from './dashboard.repository';

/** Everything the staff dashboard shows, as plain JSON-safe data (dates as ISO strings). */
export async function loadDashboard() {
  const db = await getDb();
  const [totals, appointmentRows, customerRows, paymentRows, messageRows, outboxRows] = await Promise.all([
    selectDashboardTotals(db),
    selectRecentAppointments(db),
    selectRecentCustomers(db),
    selectRecentPayments(db),
    selectRecentMessages(db),
    selectRecentOutbox(db),
  ]);
  return {
    totals,
    appointments: appointmentRows,
    customers: customerRows,
    payments: paymentRows.map((p) => ({ ...p, createdAt: p.createdAt.toISOString() })),
    messages: messageRows.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
    outbox: outboxRows.map((o) => ({ ...o, createdAt: o.createdAt.toISOString(), sentAt: o.sentAt?.toISOString() ?? null })),
  };
}

export type DashboardData = Awaited<ReturnType<typeof loadDashboard>>;

/** The HTML of one outbox email, for staff to read as the customer would; null when unknown. */
export async function readOutboxEmail(id: number): Promise<string | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  return selectOutboxBody(await getDb(), id);
}

export async function loadQuotesForStaff() {
  const rows = await selectQuotes(await getDb());
  return rows.map((q) => ({ ...q, createdAt: q.createdAt.toISOString() }));
}

export async function loadCustomerDetails(customerId: number) {
  if (!Number.isSafeInteger(customerId) || customerId <= 0) return null;
  return selectCustomerDetails(await getDb(), customerId);
}

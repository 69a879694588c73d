/**
 * The admin dashboard's payment figures (SPEC "Admin dashboard", docs/decisions/0028): Total
 * Revenue and Total Payments count the same rows, the payments received. Checkouts left unpaid,
 * declined, cancelled or still processing, and the office's payment tests, are not sales; the
 * Payments tab still lists every row with its status, the tests marked. Refunds (0017) come off
 * the revenue; a refunded payment was still received and stays counted.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { payments } from '@/db/schema/payments';
import { refunds } from '@/db/schema/refunds';
import type { Handler } from '../support/handlers';
import { insertCustomer } from '../support/records';
import { signInAdminAndTechnician } from '../support/staff-sessions';

const jar = vi.hoisted(() => ({ token: undefined as string | undefined }));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (jar.token ? { name, value: jar.token } : undefined) }),
}));

const { GET: dashboardRoute } = (await import('@/app/api/admin/dashboard/route')) as unknown as { GET: Handler };
const { GET: paymentsRoute } = (await import('@/app/api/payments/route')) as unknown as { GET: Handler };
const { loadCustomerBookings } = await import('@/features/cancellations/cancellation.service');

type Dashboard = {
  totals: { revenueCents: number; totalPayments: number };
  payments: { paymentIntentId: string; status: string; amountCents: number; isTest: boolean }[];
};

async function dashboard(): Promise<Dashboard> {
  const res = await dashboardRoute(new Request('http://localhost/api/admin/dashboard'), { params: Promise.resolve({}) });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Dashboard;
}

let customerId = 0;
/** A payments row; `purpose` null is a row written before metadata existed (a sale). */
async function payment(status: string, amount: number, purpose: 'booking' | 'payment-test' | null = 'booking') {
  const id = `pi_totals_${randomUUID().slice(0, 12)}`;
  const [row] = await (await getDb()).insert(payments).values({
    customerId, provider: 'test', paymentIntentId: id, idempotencyKey: `totals:${id}`, amount, currency: 'cad', status,
    succeededAt: status === 'succeeded' ? new Date() : null,
    metadata: purpose === null ? null : { purpose, serviceType: 'onetime' },
  }).returning({ id: payments.id });
  return { id: row!.id, paymentIntentId: id };
}
async function refund(paymentId: number, amountCents: number, status: 'pending' | 'succeeded' | 'failed') {
  await (await getDb()).insert(refunds).values({
    paymentId, amountCents, status, provider: 'test', reason: 'Customer cancelled', idempotencyKey: `totals-refund:${randomUUID()}`, refundedAt: status === 'succeeded' ? new Date() : null,
  });
}

beforeAll(async () => {
  ({ adminToken: jar.token } = await signInAdminAndTechnician());
  customerId = await insertCustomer({ email: 'totals@example.com' });
});

describe('the dashboard\'s Total Revenue and Total Payments', () => {
  it('count the payments received only; every row stays in the Payments tab with its status', async () => {
    const paidOnetime = await payment('succeeded', 11187);
    const paidSeasonal = await payment('succeeded', 32318);
    const paidLegacy = await payment('succeeded', 5000, null);
    const abandoned = await payment('requires_payment_method', 11187);
    const declined = await payment('failed', 11187);
    const cancelled = await payment('canceled', 11187);
    const processing = await payment('processing', 11187);
    const authenticating = await payment('requires_action', 11187);
    const officeTestPaid = await payment('succeeded', 12900, 'payment-test');
    const officeTestOpen = await payment('requires_payment_method', 39500, 'payment-test');

    const { totals, payments: listed } = await dashboard();
    expect(totals).toMatchObject({ totalPayments: 3, revenueCents: 11187 + 32318 + 5000 });

    const shown = new Map(listed.map((p) => [p.paymentIntentId, p]));
    for (const [row, status] of [
      [paidOnetime, 'succeeded'], [paidSeasonal, 'succeeded'], [paidLegacy, 'succeeded'], [abandoned, 'requires_payment_method'], [declined, 'failed'],
      [cancelled, 'canceled'], [processing, 'processing'], [authenticating, 'requires_action'],
    ] as const) {
      expect(shown.get(row.paymentIntentId)).toMatchObject({ status, isTest: false });
    }
    expect(shown.get(officeTestPaid.paymentIntentId)).toMatchObject({ status: 'succeeded', amountCents: 12900, isTest: true });
    expect(shown.get(officeTestOpen.paymentIntentId)).toMatchObject({ status: 'requires_payment_method', isTest: true });
  });

  it('are marked the same way by GET /api/payments and on the customer\'s page, so a test row is never read as a sale there', async () => {
    const sale = await payment('succeeded', 11187);
    const officeTest = await payment('succeeded', 12900, 'payment-test');

    const res = await paymentsRoute(new Request('http://localhost/api/payments'), { params: Promise.resolve({}) });
    expect(res.status).toBe(200);
    const api = new Map(((await res.json()) as { paymentIntentId: string; isTest: boolean }[]).map((p) => [p.paymentIntentId, p.isTest]));
    expect([api.get(sale.paymentIntentId), api.get(officeTest.paymentIntentId)]).toEqual([false, true]);

    const { payments: onPage } = await loadCustomerBookings(customerId);
    const page = new Map(onPage.map((p) => [p.paymentIntentId, p.isTest]));
    expect([page.get(sale.paymentIntentId), page.get(officeTest.paymentIntentId)]).toEqual([false, true]);
  });

  it('take refunds made off the revenue but keep counting the refunded payment; a refund pending or failed is still revenue', async () => {
    const before = (await dashboard()).totals;
    const refunded = await payment('succeeded', 11187);
    const partly = await payment('succeeded', 32318);
    const refusedRefund = await payment('succeeded', 11187);
    await refund(refunded.id, 11187, 'succeeded');
    await refund(partly.id, 14464, 'succeeded');
    await refund(partly.id, 1000, 'pending');
    await refund(refusedRefund.id, 11187, 'failed');

    const after = (await dashboard()).totals;
    expect(after.totalPayments - before.totalPayments).toBe(3);
    expect(after.revenueCents - before.revenueCents).toBe(11187 + 32318 + 11187 - 11187 - 14464);

    // The customer's page names each payment as the Payments tab and the CSV do: a refund made
    // shows, one pending or failed does not yet.
    const { payments: onPage } = await loadCustomerBookings(customerId);
    const named = new Map(onPage.map((p) => [p.paymentIntentId, p.listStatus]));
    expect([refunded, partly, refusedRefund].map((p) => named.get(p.paymentIntentId))).toEqual(['refunded', 'partly-refunded', 'succeeded']);
  });

  it('leave an office test payment\'s refund out as they leave the payment out', async () => {
    const before = (await dashboard()).totals;
    const officeTest = await payment('succeeded', 12900, 'payment-test');
    await refund(officeTest.id, 12900, 'succeeded');
    expect((await dashboard()).totals).toEqual(before);
  });
});

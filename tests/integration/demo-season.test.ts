/**
 * The demo season `npm start` seeds for local runs: thirty paid bookings, so the dashboard, the
 * Payments tab and a refund can be tried at once. The payments must be what the shop would have
 * charged and must behave like real test-gateway payments in every flow that reads them.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { appointments } from '@/db/schema/appointments';
import { customers } from '@/db/schema/customers';
import { payments } from '@/db/schema/payments';
import { demoPerson } from '@/db/seed-data/demo-addresses';
import { selectDashboardTotals } from '@/features/staff-dashboard/dashboard.repository';
import { pickDemoFriday, seedDemoSeason } from '@/server/bootstrap/seed';
import { cancelBookingAsStaff } from '../support/cancellations';
import { type Handler, jsonPoster } from '../support/handlers';
import { signInAdminAndTechnician } from '../support/staff-sessions';

const jar = vi.hoisted(() => ({ token: undefined as string | undefined }));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (jar.token ? { name, value: jar.token } : undefined) }),
}));

const { POST: createIntent } = (await import('@/app/api/create-payment-intent/route')) as unknown as { POST: Handler };
const { GET: paymentStatus } = (await import('@/app/api/payment-status/[paymentIntentId]/route')) as unknown as { GET: Handler };
const { POST: cancelRoute } = (await import('@/app/api/admin/bookings/[bookingRef]/cancel/route')) as unknown as { POST: Handler };

const post = jsonPoster(12);
const NOW = new Date('2027-03-15T14:00:00Z');
const FRIDAY = pickDemoFriday(NOW);

async function demoPayments() {
  const db = await getDb();
  const rows = await db
    .select({ payment: payments, email: customers.email })
    .from(payments)
    .innerJoin(customers, eq(customers.id, payments.customerId))
    .where(inArray(customers.email, Array.from({ length: 30 }, (_, i) => demoPerson(i).email)));
  return rows;
}

beforeAll(async () => {
  await seedDemoSeason(await getDb(), NOW);
  jar.token = (await signInAdminAndTechnician()).adminToken;
});

describe('the demo season', () => {
  it('has one paid test-gateway payment per demo booking, dated in the 30 days before the seed', async () => {
    const rows = await demoPayments();
    expect(rows).toHaveLength(30);
    expect(new Set(rows.map((r) => r.payment.bookingRef)).size).toBe(30);
    for (const { payment } of rows) {
      expect(payment).toMatchObject({ provider: 'test', status: 'succeeded', currency: 'cad', paymentMethod: 'card_4242' });
      expect(payment.succeededAt!.getTime()).toBeLessThan(NOW.getTime());
      expect(payment.succeededAt!.getTime()).toBeGreaterThanOrEqual(NOW.getTime() - 31 * 86_400_000);
      const db = await getDb();
      const visits = await db.select().from(appointments).where(eq(appointments.bookingRef, payment.bookingRef!));
      expect(visits.every((v) => v.status === 'confirmed')).toBe(true);
      expect(payment.appointmentId).toBe(visits.find((v) => v.visitNumber === 1)!.id);
    }
    // The dashboard's cards count them as money received.
    const totals = await selectDashboardTotals(await getDb());
    expect(totals).toMatchObject({ totalPayments: 30, revenueCents: rows.reduce((sum, r) => sum + r.payment.amount, 0), totalCustomers: 30 });
  });

  it('charged what the pricing engine charges: a one-time quarter acre in Hamilton is $99 + 13% HST', async () => {
    const [first] = (await demoPayments()).filter((r) => r.email === demoPerson(0).email);
    expect(first!.payment.amount).toBe(11187);
    expect(first!.payment.metadata).toMatchObject({ serviceType: 'onetime', subtotalCents: 9900, taxCents: 1287, totalCents: 11187, dates: [FRIDAY] });
  });

  it('reads as paid everywhere: the checkout refuses a second payment and the status page shows the booked Friday', async () => {
    for (const { payment } of await demoPayments()) {
      const again = await post(createIntent, '/api/create-payment-intent', { appointmentId: payment.appointmentId, bookingRef: payment.bookingRef });
      expect(again.status).toBe(409);
      expect(await again.json()).toMatchObject({ reason: 'already_paid' });

      const id = payment.paymentIntentId;
      const status = await paymentStatus(new Request(`http://localhost/api/payment-status/${id}`), { params: Promise.resolve({ paymentIntentId: id }) });
      expect(status.status).toBe(200);
      expect(await status.json()).toMatchObject({ status: 'succeeded', success: true, amount: payment.amount, serviceDate: FRIDAY });
    }
  });

  it('can be cancelled with its refund sent back through the test gateway', async () => {
    const [first] = (await demoPayments()).filter((r) => r.email === demoPerson(0).email);
    const res = await cancelBookingAsStaff(cancelRoute, first!.payment.bookingRef!, { reason: 'Trying the demo' });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ refundCents: 11187, refundStatus: 'succeeded' });
  });

  it('is seeded once: a second start adds no bookings or payments', async () => {
    const db = await getDb();
    const before = await db.select({ id: payments.id }).from(payments);
    await seedDemoSeason(db, NOW);
    expect(await db.select({ id: payments.id }).from(payments)).toHaveLength(before.length);
    const demoVisits = await db.select({ id: appointments.id }).from(appointments)
      .innerJoin(customers, eq(customers.id, appointments.customerId))
      .where(and(eq(customers.email, demoPerson(0).email), eq(appointments.date, FRIDAY)));
    expect(demoVisits).toHaveLength(1);
  });
});

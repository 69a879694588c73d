/**
 * `npm run bench:api` (docs/decisions/0039) times the server on records it writes itself. This
 * keeps that data true to the schema and to what it claims: every count it prints is in the tables,
 * the visits of a season plan sit on Fridays four weeks apart, the upcoming Friday holds exactly
 * its capacity, and the staff screens read it as they read real bookings.
 */
import { count, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { appointments } from '@/db/schema/appointments';
import { customers } from '@/db/schema/customers';
import { emailOutbox, messages } from '@/db/schema/messages';
import { payments } from '@/db/schema/payments';
import { quotes } from '@/db/schema/quotes';
import { findCustomers, loadCustomerDetails, loadDashboard } from '@/features/staff-dashboard/dashboard.service';
import { writeVolume } from '../../scripts/bench-api/volume-data';

const now = new Date('2026-11-24T15:00:00Z');
const upcomingFriday = '2027-05-07';

describe('the bench:api volume', () => {
  it('writes what its summary says, in shapes the staff screens read', async () => {
    const db = await getDb();
    const summary = await writeVolume(db, { customers: 36, seasons: 2 }, { now, upcomingFriday, capacity: 6 });
    const rows = async (table: PgTable) => (await db.select({ n: count() }).from(table))[0]!.n;
    expect(summary.customers).toBe(36);
    expect(await rows(customers)).toBe(summary.customers);
    expect(await rows(appointments)).toBe(summary.visits);
    expect(await rows(payments)).toBe(summary.payments);
    expect(await rows(quotes)).toBe(summary.quotes);
    expect(await rows(messages)).toBe(summary.messages);
    expect(await rows(emailOutbox)).toBe(summary.emails);
    // Two thirds of the customers book each season, plus the upcoming Friday's six.
    expect(summary.bookings).toBe(24 * 2 + 6);

    const upcoming = await db.select().from(appointments).where(eq(appointments.date, upcomingFriday));
    expect(upcoming).toHaveLength(6);
    expect(upcoming.every((v) => v.status === 'confirmed')).toBe(true);

    const seasonal = await db.select({ date: appointments.date }).from(appointments).where(eq(appointments.bookingRef, 'BK-B1000000'));
    const dates = seasonal.map((v) => v.date).sort();
    expect(dates).toHaveLength(5);
    expect(dates.every((d) => new Date(`${d}T12:00:00Z`).getUTCDay() === 5)).toBe(true);
    expect(dates.slice(1).map((d, i) => (Date.parse(d) - Date.parse(dates[i]!)) / 86_400_000)).toEqual([28, 28, 28, 28]);

    const dashboard = await loadDashboard({ now });
    expect(dashboard.totals.totalCustomers).toBe(36);
    expect(dashboard.totals.totalPayments).toBe(summary.payments);
    expect(dashboard.appointments.map((a) => a.date)).toContain(upcomingFriday);
    // Accents are folded: 'Chloé' is found as 'chloe'.
    expect((await findCustomers('chloe tremblay')).customers.map((c) => `${c.firstName} ${c.lastName}`)).toContain('Chloé Tremblay');
    // The bench's booking reference (0064) names a booking of the upcoming Friday.
    expect((await findCustomers('bk-bup00001')).customers.map((c) => c.booking)).toEqual([{ reference: 'BK-BUP00001', date: upcomingFriday, fridays: 1 }]);
    const loyal = await loadCustomerDetails(summary.loyalCustomerId);
    expect(loyal?.appointments.length).toBeGreaterThanOrEqual(2);
  });
});

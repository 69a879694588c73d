/**
 * GET /api/appointments/available-dates says when the list starts later than the season's first
 * Friday (from today on) because earlier Fridays are full or closed (0092), so the calculator and
 * the booking form can say so next to their lists; a Friday closed to bookings (a rain day) is said
 * as closed, not full (0099).
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { serviceDays } from '@/db/schema/appointments';
import { DEFAULT_BRANCH_ID } from '@/features/branch/branch.service';
import { GET } from '@/app/api/appointments/available-dates/route';
import { insertConfirmedVisits, insertCustomer } from '../support/records';

type Offer = { dates: string[]; earlierFull: boolean; earlierClosed: boolean };

async function offer(query = ''): Promise<Offer> {
  const res = await GET(new Request(`http://localhost/api/appointments/available-dates${query}`), { params: Promise.resolve({}) });
  expect(res.status).toBe(200);
  return (await res.json()) as Offer;
}

describe('earlier Fridays full or closed (0092)', () => {
  it('is false while the first Friday has room, true once it is full, for a plan whose first visit is on it too, and true for a closed one', async () => {
    const before = await offer();
    expect(before).toMatchObject({ earlierFull: false, earlierClosed: false });
    const [first, second, third] = before.dates as [string, string, string];

    // The first Friday takes one stop today, and a customer has it.
    const db = await getDb();
    await db.insert(serviceDays).values({ branchId: DEFAULT_BRANCH_ID, date: first, capacityOverride: 1 });
    await insertConfirmedVisits(await insertCustomer({ email: 'early.bird@example.com' }), first);
    expect(await offer()).toMatchObject({ earlierFull: true, earlierClosed: false, dates: expect.arrayContaining([second]) });
    expect((await offer()).dates[0]).toBe(second);
    const seasonal = await offer('?serviceType=seasonal');
    expect(seasonal.dates[0]).not.toBe(first);
    expect(seasonal.earlierFull).toBe(true);

    // The next Friday closed for rain as well: one full, one closed, the list from the third.
    await db.insert(serviceDays).values({ branchId: DEFAULT_BRANCH_ID, date: second, isClosed: true, closedReason: 'rain', closedAt: new Date() });
    expect(await offer()).toMatchObject({ earlierFull: true, earlierClosed: true });
    expect((await offer()).dates[0]).toBe(third);

    // The first Friday closed for rain too (its visit still counted): closed, and not called full (0099).
    await db.update(serviceDays).set({ capacityOverride: null, isClosed: true, closedReason: 'rain', closedAt: new Date() })
      .where(and(eq(serviceDays.branchId, DEFAULT_BRANCH_ID), eq(serviceDays.date, first)));
    expect(await offer()).toMatchObject({ earlierFull: false, earlierClosed: true, dates: expect.arrayContaining([third]) });
    expect((await offer()).dates[0]).toBe(third);
    expect(await offer('?serviceType=seasonal')).toMatchObject({ earlierClosed: true });
  });
});

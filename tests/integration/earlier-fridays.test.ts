/**
 * GET /api/appointments/available-dates says when the list starts later than the season's first
 * Friday (from today on) because earlier Fridays are full or closed (0092), so the calculator and
 * the booking form can say so next to their lists.
 */
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { serviceDays } from '@/db/schema/appointments';
import { DEFAULT_BRANCH_ID } from '@/features/branch/branch.service';
import { GET } from '@/app/api/appointments/available-dates/route';
import { insertConfirmedVisits, insertCustomer } from '../support/records';

type Offer = { dates: string[]; earlierFull: boolean };

async function offer(query = ''): Promise<Offer> {
  const res = await GET(new Request(`http://localhost/api/appointments/available-dates${query}`), { params: Promise.resolve({}) });
  expect(res.status).toBe(200);
  return (await res.json()) as Offer;
}

describe('earlier Fridays full or closed (0092)', () => {
  it('is false while the first Friday has room, true once it is full, for a plan whose first visit is on it too, and true for a closed one', async () => {
    const before = await offer();
    expect(before.earlierFull).toBe(false);
    const [first, second, third] = before.dates as [string, string, string];

    // The first Friday takes one stop today, and a customer has it.
    const db = await getDb();
    await db.insert(serviceDays).values({ branchId: DEFAULT_BRANCH_ID, date: first, capacityOverride: 1 });
    await insertConfirmedVisits(await insertCustomer({ email: 'early.bird@example.com' }), first);
    expect(await offer()).toMatchObject({ earlierFull: true, dates: expect.arrayContaining([second]) });
    expect((await offer()).dates[0]).toBe(second);
    const seasonal = await offer('?serviceType=seasonal');
    expect(seasonal.dates[0]).not.toBe(first);
    expect(seasonal.earlierFull).toBe(true);

    // The next Friday closed for rain as well: still said, the list from the third.
    await db.insert(serviceDays).values({ branchId: DEFAULT_BRANCH_ID, date: second, isClosed: true, closedReason: 'rain', closedAt: new Date() });
    expect((await offer()).dates[0]).toBe(third);
    expect((await offer()).earlierFull).toBe(true);
  });
});

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { GET as availableDatesRoute } from '@/app/api/appointments/available-dates/route';
import { getDb, getDriverName } from '@/db/client';
import { appointments, serviceDays } from '@/db/schema/appointments';
import { customers } from '@/db/schema/customers';
import { getAvailableDates } from '@/features/scheduling/available-dates.service';
import { reserveFridayStops } from '@/features/scheduling/capacity.service';
import { isAppError } from '@/lib/errors';

const ctx = { params: Promise.resolve({}) } as { params: Promise<Record<string, never>> };
let customerId: number;

type Stop = { date: string; status?: string; holdExpiresAt?: Date | null };

async function addStops(stops: Stop[]): Promise<void> {
  const db = await getDb();
  await db.insert(appointments).values(stops.map((s) => ({
    customerId, bookingRef: randomUUID(), serviceType: 'onetime', date: s.date, status: s.status ?? 'confirmed', holdExpiresAt: s.holdExpiresAt ?? null,
  })));
}

async function countStops(date: string): Promise<number> {
  const db = await getDb();
  return (await db.select({ id: appointments.id }).from(appointments).where(eq(appointments.date, date))).length;
}

/** What a booking does: reserve inside its transaction, then write its appointment there. */
async function book(date: string, now: Date) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await reserveFridayStops(tx, { branchId: 1, dates: [date], now });
    await tx.insert(appointments).values({
      customerId, bookingRef: randomUUID(), serviceType: 'onetime', date, status: 'pending-payment', holdExpiresAt: new Date(now.getTime() + 30 * 60_000),
    });
  });
}

beforeAll(async () => {
  const db = await getDb();
  const [row] = await db.insert(customers).values({ firstName: 'Cap', lastName: 'Tester', email: 'cap@example.com', phone: '9055550100' }).returning({ id: customers.id });
  customerId = row!.id;
});

describe('reserveFridayStops', () => {
  it(`lets exactly one of 50 concurrent bookings take a Friday's last stop`, async () => {
    const friday = '2027-06-04';
    await addStops(Array.from({ length: 23 }, () => ({ date: friday }))); // capacity 24: one left
    const now = new Date('2027-05-20T15:00:00Z');
    const outcomes = await Promise.allSettled(Array.from({ length: 50 }, () => book(friday, now)));
    const won = outcomes.filter((o) => o.status === 'fulfilled');
    const lost = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(49);
    for (const { reason } of lost) {
      expect(isAppError(reason) && reason.code).toBe('day_full');
      expect(isAppError(reason) && reason.details?.fullDates).toEqual([friday]);
    }
    expect(await countStops(friday)).toBe(24);
    console.info(`capacity race ran on ${await getDriverName()}`);
  });

  it('does not count holds that expired, cancelled or expired bookings; counts live holds and staff bookings', async () => {
    const friday = '2027-06-11';
    const now = new Date('2027-05-20T15:00:00Z');
    const db = await getDb();
    await db.insert(serviceDays).values({ branchId: 1, date: friday, capacityOverride: 3 });
    await addStops([
      { date: friday, status: 'pending-payment', holdExpiresAt: new Date(now.getTime() - 1000) },
      { date: friday, status: 'pending', holdExpiresAt: new Date(now.getTime() - 60_000) },
      { date: friday, status: 'cancelled' },
      { date: friday, status: 'expired' },
      { date: friday, status: 'pending-payment', holdExpiresAt: new Date(now.getTime() + 60_000) },
      { date: friday, status: 'pending', holdExpiresAt: null },
    ]);
    // Two live stops of three: one more fits, then the day is full.
    await book(friday, now);
    await expect(book(friday, now)).rejects.toMatchObject({ code: 'day_full' });
    // An hour later the live hold has lapsed too, which frees its stop.
    await expect(book(friday, new Date(now.getTime() + 60 * 60_000))).resolves.toBeUndefined();
  });

  it('reserves several visit dates all-or-nothing and names the full ones', async () => {
    const [free, full] = ['2027-07-02', '2027-07-23'];
    const db = await getDb();
    await db.insert(serviceDays).values({ branchId: 1, date: full, capacityOverride: 0 });
    const now = new Date('2027-05-20T15:00:00Z');
    const attempt = db.transaction(async (tx) => {
      await reserveFridayStops(tx, { branchId: 1, dates: [full, free], now });
      await tx.insert(appointments).values({ customerId, bookingRef: randomUUID(), serviceType: 'onetime', date: free });
    });
    await expect(attempt).rejects.toMatchObject({ code: 'day_full', details: { fullDates: [full] } });
    expect(await countStops(free)).toBe(0);
  });

  it('refuses a closed day and a date that is not a Friday', async () => {
    const db = await getDb();
    await db.insert(serviceDays).values({ branchId: 1, date: '2027-07-09', isClosed: true });
    const now = new Date('2027-05-20T15:00:00Z');
    await expect(book('2027-07-09', now)).rejects.toMatchObject({ code: 'day_full' });
    await expect(book('2027-07-08', now)).rejects.toMatchObject({ code: 'validation' });
  });
});

describe('available dates', () => {
  it('lists Fridays from today + 2 days, without full or closed Fridays (injected clock)', async () => {
    // Tuesday 2027-08-10, noon in Toronto.
    const now = new Date('2027-08-10T16:00:00Z');
    await addStops(Array.from({ length: 24 }, () => ({ date: '2027-08-20' })));
    const db = await getDb();
    await db.insert(serviceDays).values({ branchId: 1, date: '2027-09-03', isClosed: true });
    await db.insert(serviceDays).values({ branchId: 1, date: '2027-09-10', capacityOverride: 30 });
    await addStops(Array.from({ length: 25 }, () => ({ date: '2027-09-10' })));

    const dates = await getAvailableDates({ now });
    expect(dates.slice(0, 4)).toEqual(['2027-08-13', '2027-08-27', '2027-09-10', '2027-09-17']);
    expect(dates.at(-1)).toBe('2027-10-29');
    expect(dates.every((d) => new Date(`${d}T12:00:00Z`).getUTCDay() === 5)).toBe(true);
  });

  it('offers a seasonal plan only start dates whose five visits fit before the season ends', async () => {
    const now = new Date('2027-08-10T16:00:00Z');
    const seasonal = await getAvailableDates({ now, serviceType: 'seasonal' });
    // 2027-08-13 + 4 × 21 days = 2027-11-05, past October 31: nothing fits this season any more.
    expect(seasonal[0]).toBe('2028-05-05');
    const tick = await getAvailableDates({ now, serviceType: 'tick' });
    // Three visits: the last start is 42 days before the last Friday of October (10-29).
    expect(tick.at(-1)).toBe('2027-09-17');
    // 2027-08-13's visits (08-13, 09-03 closed, …) do not all fit.
    expect(tick).not.toContain('2027-08-13');
  });

  it('turns the day over at midnight in Toronto, not UTC', async () => {
    // Wednesday 23:30 in Toronto (03:30 UTC Thursday): Friday 2027-08-13 is still 2 days away.
    expect((await getAvailableDates({ now: new Date('2027-08-12T03:30:00Z') }))[0]).toBe('2027-08-13');
    // Thursday 00:30 in Toronto: too late for that Friday.
    expect((await getAvailableDates({ now: new Date('2027-08-12T04:30:00Z') }))[0]).toBe('2027-08-27');
  });

  it('offers next season once this one is over, across the DST changes', async () => {
    // Thursday 2027-10-28, 23:59 in Toronto: Friday 10-29 is 1 day away, too soon; the season has nothing left.
    expect((await getAvailableDates({ now: new Date('2027-10-29T03:59:00Z') }))[0]).toBe('2028-05-05');
    // DST ends 2027-11-07 (01:30 happens twice) and starts 2028-03-12 (02:30 never happens).
    expect((await getAvailableDates({ now: new Date('2027-11-07T06:30:00Z') }))[0]).toBe('2028-05-05');
    const spring = await getAvailableDates({ now: new Date('2028-03-12T07:30:00Z'), serviceType: 'seasonal' });
    expect(spring[0]).toBe('2028-05-05');
    expect(spring.at(-1)).toBe('2028-08-04');
  });

  it('offers a one-time treatment with the standing-water add-on (two stops that Friday) only where two stops are left', async () => {
    const url = (extra: string) => `http://localhost/api/appointments/available-dates?serviceType=onetime${extra}`;
    const before = ((await (await availableDatesRoute(new Request(url('')), ctx)).json()) as { dates: string[] }).dates;
    const date = before[3]!;
    const db = await getDb();
    await db.insert(serviceDays).values({ branchId: 1, date, capacityOverride: 1 }).onConflictDoUpdate({ target: [serviceDays.branchId, serviceDays.date], set: { capacityOverride: 1 } });

    const single = ((await (await availableDatesRoute(new Request(url('')), ctx)).json()) as { dates: string[] }).dates;
    expect(single).toContain(date);
    for (const flag of ['&includeTargetedInsects=true', '&includeStandingWater=true']) {
      const withAddOn = ((await (await availableDatesRoute(new Request(url(flag)), ctx)).json()) as { dates: string[] }).dates;
      expect(withAddOn).not.toContain(date);
      expect(withAddOn).toContain(before[4]);
    }
    // Seasonal add-ons are flags on the plan's visits, not extra stops.
    const seasonal = ((await (await availableDatesRoute(new Request('http://localhost/api/appointments/available-dates?serviceType=seasonal&includeTargetedInsects=true'), ctx)).json()) as { dates: string[] }).dates;
    const plain = ((await (await availableDatesRoute(new Request('http://localhost/api/appointments/available-dates?serviceType=seasonal'), ctx)).json()) as { dates: string[] }).dates;
    expect(seasonal).toEqual(plain);
  });

  it('answers the endpoint with { dates } and a 400 for an unknown service type', async () => {
    const ok = await availableDatesRoute(new Request('http://localhost/api/appointments/available-dates?serviceType=onetime'), ctx);
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as { dates: string[] };
    expect(body.dates.length).toBeGreaterThan(0);
    expect(body.dates.every((d) => /^\d{4}-\d{2}-\d{2}$/.test(d))).toBe(true);

    const bad = await availableDatesRoute(new Request('http://localhost/api/appointments/available-dates?serviceType=lawn-mowing', { headers: { 'accept-language': 'de' } }), ctx);
    expect(bad.status).toBe(400);
    expect((await bad.json()).fields).toEqual({ serviceType: 'Bitte wählen Sie eine gültige Leistung.' });
  });
});

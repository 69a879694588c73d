/**
 * Visits and quotes at a community the owner stopped serving after they were made (docs/decisions/
 * 0096, following 0088), on a real database. With Vineland (L0R 2C…) marked not served, its visit
 * stays booked and planned, and the office sees it flagged on the Appointments tab, on the route
 * manager before and after "Optimize Route", and on the technician's day sheet; a quote sent to
 * Vineland is flagged on /quotes-admin and its /book-quote link says so before any form. Beamsville,
 * in the same FSA, and Hamilton are never flagged; serving Vineland again takes every flag away.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { branchSettings } from '@/db/schema/branches';
import { quotes } from '@/db/schema/quotes';
import { clearBranchCache } from '@/features/branch/branch.service';
import { getAvailableDates } from '@/features/scheduling/available-dates.service';
import { DEFAULT_SERVED_PREFIXES } from '@/features/service-area/postal-code';
import type { Handler } from '../support/handlers';
import { insertConfirmedVisits, insertCustomer } from '../support/records';
import { signInAdminAndTechnician } from '../support/staff-sessions';

// Staff handlers read the session cookie through next/headers; outside Next the test holds the jar.
const jar = vi.hoisted(() => ({ token: undefined as string | undefined }));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (jar.token ? { name, value: jar.token } : undefined) }),
}));

const { GET: listAppointmentsRoute } = (await import('@/app/api/admin/appointments/route')) as unknown as { GET: Handler };
const { GET: dayRoutesRoute } = (await import('@/app/api/routes/route')) as unknown as { GET: Handler };
const { POST: optimizeRoute } = (await import('@/app/api/routes/optimize/route')) as unknown as { POST: Handler };
const { GET: technicianDayRoute } = (await import('@/app/api/routes/technician/route')) as unknown as { GET: Handler };
const { GET: listQuotesRoute } = (await import('@/app/api/admin/quotes/route')) as unknown as { GET: Handler };
const { GET: quoteByTokenRoute } = (await import('@/app/api/quotes/by-token/[token]/route')) as unknown as { GET: Handler };

type Flag = { postalCode: string; area: string | null } | null;
type Visit = { id: number; postalCode: string | null; outsideServiceArea: Flag };
type Stop = { appointment: { id: number }; outsideServiceArea: Flag };
type Day = {
  routes: { technicianId: number; appointments: Stop[] }[];
  unassigned: { appointment: { id: number } }[];
  outsideServiceArea: { appointment: { id: number }; customer: { lastName: string }; outsideServiceArea: Flag }[];
};
type Quote = { id: number; outsideServiceArea: Flag };

const VINELAND = { postalCode: 'L0R 2C4', area: 'Vineland' };
let adminToken = '';
let friday = '';
const ids = { vineland: 0, beamsville: 0, hamilton: 0, cancelledVineland: 0 };
const quoteIds = { vineland: 0, beamsville: 0, bookedVineland: 0 };

async function get<T>(handler: Handler, url: string, params: Record<string, string> = {}): Promise<T> {
  const res = await handler(new Request(`http://localhost${url}`), { params: Promise.resolve(params) });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as T;
}

async function setVinelandServed(served: boolean) {
  const prefixes = DEFAULT_SERVED_PREFIXES.map((row) => (row.prefix === 'L0R2C' && !served ? { ...row, served: false } : row));
  await (await getDb()).update(branchSettings).set({ servedPrefixes: prefixes }).where(eq(branchSettings.branchId, 1));
  clearBranchCache();
}

const flagsById = (rows: { id: number; outsideServiceArea: Flag }[]) => new Map(rows.map((r) => [r.id, r.outsideServiceArea]));
const stopsOf = (day: Day) => day.routes.flatMap((r) => r.appointments);

beforeAll(async () => {
  ({ adminToken } = await signInAdminAndTechnician());
  jar.token = adminToken;
  [friday] = (await getAvailableDates({ now: new Date(), stopsNeeded: 3 })) as [string];
  const vineland = await insertCustomer({ firstName: 'Marc', lastName: 'Vineland', email: 'marc.vineland@example.com', address: '4100 Victoria Ave', city: 'Vineland', postalCode: 'L0R 2C4' });
  const beamsville = await insertCustomer({ firstName: 'Bea', lastName: 'Beamsville', email: 'bea.beamsville@example.com', address: '5 King St', city: 'Beamsville', postalCode: 'L0R 1B7' });
  const hamilton = await insertCustomer({ email: 'olivia.hamilton@example.com' });
  // Booked while Vineland was served (0088: such bookings stand). Points given, so nothing is geocoded.
  ids.vineland = (await insertConfirmedVisits(vineland, friday, [{ address: '4100 Victoria Ave', city: 'Vineland', postalCode: 'L0R 2C4', latitude: 43.1535, longitude: -79.3925 }])).ids[0]!;
  ids.beamsville = (await insertConfirmedVisits(beamsville, friday, [{ address: '5 King St', city: 'Beamsville', postalCode: 'L0R 1B7', latitude: 43.1655, longitude: -79.4773 }])).ids[0]!;
  ids.hamilton = (await insertConfirmedVisits(hamilton, friday, [{ latitude: 43.2585, longitude: -79.875 }])).ids[0]!;
  // History, not a visit to come: never flagged.
  ids.cancelledVineland = (await insertConfirmedVisits(vineland, friday, [{ address: '4100 Victoria Ave', city: 'Vineland', postalCode: 'L0R 2C4', status: 'cancelled' }])).ids[0]!;

  const quote = (n: number, postalCode: string, status = 'sent') => ({
    token: `served-ops-quote-token-${n}`, customerName: `Quote ${n}`, customerEmail: `quote${n}@example.com`, customerPhone: '905-555-0190',
    serviceType: 'onetime', propertySize: 0.25, totalPrice: 100, subtotalCents: 10_000, taxCents: 1300, totalCents: 11_300,
    status, address: `${n} Main St`, city: 'Lincoln', postalCode, locale: 'fr',
  });
  const rows = await (await getDb()).insert(quotes).values([quote(1, 'L0R 2C4'), quote(2, 'L0R 1B7'), quote(3, 'L0R 2C4', 'booked')]).returning({ id: quotes.id });
  [quoteIds.vineland, quoteIds.beamsville, quoteIds.bookedVineland] = rows.map((r) => r.id) as [number, number, number];
});

afterAll(async () => {
  await setVinelandServed(true);
  jar.token = undefined;
});

describe('visits at a community no longer served (0096)', () => {
  it('are not flagged while the community is served', async () => {
    const { appointments } = await get<{ appointments: Visit[] }>(listAppointmentsRoute, `/api/admin/appointments?date=${friday}`);
    expect(appointments.map((a) => a.outsideServiceArea)).toEqual([null, null, null, null]);
    expect((await get<Day>(dayRoutesRoute, `/api/routes?date=${friday}`)).outsideServiceArea).toEqual([]);
  });

  it('are flagged on the Appointments tab, only the Vineland visit still to come, with its code and community', async () => {
    await setVinelandServed(false);
    const { appointments } = await get<{ appointments: Visit[] }>(listAppointmentsRoute, `/api/admin/appointments?date=${friday}`);
    expect(flagsById(appointments)).toEqual(new Map([[ids.vineland, VINELAND], [ids.beamsville, null], [ids.hamilton, null], [ids.cancelledVineland, null]]));
  });

  it('are listed on the route manager before the day is planned, then kept in the plan and flagged on their stop', async () => {
    const before = await get<Day>(dayRoutesRoute, `/api/routes?date=${friday}`);
    expect(before.routes).toEqual([]);
    expect(before.outsideServiceArea).toEqual([expect.objectContaining({ appointment: expect.objectContaining({ id: ids.vineland }), customer: expect.objectContaining({ lastName: 'Vineland' }), outsideServiceArea: VINELAND })]);

    const res = await optimizeRoute(new Request('http://localhost/api/routes/optimize', {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ date: friday }),
    }), { params: Promise.resolve({}) });
    expect(res.status, await res.clone().text()).toBe(200);
    const planned = (await res.json()) as Day;
    // The booking stands (0088), so the optimiser plans it like any other stop.
    expect(planned.unassigned).toEqual([]);
    expect(flagsById(stopsOf(planned).map((s) => ({ id: s.appointment.id, outsideServiceArea: s.outsideServiceArea }))))
      .toEqual(new Map([[ids.vineland, VINELAND], [ids.beamsville, null], [ids.hamilton, null]]));
    expect(planned.outsideServiceArea.map((v) => v.appointment.id)).toEqual([ids.vineland]);
  });

  it('are flagged on the day sheet of the technician who drives there', async () => {
    const day = await get<Day>(dayRoutesRoute, `/api/routes?date=${friday}`);
    const route = day.routes.find((r) => r.appointments.some((s) => s.appointment.id === ids.vineland))!;
    const sheet = await get<{ route: { appointments: Stop[] } }>(technicianDayRoute, `/api/routes/technician?date=${friday}&technicianId=${route.technicianId}`);
    expect(sheet.route.appointments.find((s) => s.appointment.id === ids.vineland)?.outsideServiceArea).toEqual(VINELAND);
    expect(sheet.route.appointments.filter((s) => s.appointment.id !== ids.vineland).every((s) => s.outsideServiceArea === null)).toBe(true);
  });
});

describe('quotes to a community no longer served (0096)', () => {
  it('are flagged on /quotes-admin while not booked; a quote already booked and the Beamsville one are not', async () => {
    const { quotes: listed } = await get<{ quotes: Quote[] }>(listQuotesRoute, '/api/admin/quotes');
    expect(flagsById(listed)).toEqual(new Map([[quoteIds.bookedVineland, null], [quoteIds.beamsville, null], [quoteIds.vineland, VINELAND]]));
  });

  it('say so on the /book-quote link before any form: the quote answers with its code outside the area', async () => {
    jar.token = undefined;
    const token = 'served-ops-quote-token-1';
    expect(await get<{ outsideServiceArea: Flag }>(quoteByTokenRoute, `/api/quotes/by-token/${token}`, { token })).toMatchObject({ postalCode: 'L0R 2C4', outsideServiceArea: VINELAND });
    const beamsville = 'served-ops-quote-token-2';
    expect(await get<{ outsideServiceArea: Flag }>(quoteByTokenRoute, `/api/quotes/by-token/${beamsville}`, { token: beamsville })).toMatchObject({ outsideServiceArea: null });
    jar.token = adminToken;
  });
});

describe('serving the community again', () => {
  it('takes every flag away', async () => {
    await setVinelandServed(true);
    const { appointments } = await get<{ appointments: Visit[] }>(listAppointmentsRoute, `/api/admin/appointments?date=${friday}`);
    expect(appointments.every((a) => a.outsideServiceArea === null)).toBe(true);
    const day = await get<Day>(dayRoutesRoute, `/api/routes?date=${friday}`);
    expect(day.outsideServiceArea).toEqual([]);
    expect(stopsOf(day).every((s) => s.outsideServiceArea === null)).toBe(true);
    const { quotes: listed } = await get<{ quotes: Quote[] }>(listQuotesRoute, '/api/admin/quotes');
    expect(listed.every((q) => q.outsideServiceArea === null)).toBe(true);
    const token = 'served-ops-quote-token-1';
    expect(await get<{ outsideServiceArea: Flag }>(quoteByTokenRoute, `/api/quotes/by-token/${token}`, { token })).toMatchObject({ outsideServiceArea: null });
  });
});

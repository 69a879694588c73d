import { asc, eq, inArray } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { appointments, serviceRoutes } from '@/db/schema/appointments';
import { technicians } from '@/db/schema/branches';
import { customers } from '@/db/schema/customers';
import { DEMO_ADDRESSES } from '@/db/seed-data/demo-addresses';
import { optimizeDay } from '@/features/routing/route.service';
import { signIn } from '@/features/staff-auth/session.service';
import { getTranslator } from '@/i18n/messages';
import { isAppError } from '@/lib/errors';
import { pickDemoFriday, seedDemoSeason, seedStaffAccount } from '@/server/bootstrap/seed';

// Route handlers read the session cookie through next/headers; outside Next the test holds the jar.
const jar = vi.hoisted(() => ({ token: undefined as string | undefined }));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (jar.token ? { name, value: jar.token } : undefined) }),
}));

const { POST: postOptimize } = await import('@/app/api/routes/optimize/route');

const NOW = new Date('2027-04-01T12:00:00Z');
const FRIDAY = pickDemoFriday(NOW);
const ctx = { params: Promise.resolve({}) } as { params: Promise<Record<string, never>> };
const optimizeRequest = (date: string, headers: Record<string, string> = {}) => new Request('http://localhost/api/routes/optimize', {
  method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ date }),
});

/** Everything an optimisation writes for the day: its routes and the plan on its appointments. */
async function readDayPlan() {
  const db = await getDb();
  const routes = await db.select().from(serviceRoutes).where(eq(serviceRoutes.date, FRIDAY)).orderBy(asc(serviceRoutes.id));
  const stops = await db
    .select({ id: appointments.id, technicianId: appointments.technicianId, routePosition: appointments.routePosition, eta: appointments.estimatedArrivalTime, latitude: appointments.latitude })
    .from(appointments)
    .where(eq(appointments.date, FRIDAY))
    .orderBy(asc(appointments.id));
  return { routes, stops };
}

async function setCrew(values: Partial<typeof technicians.$inferInsert>, ids?: number[]) {
  const db = await getDb();
  await db.update(technicians).set(values).where(ids ? inArray(technicians.id, ids) : undefined);
}

async function refusalOf(run: Promise<unknown>): Promise<{ code: string; messageKey: string; reason: unknown }> {
  try {
    await run;
  } catch (error) {
    if (isAppError(error)) return { code: error.code, messageKey: error.messageKey, reason: error.details?.reason };
    throw error;
  }
  throw new Error('expected the optimisation to be refused');
}

beforeAll(async () => {
  const db = await getDb();
  await seedDemoSeason(db, NOW);
  await seedStaffAccount(db, 'planner', 'a long planner password');
  jar.token = (await signIn('planner', 'a long planner password', { userAgent: null })).token;
  // The office's plan that every refusal below must leave exactly as it is.
  await optimizeDay({ date: FRIDAY, now: NOW });
});

// Each test starts from the seeded crews, all active on full shifts, whatever the previous one left.
afterEach(async () => {
  const db = await getDb();
  await setCrew({ isActive: true, shiftStartMin: 480, shiftEndMin: 1080 });
  await db.delete(serviceRoutes).where(eq(serviceRoutes.status, 'in-progress'));
  await db.delete(appointments).where(eq(appointments.bookingRef, 'refusal-late'));
});

describe('"Optimize Route" never deletes a plan it cannot replace', () => {
  it('refuses a day when no technician is active: 409 in the caller\'s language, routes, stops and coordinates untouched', async () => {
    const db = await getDb();
    const before = await readDayPlan();
    expect(before.routes.length).toBeGreaterThanOrEqual(3);
    expect(before.stops.every((s) => s.routePosition !== null)).toBe(true);
    // A booking still waiting for its coordinates: a refused optimisation does not geocode it either.
    const [customer] = await db.insert(customers).values({ firstName: 'Nina', lastName: 'Okafor', email: 'nina.okafor@example.com', phone: '(905) 555-0177' }).returning();
    const [late] = await db.insert(appointments).values({
      customerId: customer!.id, bookingRef: 'refusal-late', serviceType: 'onetime', date: FRIDAY, status: 'confirmed', address: '60 Main St', city: 'Dundas', postalCode: 'L9H 2P8',
    }).returning();
    await setCrew({ isActive: false });

    const res = await postOptimize(optimizeRequest(FRIDAY), ctx);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({
      code: 'conflict',
      reason: 'noActiveTechnicians',
      message: 'No technician is active, so this day cannot be planned. The current routes were kept. Add a technician or reactivate one, then optimize again.',
    });
    const french = await postOptimize(optimizeRequest(FRIDAY, { cookie: 'NEXT_LOCALE=fr' }), ctx);
    expect(french.status).toBe(409);
    expect((await french.json()).message).toMatch(/^Aucun technicien n’est actif/);
    const german = await postOptimize(optimizeRequest(FRIDAY, { 'accept-language': 'de-DE,de;q=0.9' }), ctx);
    expect((await german.json()).message).toMatch(/^Es ist kein Techniker aktiv/);

    const after = await readDayPlan();
    expect(after.routes).toEqual(before.routes);
    expect(after.stops.filter((s) => s.id !== late!.id)).toEqual(before.stops);
    expect(after.stops.find((s) => s.id === late!.id)).toMatchObject({ routePosition: null, latitude: null });

    // The same on a Friday with nothing planned yet: nobody to plan for is said, not an empty plan.
    expect(await refusalOf(optimizeDay({ date: '2027-06-04', now: NOW }))).toEqual({ code: 'conflict', messageKey: 'routing.noActiveTechnicians', reason: 'noActiveTechnicians' });

  });

  it('refuses a day when no stop fits any technician\'s shift, and keeps the routes', async () => {
    const before = await readDayPlan();
    // Thirty minutes cannot hold a 45-minute visit, let alone the drive there.
    await setCrew({ shiftStartMin: 480, shiftEndMin: 510 });
    expect(await refusalOf(optimizeDay({ date: FRIDAY, now: NOW }))).toEqual({ code: 'conflict', messageKey: 'routing.nothingFits', reason: 'nothingFits' });
    const res = await postOptimize(optimizeRequest(FRIDAY), ctx);
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe("None of this day's stops fits into the technicians' shifts, so the current routes were kept. Check the shift hours on the technicians page, then optimize again.");
    expect(await readDayPlan()).toEqual(before);
  });

  it('late on the day itself, says the stops left do not fit in what is left of today\'s shifts (not to check the shift hours), and keeps the routes', async () => {
    const before = await readDayPlan();
    // 17:40 in Hamilton on the Friday, full 08:00-18:00 shifts: twenty minutes cannot hold a 45-minute visit.
    const lateFriday = new Date(`${FRIDAY}T17:40:00-04:00`);
    const refusal = await refusalOf(optimizeDay({ date: FRIDAY, now: lateFriday }));
    expect(refusal).toEqual({ code: 'conflict', messageKey: 'routing.nothingFitsRestOfDay', reason: 'nothingFitsRestOfDay' });
    expect(await readDayPlan()).toEqual(before);
    // What the office reads: the truth, and what it can do (move the visits, or extend a shift), in every language.
    expect(getTranslator('en', 'routing')('nothingFitsRestOfDay')).toBe(
      "None of the stops still to do fits into what is left of today's shifts, so the current routes were kept. Move those visits to another Friday from the Dashboard, or extend a technician's shift on the technicians page and optimize again.",
    );
    for (const locale of ['en', 'es', 'fr', 'de'] as const) {
      const t = getTranslator(locale, 'routing');
      expect(t('nothingFitsRestOfDay')).not.toBe(t('nothingFits'));
      expect(t('nothingFitsRestOfDay')).not.toMatch(/^routing\./);
    }
    // Before the shifts begin on the day itself, a whole shift was available: the shift hours are the question.
    await setCrew({ shiftStartMin: 480, shiftEndMin: 510 });
    expect((await refusalOf(optimizeDay({ date: FRIDAY, now: new Date(`${FRIDAY}T07:00:00-04:00`) }))).reason).toBe('nothingFits');
  });

  it('refuses when every active technician is already out on a started route, keeping the planned route of a deactivated one', async () => {
    const db = await getDb();
    await optimizeDay({ date: FRIDAY, now: NOW });
    const planned = (await readDayPlan()).routes;
    expect(planned.length).toBeGreaterThanOrEqual(3);
    // Two crews start their day; the third crew's technician is deactivated with their route still planned.
    const [leaving, ...out] = [...planned].sort((a, b) => b.technicianId! - a.technicianId!);
    await db.update(serviceRoutes).set({ status: 'in-progress' }).where(inArray(serviceRoutes.id, out.map((r) => r.id)));
    await setCrew({ isActive: false }, [leaving!.technicianId!]);
    const before = await readDayPlan();

    expect(await refusalOf(optimizeDay({ date: FRIDAY, now: NOW }))).toEqual({ code: 'conflict', messageKey: 'routing.noFreeTechnicians', reason: 'noFreeTechnicians' });
    const after = await readDayPlan();
    expect(after).toEqual(before);
    expect(after.routes.find((r) => r.id === leaving!.id)).toMatchObject({ status: 'planned', appointmentOrder: leaving!.appointmentOrder });
  });

  it('still re-plans a day where only some stops fit: the routes are replaced and the rest reported', async () => {
    const db = await getDb();
    const crews = await db.select({ id: technicians.id }).from(technicians).orderBy(asc(technicians.id));
    // One crew on a two-hour shift, the others off: a few stops fit, most do not.
    await setCrew({ isActive: false }, crews.slice(1).map((c) => c.id));
    await setCrew({ shiftStartMin: 480, shiftEndMin: 600 }, [crews[0]!.id]);
    const day = await optimizeDay({ date: FRIDAY, now: NOW });
    expect(day.routes).toHaveLength(1);
    expect(day.routes[0]!.technicianId).toBe(crews[0]!.id);
    const routed = day.routes[0]!.appointments.length;
    expect(routed).toBeGreaterThan(0);
    expect(day.unassigned).toHaveLength(DEMO_ADDRESSES.length - routed);
    const saved = (await readDayPlan()).routes.filter((r) => r.status === 'planned');
    expect(saved.map((r) => r.id)).toEqual(day.routes.map((r) => r.id));
  });
});

/**
 * A move keeps a plan's visits in order and at least 14 days apart (docs/decisions/0035), on a real
 * database, through each way a visit moves: the office's PATCH /api/admin/appointments/{id} (and
 * its list of Fridays), the customer's Manage-your-booking link, and the rain day's preview and move.
 * A refused move writes nothing: no date, no stop taken, no email.
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { appointments, serviceDays } from '@/db/schema/appointments';
import { emailOutbox } from '@/db/schema/messages';
import { createManageToken } from '@/features/manage-booking/manage-link';
import { getAvailableDates } from '@/features/scheduling/available-dates.service';
import { countActiveStops } from '@/features/scheduling/capacity.repository';
import { checkVisitSpacing, findSpacingWindow, spacingMessageValues } from '@/features/scheduling/visit-spacing';
import { moveAppointment } from '@/features/staff-dashboard/reschedule.service';
import { getTranslator } from '@/i18n/messages';
import { isAppError } from '@/lib/errors';
import { type Handler, noParams } from '../support/handlers';
import { emailsTo } from '../support/outbox';
import { insertCustomer } from '../support/records';
import { signInAdminAndTechnician } from '../support/staff-sessions';

// Staff route handlers read the session cookie through next/headers; outside Next the test holds the jar.
const jar = vi.hoisted(() => ({ token: undefined as string | undefined }));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (jar.token ? { name, value: jar.token } : undefined) }),
}));

const { PATCH: patchAppointment } = (await import('@/app/api/admin/appointments/[id]/route')) as unknown as { PATCH: Handler };
const { GET: officeDatesRoute } = (await import('@/app/api/admin/appointments/[id]/dates/route')) as unknown as { GET: Handler };
const { GET: customerDatesRoute } = (await import('@/app/api/manage-booking/[token]/visits/[visitId]/dates/route')) as unknown as { GET: Handler };
const { POST: customerMoveRoute } = (await import('@/app/api/manage-booking/[token]/visits/[visitId]/move/route')) as unknown as { POST: Handler };
const { GET: rainPreviewRoute, POST: rainApplyRoute } = (await import('@/app/api/admin/rain-day/route')) as unknown as { GET: Handler; POST: Handler };

const staffMove = (id: number, date: string, locale = 'en') => patchAppointment(new Request(`http://localhost/api/admin/appointments/${id}`, {
  method: 'PATCH',
  headers: { 'content-type': 'application/json', cookie: `NEXT_LOCALE=${locale}` },
  body: JSON.stringify({ date }),
}), { params: Promise.resolve({ id: String(id) }) });
const officeDates = async (id: number) => {
  const res = await officeDatesRoute(new Request(`http://localhost/api/admin/appointments/${id}/dates`), { params: Promise.resolve({ id: String(id) }) });
  expect(res.status).toBe(200);
  return (await res.json()) as { dates: string[]; spacing: { earliest: string | null; latest: string | null; variant: string; previous: unknown; next: unknown } | null };
};

let sent = 0;
/** The customer's API, each call from its own address (the lookup limit is per address). */
function customerCall(handler: Handler, path: string, params: Record<string, string>, init: { body?: unknown; locale?: string } = {}) {
  sent += 1;
  return handler(new Request(`http://localhost${path}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: { 'x-forwarded-for': `10.73.${Math.floor(sent / 200)}.${sent % 200}`, 'accept-language': init.locale ?? 'en', ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  }), { params: Promise.resolve(params) });
}

const rainPreview = (date: string, to: string) => rainPreviewRoute(new Request(`http://localhost/api/admin/rain-day?${new URLSearchParams({ date, to })}`, { headers: { cookie: 'NEXT_LOCALE=en' } }), noParams);
const rainApply = (date: string, to: string) => rainApplyRoute(new Request('http://localhost/api/admin/rain-day', {
  method: 'POST', headers: { 'content-type': 'application/json', cookie: 'NEXT_LOCALE=en' }, body: JSON.stringify({ date, to }),
}), noParams);

/** Fridays of the coming season, in a run of consecutive weeks (a fresh database: none is full). */
let fridays: string[] = [];
/** Week `index` of the run. */
const friday = (index: number) => fridays[index]!;

/** `'YYYY-MM-DD'` as the messages print it: weekday and date in English, or the date alone. */
const english = (date: string, weekday = true) => new Date(`${date}T12:00:00Z`).toLocaleDateString('en', { ...(weekday ? { weekday: 'long' } : {}), month: 'long', day: 'numeric', timeZone: 'UTC' });

let people = 0;
/** A plan written straight to the table: one confirmed visit per date, numbered in order, all of one booking. */
async function addPlan(dates: string[], options: { serviceType?: string; locale?: string } = {}) {
  people += 1;
  const email = `spacing.${people}@example.com`;
  const customerId = await insertCustomer({ email, firstName: `Sam${people}`, lastName: 'Spacing' });
  const bookingRef = `BK-SP${randomUUID().slice(0, 6).toUpperCase()}`;
  const rows = await (await getDb()).insert(appointments)
    .values(dates.map((date, i) => ({
      customerId, bookingRef, serviceType: options.serviceType ?? 'tick-seasonal', visitNumber: i + 1, date, status: 'confirmed',
      address: '71 Main St W', city: 'Hamilton', postalCode: 'L8P 4Y5', locale: options.locale ?? 'en',
    })))
    .returning({ id: appointments.id });
  return { email, bookingRef, ids: rows.map((r) => r.id), token: createManageToken({ bookingRef, generation: 0 }) };
}

const datesOf = async (ids: number[]) => (await (await getDb()).select({ date: appointments.date }).from(appointments).where(inArray(appointments.id, ids)).orderBy(appointments.id)).map((r) => r.date);
const stopsOn = async (date: string) => countActiveStops(await getDb(), 1, date, new Date());
const outboxSize = async () => (await (await getDb()).select({ n: sql<number>`count(*)::int` }).from(emailOutbox))[0]!.n;

beforeAll(async () => {
  ({ adminToken: jar.token } = await signInAdminAndTechnician());
  fridays = await getAvailableDates({ now: new Date(), stopsNeeded: 1 });
  // The tests count in weeks from the first Friday: the run must be unbroken.
  for (let i = 1; i < 16; i++) {
    expect((Date.parse(fridays[i]!) - Date.parse(fridays[i - 1]!)) / 86_400_000, fridays[i]).toBe(7);
  }
});

describe('the office moves a visit of a plan', () => {
  it('refuses visit 2 on the Friday before visit 3, or past it: 409, translated, naming visit 3 and the Fridays left; nothing written', async () => {
    // Visits on weeks 0, 3 and 6 (21 days apart), as a tick-seasonal booking makes them.
    const plan = await addPlan([friday(0), friday(3), friday(6)]);
    const before = { outbox: await outboxSize(), week5: await stopsOn(friday(5)), week8: await stopsOn(friday(8)) };

    const res = await staffMove(plan.ids[1]!, friday(5));
    expect(res.status).toBe(409);
    const body = await res.json();
    expect(body).toMatchObject({ code: 'visit_spacing', side: 'next', window: { earliest: friday(2), latest: friday(4), next: { visitNumber: 3, date: friday(6) } } });
    expect(body.message).toBe(
      `Visit 3 of this plan is on ${english(friday(6))}, and a plan's visits stay in order, at least 14 days apart. `
      + `Pick a Friday from ${english(friday(2), false)} to ${english(friday(4), false)}, or move visit 3 first.`,
    );

    const past = await staffMove(plan.ids[1]!, friday(8), 'de');
    expect(past.status).toBe(409);
    expect((await past.json()).message).toMatch(/^Besuch 3 dieses Plans ist am .+ oder verschieben Sie zuerst Besuch 3\.$/);

    // A week after visit 1 is refused the other way, naming visit 1.
    const early = await staffMove(plan.ids[1]!, friday(1));
    expect(await early.json()).toMatchObject({ code: 'visit_spacing', side: 'previous', window: { previous: { visitNumber: 1, date: friday(0) } } });

    expect(await datesOf(plan.ids)).toEqual([friday(0), friday(3), friday(6)]);
    expect({ outbox: await outboxSize(), week5: await stopsOn(friday(5)), week8: await stopsOn(friday(8)) }).toEqual(before);
    expect(await emailsTo(plan.email, 'visit-moved')).toEqual([]);
  });

  it('allows a week either way, and then holds the next move to the new date; a cancelled visit no longer counts', async () => {
    const plan = await addPlan([friday(0), friday(3), friday(6)]);
    const res = await staffMove(plan.ids[1]!, friday(4));
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await datesOf(plan.ids)).toEqual([friday(0), friday(4), friday(6)]);
    expect(await emailsTo(plan.email, 'visit-moved')).toHaveLength(1);

    // Visit 3 may no longer come a week after visit 2's new date.
    const refused = await staffMove(plan.ids[2]!, friday(5));
    expect(await refused.json()).toMatchObject({ code: 'visit_spacing', side: 'previous', window: { earliest: friday(6), previous: { visitNumber: 2, date: friday(4) } } });
    expect((await staffMove(plan.ids[2]!, friday(7))).status).toBe(200);

    // With visit 3 cancelled, visit 2 is bounded by visit 1 only.
    await (await getDb()).update(appointments).set({ status: 'cancelled' }).where(eq(appointments.id, plan.ids[2]!));
    expect((await staffMove(plan.ids[1]!, friday(9))).status).toBe(200);
    expect(await datesOf(plan.ids)).toEqual([friday(0), friday(9), friday(7)]);
  });

  it('lists only the Fridays the plan allows, and says why', async () => {
    const plan = await addPlan([friday(1), friday(4), friday(7)]);
    const middle = await officeDates(plan.ids[1]!);
    expect(middle.dates).toEqual([friday(3), friday(5)]);
    expect(middle.spacing).toMatchObject({ earliest: friday(3), latest: friday(5), variant: 'between', previous: { visitNumber: 1, date: friday(1) }, next: { visitNumber: 3, date: friday(7) } });
    const last = await officeDates(plan.ids[2]!);
    expect(last.dates[0]).toBe(friday(6));
    expect(last.dates).not.toContain(friday(7));
    expect(last.spacing).toMatchObject({ earliest: friday(6), latest: null, variant: 'after' });
    // A one-visit booking is offered every Friday with room, as before.
    const single = await addPlan([friday(4)], { serviceType: 'onetime' });
    const offered = await officeDates(single.ids[0]!);
    expect(offered.spacing).toBeNull();
    expect(offered.dates).toEqual(expect.arrayContaining([friday(0), friday(3), friday(5), friday(8)]));
    expect(offered.dates).not.toContain(friday(4));
  });

  it('lets only one of two moves that are each allowed alone, but not together, through (checked under the booking\'s lock)', async () => {
    const plan = await addPlan([friday(0), friday(3), friday(6)]);
    // Visit 2 a week later and visit 3 a week earlier: each keeps 14 days from the other as it is now, not from the other's new date.
    const results = await Promise.allSettled([
      moveAppointment(plan.ids[1]!, friday(4)),
      moveAppointment(plan.ids[2]!, friday(5)),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refusal = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(isAppError(refusal.reason) && refusal.reason.code).toBe('visit_spacing');
    const [, second, third] = await datesOf(plan.ids);
    expect(Date.parse(third!) - Date.parse(second!)).toBeGreaterThanOrEqual(14 * 86_400_000);
  });
});

describe('the messages', () => {
  it('read naturally in every language, with French\'s "1er"', () => {
    const window = findSpacingWindow(
      [{ id: 1, visitNumber: 1, serviceType: 'seasonal', date: '2027-09-10', status: 'confirmed' }, { id: 2, visitNumber: 2, serviceType: 'seasonal', date: '2027-10-01', status: 'confirmed' }],
      [1],
    );
    const check = checkVisitSpacing('2027-09-24', window);
    if (check.ok) throw new Error('expected a refusal');
    const { variant, values } = spacingMessageValues(check);
    expect(variant).toBe('before');
    expect(getTranslator('en')(`adminDashboard.move.spacing.${variant}`, values)).toBe(
      "Visit 2 of this plan is on Friday, October 1, and a plan's visits stay in order, at least 14 days apart. Pick a Friday on or before September 17, or move visit 2 first.",
    );
    expect(getTranslator('fr')(`manageBooking.errors.spacing.${variant}`, values)).toBe(
      'Votre visite suivante a lieu le vendredi 1er octobre, et vos visites restent espacées d’au moins 14 jours. Choisissez un vendredi jusqu’au 17 septembre inclus, ou déplacez d’abord cette visite.',
    );
    expect(getTranslator('es')(`manageBooking.errors.spacing.${variant}`, values)).toBe(
      'Su siguiente visita es el viernes, 1 de octubre, y entre sus visitas debe haber al menos 14 días. Elija un viernes hasta el 17 de septiembre inclusive, o cambie primero esa visita.',
    );
    expect(getTranslator('de')(`adminDashboard.move.spacing.${variant}`, values)).toBe(
      'Besuch 2 dieses Plans ist am Freitag, 1. Oktober, und die Besuche eines Plans bleiben in ihrer Reihenfolge und mindestens 14 Tage auseinander. Wählen Sie einen Freitag bis einschließlich 17. September oder verschieben Sie zuerst Besuch 2.',
    );
  });
});

describe('the customer moves a visit through their link', () => {
  it('is offered only the Fridays the plan allows, and a refused Friday gets the translated reason; nothing written', async () => {
    const plan = await addPlan([friday(2), friday(5), friday(8)], { locale: 'fr' });
    const params = { token: plan.token, visitId: String(plan.ids[1]) };
    const listed = await customerCall(customerDatesRoute, `/api/manage-booking/${plan.token}/visits/${plan.ids[1]}/dates`, params);
    expect(listed.status, await listed.clone().text()).toBe(200);
    expect(await listed.json()).toMatchObject({ dates: [friday(4), friday(6)], spacing: { earliest: friday(4), latest: friday(6), variant: 'between' } });

    const before = await outboxSize();
    const refused = await customerCall(customerMoveRoute, `/api/manage-booking/${plan.token}/visits/${plan.ids[1]}/move`, params, { body: { date: friday(7) } });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      code: 'visit_spacing',
      message: `Your next visit is on ${english(friday(8))}, and your visits stay at least 14 days apart. Please choose a Friday from ${english(friday(4), false)} to ${english(friday(6), false)}, or move that visit first.`,
    });
    expect(await datesOf(plan.ids)).toEqual([friday(2), friday(5), friday(8)]);
    expect(await outboxSize()).toBe(before);

    const moved = await customerCall(customerMoveRoute, `/api/manage-booking/${plan.token}/visits/${plan.ids[1]}/move`, params, { body: { date: friday(6) } });
    expect(moved.status, await moved.clone().text()).toBe(200);
    expect(await datesOf(plan.ids)).toEqual([friday(2), friday(6), friday(8)]);
  });
});

describe('a rain day', () => {
  it('names a booking whose plan no Friday from the target on keeps, with the reason, and moves the others; the plan is left whole', async () => {
    const day = friday(11);
    // Visit 2 of a plan is on the rained-out Friday; its visit 3 comes three weeks later.
    const plan = await addPlan([friday(8), day, friday(14)]);
    const single = await addPlan([day], { serviceType: 'onetime' });

    // A week later keeps 14 days from visit 3: the plan's visit goes there with the others.
    const nearRes = await rainPreview(day, friday(12));
    expect(nearRes.status, await nearRes.clone().text()).toBe(200);
    const near = await nearRes.json();
    expect(near.unplaced).toEqual([]);
    expect(near.moves).toEqual([expect.objectContaining({ date: friday(12), visits: 2 })]);

    // Two weeks later is a week before visit 3, and so is every later Friday or past it.
    const farRes = await rainPreview(day, friday(13));
    const far = await farRes.json();
    expect(far.moves).toEqual([expect.objectContaining({ date: friday(13), visits: 1, bookings: [expect.objectContaining({ bookingRef: single.bookingRef })] })]);
    expect(far.unplaced).toEqual([expect.objectContaining({
      bookingRef: plan.bookingRef, stops: 1, reason: 'spacing', blockedBy: { side: 'next', visitNumber: 3, date: friday(14), minIntervalDays: 14 },
    })]);

    const applied = await rainApply(day, friday(13));
    expect(applied.status, await applied.clone().text()).toBe(200);
    const result = await applied.json();
    expect(result).toMatchObject({ movedVisits: 1, unplaced: [expect.objectContaining({ bookingRef: plan.bookingRef, reason: 'spacing' })] });
    expect(await datesOf(single.ids)).toEqual([friday(13)]);
    expect(await datesOf(plan.ids)).toEqual([friday(8), day, friday(14)]);
    expect(await emailsTo(plan.email, 'visit-moved')).toEqual([]);
  });

  it('reports a plan that only a full target would keep: the overflow Friday is too close', async () => {
    // Fridays of its own: the one the test before rained out is closed to bookings now (0071).
    const day = friday(16);
    const target = friday(17);
    // Booked first, the one-time visit takes the target's last stop.
    const single = await addPlan([day], { serviceType: 'onetime' });
    const plan = await addPlan([friday(13), day, friday(19)]);
    await (await getDb()).insert(serviceDays).values({ branchId: 1, date: target, capacityOverride: (await stopsOn(target)) + 1 })
      .onConflictDoUpdate({ target: [serviceDays.branchId, serviceDays.date], set: { capacityOverride: (await stopsOn(target)) + 1 } });
    const res = await rainPreview(day, target);
    expect(res.status, await res.clone().text()).toBe(200);
    const preview = await res.json();
    expect(preview.moves).toEqual([expect.objectContaining({ date: target, bookings: [expect.objectContaining({ bookingRef: single.bookingRef })] })]);
    expect(preview.unplaced).toEqual([expect.objectContaining({ bookingRef: plan.bookingRef, reason: 'spacing', blockedBy: expect.objectContaining({ visitNumber: 3, date: friday(19) }) })]);
  });
});

/**
 * The office's rain day (docs/decisions/0033): GET /api/admin/rain-day previews where a rained-out
 * Friday's confirmed visits would go, POST moves them, one booking at a time through the single
 * visit move: capacity counted, the weather recorded, the customer emailed in their language,
 * the reminder reset, the day's planned routes dropped; a second run moves nothing twice.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { appointments, serviceDays, serviceRoutes } from '@/db/schema/appointments';
import { getAvailableDates } from '@/features/scheduling/available-dates.service';
import { countActiveStops } from '@/features/scheduling/capacity.repository';
import { moveAppointment } from '@/features/staff-dashboard/reschedule.service';
import { formatLongDate } from '@/lib/format';
import { type Handler, noParams } from '../support/handlers';
import { calendarEvents, emailsTo } from '../support/outbox';
import { insertCustomer } from '../support/records';
import { signInAdminAndTechnician } from '../support/staff-sessions';

// Route handlers read the staff cookie through next/headers; outside Next the test holds the jar.
const jar = vi.hoisted(() => ({ token: undefined as string | undefined }));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (jar.token ? { name, value: jar.token } : undefined) }),
}));

const { GET, POST } = (await import('@/app/api/admin/rain-day/route')) as unknown as { GET: Handler; POST: Handler };
const { GET: listRoute } = (await import('@/app/api/admin/appointments/route')) as unknown as { GET: Handler };

type Booking = { bookingRef: string; customerName: string; stops: number };
type Preview = {
  date: string; to: string; targets: string[]; visits: number; customers: number; stillHeld: number;
  moves: { date: string; visits: number; customers: number; bookings: Booking[] }[]; unplaced: Booking[];
  passedTarget: { full: number; spacing: number; minIntervalDays: number };
};
type Result = { date: string; moved: { date: string; visits: number; customers: number }[]; movedVisits: number; movedCustomers: number; skipped: number; unplaced: Booking[] };

const preview = (query: Record<string, string>, locale = 'en') => GET(new Request(`http://localhost/api/admin/rain-day?${new URLSearchParams(query)}`, {
  headers: { cookie: `NEXT_LOCALE=${locale}` },
}), noParams);
const apply = (body: unknown, locale = 'en') => POST(new Request('http://localhost/api/admin/rain-day', {
  method: 'POST',
  headers: { 'content-type': 'application/json', cookie: `NEXT_LOCALE=${locale}` },
  body: JSON.stringify(body),
}), noParams);

let adminToken = '';
let technicianToken = '';
/** Bookable Fridays of the coming season (today + lead time on), each handed to one use only. */
let fridays: string[] = [];
let nextFriday = 0;
const takeFriday = () => fridays[nextFriday++]!;

let customerCount = 0;
/** One customer's booking on `date`: one visit, or a treatment with its standing-water visit on the same Friday. */
async function book(date: string, options: { locale?: string; firstName?: string; serviceTypes?: string[]; status?: string; values?: Partial<typeof appointments.$inferInsert> } = {}) {
  customerCount += 1;
  const email = `rain.${customerCount}@example.com`;
  const customerId = await insertCustomer({ email, firstName: options.firstName ?? `Pat${customerCount}`, lastName: 'Rain' });
  const bookingRef = `BK-RAIN${String(customerCount).padStart(4, '0')}`;
  const rows = await (await getDb()).insert(appointments)
    .values((options.serviceTypes ?? ['onetime']).map((serviceType) => ({
      customerId, bookingRef, serviceType, date, status: options.status ?? 'confirmed', address: '71 Main St W', city: 'Hamilton', postalCode: 'L8P 4Y5',
      locale: options.locale ?? 'en', ...options.values,
    })))
    .returning({ id: appointments.id });
  return { email, bookingRef, customerId, ids: rows.map((r) => r.id) };
}

async function setCapacity(date: string, capacity: number) {
  await (await getDb()).insert(serviceDays).values({ branchId: 1, date, capacityOverride: capacity })
    .onConflictDoUpdate({ target: [serviceDays.branchId, serviceDays.date], set: { capacityOverride: capacity } });
}

async function readVisits(ids: number[]) {
  return (await getDb())
    .select({
      id: appointments.id, date: appointments.date, status: appointments.status, isRescheduled: appointments.isRescheduled,
      originalDate: appointments.originalDate, originalTime: appointments.originalTime, rescheduledReason: appointments.rescheduledReason,
      reminderSentAt: appointments.reminderSentAt, technicianId: appointments.technicianId, routePosition: appointments.routePosition,
    })
    .from(appointments)
    .where(inArray(appointments.id, ids))
    .orderBy(appointments.id);
}

const stopsOn = async (date: string) => countActiveStops(await getDb(), 1, date, new Date());

beforeAll(async () => {
  ({ adminToken, technicianToken } = await signInAdminAndTechnician());
  fridays = await getAvailableDates({ now: new Date(), stopsNeeded: 1 });
  expect(fridays.length).toBeGreaterThan(15);
});

describe('rain day: access', () => {
  it('answers 401 without a session and 403 to a technician, and moves nothing', async () => {
    const date = takeFriday();
    const to = takeFriday();
    const { ids } = await book(date);
    for (const [token, expected] of [[undefined, 401], [technicianToken, 403]] as const) {
      jar.token = token;
      expect((await preview({ date, to })).status).toBe(expected);
      expect((await apply({ date, to })).status).toBe(expected);
    }
    expect(await readVisits(ids)).toMatchObject([{ date, status: 'confirmed', isRescheduled: false }]);
  });
});

describe('rain day: refusals, translated', () => {
  it('refuses a day that is not a Friday, has passed, or has nothing confirmed on it, and a full or same target', async () => {
    jar.token = adminToken;
    const notFriday = await preview({ date: '2031-06-05' }, 'fr'); // a Thursday
    expect(notFriday.status).toBe(400);
    expect((await notFriday.json()).fields).toEqual({ date: 'Les visites ont lieu le vendredi seulement. Choisissez un vendredi à déplacer.' });

    const past = await apply({ date: '2020-06-05', to: fridays[0] });
    expect(past.status).toBe(400);
    expect((await past.json()).fields).toEqual({ date: "This Friday has already passed. Only today's or a later Friday can be moved." });

    const empty = takeFriday();
    await book(empty, { status: 'cancelled' });
    const nothing = await preview({ date: empty }, 'de');
    expect(nothing.status).toBe(409);
    expect((await nothing.json()).message).toBe('An diesem Freitag ist kein bestätigter Besuch mehr übrig. Wenn Sie sie gerade verlegt haben, ist das bereits erledigt.');

    const date = takeFriday();
    const full = takeFriday();
    await book(date);
    await setCapacity(full, 0);
    const refusedFull = await apply({ date, to: full }, 'es');
    expect(refusedFull.status).toBe(409);
    expect((await refusedFull.json()).fields).toEqual({ to: 'Ese viernes ya no tiene sitio. Elija otro viernes.' });
    const same = await preview({ date, to: date });
    expect(same.status).toBe(400);
    expect((await same.json()).fields).toEqual({ to: 'Pick another Friday than the one you are moving.' });
    const invalid = await preview({ date: '2031-02-30' });
    expect(invalid.status).toBe(400);
  });
});

describe('rain day: a day whose visits are all done', () => {
  it('refuses, translated, a Friday whose only visits were marked done before any route had them, and moves nothing', async () => {
    jar.token = adminToken;
    const date = takeFriday();
    const to = takeFriday();
    const done = await book(date, { status: 'completed', values: { completedAt: new Date() } });
    const before = await readVisits(done.ids);

    const refusedPreview = await preview({ date, to }, 'fr');
    expect(refusedPreview.status).toBe(409);
    expect(await refusedPreview.json()).toMatchObject({
      reason: 'allDone',
      message: 'Toutes les visites qui restent ce vendredi sont déjà marquées comme faites\u00a0: il n’y a rien à déplacer.',
    });
    const refusedApply = await apply({ date, to });
    expect(refusedApply.status).toBe(409);
    expect((await refusedApply.json()).message).toBe('Every visit left on this Friday is already marked done, so there is nothing to move.');
    expect(await readVisits(done.ids)).toEqual(before);
    expect(await emailsTo(done.email, 'visit-moved')).toEqual([]);

    // An unpaid hold beside the done visit is not the office's to move either: the general answer.
    await book(date, { status: 'pending-payment', values: { holdExpiresAt: new Date(Date.now() + 60 * 60_000) } });
    const held = await preview({ date, to });
    expect(held.status).toBe(409);
    expect(await held.json()).toMatchObject({ reason: 'nothingToMove', message: 'No confirmed visit is left on this Friday. If you just moved it, the move is done.' });
  });
});

describe('rain day: preview', () => {
  it('counts visits and customers, fills the target first, sends the rest on, names who fits nowhere, and writes nothing', async () => {
    jar.token = adminToken;
    const date = takeFriday();
    const to = takeFriday();
    const next = takeFriday();
    await setCapacity(to, 2);
    await setCapacity(next, 2);
    const a = await book(date, { firstName: 'Ada' });
    const b = await book(date, { firstName: 'Ben', serviceTypes: ['onetime', 'standingwater'] });
    const c = await book(date, { firstName: 'Cy' });
    await book(date, { status: 'pending-payment' }); // an unpaid hold: told, not moved

    const res = await preview({ date, to });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Preview;
    expect(body).toMatchObject({ date, to, visits: 4, customers: 3, stillHeld: 1, unplaced: [] });
    expect(body.targets).toContain(to);
    expect(body.targets).not.toContain(date);
    // Ada (1) and then Cy (1) fill the target's two stops; Ben's two visits stay together and go on.
    expect(body.moves.map((m) => ({ date: m.date, visits: m.visits, customers: m.customers, who: m.bookings.map((x) => x.customerName) }))).toEqual([
      { date: to, visits: 2, customers: 2, who: ['Ada Rain', 'Cy Rain'] },
      { date: next, visits: 2, customers: 1, who: ['Ben Rain'] },
    ]);
    // Ben went on because the target had no room left for his two visits, which the dialog says.
    expect(body.passedTarget).toEqual({ full: 1, spacing: 0, minIntervalDays: 14 });
    expect((await readVisits([...a.ids, ...b.ids, ...c.ids])).every((v) => v.date === date && !v.isRescheduled)).toBe(true);

    // Without `to`, the first Friday offered after the rained-out one.
    const first = (await (await preview({ date })).json()) as Preview;
    expect(first.to).toBe(first.targets.find((d) => d > date));
  });

  it('says a booking skips a target with room because of its plan\'s spacing, not for want of room; without a choice, the first Friday after the rained-out one', async () => {
    jar.token = adminToken;
    // Four Fridays a week apart: the plan's first visit, an earlier target, the Friday after it, the rained-out day.
    const [previous, target, after, date] = [takeFriday(), takeFriday(), takeFriday(), takeFriday()] as [string, string, string, string];
    customerCount += 1;
    const customerId = await insertCustomer({ email: `rain.${customerCount}@example.com`, firstName: 'Sol', lastName: 'Rain' });
    await (await getDb()).insert(appointments).values([previous, date].map((day, i) => ({
      customerId, bookingRef: 'BK-RAINPLAN', serviceType: 'seasonal', visitNumber: i + 1, date: day, status: 'confirmed',
      address: '71 Main St W', city: 'Hamilton', postalCode: 'L8P 4Y5',
    })));
    await book(date, { firstName: 'Una' });

    const body = (await (await preview({ date, to: target })).json()) as Preview;
    // Una's one-time visit takes the target; Sol's visit 2 would be a week after visit 1 there, so it goes a week later.
    expect(body.moves.map((m) => [m.date, m.bookings.map((b) => b.customerName)])).toEqual([[target, ['Una Rain']], [after, ['Sol Rain']]]);
    expect(body.passedTarget).toEqual({ full: 0, spacing: 1, minIntervalDays: 14 });

    // Without `to`, the first Friday after the rained-out one: a rain day moves visits later, not back.
    const first = (await (await preview({ date })).json()) as Preview;
    expect(first.targets[0]! < date).toBe(true);
    expect(first.to).toBe(first.targets.find((d) => d > date));
  });
});

describe('rain day: apply', () => {
  it('moves every booking within capacity, records the weather, emails each customer in their language, resets reminders and drops the planned routes', async () => {
    jar.token = adminToken;
    const earlier = takeFriday();
    const date = takeFriday();
    const to = takeFriday();
    const next = takeFriday();
    await setCapacity(to, 2);
    const movedBefore = await book(earlier, { firstName: 'Élodie', locale: 'fr' });
    // Élodie's visit was moved once already (to the rained-out day): her first date stays the original.
    expect((await moveAppointment(movedBefore.ids[0]!, date)).movedIds).toEqual(movedBefore.ids);
    const a = await book(date, { firstName: 'Ada', values: { reminderSentAt: new Date(), technicianId: null, routePosition: 3, time: '10:30' } });
    const b = await book(date, { firstName: 'Ben', serviceTypes: ['onetime', 'standingwater'] });
    const all = [...movedBefore.ids, ...a.ids, ...b.ids];
    await (await getDb()).insert(serviceRoutes).values({ branchId: 1, date, technician: 'Crew A', status: 'planned', appointmentOrder: all });

    const res = await apply({ date, to });
    expect(res.status).toBe(200);
    const result = (await res.json()) as Result;
    expect(result).toMatchObject({ date, movedVisits: 4, movedCustomers: 3, skipped: 0, unplaced: [] });
    // Élodie (booked first) and Ada take the target's two stops; Ben's pair goes to the next Friday.
    expect(result.moved).toEqual([{ date: to, visits: 2, customers: 2 }, { date: next, visits: 2, customers: 1 }]);
    expect(await stopsOn(to)).toBe(2);
    expect(await stopsOn(date)).toBe(0);

    const visits = await readVisits(all);
    expect(visits.map((v) => v.date)).toEqual([to, to, next, next]);
    expect(visits.every((v) => v.status === 'confirmed' && v.isRescheduled && v.rescheduledReason === 'weather' && v.reminderSentAt === null && v.routePosition === null)).toBe(true);
    expect(visits.map((v) => v.originalDate)).toEqual([earlier, date, date, date]);
    expect(visits[1]!.originalTime).toBe('10:30');

    // The customers' emails: the weather in their language, the old Friday, the calendar events again.
    const [fr] = await emailsTo(movedBefore.email, 'visit-moved').then((rows) => rows.slice(-1));
    expect(fr!.locale).toBe('fr');
    expect(fr!.text).toContain(`De fortes pluies sont annoncées pour le ${formatLongDate(date, 'fr')}`);
    const [en] = await emailsTo(a.email, 'visit-moved');
    expect(en!.text).toContain(`Heavy rain is forecast for ${formatLongDate(date, 'en')}`);
    expect(en!.subject).toBe(`New date for your visit: ${formatLongDate(to, 'en')}`);
    const ben = await emailsTo(b.email, 'visit-moved');
    expect(ben).toHaveLength(1);
    expect(calendarEvents(ben[0]!.attachments)).toHaveLength(2);
    expect(calendarEvents(ben[0]!.attachments).every((e) => e.sequence > 0)).toBe(true);

    // The office's appointment list says where each visit came from and why.
    const listed = await listRoute(new Request(`http://localhost/api/admin/appointments?view=all&date=${to}`), noParams);
    expect(listed.status).toBe(200);
    const rows = ((await listed.json()) as { appointments: { id: number; isRescheduled: boolean; originalDate: string | null; rescheduledReason: string | null }[] }).appointments;
    expect(rows.filter((r) => all.includes(r.id)).map((r) => [r.isRescheduled, r.originalDate, r.rescheduledReason])).toEqual([
      [true, earlier, 'weather'], [true, date, 'weather'],
    ]);

    // The rained-out day's planned routes are gone.
    expect(await (await getDb()).select().from(serviceRoutes).where(and(eq(serviceRoutes.branchId, 1), eq(serviceRoutes.date, date)))).toEqual([]);

    // A second press: a clear answer, nothing moved twice, no second email.
    const again = await apply({ date, to });
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe('No confirmed visit is left on this Friday. If you just moved it, the move is done.');
    expect(await emailsTo(a.email, 'visit-moved')).toHaveLength(1);
    expect((await readVisits(all)).map((v) => v.date)).toEqual([to, to, next, next]);
  });

  it('after a run that stopped part-way, a second run moves only the rest; two runs at once move each booking once', async () => {
    jar.token = adminToken;
    const date = takeFriday();
    const to = takeFriday();
    const a = await book(date);
    const b = await book(date);
    const c = await book(date);
    // The first run moved Ada's booking and then failed: hers is no longer on the day.
    expect((await moveAppointment(a.ids[0]!, to, { reason: 'weather', onlyFromDate: date })).movedIds).toEqual(a.ids);
    // Already moved: the same move again changes nothing and sends nothing.
    expect((await moveAppointment(a.ids[0]!, takeFriday(), { reason: 'weather', onlyFromDate: date })).movedIds).toEqual([]);

    const [first, second] = await Promise.all([apply({ date, to }), apply({ date, to })]);
    const answers = [first!, second!];
    const moved = await Promise.all(answers.filter((r) => r.status === 200).map(async (r) => ((await r.json()) as Result).movedVisits));
    expect(moved.reduce((sum, n) => sum + n, 0)).toBe(2);
    expect(answers.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    for (const booking of [a, b, c]) expect(await emailsTo(booking.email, 'visit-moved')).toHaveLength(1);
    expect((await readVisits([...a.ids, ...b.ids, ...c.ids])).map((v) => v.date)).toEqual([to, to, to]);
  });

  it('leaves a booking no Friday has room for on the day (and on its route), and says so', async () => {
    jar.token = adminToken;
    const date = fridays[fridays.length - 2]!;
    const last = fridays[fridays.length - 1]!;
    await setCapacity(last, (await stopsOn(last)) + 1);
    const a = await book(date, { firstName: 'Ada' });
    const b = await book(date, { firstName: 'Ben' });
    await (await getDb()).insert(serviceRoutes).values({ branchId: 1, date, technician: 'Crew A', status: 'planned', appointmentOrder: [...a.ids, ...b.ids] });
    // The preview counts what moves (Ada), not the day's every visit: Ben is named as staying.
    const planned = (await (await preview({ date, to: last })).json()) as Preview;
    expect(planned).toMatchObject({ visits: 1, customers: 1, unplaced: [{ bookingRef: b.bookingRef, customerName: 'Ben Rain', stops: 1 }] });
    const result = (await (await apply({ date, to: last })).json()) as Result;
    expect(result).toMatchObject({ movedVisits: 1, unplaced: [{ bookingRef: b.bookingRef, customerName: 'Ben Rain', stops: 1 }] });
    expect((await readVisits([...a.ids, ...b.ids])).map((v) => v.date)).toEqual([last, date]);
    // Ben is still on the day's route: the plan stays until the office moves or re-plans him.
    expect(await (await getDb()).select({ order: serviceRoutes.appointmentOrder }).from(serviceRoutes).where(eq(serviceRoutes.date, date))).toHaveLength(1);
  });
});

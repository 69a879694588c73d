import type { APIRequestContext } from 'playwright-core';
import { expect, inject } from 'vitest';
import { pickDemoFriday } from '@/server/bootstrap/seed';
import { PAST_VISITS, type PastVisit, pastBookingRef, pastVisitPlace } from './past-visits';

export const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000);

const randomIp = (net: number) => `10.${net}.${Math.floor(Math.random() * 200) + 1}.${Math.floor(Math.random() * 200) + 1}`;

/**
 * The offered Fridays a test may take for itself: after the demo Friday and off its seasonal
 * follow-ups (every 21 days), without the last one (another test books that), leaving out `taken`.
 */
export async function listQuietFridays(request: APIRequestContext, taken: readonly string[] = []): Promise<{ quiet: string[]; offered: string[] }> {
  const demo = pickDemoFriday(new Date());
  const { dates } = (await (await request.get('/api/appointments/available-dates?serviceType=onetime')).json()) as { dates: string[] };
  const quiet = dates.filter((d) => d > demo && daysBetween(demo, d) % 21 !== 0 && !taken.includes(d)).slice(0, -1);
  return { quiet, offered: dates };
}

/**
 * A Friday of its own with a Friday offered after it (a rain day's day and target): late in the
 * season, away from the demo Friday and its seasonal follow-ups, with nothing booked on it by other
 * tests. `before`: any quiet Friday before that date instead. Needs a staff session.
 */
export async function pickEmptyFriday(request: APIRequestContext, taken: string[], options: { before?: string } = {}): Promise<{ date: string; next: string }> {
  const { quiet, offered: dates } = await listQuietFridays(request, taken);
  const candidates = options.before ? quiet.filter((d) => d < options.before!) : quiet.slice(Math.floor(quiet.length / 3));
  let leastBooked: { date: string; next: string; count: number } | null = null;
  for (const candidate of candidates.sort(() => Math.random() - 0.5)) {
    const { count } = (await (await request.get(`/api/routes/appointments?date=${candidate}`)).json()) as { count: number };
    const next = dates.find((d) => d > candidate && !taken.includes(d));
    if (count === 0 && next) return { date: candidate, next };
    if (next && (leastBooked === null || count < leastBooked.count)) leastBooked = { date: candidate, next, count };
  }
  // A window that earlier test files have filled (`before`: the booking form's own look-ahead) lends
  // its least booked Friday: those files are over, and a rain day moves their visits, it loses none.
  if (options.before && leastBooked) return { date: leastBooked.date, next: leastBooked.next };
  throw new Error('no empty Friday left');
}

/**
 * A quiet Friday (see `listQuietFridays`) with nothing booked, for a test to have to itself; other
 * runs' leftovers are skipped. `withoutRoutes` also skips a Friday that still has (empty) routes.
 */
export async function findEmptyFriday(request: APIRequestContext, options: { withoutRoutes?: boolean } = {}): Promise<string> {
  const { quiet } = await listQuietFridays(request);
  // Earliest first: files run one at a time, and the later Fridays stay free for the tests that
  // need them (a rain day's Friday and the ones after it, `bookUnplannedFriday`'s second half).
  for (const candidate of quiet) {
    const { count } = (await (await request.get(`/api/routes/appointments?date=${candidate}`)).json()) as { count: number };
    if (count > 0) continue;
    if (options.withoutRoutes) {
      const day = (await (await request.get(`/api/routes?date=${candidate}`)).json()) as { routes: unknown[] };
      if (day.routes.length > 0) continue;
    }
    return candidate;
  }
  throw new Error(`No Friday without ${options.withoutRoutes ? 'routes or visits' : 'visits'} is left for this test.`);
}

/**
 * A Friday for a test that books its own visit, and may plan the day, among others' visits: one of
 * the demo's seasonal follow-up Fridays (every 21 days after the demo Friday), which the quiet
 * Fridays leave out, so they stay for the tests that need a day to themselves. The test finds its
 * own stop by name. The one with the fewest visits booked: the first two follow-ups carry both demo
 * plans (20 of 24 stops), and tests that move a visit to them need the few stops left.
 * `withoutRoutes` leaves out the Fridays a test has planned, `planned` those no test has; `minVisits`
 * those with fewer visits booked (the later follow-ups hold the seasonal demo customers' visits: 10
 * each). Needs a staff session.
 */
export async function findSharedFriday(request: APIRequestContext, options: { withoutRoutes?: boolean; planned?: boolean; minVisits?: number } = {}): Promise<string> {
  const demo = pickDemoFriday(new Date());
  const { offered } = await listQuietFridays(request);
  let best: { date: string; count: number } | undefined;
  for (const candidate of offered.filter((d) => d > demo && daysBetween(demo, d) % 21 === 0)) {
    const { count } = (await (await request.get(`/api/routes/appointments?date=${candidate}`)).json()) as { count: number };
    if (count < (options.minVisits ?? 0) || (best && count >= best.count)) continue;
    if (options.withoutRoutes || options.planned) {
      const day = (await (await request.get(`/api/routes?date=${candidate}`)).json()) as { routes: unknown[] };
      if ((day.routes.length > 0) !== Boolean(options.planned)) continue;
    }
    best = { date: candidate, count };
  }
  if (!best) throw new Error(`No demo follow-up Friday ${options.withoutRoutes ? 'without routes ' : options.planned ? 'with routes ' : ''}is left for this test.`);
  return best.date;
}

/**
 * Books one visit (a pending payment, held for 30 minutes) on a Friday of its own: late in the
 * season, away from the demo Friday and its seasonal follow-ups, and not planned by any test
 * before. Other tests' leftovers on it are tolerated: the count is read back.
 */
export async function bookUnplannedFriday(request: APIRequestContext): Promise<{ date: string; booked: number }> {
  const { quiet } = await listQuietFridays(request);
  const candidates = quiet.slice(Math.floor(quiet.length / 2)).sort(() => Math.random() - 0.5);
  let date: string | undefined;
  for (const candidate of candidates) {
    const day = (await (await request.get(`/api/routes?date=${candidate}`)).json()) as { routes: unknown[] };
    if (day.routes.length === 0) { date = candidate; break; }
  }
  expect(date, 'a Friday without routes').toBeDefined();
  const created = await request.post('/api/appointments', {
    headers: { 'x-forwarded-for': randomIp(91) },
    data: {
      serviceType: 'onetime', propertySize: 0.25, firstName: 'Thursday', lastName: 'Evening', email: `thursday.${Date.now().toString(36)}@example.com`, phone: '905-555-0168',
      address: '60 Main St', city: 'Dundas', postalCode: 'L9H 2P8', date, status: 'pending-payment',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { count } = (await (await request.get(`/api/routes/appointments?date=${date}`)).json()) as { count: number };
  expect(count).toBeGreaterThanOrEqual(1);
  return { date: date!, booked: count };
}

/**
 * A paid one-time booking on `date` (confirmed), as the checkout makes it: `name` Rainday unless
 * `options` name the customer otherwise, in `options.locale` (English by default).
 */
export async function bookAndPay(
  request: APIRequestContext,
  date: string,
  name: string,
  options: { lastName?: string; email?: string; locale?: string; card?: string } = {},
): Promise<{ appointmentId: number; bookingRef: string; customerId: number; email: string; paymentIntentId: string }> {
  const ip = randomIp(93);
  const email = options.email ?? `${name.toLowerCase()}.${Date.now().toString(36)}@example.com`;
  const created = await request.post('/api/appointments', {
    headers: { 'x-forwarded-for': ip },
    data: {
      serviceType: 'onetime', propertySize: 0.25, firstName: name, lastName: options.lastName ?? 'Rainday', email, phone: '905-555-0170',
      address: '45 Main St E', city: 'Hamilton', postalCode: 'L8N 1E9', date, status: 'pending-payment', ...(options.locale ? { locale: options.locale } : {}),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const booking = (await created.json()) as { appointmentId: number; bookingRef: string; customerId: number };
  const intent = (await (await request.post('/api/create-payment-intent', { headers: { 'x-forwarded-for': ip }, data: { appointmentId: booking.appointmentId, bookingRef: booking.bookingRef } })).json()) as { paymentIntentId: string; clientSecret: string };
  const paid = await request.post('/api/test-gateway/confirm', { headers: { 'x-forwarded-for': ip }, data: { ...intent, number: options.card ?? '4242424242424242', expiry: '12/34', cvc: '123' } });
  expect(paid.status(), await paid.text()).toBe(200);
  return { ...booking, email, paymentIntentId: intent.paymentIntentId };
}

/** The Fridays `global-setup.ts` wrote the past visits on, weeks 0 to 3 (`past-visits.ts`). */
export function readPastFridays(): string[] {
  return inject('pastFridays');
}

export type FoundPastVisit = PastVisit & { date: string; appointmentId: number; customerId: number; bookingRef: string; place: ReturnType<typeof pastVisitPlace> };

/** A past visit as the office's list has it now (the request carries a staff session). */
export async function findPastVisit(request: APIRequestContext, firstName: string): Promise<FoundPastVisit> {
  const index = PAST_VISITS.findIndex((v) => v.firstName === firstName);
  const past = PAST_VISITS[index];
  expect(past, `a past visit for ${firstName}`).toBeDefined();
  const date = readPastFridays()[past!.week]!;
  const res = await request.get(`/api/admin/appointments?date=${date}&limit=200`);
  expect(res.status()).toBe(200);
  const { appointments: listed } = (await res.json()) as { appointments: { id: number; customerId: number; firstName: string; lastName: string }[] };
  const row = listed.find((a) => a.firstName === past!.firstName && a.lastName === past!.lastName);
  expect(row, `${firstName}'s visit on ${date}, written by global-setup.ts (not when E2E_BASE_URL points at another server)`).toBeDefined();
  return { ...past!, date, appointmentId: row!.id, customerId: row!.customerId, bookingRef: pastBookingRef(index), place: pastVisitPlace(index) };
}

/**
 * A quiet Friday that nothing has planned yet, for a test that only needs "No route optimized for
 * this date yet": an empty one first, else the latest with visits but no routes (earlier journeys of
 * the same run may have booked every quiet Friday; those files are over).
 */
export async function findUnplannedFriday(request: APIRequestContext): Promise<string> {
  const empty = await findEmptyFriday(request, { withoutRoutes: true }).catch(() => null);
  if (empty) return empty;
  const { quiet } = await listQuietFridays(request);
  for (const candidate of [...quiet].reverse()) {
    const day = (await (await request.get(`/api/routes?date=${candidate}`)).json()) as { routes: unknown[] };
    if (day.routes.length === 0) return candidate;
  }
  throw new Error('No Friday without routes is left for this test.');
}

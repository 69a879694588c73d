/**
 * Free re-treatments under the guarantee (docs/decisions/0047), through the route handlers on a
 * real database: the customer's request from the private link (eligibility, field errors, the
 * acknowledgement and the office's notice in the outbox), the office's list, scheduling (a $0
 * confirmed visit of kind 'retreatment' on the booking, the customer's email, the Friday's
 * capacity), two admins answering at once, declining, and the money the business relies on
 * (the terms' refund, the dashboard's count) left as it was.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { appointments } from '@/db/schema/appointments';
import { emailOutbox } from '@/db/schema/messages';
import { refunds } from '@/db/schema/refunds';
import { retreatmentRequests } from '@/db/schema/retreatments';
import { staffUsers } from '@/db/schema/staff';
import { previewCancellation } from '@/features/cancellations/cancellation.service';
import { createManageToken } from '@/features/manage-booking/manage-link';
import { TEST_CARDS } from '@/features/payments/test-cards';
import { declineRetreatment, loadRetreatmentOffer, scheduleRetreatment } from '@/features/retreatments/retreatment.service';
import { addCalendarDays, findToday } from '@/features/scheduling/available-dates';
import { getAvailableDates } from '@/features/scheduling/available-dates.service';
import { countActiveStops } from '@/features/scheduling/capacity.repository';
import { selectDashboardTotals } from '@/features/staff-dashboard/dashboard.repository';
import { isAppError } from '@/lib/errors';
import { cancelBookingAsStaff } from '../support/cancellations';
import { type Handler, jsonPoster } from '../support/handlers';
import { calendarEvents, emailsTo } from '../support/outbox';
import { insertConfirmedVisits, insertCustomer } from '../support/records';
import { signInAdminAndTechnician } from '../support/staff-sessions';

const jar = vi.hoisted(() => ({ token: undefined as string | undefined }));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (jar.token ? { name, value: jar.token } : undefined) }),
}));

const { POST: requestRoute } = (await import('@/app/api/manage-booking/[token]/retreatment/route')) as unknown as { POST: Handler };
const { GET: listRoute } = (await import('@/app/api/retreatments/route')) as unknown as { GET: Handler };
const { GET: datesRoute } = (await import('@/app/api/retreatments/[id]/dates/route')) as unknown as { GET: Handler };
const { POST: scheduleRoute } = (await import('@/app/api/retreatments/[id]/schedule/route')) as unknown as { POST: Handler };
const { POST: declineRoute } = (await import('@/app/api/retreatments/[id]/decline/route')) as unknown as { POST: Handler };
const { POST: cancelRoute } = (await import('@/app/api/admin/bookings/[bookingRef]/cancel/route')) as unknown as { POST: Handler };
const { POST: createAppointment } = (await import('@/app/api/appointments/route')) as unknown as { POST: Handler };
const { POST: createIntent } = (await import('@/app/api/create-payment-intent/route')) as unknown as { POST: Handler };
const { POST: confirmCard } = (await import('@/app/api/test-gateway/confirm/route')) as unknown as { POST: Handler };

const post = jsonPoster(61);
let sent = 0;
/** A JSON request to a handler, each from its own client address (the link's limits are per address). */
function call(handler: Handler, path: string, params: Record<string, string>, init: { method?: string; body?: unknown; locale?: string } = {}) {
  sent += 1;
  return handler(new Request(`http://localhost${path}`, {
    method: init.method ?? 'GET',
    headers: {
      'x-forwarded-for': `10.62.${Math.floor(sent / 200)}.${sent % 200}`,
      'accept-language': init.locale ?? 'en',
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  }), { params: Promise.resolve(params) });
}
const ask = (token: string, body: unknown, locale = 'en') => call(requestRoute, `/api/manage-booking/${token}/retreatment`, { token }, { method: 'POST', body, locale });
const officeList = async () => {
  const res = await call(listRoute, '/api/retreatments', {});
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as { open: { id: number; bookingRef: string; reason: string; note: string | null; plan: string; address: string; lastVisitDate: string | null }[]; handled: { id: number; status: string }[] };
};
const officeDates = (id: number) => call(datesRoute, `/api/retreatments/${id}/dates`, { id: String(id) });
const schedule = (id: number, date: string) => call(scheduleRoute, `/api/retreatments/${id}/schedule`, { id: String(id) }, { method: 'POST', body: { date } });
const decline = (id: number, reason: string) => call(declineRoute, `/api/retreatments/${id}/decline`, { id: String(id) }, { method: 'POST', body: { reason } });

let adminToken = '';
let adminId = 0;
let fridays: string[] = [];
let next = 0;
const takeFriday = () => fridays[next++]!;

type Booking = { bookingRef: string; ids: number[]; email: string; token: string; date: string };

/** Books a one-time treatment online and pays it with the test gateway's 4242 card: confirmed. */
async function bookAndPay(options: { locale?: string; includeTargetedInsects?: boolean } = {}): Promise<Booking> {
  const date = takeFriday();
  const email = `retreat-${randomUUID().slice(0, 8)}@example.com`;
  const created = await post(createAppointment, '/api/appointments', {
    serviceType: 'onetime', propertySize: 0.25, firstName: 'Amélie', lastName: 'Gagnon', email, phone: '905-555-0101',
    address: '12 King St W', city: 'Hamilton', postalCode: 'L8P 1A1', date, status: 'pending-payment', locale: options.locale ?? 'en',
    includeTargetedInsects: options.includeTargetedInsects ?? false, notes: 'Gate code 1234',
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const { appointmentId, bookingRef, appointments: visits } = (await created.json()) as { appointmentId: number; bookingRef: string; appointments: { id: number }[] };
  const intent = (await (await post(createIntent, '/api/create-payment-intent', { appointmentId, bookingRef })).json()) as { paymentIntentId: string; clientSecret: string };
  const paid = await post(confirmCard, '/api/test-gateway/confirm', { ...intent, number: TEST_CARDS.success, expiry: '12/34', cvc: '123' });
  expect(paid.status).toBe(200);
  return { bookingRef, ids: visits.map((v) => v.id), email, token: createManageToken({ bookingRef, generation: 0 }), date };
}

/** The office marked the visit done (the done mark's own flows are tested elsewhere). */
async function markDone(id: number) {
  await (await getDb()).update(appointments).set({ status: 'completed', completedAt: new Date() }).where(eq(appointments.id, id));
}

async function bookingVisits(bookingRef: string) {
  return (await getDb()).select().from(appointments).where(eq(appointments.bookingRef, bookingRef)).orderBy(appointments.id);
}
async function requestRow(id: number) {
  const [row] = await (await getDb()).select().from(retreatmentRequests).where(eq(retreatmentRequests.id, id));
  return row!;
}
async function officeNotices(bookingRef: string) {
  const rows = await (await getDb()).select().from(emailOutbox).where(eq(emailOutbox.kind, 'staff-notification'));
  return rows.filter((r) => r.subject.includes(bookingRef));
}

/** A paid one-time booking, done, with an open request: the office's side starts here. */
async function openRequest(options: { includeTargetedInsects?: boolean; locale?: string } = {}) {
  const booking = await bookAndPay(options);
  await markDone(booking.ids[0]!);
  const res = await ask(booking.token, { reason: 'pests-back', note: 'Bitten on the deck every evening.', locale: options.locale }, options.locale);
  expect(res.status, await res.clone().text()).toBe(200);
  const { id } = (await res.json()) as { id: number };
  return { booking, requestId: id };
}

beforeAll(async () => {
  const tokens = await signInAdminAndTechnician();
  adminToken = tokens.adminToken;
  jar.token = adminToken;
  const [admin] = await (await getDb()).select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.username, 'office'));
  adminId = admin!.id;
  // Fridays with room for two stops; the office's tests schedule onto the later ones.
  fridays = await getAvailableDates({ now: new Date(), stopsNeeded: 2 });
  expect(fridays.length).toBeGreaterThan(12);
});

describe('the customer asks from their link', () => {
  it('files a request once a treatment is done: the acknowledgement in their language and the office\'s notice are queued', async () => {
    const booking = await bookAndPay({ locale: 'fr' });
    // Before the visit there is nothing to ask for (and the page shows nothing).
    expect(await loadRetreatmentOffer(booking.token)).toEqual({ kind: 'none' });
    const early = await ask(booking.token, { reason: 'pests-back' });
    expect(early.status).toBe(409);

    await markDone(booking.ids[0]!);
    expect(await loadRetreatmentOffer(booking.token)).toMatchObject({ kind: 'eligible', plan: 'onetime', reasons: ['pests-back'], until: addCalendarDays(booking.date, 7) });
    const res = await ask(booking.token, { reason: 'pests-back', note: '  Mosquitoes <b>everywhere</b> by the pond.  ', locale: 'es' }, 'fr');
    expect(res.status, await res.clone().text()).toBe(200);
    const body = (await res.json()) as { id: number; status: string };
    expect(body.status).toBe('open');
    expect(await requestRow(body.id)).toMatchObject({ bookingRef: booking.bookingRef, reason: 'pests-back', note: 'Mosquitoes <b>everywhere</b> by the pond.', status: 'open', locale: 'es', handledAt: null, appointmentId: null });

    // The acknowledgement, in the page's language, the note escaped.
    const [ack] = await emailsTo(booking.email, 'retreatment');
    expect(ack!.locale).toBe('es');
    expect(ack!.subject).toBe(`Recibimos su solicitud de repetición (${booking.bookingRef})`);
    expect(ack!.text).toContain('Mosquitoes <b>everywhere</b> by the pond.');
    expect(ack!.html).toContain('Mosquitoes &lt;b&gt;everywhere&lt;/b&gt; by the pond.');
    expect(ack!.text).toContain(`/es/manage-booking/${booking.token}`);
    // The office's notice: English, the customer as Reply-To, where to answer.
    const [notice] = await officeNotices(booking.bookingRef);
    expect(notice).toMatchObject({ locale: 'en', replyTo: booking.email, subject: `Free re-treatment requested online: ${booking.bookingRef} (mosquitoes or ticks are back)` });
    expect(notice!.text).toContain('One-Time Treatment');
    expect(notice!.text).toContain(`Last visit carried out: ${booking.date}.`);
    expect(notice!.text).toContain('/retreatments');

    // One request at a time: a second click is refused and files nothing.
    const again = await ask(booking.token, { reason: 'pests-back' });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toBe('We already have your request. Our office will email you with a date.');
    expect(await loadRetreatmentOffer(booking.token)).toMatchObject({ kind: 'requested' });
    expect(await emailsTo(booking.email, 'retreatment')).toHaveLength(1);
    expect(await officeNotices(booking.bookingRef)).toHaveLength(1);
  });

  it('answers bad input with translated field errors, and a reason the plan does not have as a field error too', async () => {
    const booking = await bookAndPay();
    await markDone(booking.ids[0]!);
    const missing = await ask(booking.token, { note: 'x' }, 'fr');
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { fields: Record<string, string> }).fields).toEqual({ reason: 'Veuillez choisir ce qui se passe.' });
    const long = await ask(booking.token, { reason: 'pests-back', note: 'x'.repeat(501) }, 'de');
    expect(long.status).toBe(400);
    expect(((await long.json()) as { fields: Record<string, string> }).fields).toEqual({ note: 'Bitte halten Sie die Notiz bei höchstens 500 Zeichen.' });
    // Heavy rain is a seasonal plan's reason, not a one-time treatment's.
    const rain = await ask(booking.token, { reason: 'heavy-rain' });
    expect(rain.status).toBe(400);
    expect(((await rain.json()) as { fields: Record<string, string> }).fields.reason).toContain('seasonal plans');
    expect(await emailsTo(booking.email, 'retreatment')).toHaveLength(0);
    expect(await (await getDb()).select().from(retreatmentRequests).where(eq(retreatmentRequests.bookingRef, booking.bookingRef))).toHaveLength(0);
  });

  it('refuses a bad link with the page\'s 404, a closed window, and a cancelled booking', async () => {
    expect((await ask('nope', { reason: 'pests-back' })).status).toBe(404);
    expect((await ask(createManageToken({ bookingRef: 'BK-ZZZZZZZZ', generation: 0 }), { reason: 'pests-back' })).status).toBe(404);

    // A one-time treatment done more than 7 days ago (Fridays written straight to the table).
    const today = findToday(new Date(), 'America/Toronto');
    let past = addCalendarDays(today, -30);
    while (new Date(`${past}T12:00:00Z`).getUTCDay() !== 5) past = addCalendarDays(past, -1);
    const customerId = await insertCustomer({ email: `old-${randomUUID().slice(0, 8)}@example.com` });
    const old = await insertConfirmedVisits(customerId, past, [{ status: 'completed' }]);
    const late = await ask(createManageToken({ bookingRef: old.bookingRef, generation: 0 }), { reason: 'pests-back' });
    expect(late.status).toBe(409);
    expect(((await late.json()) as { reason: string }).reason).toBe('window-over');

    // A seasonal plan cancelled after its first visit: no guarantee left.
    const seasonal = await insertConfirmedVisits(customerId, past, [
      { serviceType: 'seasonal', status: 'completed' },
      { serviceType: 'seasonal', status: 'cancelled', date: addCalendarDays(past, 21) },
      { serviceType: 'seasonal', status: 'cancelled', date: addCalendarDays(past, 42) },
    ]);
    const cancelled = await ask(createManageToken({ bookingRef: seasonal.bookingRef, generation: 0 }), { reason: 'heavy-rain' });
    expect(cancelled.status).toBe(409);
    expect(((await cancelled.json()) as { reason: string }).reason).toBe('cancelled');
  });

  it('gives a seasonal plan the heavy-rain reason', async () => {
    const customerId = await insertCustomer({ email: `rain-${randomUUID().slice(0, 8)}@example.com` });
    const start = fridays[fridays.length - 1]!;
    const plan = await insertConfirmedVisits(customerId, addCalendarDays(start, -84), [
      { serviceType: 'seasonal', status: 'completed' },
      { serviceType: 'seasonal', date: addCalendarDays(start, -63) },
      { serviceType: 'seasonal', date: addCalendarDays(start, -42) },
    ]);
    const res = await ask(createManageToken({ bookingRef: plan.bookingRef, generation: 0 }), { reason: 'heavy-rain' });
    expect(res.status, await res.clone().text()).toBe(200);
  });
});

describe('the office schedules it', () => {
  it('lists the request, then books a free confirmed visit of kind "retreatment" on a Friday with room, and emails the customer', async () => {
    const { booking, requestId } = await openRequest({ locale: 'fr' });
    const totalsBefore = await selectDashboardTotals(await getDb());

    const list = await officeList();
    expect(list.open.find((r) => r.id === requestId)).toMatchObject({
      bookingRef: booking.bookingRef, reason: 'pests-back', note: 'Bitten on the deck every evening.', plan: 'onetime',
      address: '12 King St W, Hamilton, L8P 1A1', lastVisitDate: booking.date,
    });

    const datesRes = await officeDates(requestId);
    expect(datesRes.status).toBe(200);
    const { dates } = (await datesRes.json()) as { dates: string[] };
    // Bookable Fridays, less the booking's own.
    expect(dates).not.toContain(booking.date);
    const target = dates[dates.length - 2]!;
    const stopsBefore = await countActiveStops(await getDb(), 1, target, new Date());

    const res = await schedule(requestId, target);
    expect(res.status, await res.clone().text()).toBe(200);
    const { appointmentId } = (await res.json()) as { appointmentId: number; date: string };

    const visits = await bookingVisits(booking.bookingRef);
    const free = visits.find((v) => v.id === appointmentId)!;
    const paid = visits.find((v) => v.id === booking.ids[0])!;
    expect(free).toMatchObject({
      kind: 'retreatment', status: 'confirmed', date: target, totalCents: 0, subtotalCents: 0, taxCents: 0,
      serviceType: 'onetime', address: paid.address, city: paid.city, postalCode: paid.postalCode, propertySize: paid.propertySize,
      customerId: paid.customerId, planId: paid.planId, locale: 'fr', visitNumber: 2, holdExpiresAt: null,
    });
    expect(free.notes).toBe('"Bitten on the deck every evening." · Gate code 1234');
    expect(await requestRow(requestId)).toMatchObject({ status: 'scheduled', appointmentId, handledById: adminId });
    expect((await requestRow(requestId)).handledAt).toBeInstanceOf(Date);
    // It takes a stop like any visit; it is no sale.
    expect(await countActiveStops(await getDb(), 1, target, new Date())).toBe(stopsBefore + 1);
    expect(await selectDashboardTotals(await getDb())).toEqual(totalsBefore);

    // The customer's email, in the language they asked in, with the visit's calendar event.
    const emails = await emailsTo(booking.email, 'retreatment');
    const scheduled = emails.at(-1)!;
    expect(scheduled.subject.startsWith('Votre retraitement gratuit\u00a0:')).toBe(true);
    expect(scheduled.text).toContain('Gratuit (notre garantie)');
    expect(calendarEvents(scheduled.attachments)).toEqual([expect.objectContaining({ uid: `${booking.bookingRef}-${appointmentId}@escarpmentmosquito.ca` })]);

    // The list shows it answered; the customer's page shows the visit booked.
    const after = await officeList();
    expect(after.open.some((r) => r.id === requestId)).toBe(false);
    expect(after.handled.find((r) => r.id === requestId)).toMatchObject({ status: 'scheduled', visitDate: target, handledBy: expect.any(String) });
    expect(await loadRetreatmentOffer(booking.token)).toEqual({ kind: 'not-eligible', why: 'booked', until: null });
    // A one-time treatment's one return, once done, is used.
    await markDone(appointmentId);
    expect(await loadRetreatmentOffer(booking.token)).toMatchObject({ kind: 'not-eligible', why: 'used' });
  });

  it('lets one of two admins answering at once book it; the other is refused and nothing is booked twice', async () => {
    const { booking, requestId } = await openRequest();
    const [a, b] = fridays.slice(-4, -2);
    const outcomes = await Promise.allSettled([
      scheduleRetreatment(requestId, a!, { staffUserId: adminId, by: 'office' }),
      scheduleRetreatment(requestId, b!, { staffUserId: adminId, by: 'office-2' }),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
    expect(isAppError(refused.reason) && refused.reason.code).toBe('conflict');
    expect((await bookingVisits(booking.bookingRef)).filter((v) => v.kind === 'retreatment')).toHaveLength(1);
    // The same through the API, and a decline after it: 409, translated.
    const late = await schedule(requestId, fridays[fridays.length - 5]!);
    expect(late.status).toBe(409);
    const lateDecline = await decline(requestId, 'Too late.');
    expect(lateDecline.status).toBe(409);
    expect(((await lateDecline.json()) as { message: string }).message).toContain('already been answered');
    expect(await emailsTo(booking.email, 'retreatment')).toHaveLength(2);
  });

  it('refuses a Friday the booking already has a visit on, and a date that is not bookable, with field errors', async () => {
    const { booking, requestId } = await openRequest();
    // The booking's own Friday had room (it is a listed Friday) but holds its visit.
    const sameDay = await schedule(requestId, booking.date);
    expect(sameDay.status).toBe(400);
    expect(((await sameDay.json()) as { fields: Record<string, string> }).fields.date).toBe('This booking already has a visit on that Friday. Please choose another one.');
    const thursday = addCalendarDays(fridays[5]!, -1);
    const notFriday = await schedule(requestId, thursday);
    expect(notFriday.status).toBe(400);
    expect((await requestRow(requestId)).status).toBe('open');
    expect((await bookingVisits(booking.bookingRef)).some((v) => v.kind === 'retreatment')).toBe(false);
  });

  it('declines with a reason the customer reads in their language; the request is answered once', async () => {
    const { booking, requestId } = await openRequest({ locale: 'de' });
    const empty = await decline(requestId, '   ');
    expect(empty.status).toBe(400);
    const res = await decline(requestId, 'Our technician found the <pond> untreatable.');
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await requestRow(requestId)).toMatchObject({ status: 'declined', declineReason: 'Our technician found the <pond> untreatable.', handledById: adminId, appointmentId: null });
    const mail = (await emailsTo(booking.email, 'retreatment')).at(-1)!;
    expect(mail.subject).toBe(`Zu Ihrer Anfrage zur Nachbehandlung (${booking.bookingRef})`);
    expect(mail.html).toContain('Our technician found the &lt;pond&gt; untreatable.');
    expect((await schedule(requestId, fridays[fridays.length - 6]!)).status).toBe(409);
    await expect(declineRetreatment(requestId, 'Again', { staffUserId: adminId })).rejects.toMatchObject({ code: 'conflict' });
    // Declined, the customer may ask again within the window.
    expect(await loadRetreatmentOffer(booking.token)).toMatchObject({ kind: 'eligible' });
  });

  it('answers 404 for an unknown request', async () => {
    expect((await officeDates(999_999)).status).toBe(404);
    expect((await schedule(999_999, fridays[3]!)).status).toBe(404);
  });
});

describe('money and counts the business relies on', () => {
  it('leaves the terms\' refund unchanged by a re-treatment booked, done, and called off with the booking', async () => {
    // A one-time treatment with its standing-water visit (two paid rows, 0011); the treatment done, the standing-water visit not yet.
    const booking = await bookAndPay({ includeTargetedInsects: true });
    expect(booking.ids).toHaveLength(2);
    await markDone(booking.ids[0]!);
    const before = (await previewCancellation(booking.bookingRef)).breakdown;
    expect(before).toMatchObject({ rule: 'visits-carried-out', visitCount: 2, completedCount: 1 });
    expect(before.policyRefundCents).toBeGreaterThan(0);

    const res = await ask(booking.token, { reason: 'pests-back' });
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as { id: number };
    const { appointmentId } = await scheduleRetreatment(id, fridays[fridays.length - 7]!, { staffUserId: adminId });
    expect((await previewCancellation(booking.bookingRef)).breakdown).toEqual(before);
    await markDone(appointmentId);
    expect((await previewCancellation(booking.bookingRef)).breakdown).toEqual(before);

    // Cancelling the rest refunds exactly the terms' amount computed before the re-treatment.
    const cancelled = await cancelBookingAsStaff(cancelRoute, booking.bookingRef, { reason: 'Customer moved away' });
    expect(cancelled.status, await cancelled.clone().text()).toBe(200);
    const rows = await (await getDb()).select().from(refunds).where(eq(refunds.bookingRef, booking.bookingRef));
    expect(rows.reduce((sum, r) => sum + r.amountCents, 0)).toBe(before.policyRefundCents);
    const visits = await bookingVisits(booking.bookingRef);
    expect(visits.map((v) => [v.kind, v.status])).toEqual([['scheduled', 'completed'], ['scheduled', 'cancelled'], ['retreatment', 'completed']]);
  });

  it('never stores a price on a re-treatment (the table refuses one)', async () => {
    const customerId = await insertCustomer({ email: `price-${randomUUID().slice(0, 8)}@example.com` });
    await expect(insertConfirmedVisits(customerId, fridays[2]!, [{ kind: 'retreatment', totalCents: 100 }])).rejects.toThrow();
    const free = await insertConfirmedVisits(customerId, fridays[2]!, [{ kind: 'retreatment', totalCents: 0 }]);
    const [row] = await (await getDb()).select({ kind: appointments.kind }).from(appointments).where(and(eq(appointments.bookingRef, free.bookingRef)));
    expect(row!.kind).toBe('retreatment');
  });
});

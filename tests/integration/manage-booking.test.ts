/**
 * Customers manage their own booking through the private link (docs/decisions/0032), through the
 * route handlers on a real database: the link in the receipt, lookups with good and bad tokens,
 * moves (capacity, cut-off, another booking's visit) and the cancellation with the terms' full
 * refund through the test gateway, and the office's notices.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { appointments, serviceDays } from '@/db/schema/appointments';
import { emailOutbox } from '@/db/schema/messages';
import { refunds } from '@/db/schema/refunds';
import { findChangeCutoff } from '@/features/manage-booking/change-cutoff';
import { createManageToken } from '@/features/manage-booking/manage-link';
import { cancelForCustomer, CUSTOMER_CANCEL_REASON, moveVisitForCustomer } from '@/features/manage-booking/manage-booking.service';
import { TEST_CARDS } from '@/features/payments/test-cards';
import { getAvailableDates } from '@/features/scheduling/available-dates.service';
import { isAppError } from '@/lib/errors';
import { type Handler, jsonPoster } from '../support/handlers';
import { emailsTo } from '../support/outbox';

const { GET: lookupRoute } = (await import('@/app/api/manage-booking/[token]/route')) as unknown as { GET: Handler };
const { GET: datesRoute } = (await import('@/app/api/manage-booking/[token]/visits/[visitId]/dates/route')) as unknown as { GET: Handler };
const { POST: moveRoute } = (await import('@/app/api/manage-booking/[token]/visits/[visitId]/move/route')) as unknown as { POST: Handler };
const { GET: previewRoute, POST: cancelRoute } = (await import('@/app/api/manage-booking/[token]/cancel/route')) as unknown as { GET: Handler; POST: Handler };
const { POST: createAppointment } = (await import('@/app/api/appointments/route')) as unknown as { POST: Handler };
const { POST: createIntent } = (await import('@/app/api/create-payment-intent/route')) as unknown as { POST: Handler };
const { POST: confirmCard } = (await import('@/app/api/test-gateway/confirm/route')) as unknown as { POST: Handler };

const post = jsonPoster(53);
let sent = 0;
/** A request to the customer's API, each from its own address unless told (the lookup limit is per address). */
function call(handler: Handler, path: string, params: Record<string, string>, init: { method?: string; body?: unknown; ip?: string; locale?: string } = {}) {
  sent += 1;
  return handler(new Request(`http://localhost${path}`, {
    method: init.method ?? 'GET',
    headers: {
      'x-forwarded-for': init.ip ?? `10.54.${Math.floor(sent / 200)}.${sent % 200}`,
      'accept-language': init.locale ?? 'en',
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  }), { params: Promise.resolve(params) });
}
const lookup = (token: string, init: { ip?: string; locale?: string } = {}) => call(lookupRoute, `/api/manage-booking/${token}`, { token }, init);
const moveDates = (token: string, visitId: number) => call(datesRoute, `/api/manage-booking/${token}/visits/${visitId}/dates`, { token, visitId: String(visitId) });
const move = (token: string, visitId: number, date: string, locale = 'en') =>
  call(moveRoute, `/api/manage-booking/${token}/visits/${visitId}/move`, { token, visitId: String(visitId) }, { method: 'POST', body: { date }, locale });

let fridays: string[] = [];
let next = 0;
const takeFriday = () => fridays[next++]!;

type Booking = { bookingRef: string; ids: number[]; email: string; token: string; date: string };

/** Books a one-time treatment online and pays it with the test gateway's 4242 card: confirmed, receipt queued. */
async function bookAndPay(locale = 'en'): Promise<Booking> {
  const date = takeFriday();
  const email = `manage-${randomUUID().slice(0, 8)}@example.com`;
  const created = await post(createAppointment, '/api/appointments', {
    serviceType: 'onetime', propertySize: 0.25, firstName: 'Camille', lastName: 'Roy', email, phone: '905-555-0101',
    address: '12 King St W', city: 'Hamilton', postalCode: 'L8P 1A1', date, status: 'pending-payment', locale,
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const { appointmentId, bookingRef, appointments: visits } = (await created.json()) as { appointmentId: number; bookingRef: string; appointments: { id: number }[] };
  const intent = (await (await post(createIntent, '/api/create-payment-intent', { appointmentId, bookingRef })).json()) as { paymentIntentId: string; clientSecret: string };
  const paid = await post(confirmCard, '/api/test-gateway/confirm', { ...intent, number: TEST_CARDS.success, expiry: '12/34', cvc: '123' });
  expect(paid.status).toBe(200);
  return { bookingRef, ids: visits.map((v) => v.id), email, token: createManageToken({ bookingRef, generation: 0 }), date };
}

async function visitRows(ids: number[]) {
  return (await getDb()).select({ id: appointments.id, date: appointments.date, status: appointments.status }).from(appointments).where(inArray(appointments.id, ids)).orderBy(appointments.id);
}
async function staffNotices(bookingRef: string) {
  return (await getDb()).select().from(emailOutbox).where(and(eq(emailOutbox.kind, 'staff-notification'), like(emailOutbox.subject, `%${bookingRef}%`)));
}

beforeAll(async () => {
  // Fridays far enough ahead that their cut-off (the Wednesday before, 8:00 AM) is still to come.
  const now = new Date();
  fridays = (await getAvailableDates({ now, stopsNeeded: 2 })).filter((d) => findChangeCutoff(d, 'America/Toronto').getTime() > now.getTime());
  expect(fridays.length).toBeGreaterThan(10);
});

describe('the private link', () => {
  it('is in the payment receipt, in the booking\'s language, and opens that booking', async () => {
    const booking = await bookAndPay('es');
    const [receipt] = await emailsTo(booking.email, 'receipt');
    expect(receipt!.text).toContain(`http://localhost:3000/es/manage-booking/${booking.token}`);
    expect(receipt!.html).toContain(`href="http://localhost:3000/es/manage-booking/${booking.token}"`);
    expect(receipt!.text).toContain('Consulte su reserva, cambie una visita o cancele en línea');
    // The reference itself is not the key.
    expect(booking.token).not.toContain(booking.bookingRef.slice(3));

    const res = await lookup(booking.token);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const shown = await res.json();
    expect(shown).toMatchObject({
      bookingRef: booking.bookingRef,
      customerFirstName: 'Camille',
      address: { address: '12 King St W', city: 'Hamilton', postalCode: 'L8P 1A1' },
      money: { paidCents: 11187, refundedCents: 0, refundPendingCents: 0, paidByHand: false },
      cancel: { kind: 'cancel' },
    });
    expect(shown.visits).toEqual([expect.objectContaining({ id: booking.ids[0], date: booking.date, status: 'confirmed', serviceTypes: ['onetime'], change: expect.objectContaining({ kind: 'move' }) })]);
    // Nothing more about the customer than their first name.
    expect(JSON.stringify(shown)).not.toContain(booking.email);
  });

  it('answers the same translated 404 for a malformed token, a forged one, and one of a booking that does not exist', async () => {
    const booking = await bookAndPay();
    const forged = `${booking.token.slice(0, -3)}${booking.token.endsWith('AAA') ? 'BBB' : 'AAA'}`;
    const bodies: unknown[] = [];
    for (const token of ['nope', forged, createManageToken({ bookingRef: 'BK-ZZZZZZZZ', generation: 0 }), booking.bookingRef]) {
      const res = await lookup(token, { locale: 'fr' });
      expect(res.status, token).toBe(404);
      bodies.push(await res.json());
    }
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
    expect(bodies[0]).toMatchObject({ code: 'not_found', message: 'Ce lien n’ouvre aucune réservation. Utilisez le lien de notre dernier courriel.' });
    // The actions answer the same for a bad token.
    expect((await move(forged, booking.ids[0]!, takeFriday())).status).toBe(404);
    expect((await call(previewRoute, `/api/manage-booking/${forged}/cancel`, { token: forged })).status).toBe(404);
  });

  it('limits lookups per address: a guesser is stopped with a 429', async () => {
    const ip = '10.55.0.1';
    const statuses: number[] = [];
    for (let i = 0; i < 61; i += 1) statuses.push((await lookup(`guess${'x'.repeat(40)}${i}`, { ip })).status);
    expect(statuses.slice(0, 60).every((s) => s === 404)).toBe(true);
    expect(statuses[60]).toBe(429);
  });
});

describe('moving a visit through the link', () => {
  it('moves it to a Friday from the office\'s list: the customer is emailed (with the link), the office told', async () => {
    const booking = await bookAndPay('de');
    const listed = await moveDates(booking.token, booking.ids[0]!);
    expect(listed.status, await listed.clone().text()).toBe(200);
    const { dates } = (await listed.json()) as { dates: string[] };
    expect(dates).not.toContain(booking.date);
    const target = dates.find((d) => d > booking.date && fridays.slice(next).includes(d)) ?? dates[dates.length - 1]!;

    const res = await move(booking.token, booking.ids[0]!, target);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ date: target, movedIds: booking.ids });
    expect(await visitRows(booking.ids)).toEqual([{ id: booking.ids[0], date: target, status: 'confirmed' }]);

    const [moved] = await emailsTo(booking.email, 'visit-moved');
    expect(moved!.locale).toBe('de');
    expect(moved!.text).toContain(`/de/manage-booking/${booking.token}`);
    // The customer chose this Friday: the email confirms it, without the office's offer to find another.
    expect(moved!.text).toContain('wie auf der Seite Ihrer Buchung gewünscht');
    expect(moved!.text).not.toContain('Passt Ihnen dieser Termin nicht?');
    const [notice] = await staffNotices(booking.bookingRef);
    expect(notice!.subject).toBe(`Customer moved a visit online: ${booking.bookingRef} from ${booking.date} to ${target}`);
    expect(notice!.text).toContain('Camille Roy <');
    // "Reply" in the office's mailbox writes to the customer, as for the office's other notices (0030).
    expect(notice!.replyTo).toBe(booking.email);
  });

  it('refuses a full Friday with the translated message and moves nothing', async () => {
    const booking = await bookAndPay();
    const full = takeFriday();
    await (await getDb()).insert(serviceDays).values({ branchId: 1, date: full, capacityOverride: 0 }).onConflictDoUpdate({ target: [serviceDays.branchId, serviceDays.date], set: { capacityOverride: 0 } });
    const res = await move(booking.token, booking.ids[0]!, full, 'fr');
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: 'day_full', message: 'Ce vendredi vient d’être complet. Choisissez un autre vendredi.' });
    expect(await visitRows(booking.ids)).toEqual([{ id: booking.ids[0], date: booking.date, status: 'confirmed' }]);
    expect(await emailsTo(booking.email, 'visit-moved')).toHaveLength(0);
    expect(await staffNotices(booking.bookingRef)).toHaveLength(0);
  });

  it('refuses another booking\'s visit as unknown, and leaves that visit alone', async () => {
    const mine = await bookAndPay();
    const theirs = await bookAndPay();
    const res = await move(mine.token, theirs.ids[0]!, takeFriday());
    expect(res.status).toBe(404);
    expect((await res.json()).message).toBe('This visit is not part of your booking.');
    expect((await moveDates(mine.token, theirs.ids[0]!)).status).toBe(404);
    expect(await visitRows(theirs.ids)).toEqual([{ id: theirs.ids[0], date: theirs.date, status: 'confirmed' }]);
  });

  it('refuses once the visit\'s cut-off has passed (Wednesday 8:00 AM before it), pointing to the office\'s phone', async () => {
    const booking = await bookAndPay();
    const cutoff = findChangeCutoff(booking.date, 'America/Toronto');
    const attempt = (now: Date) => moveVisitForCustomer(booking.token, booking.ids[0]!, takeFriday(), { clientIp: '10.56.0.1', now });
    const refusal = await attempt(cutoff).catch((error: unknown) => error);
    expect(isAppError(refusal) && refusal.code === 'conflict' && refusal.messageKey === 'manageBooking.errors.tooLateToMove').toBe(true);
    expect(await visitRows(booking.ids)).toEqual([{ id: booking.ids[0], date: booking.date, status: 'confirmed' }]);
    // A minute before, the same move goes through.
    const moved = await attempt(new Date(cutoff.getTime() - 60_000));
    expect(moved.movedIds).toEqual(booking.ids);
  });
});

describe('cancelling through the link', () => {
  it('shows the terms\' full refund first, then cancels and refunds it through the test gateway; the office is told', async () => {
    const booking = await bookAndPay('fr');
    const preview = await call(previewRoute, `/api/manage-booking/${booking.token}/cancel`, { token: booking.token });
    expect(preview.status, await preview.clone().text()).toBe(200);
    expect(await preview.json()).toEqual({ refundCents: 11187, paidCents: 11187, alreadyRefundedCents: 0, carriedOut: null, visitCount: 1 });

    const res = await call(cancelRoute, `/api/manage-booking/${booking.token}/cancel`, { token: booking.token }, { method: 'POST' });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toEqual({ bookingRef: booking.bookingRef, refundCents: 11187, refundStatus: 'succeeded' });

    expect(await visitRows(booking.ids)).toEqual([{ id: booking.ids[0], date: booking.date, status: 'cancelled' }]);
    const [refund] = await (await getDb()).select().from(refunds).where(eq(refunds.bookingRef, booking.bookingRef));
    expect(refund).toMatchObject({ amountCents: 11187, status: 'succeeded', provider: 'test', reason: CUSTOMER_CANCEL_REASON, issuedByStaffUserId: null });
    const [cancelled] = await emailsTo(booking.email, 'booking-cancelled');
    expect(cancelled!.locale).toBe('fr');
    // Their own cancellation, confirmed as theirs (0060), with the full refund to the cent.
    expect(cancelled!.subject).toBe(`Annulation confirmée\u00a0: réservation ${booking.bookingRef}`);
    expect(cancelled!.text).toContain('Nous vous confirmons l’annulation de votre réservation, que vous avez faite en ligne.');
    expect(cancelled!.text).not.toContain('Nous avons annulé');
    expect(cancelled!.text).toContain('Nous vous remboursons 111,87\u00a0$ sur la carte utilisée pour le paiement.');
    const [notice] = await staffNotices(booking.bookingRef);
    expect(notice!.subject).toBe(`Customer cancelled booking ${booking.bookingRef} online (refund $111.87)`);
    expect(notice!.replyTo).toBe(booking.email);

    // The page now shows the refund and offers nothing more; a second click is refused.
    const shown = await (await lookup(booking.token)).json();
    expect(shown).toMatchObject({ money: { paidCents: 11187, refundedCents: 11187 }, cancel: { kind: 'none' } });
    const again = await call(cancelRoute, `/api/manage-booking/${booking.token}/cancel`, { token: booking.token }, { method: 'POST' });
    expect(again.status).toBe(409);
    expect(await (await getDb()).select().from(refunds).where(eq(refunds.bookingRef, booking.bookingRef))).toHaveLength(1);
  });

  it('is the office\'s after the first visit\'s cut-off: refused, nothing cancelled', async () => {
    const booking = await bookAndPay();
    const refusal = await cancelForCustomer(booking.token, { clientIp: '10.56.0.2', now: findChangeCutoff(booking.date, 'America/Toronto') }).catch((error: unknown) => error);
    expect(isAppError(refusal) && refusal.messageKey === 'manageBooking.errors.cancelByPhone.cutoff').toBe(true);
    expect(await visitRows(booking.ids)).toEqual([{ id: booking.ids[0], date: booking.date, status: 'confirmed' }]);
    expect(await (await getDb()).select().from(refunds).where(eq(refunds.bookingRef, booking.bookingRef))).toHaveLength(0);
  });

  it('cancels the rest of a plan under way online, with the terms\' refund to the cent shown first and in the email (0108)', async () => {
    // Seasonal 1/2 acre with tick control in Stoney Creek: 49 + 4 × 99 + 3 × 99 − 60 = 682.00 + 88.66 HST = 770.66.
    const [start] = await getAvailableDates({ now: new Date(), stopsNeeded: 1, serviceType: 'seasonal' });
    const email = `plan-${randomUUID().slice(0, 8)}@example.com`;
    const created = await post(createAppointment, '/api/appointments', {
      serviceType: 'seasonal', propertySize: 0.5, includeTick: true, firstName: 'Marisol', lastName: 'Quintero Ruiz', email, phone: '905-555-0187',
      address: '210 Highway 8', city: 'Stoney Creek', postalCode: 'L8G 1E4', date: start, status: 'pending-payment', locale: 'es',
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { appointmentId, bookingRef, appointments: visits } = (await created.json()) as { appointmentId: number; bookingRef: string; appointments: { id: number }[] };
    const intent = (await (await post(createIntent, '/api/create-payment-intent', { appointmentId, bookingRef })).json()) as { paymentIntentId: string; clientSecret: string };
    expect((await post(confirmCard, '/api/test-gateway/confirm', { ...intent, number: TEST_CARDS.success, expiry: '12/34', cvc: '123' })).status).toBe(200);
    const ids = visits.map((v) => v.id).sort((a, b) => a - b);
    expect(ids).toHaveLength(5);
    // The first two visits were carried out last autumn; the rest were carried over to the season ahead.
    for (const [i, date] of (['2026-10-02', '2026-10-23'] as const).entries()) {
      await (await getDb()).update(appointments).set({ status: 'completed', date }).where(eq(appointments.id, ids[i]!));
    }
    const token = createManageToken({ bookingRef, generation: 0 });

    // Moving the third visit: the list ends 14 days before the fourth; 14 days after last October's
    // visit cuts nothing off, so it is not named as where the list starts (0108).
    const dates = await moveDates(token, ids[2]!);
    const { spacing } = (await dates.json()) as { spacing: { variant: string; earliest: string | null; latest: string | null } };
    expect(spacing).toMatchObject({ variant: 'before', earliest: null });

    // The page offers it and shows the working: 2/5 of 792.00 (no first-visit price, no bundle saving) = 316.80 + 41.18 = 357.98.
    const shown = await (await lookup(token)).json();
    expect(shown.cancel.kind).toBe('cancel');
    const figures = { paidCents: 77_066, alreadyRefundedCents: 0, refundCents: 41_268, carriedOut: { completed: 2, total: 5, preTaxCents: 31_680, taxCents: 4_118, cents: 35_798 } };
    expect(shown.cancelRefund).toEqual(figures);
    const preview = await call(previewRoute, `/api/manage-booking/${token}/cancel`, { token });
    expect(await preview.json()).toEqual({ ...figures, visitCount: 3 });

    const res = await call(cancelRoute, `/api/manage-booking/${token}/cancel`, { token }, { method: 'POST', locale: 'es' });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toEqual({ bookingRef, refundCents: 41_268, refundStatus: 'succeeded' });
    expect((await visitRows(ids)).map((v) => v.status)).toEqual(['completed', 'completed', 'cancelled', 'cancelled', 'cancelled']);
    const [cancelled] = await emailsTo(email, 'booking-cancelled');
    expect(cancelled!.text).toContain('Pagado: 770,66\u00a0$');
    expect(cancelled!.text).toContain('2 de 5 visitas realizadas, a precio normal: − 357,98\u00a0$ (316,80\u00a0$ más 41,18\u00a0$ de HST)');
    expect(cancelled!.text).toContain('Reembolso: 412,68\u00a0$');
  });

  it('offers nothing once the booking\'s only visit has been carried out', async () => {
    const booking = await bookAndPay();
    await (await getDb()).update(appointments).set({ status: 'completed' }).where(eq(appointments.id, booking.ids[0]!));
    const res = await call(previewRoute, `/api/manage-booking/${booking.token}/cancel`, { token: booking.token });
    expect(res.status).toBe(409);
    const shown = await (await lookup(booking.token)).json();
    expect(shown.cancel).toEqual({ kind: 'none' });
  });
});

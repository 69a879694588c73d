/**
 * Staff cancel a booking and refund it as the published terms say (docs/decisions/0017), through
 * the route handlers on a real database: the policy amount, freed Fridays, stored routes, the
 * customer's email, one refund per request, a failing gateway and its retry, unpaid bookings,
 * access and validation. Also the Stripe adapter's refund call against a local stub.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { appointments, serviceDays, serviceRoutes } from '@/db/schema/appointments';
import { refunds } from '@/db/schema/refunds';
import { getPaymentGateway } from '@/features/payments/get-payment-gateway';
import { StripeGateway } from '@/features/payments/stripe-gateway';
import { TEST_CARDS } from '@/features/payments/test-cards';
import { getDayRoutes } from '@/features/routing/route.service';
import { getAvailableDates } from '@/features/scheduling/available-dates.service';
import { countActiveStops } from '@/features/scheduling/capacity.repository';
import { selectDashboardTotals } from '@/features/staff-dashboard/dashboard.repository';
import { formatMoney } from '@/lib/money';
import { type Handler, jsonPoster } from '../support/handlers';
import { signInAdminAndTechnician, signInOffice } from '../support/staff-sessions';
import { cancelBookingAsStaff } from '../support/cancellations';
import { calendarEvents, emailsTo } from '../support/outbox';

const jar = vi.hoisted(() => ({ token: undefined as string | undefined }));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (jar.token ? { name, value: jar.token } : undefined) }),
}));

const { GET: previewRoute, POST: cancelRoute } = (await import('@/app/api/admin/bookings/[bookingRef]/cancel/route')) as unknown as { GET: Handler; POST: Handler };
const { POST: retryRoute } = (await import('@/app/api/admin/bookings/[bookingRef]/refunds/[refundId]/retry/route')) as unknown as { POST: Handler };
const { POST: createAppointment } = (await import('@/app/api/appointments/route')) as unknown as { POST: Handler };
const { POST: createIntent } = (await import('@/app/api/create-payment-intent/route')) as unknown as { POST: Handler };
const { POST: confirmCard } = (await import('@/app/api/test-gateway/confirm/route')) as unknown as { POST: Handler };

const post = jsonPoster(9);

const cancel = (bookingRef: string, body: unknown, staffLocale = 'en') => cancelBookingAsStaff(cancelRoute, bookingRef, body, staffLocale);
const preview = (bookingRef: string) => previewRoute(new Request(`http://localhost/api/admin/bookings/${bookingRef}/cancel`), { params: Promise.resolve({ bookingRef }) });
/** The office's Retry, answering the failed attempts its screen showed. */
const retry = (bookingRef: string, refundId: number, attempts: unknown) => retryRoute(new Request(`http://localhost/api/admin/bookings/${bookingRef}/refunds/${refundId}/retry`, {
  method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ attempts }),
}), {
  params: Promise.resolve({ bookingRef, refundId: String(refundId) }),
});

let adminToken = '';
let technicianToken = '';
let fridays: string[] = [];
let seasonalStarts: string[] = [];
let nextFriday = 0;
const takeFriday = () => fridays[nextFriday++]!;
let emailCounter = 0;
const uniqueEmail = () => `customer${++emailCounter}-${randomUUID().slice(0, 6)}@example.com`;

type Booking = { bookingRef: string; ids: number[]; email: string; paymentIntentId?: string };

/** Books online (unpaid hold) and, unless told not to, pays with a test card: visits confirmed, receipt with .ics queued. */
async function book(options: { date: string; serviceType?: string; locale?: string; card?: string | null; includeTargetedInsects?: boolean }): Promise<Booking> {
  const email = uniqueEmail();
  const created = await post(createAppointment, '/api/appointments', {
    serviceType: options.serviceType ?? 'onetime', propertySize: 0.25, firstName: 'Camille', lastName: 'Roy', email, phone: '905-555-0101',
    address: '12 King St W', city: 'Hamilton', postalCode: 'L8P 1A1', date: options.date, status: 'pending-payment',
    locale: options.locale ?? 'en', includeTargetedInsects: options.includeTargetedInsects ?? false,
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const { appointmentId, bookingRef, appointments: visits } = (await created.json()) as { appointmentId: number; bookingRef: string; appointments: { id: number }[] };
  if (options.card === null) return { bookingRef, ids: visits.map((v) => v.id), email };
  const intent = (await (await post(createIntent, '/api/create-payment-intent', { appointmentId, bookingRef })).json()) as { paymentIntentId: string; clientSecret: string };
  const paid = await post(confirmCard, '/api/test-gateway/confirm', { ...intent, number: options.card ?? TEST_CARDS.success, expiry: '12/34', cvc: '123' });
  expect(paid.status).toBe(200);
  return { bookingRef, ids: visits.map((v) => v.id), email, paymentIntentId: intent.paymentIntentId };
}

async function statuses(ids: number[]) {
  const rows = await (await getDb()).select({ id: appointments.id, status: appointments.status }).from(appointments).where(inArray(appointments.id, ids)).orderBy(appointments.id);
  return rows.map((r) => r.status);
}
async function refundsOf(bookingRef: string) {
  return (await getDb()).select().from(refunds).where(eq(refunds.bookingRef, bookingRef)).orderBy(refunds.id);
}
beforeAll(async () => {
  ({ adminToken, technicianToken } = await signInAdminAndTechnician());
  jar.token = adminToken;
  const now = new Date();
  fridays = await getAvailableDates({ now, stopsNeeded: 2 });
  seasonalStarts = await getAvailableDates({ now, serviceType: 'seasonal' });
  expect(fridays.length).toBeGreaterThan(12);
  expect(seasonalStarts.length).toBeGreaterThan(2);
  // Seasonal plans start on the earliest Fridays; one-time tests use the latest, so they never share a day.
  fridays = [...fridays].reverse();
});

describe('cancelling a booking', () => {
  it('refunds everything before the first visit, frees the Friday, emails the customer in their language with calendar cancellations', async () => {
    const date = takeFriday();
    const booking = await book({ date, locale: 'fr' });
    const stopsBefore = await countActiveStops(await getDb(), 1, date, new Date());
    const [receipt] = await emailsTo(booking.email, 'receipt');
    const [receiptEvent] = calendarEvents(receipt!.attachments);

    const look = await preview(booking.bookingRef);
    expect(look.status).toBe(200);
    const shown = await look.json();
    expect(shown.toCancel.map((v: { id: number }) => v.id)).toEqual(booking.ids);
    expect(shown.breakdown).toMatchObject({ rule: 'before-first-visit', paidCents: 11187, policyRefundCents: 11187, refundableCents: 11187 });
    const revenueBefore = (await selectDashboardTotals(await getDb())).revenueCents;

    const res = await cancel(booking.bookingRef, { reason: 'Customer is moving' });
    expect(res.status, await res.clone().text()).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ cancelledIds: booking.ids, refundCents: 11187, refundStatus: 'succeeded' });

    expect(await statuses(booking.ids)).toEqual(['cancelled']);
    expect(await countActiveStops(await getDb(), 1, date, new Date())).toBe(stopsBefore - 1);
    const [refund] = await refundsOf(booking.bookingRef);
    expect(refund).toMatchObject({ amountCents: 11187, status: 'succeeded', reason: 'Customer is moving', provider: 'test', idempotencyKey: `cancel:${booking.bookingRef}:payment:${refund!.paymentId}` });
    expect(refund!.providerRefundId).toMatch(/^re_test_/);
    expect(refund!.issuedByStaffUserId).toBeGreaterThan(0);
    // The dashboard's Total Revenue no longer counts money given back.
    expect((await selectDashboardTotals(await getDb())).revenueCents).toBe(revenueBefore - 11187);

    const mails = await emailsTo(booking.email, 'booking-cancelled');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ locale: 'fr', status: 'pending' });
    expect(mails[0]!.subject).toBe(`Votre réservation ${booking.bookingRef} est annulée`);
    // The office's cancellation, without a reason for the customer: it says the office cancelled it (0060).
    expect(mails[0]!.text).toContain('Nous avons annulé votre réservation. Cette visite n’aura pas lieu\u00a0:');
    expect(mails[0]!.text).not.toContain('Customer is moving');
    expect(mails[0]!.text).toContain(`Nous vous remboursons ${formatMoney(11187, 'fr')} sur la carte utilisée pour le paiement`);
    expect(mails[0]!.text).toContain('10 jours ouvrables');
    const [cancelEvent] = calendarEvents(mails[0]!.attachments);
    expect(cancelEvent).toMatchObject({ uid: receiptEvent!.uid, method: 'CANCEL', status: 'CANCELLED' });
    expect(cancelEvent!.sequence).toBeGreaterThan(receiptEvent!.sequence);
  });

  it('refunds a seasonal plan less the visit carried out at the regular price, and never touches the completed visit', async () => {
    const booking = await book({ date: seasonalStarts[0]!, serviceType: 'seasonal', locale: 'de' });
    expect(booking.ids).toHaveLength(5);
    await (await getDb()).update(appointments).set({ status: 'completed' }).where(eq(appointments.id, booking.ids[0]!));

    const shown = await (await preview(booking.bookingRef)).json();
    // 365.00 + 47.45 HST paid; one visit at 79.00 + 10.27 HST (the $49 first visit depended on the full plan)
    expect(shown.breakdown).toMatchObject({ rule: 'visits-carried-out', paidCents: 41245, carriedOutCents: 8927, policyRefundCents: 32318, completedCount: 1, visitCount: 5 });
    expect(shown.toCancel).toHaveLength(4);

    // The customer phoned: the office cancels at their request and tells them so (0060); its own note stays with it.
    const body = await (await cancel(booking.bookingRef, { reason: 'Sold the house', customerReason: 'customer-request' })).json();
    expect(body).toMatchObject({ refundCents: 32318, refundStatus: 'succeeded' });
    expect(await statuses(booking.ids)).toEqual(['completed', 'cancelled', 'cancelled', 'cancelled', 'cancelled']);
    const [mail] = await emailsTo(booking.email, 'booking-cancelled');
    expect(mail!.locale).toBe('de');
    expect(mail!.subject).toBe(`Ihre Buchung ${booking.bookingRef} ist storniert`);
    expect(mail!.text).toContain('wie gewünscht haben wir Ihre Buchung storniert. Diese Besuche finden nicht statt:');
    expect(mail!.text).not.toContain('Sold the house');
    expect(mail!.text).toContain('Der bereits durchgeführte Besuch ist davon nicht betroffen.');
    expect(mail!.text).toContain(`Wir erstatten ${formatMoney(32318, 'de')}`);
    expect(calendarEvents(mail!.attachments)).toHaveLength(4);
  });

  it('lets staff choose another amount within what is refundable, and refuses more (400, translated, nothing changed)', async () => {
    const booking = await book({ date: takeFriday() });
    const tooMuch = await cancel(booking.bookingRef, { reason: 'Goodwill', refundCents: 11188 }, 'es');
    expect(tooMuch.status).toBe(400);
    expect((await tooMuch.json()).fields.refundCents).toBe('El reembolso no puede superar lo que el cliente aún puede recuperar.');
    expect(await statuses(booking.ids)).toEqual(['confirmed']);

    const body = await (await cancel(booking.bookingRef, { reason: 'Goodwill', refundCents: 5000 })).json();
    expect(body).toMatchObject({ refundCents: 5000, refundStatus: 'succeeded' });
    expect((await refundsOf(booking.bookingRef)).map((r) => r.amountCents)).toEqual([5000]);
  });

  it('lets the office refund up to the terms\' amount; more is an administrator\'s goodwill (0082)', async () => {
    const booking = await book({ date: seasonalStarts[1]!, serviceType: 'seasonal' });
    await (await getDb()).update(appointments).set({ status: 'completed' }).where(eq(appointments.id, booking.ids[0]!));
    // 412.45 paid; the terms give back 323.18 once a visit was carried out.
    jar.token = await signInOffice('refund-desk');
    try {
      const goodwill = await cancel(booking.bookingRef, { reason: 'Unhappy with the first visit', refundCents: 41245 }, 'fr');
      expect(goodwill.status).toBe(403);
      expect((await goodwill.json()).fields.refundCents).toBe('Seul un administrateur peut rembourser plus que ce que prévoient les conditions. Remboursez au plus le montant prévu, ou adressez-vous à un administrateur.');
      expect(await statuses(booking.ids)).toEqual(['completed', 'confirmed', 'confirmed', 'confirmed', 'confirmed']);
      expect(await refundsOf(booking.bookingRef)).toEqual([]);
    } finally {
      jar.token = adminToken;
    }
    const body = await (await cancel(booking.bookingRef, { reason: 'Unhappy with the first visit', refundCents: 41245 })).json();
    expect(body).toMatchObject({ refundCents: 41245, refundStatus: 'succeeded' });
  });

  it('lets the office cancel with the terms\' refund or less', async () => {
    const booking = await book({ date: takeFriday() });
    jar.token = await signInOffice('refund-desk-2');
    try {
      const body = await (await cancel(booking.bookingRef, { reason: 'Customer called', refundCents: 6000 })).json();
      expect(body).toMatchObject({ refundCents: 6000, refundStatus: 'succeeded' });
    } finally {
      jar.token = adminToken;
    }
  });

  it('frees the Friday for a new booking and takes the cancelled stop off the stored route', async () => {
    const date = takeFriday();
    const keep = await book({ date });
    const gone = await book({ date });
    const db = await getDb();
    // The day is full with these two stops.
    await db.insert(serviceDays).values({ branchId: 1, date, capacityOverride: 2 }).onConflictDoUpdate({ target: [serviceDays.branchId, serviceDays.date], set: { capacityOverride: 2 } });
    const [route] = await db.insert(serviceRoutes).values({ branchId: 1, date, status: 'planned', appointmentOrder: [gone.ids[0]!, keep.ids[0]!] }).returning({ id: serviceRoutes.id });
    await db.update(appointments).set({ routePosition: 1, estimatedArrivalTime: '09:00' }).where(eq(appointments.id, gone.ids[0]!));

    const refused = await post(createAppointment, '/api/appointments', {
      serviceType: 'onetime', propertySize: 0.25, firstName: 'Noor', lastName: 'Haddad', email: uniqueEmail(), phone: '905-555-0102',
      address: '5 Bay St S', city: 'Hamilton', postalCode: 'L8P 3H4', date, status: 'pending-payment',
    });
    expect(refused.status).toBe(409);

    expect((await cancel(gone.bookingRef, { reason: 'Customer called' })).status).toBe(200);

    const [stored] = await db.select({ order: serviceRoutes.appointmentOrder }).from(serviceRoutes).where(eq(serviceRoutes.id, route!.id));
    expect(stored!.order).toEqual([keep.ids[0]]);
    const [cancelled] = await db.select({ routePosition: appointments.routePosition, eta: appointments.estimatedArrivalTime }).from(appointments).where(eq(appointments.id, gone.ids[0]!));
    expect(cancelled).toEqual({ routePosition: null, eta: null });
    const day = await getDayRoutes(date);
    expect(day.routes.flatMap((r) => r.appointments.map((s) => s.appointment.id))).toEqual([keep.ids[0]]);

    const fits = await post(createAppointment, '/api/appointments', {
      serviceType: 'onetime', propertySize: 0.25, firstName: 'Noor', lastName: 'Haddad', email: uniqueEmail(), phone: '905-555-0102',
      address: '5 Bay St S', city: 'Hamilton', postalCode: 'L8P 3H4', date, status: 'pending-payment',
    });
    expect(fits.status, await fits.clone().text()).toBe(201);
  });

  it('refunds once when the request arrives twice, and answers the second with a 409', async () => {
    const booking = await book({ date: takeFriday() });
    const answers = await Promise.all([cancel(booking.bookingRef, { reason: 'Double click' }), cancel(booking.bookingRef, { reason: 'Double click' })]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const again = await cancel(booking.bookingRef, { reason: 'Third time' }, 'fr');
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe('Cette réservation est déjà annulée. Rien n’a été modifié et aucun remboursement n’a été envoyé.');
    expect(await refundsOf(booking.bookingRef)).toHaveLength(1);
    expect(await emailsTo(booking.email, 'booking-cancelled')).toHaveLength(1);
  });

  it('keeps the cancellation when the gateway fails, records the refund failed, and a retry sends it', async () => {
    const booking = await book({ date: takeFriday() });
    const gateway = getPaymentGateway();
    const calls: string[] = [];
    const real = gateway.refundPayment.bind(gateway);
    const spy = vi.spyOn(gateway, 'refundPayment').mockImplementation(async (input) => {
      calls.push(input.idempotencyKey);
      if (calls.length === 1) throw new Error('connect ETIMEDOUT');
      return real(input);
    });
    try {
      const body = await (await cancel(booking.bookingRef, { reason: 'Customer called' })).json();
      expect(body).toMatchObject({ refundStatus: 'failed', refundCents: 11187 });
      expect(await statuses(booking.ids)).toEqual(['cancelled']);
      const [failed] = await refundsOf(booking.bookingRef);
      expect(failed).toMatchObject({ status: 'failed', failureReason: 'provider_unreachable', attempts: 0 });

      const retried = await retry(booking.bookingRef, failed!.id, failed!.attempts);
      expect(retried.status).toBe(200);
      expect((await retried.json()).refund).toMatchObject({ status: 'succeeded', amountCents: 11187 });
      // The outcome of the first call was unknown: the retry repeats it under the same key.
      expect(calls).toEqual([`${failed!.idempotencyKey}:0`, `${failed!.idempotencyKey}:0`]);
      expect(await refundsOf(booking.bookingRef)).toMatchObject([{ status: 'succeeded' }]);
      expect((await retry(booking.bookingRef, failed!.id, failed!.attempts)).status).toBe(409);
    } finally {
      spy.mockRestore();
    }
  });

  it('records a refusal by the card issuer as failed; a retry is a new attempt and a double click sends it once', async () => {
    const booking = await book({ date: takeFriday(), card: TEST_CARDS.refundFails });
    const body = await (await cancel(booking.bookingRef, { reason: 'Customer called' })).json();
    expect(body.refundStatus).toBe('failed');
    const [refund] = await refundsOf(booking.bookingRef);
    expect(refund).toMatchObject({ status: 'failed', failureReason: 'expired_or_canceled_card', attempts: 1 });

    const answers = await Promise.all([retry(booking.bookingRef, refund!.id, refund!.attempts), retry(booking.bookingRef, refund!.id, refund!.attempts)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await refundsOf(booking.bookingRef)).toMatchObject([{ status: 'failed', attempts: 2 }]);
    expect((await retry('BK-NOT-THIS-ONE', refund!.id, refund!.attempts)).status).toBe(404);
  });

  it('refuses a second click that arrives after the first retry has run: it answers an attempt already retried', async () => {
    const booking = await book({ date: takeFriday(), card: TEST_CARDS.refundFails });
    await cancel(booking.bookingRef, { reason: 'Customer called' });
    const [refund] = await refundsOf(booking.bookingRef);
    expect((await retry(booking.bookingRef, refund!.id, 1)).status).toBe(200);
    const late = await retry(booking.bookingRef, refund!.id, 1);
    expect(late.status).toBe(409);
    expect((await late.json()).message).toBe('This refund has just been sent again. Reload the page to see how it went.');
    expect(await refundsOf(booking.bookingRef)).toMatchObject([{ status: 'failed', attempts: 2 }]);
    // The screen reloaded shows two failed attempts: retrying that one is a new attempt.
    expect((await retry(booking.bookingRef, refund!.id, 2)).status).toBe(200);
    expect(await refundsOf(booking.bookingRef)).toMatchObject([{ status: 'failed', attempts: 3 }]);
    for (const bad of [null, -1, 'one', 1.5]) expect((await retry(booking.bookingRef, refund!.id, bad)).status, String(bad)).toBe(400);
  });

  it('just cancels a booking that was never paid: no refund, the hold released, an email without refund', async () => {
    const date = takeFriday();
    const booking = await book({ date, card: null });
    const before = await countActiveStops(await getDb(), 1, date, new Date());
    const body = await (await cancel(booking.bookingRef, { reason: 'Booked by mistake' })).json();
    expect(body).toMatchObject({ refundCents: 0, refundStatus: 'none', refunds: [] });
    expect(body.breakdown.rule).toBe('nothing-paid');
    expect(await statuses(booking.ids)).toEqual(['cancelled']);
    expect(await countActiveStops(await getDb(), 1, date, new Date())).toBe(before - 1);
    const [mail] = await emailsTo(booking.email, 'booking-cancelled');
    expect(mail!.text).toContain('Nothing was charged for this booking');
    expect(mail!.attachments ?? []).toEqual([]);
  });

  it('is for the office only: 401 without a session, 403 for a technician', async () => {
    const booking = await book({ date: takeFriday(), card: null });
    try {
      jar.token = undefined;
      expect((await cancel(booking.bookingRef, { reason: 'Nope' })).status).toBe(401);
      expect((await preview(booking.bookingRef)).status).toBe(401);
      jar.token = technicianToken;
      expect((await cancel(booking.bookingRef, { reason: 'Nope' })).status).toBe(403);
      expect((await preview(booking.bookingRef)).status).toBe(403);
      expect((await retry(booking.bookingRef, 1, 0)).status).toBe(403);
    } finally {
      jar.token = adminToken;
    }
    expect(await statuses(booking.ids)).toEqual(['pending-payment']);
  });

  it('refuses a bad body with a translated 400 and an unknown booking with a 404', async () => {
    const booking = await book({ date: takeFriday(), card: null });
    const noReason = await cancel(booking.bookingRef, { reason: ' ' }, 'fr');
    expect(noReason.status).toBe(400);
    expect((await noReason.json()).fields.reason).toBe('Indiquez un motif court (au moins 3 caractères).');
    const negative = await cancel(booking.bookingRef, { reason: 'Customer called', refundCents: -5 }, 'de');
    expect((await negative.json()).fields.refundCents).toBe('Die Erstattung kann nicht unter 0,00\u00a0$ liegen.');
    expect((await cancel(booking.bookingRef, { reason: 'x', refundCents: 1.5 })).status).toBe(400);
    expect((await cancel(booking.bookingRef, 'not json')).status).toBe(400);
    // A reason for the customer outside the list (free text would reach them untranslated): refused, translated.
    const freeText = await cancel(booking.bookingRef, { reason: 'Customer called', customerReason: 'Because we said so' }, 'es');
    expect(freeText.status).toBe(400);
    expect((await freeText.json()).fields.customerReason).toBe('Elija un motivo de la lista.');
    expect((await cancel('BK-UNKNOWN', { reason: 'Customer called' })).status).toBe(404);
    expect(await statuses(booking.ids)).toEqual(['pending-payment']);
  });
});

describe('the Stripe adapter refunds a payment intent', () => {
  let server: Server;
  let base = '';
  const seen: { path: string; key: string | undefined; body: URLSearchParams }[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk) => { raw += chunk; });
      req.on('end', () => {
        const body = new URLSearchParams(raw);
        seen.push({ path: req.url ?? '', key: req.headers['idempotency-key'] as string | undefined, body });
        res.setHeader('content-type', 'application/json');
        if (body.get('payment_intent') === 'pi_refunded_already') {
          res.statusCode = 400;
          res.end(JSON.stringify({ error: { type: 'invalid_request_error', code: 'charge_already_refunded', message: 'Charge has already been refunded.' } }));
          return;
        }
        res.end(JSON.stringify({ id: 're_stub_1', object: 'refund', amount: Number(body.get('amount')), status: 'succeeded', payment_intent: body.get('payment_intent'), failure_reason: null }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('creates the refund with the idempotency key and maps a refusal to failed', async () => {
    const gateway = new StripeGateway({ secretKey: 'sk_test_stub', apiBase: base });
    const ok = await gateway.refundPayment({ paymentIntentId: 'pi_1', amountCents: 8927, idempotencyKey: 'cancel:BK-1:payment:1:0' });
    expect(ok).toEqual({ id: 're_stub_1', status: 'succeeded', amountCents: 8927, failureReason: null });
    expect(seen[0]).toMatchObject({ path: '/v1/refunds', key: 'cancel:BK-1:payment:1:0' });
    expect(seen[0]!.body.get('payment_intent')).toBe('pi_1');
    expect(seen[0]!.body.get('amount')).toBe('8927');
    const refused = await gateway.refundPayment({ paymentIntentId: 'pi_refunded_already', amountCents: 100, idempotencyKey: 'k2' });
    expect(refused).toMatchObject({ id: null, status: 'failed', failureReason: 'charge_already_refunded' });
  });
});

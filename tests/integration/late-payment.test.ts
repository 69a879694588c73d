/**
 * A payment for a booking that staff cancelled while its checkout was still open
 * (docs/decisions/0017, "Payments after a cancellation"): the cancellation cancels the booking's
 * open intents at the gateway, and a success that arrives anyway is recorded, refunded in full
 * once, told to the customer and the office once, and never shown as a confirmed booking.
 * Test gateway first, then Stripe (a local stub) through the signed webhook.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { appointments } from '@/db/schema/appointments';
import { emailOutbox } from '@/db/schema/messages';
import { payments } from '@/db/schema/payments';
import { refunds } from '@/db/schema/refunds';
import { resetEnvCache } from '@/env';
import { markPaymentSucceeded } from '@/features/payments/payment.service';
import { StripeGateway } from '@/features/payments/stripe-gateway';
import { TEST_CARDS } from '@/features/payments/test-cards';
import { getAvailableDates } from '@/features/scheduling/available-dates.service';
import { type Handler, jsonPoster } from '../support/handlers';
import { signInAdminAndTechnician } from '../support/staff-sessions';
import { cancelBookingAsStaff } from '../support/cancellations';
import { sendSignedStripeEvent, stripeEvent } from '../support/stripe-webhooks';

const jar = vi.hoisted(() => ({ token: undefined as string | undefined }));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (jar.token ? { name, value: jar.token } : undefined) }),
}));

const { POST: cancelRoute } = (await import('@/app/api/admin/bookings/[bookingRef]/cancel/route')) as unknown as { POST: Handler };
const { POST: createAppointment } = (await import('@/app/api/appointments/route')) as unknown as { POST: Handler };
const { POST: createIntent } = (await import('@/app/api/create-payment-intent/route')) as unknown as { POST: Handler };
const { POST: confirmCard } = (await import('@/app/api/test-gateway/confirm/route')) as unknown as { POST: Handler };
const { GET: paymentStatusRoute } = (await import('@/app/api/payment-status/[paymentIntentId]/route')) as unknown as { GET: Handler };
const { POST: stripeWebhook } = (await import('@/app/api/webhooks/stripe/route')) as unknown as { POST: Handler };

const post = jsonPoster(7);
const cancel = (bookingRef: string) => cancelBookingAsStaff(cancelRoute, bookingRef, { reason: 'Customer called to cancel' });
const paymentStatus = (paymentIntentId: string, locale = 'en') => paymentStatusRoute(
  new Request(`http://localhost/api/payment-status/${paymentIntentId}`, { headers: { cookie: `NEXT_LOCALE=${locale}` } }),
  { params: Promise.resolve({ paymentIntentId }) },
);

let fridays: string[] = [];
const uniqueEmail = () => `late-${randomUUID().slice(0, 8)}@example.com`;

/** An online booking left unpaid (pending hold) with its checkout's intent created. */
async function bookWithOpenIntent(locale = 'en') {
  const email = uniqueEmail();
  const created = await post(createAppointment, '/api/appointments', {
    serviceType: 'onetime', propertySize: 0.25, firstName: 'Camille', lastName: 'Roy', email, phone: '905-555-0101',
    address: '12 King St W', city: 'Hamilton', postalCode: 'L8P 1A1', date: fridays.pop(), status: 'pending-payment', locale,
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const { appointmentId, bookingRef, appointments: visits } = (await created.json()) as { appointmentId: number; bookingRef: string; appointments: { id: number }[] };
  const res = await post(createIntent, '/api/create-payment-intent', { appointmentId, bookingRef });
  expect(res.status, await res.clone().text()).toBe(200);
  const intent = (await res.json()) as { paymentIntentId: string; clientSecret: string; amount: number };
  return { email, bookingRef, ids: visits.map((v) => v.id), ...intent };
}

async function paymentRow(paymentIntentId: string) {
  const [row] = await (await getDb()).select().from(payments).where(eq(payments.paymentIntentId, paymentIntentId));
  return row!;
}
async function refundsOf(paymentId: number) {
  return (await getDb()).select().from(refunds).where(eq(refunds.paymentId, paymentId)).orderBy(refunds.id);
}
async function emails(kind: string, where: { to?: string; paymentId?: number }) {
  const rows = await (await getDb()).select().from(emailOutbox).where(eq(emailOutbox.kind, kind)).orderBy(emailOutbox.id);
  return rows.filter((r) => (where.to === undefined || r.toAddress === where.to) && (where.paymentId === undefined || (r.relatedType === 'payment' && r.relatedId === where.paymentId)));
}
async function visitStatuses(ids: number[]) {
  const rows = await (await getDb()).select({ status: appointments.status }).from(appointments).where(inArray(appointments.id, ids));
  return [...new Set(rows.map((r) => r.status))];
}

beforeAll(async () => {
  ({ adminToken: jar.token } = await signInAdminAndTechnician());
  fridays = await getAvailableDates({ now: new Date(), stopsNeeded: 2 });
  expect(fridays.length).toBeGreaterThan(4);
});

describe('the checkout link of a booking cancelled after it was paid', () => {
  it('answers that the booking was cancelled, in the customer\'s language, not that it is paid', async () => {
    const booking = await bookWithOpenIntent('es');
    const paid = await post(confirmCard, '/api/test-gateway/confirm', { paymentIntentId: booking.paymentIntentId, clientSecret: booking.clientSecret, number: TEST_CARDS.success, expiry: '12/34', cvc: '123' });
    expect(paid.status, await paid.clone().text()).toBe(200);
    expect((await cancel(booking.bookingRef)).status).toBe(200);

    const again = await createIntent(new Request('http://localhost/api/create-payment-intent', {
      method: 'POST', headers: { 'content-type': 'application/json', cookie: 'NEXT_LOCALE=es', 'x-forwarded-for': '10.7.250.1' }, body: JSON.stringify({ bookingRef: booking.bookingRef }),
    }), { params: Promise.resolve({}) });
    expect(again.status).toBe(410);
    expect(await again.json()).toMatchObject({ code: 'gone', reason: 'booking_cancelled', message: 'Esta reserva fue cancelada. Vuelva a reservar.' });
  });
});

describe('a booking cancelled while its checkout is open (test gateway)', () => {
  it('cancels the open intent, so the test card form refuses it with a translated message', async () => {
    const booking = await bookWithOpenIntent();
    const res = await cancel(booking.bookingRef);
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await paymentRow(booking.paymentIntentId)).status).toBe('canceled');

    const paid = await post(confirmCard, '/api/test-gateway/confirm', {
      paymentIntentId: booking.paymentIntentId, clientSecret: booking.clientSecret, number: TEST_CARDS.success, expiry: '12/34', cvc: '123',
    });
    expect(paid.status).toBe(410);
    expect((await paid.json()).error).toBe('This payment can no longer be made because the booking was cancelled. Nothing was charged.');
    const row = await paymentRow(booking.paymentIntentId);
    expect(row.status).toBe('canceled');
    expect(await refundsOf(row.id)).toEqual([]);
    expect(await visitStatuses(booking.ids)).toEqual(['cancelled']);
  });

  it('refunds a success that arrives anyway in full, once; tells the customer (in their language) and the office once; the status says cancelled', async () => {
    const booking = await bookWithOpenIntent('fr');
    expect((await cancel(booking.bookingRef)).status).toBe(200);
    const cancellationEmails = await emails('booking-cancelled', { to: booking.email });
    expect(cancellationEmails).toHaveLength(1);

    // The provider took the money anyway (a payment in flight, a late 3-D Secure answer): the webhook's success path.
    const first = await markPaymentSucceeded(booking.paymentIntentId, { source: 'webhook', paymentMethod: 'card_4242', amountCents: booking.amount });
    expect(first.applied).toBe(true);

    const row = await paymentRow(booking.paymentIntentId);
    expect(row).toMatchObject({ status: 'succeeded', amount: 11187 });
    const written = await refundsOf(row.id);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({
      amountCents: 11187, status: 'succeeded', reason: 'Booking cancelled before payment', issuedByStaffUserId: null,
      idempotencyKey: `late-payment:${row.id}`, bookingRef: booking.bookingRef, provider: 'test',
    });
    expect(await visitStatuses(booking.ids)).toEqual(['cancelled']);

    const customerEmails = await emails('booking-cancelled', { to: booking.email, paymentId: row.id });
    expect(customerEmails).toHaveLength(1);
    expect(customerEmails[0]).toMatchObject({ locale: 'fr', subject: `Remboursement de votre paiement pour la réservation ${booking.bookingRef}` });
    expect(customerEmails[0]!.text).toContain('111,87\u00a0$');
    expect(customerEmails[0]!.text).toContain('10 jours ouvrables');
    expect(customerEmails[0]!.text).not.toContain('cancellations.');
    const staffEmails = await emails('staff-notification', { paymentId: row.id });
    expect(staffEmails).toHaveLength(1);
    expect(staffEmails[0]!.subject).toContain(booking.bookingRef);
    expect(await emails('receipt', { to: booking.email })).toEqual([]);

    // A second delivery (webhook again, then the status poll) changes nothing.
    expect((await markPaymentSucceeded(booking.paymentIntentId, { source: 'webhook', amountCents: booking.amount })).applied).toBe(false);
    const status = await paymentStatus(booking.paymentIntentId);
    expect(status.status).toBe(200);
    expect(await status.json()).toMatchObject({
      status: 'succeeded', success: false, bookingCancelled: true, bookingEnd: 'cancelled', refundedCents: 11187,
      message: 'Your booking had been cancelled, so it will not go ahead. We are refunding $111.87 to the card you paid with; it will reach your account within 10 business days.',
    });
    expect(await refundsOf(row.id)).toHaveLength(1);
    expect(await emails('booking-cancelled', { to: booking.email })).toHaveLength(2);
    expect(await emails('staff-notification', { paymentId: row.id })).toHaveLength(1);
  });
});

describe('a booking cancelled while its checkout is open (Stripe)', () => {
  const secret = 'whsec_late_payment_test';
  const intents = new Map<string, Record<string, unknown>>();
  /** Intents the stub will not cancel: already processing at the bank. */
  const processing = new Set<string>();
  const calls: { method: string; path: string; key: string | undefined; body: URLSearchParams }[] = [];
  let server: Server;
  let base = '';
  let counter = 0;

  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => { raw += chunk.toString(); });
      req.on('end', () => {
        const body = new URLSearchParams(raw);
        const path = req.url ?? '';
        calls.push({ method: req.method!, path, key: req.headers['idempotency-key'] as string | undefined, body });
        res.setHeader('content-type', 'application/json');
        const refuse = (code: string, message: string) => {
          res.statusCode = 400;
          res.end(JSON.stringify({ error: { type: 'invalid_request_error', code, message } }));
        };
        if (req.method === 'POST' && path === '/v1/payment_intents') {
          const id = `pi_late_${++counter}`;
          const intent = { id, object: 'payment_intent', amount: Number(body.get('amount')), currency: 'cad', status: 'requires_payment_method', client_secret: `${id}_secret_x`, metadata: {}, last_payment_error: null, payment_method: null };
          intents.set(id, intent);
          res.end(JSON.stringify(intent));
          return;
        }
        const cancelMatch = /^\/v1\/payment_intents\/(\w+)\/cancel$/.exec(path);
        if (req.method === 'POST' && cancelMatch) {
          const id = cancelMatch[1]!;
          if (!intents.has(id)) return refuse('resource_missing', 'No such payment_intent');
          if (processing.has(id)) return refuse('payment_intent_unexpected_state', 'This PaymentIntent could not be canceled because it has a status of processing.');
          const intent = { ...intents.get(id)!, status: 'canceled' };
          intents.set(id, intent);
          res.end(JSON.stringify(intent));
          return;
        }
        const getMatch = /^\/v1\/payment_intents\/(\w+)$/.exec(path);
        if (req.method === 'GET' && getMatch && intents.has(getMatch[1]!)) {
          res.end(JSON.stringify(intents.get(getMatch[1]!)));
          return;
        }
        if (req.method === 'POST' && path === '/v1/refunds') {
          res.end(JSON.stringify({ id: `re_late_${calls.length}`, object: 'refund', amount: Number(body.get('amount')), status: 'succeeded', payment_intent: body.get('payment_intent'), failure_reason: null }));
          return;
        }
        res.statusCode = 404;
        res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'No such resource' } }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    Object.assign(process.env, { STRIPE_SECRET_KEY: 'sk_test_stub', STRIPE_PUBLISHABLE_KEY: 'pk_test_stub', STRIPE_WEBHOOK_SECRET: secret, STRIPE_API_BASE: base });
    resetEnvCache();
  });

  afterAll(async () => {
    for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_BASE']) delete process.env[key];
    resetEnvCache();
    await new Promise((resolve) => server.close(resolve));
  });

  const webhook = (eventId: string, intent: Record<string, unknown>) =>
    sendSignedStripeEvent(stripeWebhook, stripeEvent(eventId, 'payment_intent.succeeded', intent), secret);

  it('cancels the open intent at Stripe when staff cancel the booking', async () => {
    const booking = await bookWithOpenIntent();
    expect((await cancel(booking.bookingRef)).status).toBe(200);
    expect(calls.some((c) => c.method === 'POST' && c.path === `/v1/payment_intents/${booking.paymentIntentId}/cancel`)).toBe(true);
    expect((await paymentRow(booking.paymentIntentId)).status).toBe('canceled');
  });

  it('keeps an intent Stripe will not cancel (processing) open; its webhook success is refunded once, a redelivery changes nothing', async () => {
    const booking = await bookWithOpenIntent('es');
    processing.add(booking.paymentIntentId);
    intents.set(booking.paymentIntentId, { ...intents.get(booking.paymentIntentId)!, status: 'processing' });
    expect((await cancel(booking.bookingRef)).status).toBe(200);
    expect((await paymentRow(booking.paymentIntentId)).status).not.toBe('canceled');

    const paid = { ...intents.get(booking.paymentIntentId)!, status: 'succeeded', payment_method: 'pm_card_visa' };
    intents.set(booking.paymentIntentId, paid);
    const res = await webhook(`evt_late_${booking.bookingRef}`, paid);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ received: true, applied: true });

    const row = await paymentRow(booking.paymentIntentId);
    expect(row.status).toBe('succeeded');
    const [refund, ...more] = await refundsOf(row.id);
    expect(more).toEqual([]);
    expect(refund).toMatchObject({ amountCents: 11187, status: 'succeeded', providerRefundId: expect.stringMatching(/^re_late_/) });
    const refundCalls = calls.filter((c) => c.path === '/v1/refunds' && c.body.get('payment_intent') === booking.paymentIntentId);
    expect(refundCalls).toHaveLength(1);
    expect(refundCalls[0]!.key).toBe(`late-payment:${row.id}:0`);
    expect(refundCalls[0]!.body.get('amount')).toBe('11187');

    // The same event again, and another event id for the same success, then the status poll.
    await webhook(`evt_late_${booking.bookingRef}`, paid);
    await webhook(`evt_late_again_${booking.bookingRef}`, paid);
    const status = await (await paymentStatus(booking.paymentIntentId, 'es')).json();
    expect(status).toMatchObject({ status: 'succeeded', success: false, bookingCancelled: true, refundedCents: 11187 });
    expect(status.message).toContain('111,87');
    expect(calls.filter((c) => c.path === '/v1/refunds' && c.body.get('payment_intent') === booking.paymentIntentId)).toHaveLength(1);
    expect(await refundsOf(row.id)).toHaveLength(1);
    const late = await emails('booking-cancelled', { to: booking.email, paymentId: row.id });
    expect(late).toHaveLength(1);
    expect(late[0]!.subject).toBe(`Le reembolsamos el pago de la reserva ${booking.bookingRef}`);
    expect(await emails('staff-notification', { paymentId: row.id })).toHaveLength(1);
  });

  it('maps Stripe\'s refusal to cancel into an answer, without Stripe types', async () => {
    const gateway = new StripeGateway({ secretKey: 'sk_test_stub', apiBase: base });
    expect(await gateway.cancelIntent('pi_unknown_intent')).toEqual({ canceled: false, failureReason: 'resource_missing' });
  });
});

describe('payment rows and email outbox stay consistent', () => {
  it('wrote no refund for a payment that was never taken', async () => {
    const rows = await (await getDb()).select({ id: refunds.id }).from(refunds).innerJoin(payments, eq(payments.id, refunds.paymentId)).where(eq(payments.status, 'canceled'));
    expect(rows).toEqual([]);
  });
});

/**
 * Stripe refunds that answer `pending` and settle later (docs/decisions/0017, "Asynchronous refund
 * updates"): a signed refund event moves the refund row to succeeded (the dashboard's revenue nets
 * it out then) or failed (one English alert to the office, Retry on the customer page works), a
 * redelivery or a late, contradicting report changes nothing, an unknown refund is acknowledged and
 * ignored, a bad signature is refused. Stripe is a local HTTP stub; the booking is paid through the
 * signed payment_intent.succeeded webhook and cancelled through the staff route.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { emailOutbox } from '@/db/schema/messages';
import { payments } from '@/db/schema/payments';
import { refunds } from '@/db/schema/refunds';
import { resetEnvCache } from '@/env';
import { getAvailableDates } from '@/features/scheduling/available-dates.service';
import { selectDashboardTotals } from '@/features/staff-dashboard/dashboard.repository';
import { type Handler, jsonPoster, noParams } from '../support/handlers';
import { signInAdminAndTechnician } from '../support/staff-sessions';
import { cancelBookingAsStaff } from '../support/cancellations';
import { deliverStripePayload, sendSignedStripeEvent, stripeEvent } from '../support/stripe-webhooks';

const jar = vi.hoisted(() => ({ token: undefined as string | undefined }));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (jar.token ? { name, value: jar.token } : undefined) }),
}));

const { POST: cancelRoute } = (await import('@/app/api/admin/bookings/[bookingRef]/cancel/route')) as unknown as { POST: Handler };
const { POST: retryRoute } = (await import('@/app/api/admin/bookings/[bookingRef]/refunds/[refundId]/retry/route')) as unknown as { POST: Handler };
const { POST: createAppointment } = (await import('@/app/api/appointments/route')) as unknown as { POST: Handler };
const { POST: createIntent } = (await import('@/app/api/create-payment-intent/route')) as unknown as { POST: Handler };
const { POST: stripeWebhook } = (await import('@/app/api/webhooks/stripe/route')) as unknown as { POST: Handler };

const post = jsonPoster(11);
const secret = 'whsec_refund_webhooks_test';
const AMOUNT = 11187;

const intents = new Map<string, Record<string, unknown>>();
/** What the stub's next refunds.create answers, per payment intent (default: pending). */
const refundAnswers = new Map<string, 'pending' | 'succeeded'>();
const refundCalls: { key: string | undefined; body: URLSearchParams; id: string }[] = [];
let server: Server;
let counter = 0;
let fridays: string[] = [];

const cancel = (bookingRef: string) => cancelBookingAsStaff(cancelRoute, bookingRef, { reason: 'Customer is moving' });
const retry = (bookingRef: string, refundId: number, attempts: number) => retryRoute(new Request(`http://localhost/api/admin/bookings/${bookingRef}/refunds/${refundId}/retry`, {
  method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ attempts }),
}), {
  params: Promise.resolve({ bookingRef, refundId: String(refundId) }),
});

const deliver = (payload: string, header: string) => deliverStripePayload(stripeWebhook, payload, header);
function signedEvent(eventId: string, type: string, object: Record<string, unknown>) {
  const payload = JSON.stringify(stripeEvent(eventId, type, object));
  return { payload, header: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}
const webhook = (eventId: string, type: string, object: Record<string, unknown>) => sendSignedStripeEvent(stripeWebhook, stripeEvent(eventId, type, object), secret);

/** A refund object as Stripe sends it in refund.* / charge.refund.updated events. */
function stripeRefund(row: { providerRefundId: string | null; id: number; attempts: number; bookingRef: string | null }, paymentIntentId: string, status: string, failureReason?: string) {
  return {
    id: row.providerRefundId, object: 'refund', amount: AMOUNT, currency: 'cad', status, payment_intent: paymentIntentId,
    ...(failureReason ? { failure_reason: failureReason } : {}),
    metadata: { bookingRef: row.bookingRef ?? '', refundId: String(row.id), attempt: String(row.attempts) },
  };
}

/** A one-time booking paid with Stripe (signed payment_intent.succeeded), then cancelled by staff: its refund answers `pending`. */
async function paidThenCancelled(answer: 'pending' | 'succeeded' = 'pending') {
  const email = `refund-${randomUUID().slice(0, 8)}@example.com`;
  const created = await post(createAppointment, '/api/appointments', {
    serviceType: 'onetime', propertySize: 0.25, firstName: 'Camille', lastName: 'Roy', email, phone: '905-555-0101',
    address: '12 King St W', city: 'Hamilton', postalCode: 'L8P 1A1', date: fridays.pop(), status: 'pending-payment', locale: 'fr',
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const { appointmentId, bookingRef } = (await created.json()) as { appointmentId: number; bookingRef: string };
  const res = await post(createIntent, '/api/create-payment-intent', { appointmentId, bookingRef });
  expect(res.status, await res.clone().text()).toBe(200);
  const { paymentIntentId, amount } = (await res.json()) as { paymentIntentId: string; amount: number };
  expect(amount).toBe(AMOUNT);
  const paid = { ...intents.get(paymentIntentId)!, status: 'succeeded', payment_method: 'pm_card_visa' };
  intents.set(paymentIntentId, paid);
  const success = await webhook(`evt_paid_${paymentIntentId}`, 'payment_intent.succeeded', paid);
  expect(await success.json()).toMatchObject({ received: true, applied: true });

  refundAnswers.set(paymentIntentId, answer);
  const cancelled = await cancel(bookingRef);
  expect(cancelled.status, await cancelled.clone().text()).toBe(200);
  expect(await cancelled.json()).toMatchObject({ refundCents: AMOUNT, refundStatus: answer });
  const [row, ...more] = await refundRows(bookingRef);
  expect(more).toEqual([]);
  expect(row).toMatchObject({ status: answer, providerRefundId: expect.stringMatching(/^re_async_/), attempts: 0 });
  return { bookingRef, email, paymentIntentId, row: row! };
}

async function refundRows(bookingRef: string) {
  return (await getDb()).select().from(refunds).where(eq(refunds.bookingRef, bookingRef)).orderBy(refunds.id);
}
async function refundRow(id: number) {
  const [row] = await (await getDb()).select().from(refunds).where(eq(refunds.id, id));
  return row!;
}
async function refundAlerts(refundId: number) {
  return (await getDb()).select().from(emailOutbox)
    .where(and(eq(emailOutbox.kind, 'staff-notification'), eq(emailOutbox.relatedType, 'refund'), eq(emailOutbox.relatedId, refundId)))
    .orderBy(emailOutbox.id);
}
const revenue = async () => (await selectDashboardTotals(await getDb())).revenueCents;

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => { raw += chunk.toString(); });
    req.on('end', () => {
      const body = new URLSearchParams(raw);
      const path = req.url ?? '';
      res.setHeader('content-type', 'application/json');
      if (req.method === 'POST' && path === '/v1/payment_intents') {
        const id = `pi_async_${++counter}`;
        const intent = { id, object: 'payment_intent', amount: Number(body.get('amount')), currency: 'cad', status: 'requires_payment_method', client_secret: `${id}_secret_x`, metadata: {}, last_payment_error: null, payment_method: null };
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
        const intentId = body.get('payment_intent')!;
        const id = `re_async_${++counter}`;
        refundCalls.push({ key: req.headers['idempotency-key'] as string | undefined, body, id });
        const metadata = Object.fromEntries([...body.entries()].filter(([k]) => k.startsWith('metadata[')).map(([k, v]) => [k.slice(9, -1), v]));
        res.end(JSON.stringify({ id, object: 'refund', amount: Number(body.get('amount')), currency: 'cad', status: refundAnswers.get(intentId) ?? 'pending', payment_intent: intentId, failure_reason: null, metadata }));
        return;
      }
      res.statusCode = 404;
      res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'No such resource' } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  Object.assign(process.env, { STRIPE_SECRET_KEY: 'sk_test_stub', STRIPE_PUBLISHABLE_KEY: 'pk_test_stub', STRIPE_WEBHOOK_SECRET: secret, STRIPE_API_BASE: base });
  resetEnvCache();
  ({ adminToken: jar.token } = await signInAdminAndTechnician());
  fridays = await getAvailableDates({ now: new Date(), stopsNeeded: 2 });
  expect(fridays.length).toBeGreaterThan(5);
});

afterAll(async () => {
  for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_BASE']) delete process.env[key];
  resetEnvCache();
  await new Promise((resolve) => server.close(resolve));
});

describe('a Stripe refund that answered pending', () => {
  it('becomes succeeded on refund.updated; the dashboard revenue nets it out only then; a redelivery or a late report changes nothing', async () => {
    const { bookingRef, paymentIntentId, row } = await paidThenCancelled();
    const call = refundCalls.find((c) => c.id === row.providerRefundId)!;
    expect(call.key).toBe(`cancel:${bookingRef}:payment:${row.paymentId}:0`);
    expect(call.body.get('metadata[refundId]')).toBe(String(row.id));
    expect(call.body.get('metadata[attempt]')).toBe('0');
    const before = await revenue();

    // Still pending (charge.refund.updated, the older event name): nothing moves, revenue unchanged.
    const stillPending = await webhook(`evt_pending_${row.id}`, 'charge.refund.updated', stripeRefund(row, paymentIntentId, 'pending'));
    expect(stillPending.status).toBe(200);
    expect(await stillPending.json()).toEqual({ received: true, applied: false });
    expect((await refundRow(row.id)).status).toBe('pending');
    expect(await revenue()).toBe(before);

    const settled = await webhook(`evt_succeeded_${row.id}`, 'refund.updated', stripeRefund(row, paymentIntentId, 'succeeded'));
    expect(settled.status).toBe(200);
    expect(await settled.json()).toEqual({ received: true, applied: true });
    const after = await refundRow(row.id);
    expect(after).toMatchObject({ status: 'succeeded', providerRefundId: row.providerRefundId, failureReason: null, attempts: 0 });
    expect(after.refundedAt).toBeInstanceOf(Date);
    expect(await revenue()).toBe(before - AMOUNT);

    // The same event again, then a late pending report and a contradicting failure: succeeded stays succeeded.
    expect(await (await webhook(`evt_succeeded_${row.id}`, 'refund.updated', stripeRefund(row, paymentIntentId, 'succeeded'))).json()).toEqual({ received: true, applied: false });
    expect(await (await webhook(`evt_late_pending_${row.id}`, 'refund.updated', stripeRefund(row, paymentIntentId, 'pending'))).json()).toEqual({ received: true, applied: false });
    expect(await (await webhook(`evt_late_failed_${row.id}`, 'refund.failed', stripeRefund(row, paymentIntentId, 'failed', 'lost_or_stolen_card'))).json()).toEqual({ received: true, applied: false });
    expect(await refundRow(row.id)).toMatchObject({ status: 'succeeded', failureReason: null, attempts: 0, refundedAt: after.refundedAt });
    expect(await revenue()).toBe(before - AMOUNT);
    expect(await refundAlerts(row.id)).toEqual([]);
  });

  it('becomes failed on refund.failed with the reason and one English staff alert; redeliveries change nothing; Retry sends a new request', async () => {
    const { bookingRef, email, paymentIntentId, row } = await paidThenCancelled();
    const before = await revenue();

    const failed = await webhook(`evt_failed_${row.id}`, 'refund.failed', stripeRefund(row, paymentIntentId, 'failed', 'expired_or_canceled_card'));
    expect(failed.status).toBe(200);
    expect(await failed.json()).toEqual({ received: true, applied: true });
    // Counted as an attempt: staff's Retry is a new request to Stripe, not the failed one replayed.
    expect(await refundRow(row.id)).toMatchObject({ status: 'failed', failureReason: 'expired_or_canceled_card', providerRefundId: row.providerRefundId, attempts: 1, refundedAt: null });
    expect(await revenue()).toBe(before);

    const alerts = await refundAlerts(row.id);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ locale: 'en', toAddress: 'hello@escarpmentmosquito.ca', subject: `Action needed: refund of $111.87 for booking ${bookingRef} failed` });
    for (const fact of [bookingRef, 'Camille Roy', email, '$111.87', 'expired_or_canceled_card', row.providerRefundId!, paymentIntentId, 'Retry', '/customer-details?id=']) {
      expect(alerts[0]!.text).toContain(fact);
    }

    // The same event again, the same failure under its other names, and a late success for the failed refund: nothing moves.
    expect(await (await webhook(`evt_failed_${row.id}`, 'refund.failed', stripeRefund(row, paymentIntentId, 'failed', 'expired_or_canceled_card'))).json()).toEqual({ received: true, applied: false });
    expect(await (await webhook(`evt_failed_updated_${row.id}`, 'refund.updated', stripeRefund(row, paymentIntentId, 'failed', 'expired_or_canceled_card'))).json()).toEqual({ received: true, applied: false });
    expect(await (await webhook(`evt_failed_charge_${row.id}`, 'charge.refund.updated', stripeRefund(row, paymentIntentId, 'failed', 'expired_or_canceled_card'))).json()).toEqual({ received: true, applied: false });
    expect(await (await webhook(`evt_odd_success_${row.id}`, 'refund.updated', stripeRefund(row, paymentIntentId, 'succeeded'))).json()).toEqual({ received: true, applied: false });
    expect(await refundRow(row.id)).toMatchObject({ status: 'failed', failureReason: 'expired_or_canceled_card', attempts: 1 });
    expect(await refundAlerts(row.id)).toHaveLength(1);

    // The office retries from the customer page: a new refund request (attempt 1) that succeeds at once.
    refundAnswers.set(paymentIntentId, 'succeeded');
    const retried = await retry(bookingRef, row.id, (await refundRow(row.id)).attempts);
    expect(retried.status, await retried.clone().text()).toBe(200);
    const again = await refundRow(row.id);
    expect(again).toMatchObject({ status: 'succeeded', attempts: 1, failureReason: null });
    expect(again.providerRefundId).not.toBe(row.providerRefundId);
    expect(refundCalls.at(-1)).toMatchObject({ key: `cancel:${bookingRef}:payment:${row.paymentId}:1`, id: again.providerRefundId });
    expect(await revenue()).toBe(before - AMOUNT);

    // A late report about the first, failed refund no longer finds the row.
    expect(await (await webhook(`evt_old_refund_${row.id}`, 'refund.failed', stripeRefund(row, paymentIntentId, 'failed', 'expired_or_canceled_card'))).json()).toEqual({ received: true, applied: false });
    expect(await refundRow(row.id)).toMatchObject({ status: 'succeeded', providerRefundId: again.providerRefundId });
    expect(await refundAlerts(row.id)).toHaveLength(1);
  });

  it('is found by our metadata when the report comes before its Stripe id was recorded', async () => {
    const { paymentIntentId, row } = await paidThenCancelled();
    // As if the report overtook the create call's answer (or the process stopped in between).
    await (await getDb()).update(refunds).set({ providerRefundId: null }).where(eq(refunds.id, row.id));
    const wrongAttempt = { ...stripeRefund(row, paymentIntentId, 'succeeded'), metadata: { refundId: String(row.id), attempt: '5' } };
    expect(await (await webhook(`evt_wrong_attempt_${row.id}`, 'refund.updated', wrongAttempt)).json()).toEqual({ received: true, applied: false });
    expect((await refundRow(row.id)).status).toBe('pending');

    expect(await (await webhook(`evt_by_metadata_${row.id}`, 'refund.updated', stripeRefund(row, paymentIntentId, 'succeeded'))).json()).toEqual({ received: true, applied: true });
    expect(await refundRow(row.id)).toMatchObject({ status: 'succeeded', providerRefundId: row.providerRefundId });
  });
});

describe('refund events the webhook does not act on', () => {
  it('acknowledges a refund it does not know (200, nothing written)', async () => {
    const unknown = { id: 're_not_ours', object: 'refund', amount: 500, currency: 'cad', status: 'failed', failure_reason: 'unknown', payment_intent: 'pi_elsewhere', metadata: {} };
    const res = await webhook('evt_unknown_refund', 'refund.failed', unknown);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, applied: false });
    const rows = await (await getDb()).select({ id: refunds.id }).from(refunds).where(eq(refunds.providerRefundId, 're_not_ours'));
    expect(rows).toEqual([]);
  });

  it('refuses a bad or missing signature, as for payment events, and changes nothing', async () => {
    const { paymentIntentId, row } = await paidThenCancelled();
    const { payload } = signedEvent(`evt_forged_${row.id}`, 'refund.updated', stripeRefund(row, paymentIntentId, 'succeeded'));
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    expect((await deliver(payload, forged)).status).toBe(400);
    const tampered = signedEvent(`evt_tampered_${row.id}`, 'refund.updated', stripeRefund(row, paymentIntentId, 'pending'));
    expect((await deliver(tampered.payload.replace('"pending"', '"succeeded"'), tampered.header)).status).toBe(400);
    const missing = await stripeWebhook(new Request('http://localhost/api/webhooks/stripe', { method: 'POST', headers: { 'content-type': 'application/json' }, body: payload }), noParams);
    expect(missing.status).toBe(400);
    expect((await refundRow(row.id)).status).toBe('pending');
  });

  it('never marks the payment itself: a refunded payment stays succeeded', async () => {
    const rows = await (await getDb()).select({ status: payments.status }).from(payments).where(eq(payments.provider, 'stripe'));
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['succeeded']));
  });
});

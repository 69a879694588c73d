/**
 * Payments against the real database: server-decided amounts, idempotent intents, the built-in
 * test gateway, and the Stripe adapter + webhook against a local HTTP stub that records requests.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as createAppointment } from '@/app/api/appointments/route';
import { POST as createIntent } from '@/app/api/create-payment-intent/route';
import { GET as quoteByToken } from '@/app/api/quotes/by-token/[token]/route';
import { POST as sendQuote } from '@/app/api/send-quote/route';
import { GET as paymentStatus } from '@/app/api/payment-status/[paymentIntentId]/route';
import { POST as authenticate } from '@/app/api/test-gateway/authenticate/route';
import { POST as confirmCard } from '@/app/api/test-gateway/confirm/route';
import { POST as stripeWebhook } from '@/app/api/webhooks/stripe/route';
import { getDb } from '@/db/client';
import { appointments, serviceDays } from '@/db/schema/appointments';
import { discountCodes } from '@/db/schema/catalog';
import { emailOutbox } from '@/db/schema/messages';
import { paymentEvents, payments } from '@/db/schema/payments';
import { quotes } from '@/db/schema/quotes';
import { branches } from '@/db/schema/branches';
import { resetEnvCache } from '@/env';
import { clearBranchCache } from '@/features/branch/branch.service';
import { getPaymentStatus } from '@/features/payments/payment.service';
import { listStaffAppointments } from '@/features/booking/booking-queries.service';
import { loadDashboard } from '@/features/staff-dashboard/dashboard.service';
import { countActiveStops } from '@/features/scheduling/capacity.repository';
import { getAvailableDates } from '@/features/scheduling/available-dates.service';
import { sendSignedStripeEvent, stripeEvent } from '../support/stripe-webhooks';

const noParams = { params: Promise.resolve({}) } as { params: Promise<Record<string, never>> };
let ipCounter = 0;

function jsonRequest(path: string, body: unknown, headers: Record<string, string> = {}) {
  ipCounter += 1;
  return new Request(`http://localhost${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.${Math.floor(ipCounter / 200)}.${ipCounter % 200}`, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

let fridays: string[] = [];
/** One-time Fridays late in the season, past every seasonal visit the other tests book. */
let lateFridays: string[] = [];
let emailCounter = 0;

async function book(overrides: Record<string, unknown> = {}) {
  emailCounter += 1;
  const res = await createAppointment(jsonRequest('/api/appointments', {
    serviceType: 'onetime',
    propertySize: 0.25,
    firstName: 'Avery',
    lastName: 'Tester',
    email: `avery${emailCounter}@example.com`,
    phone: '905-555-0101',
    address: '12 King St W',
    city: 'Hamilton',
    postalCode: 'L8P 1A1',
    date: overrides.serviceType === 'seasonal' ? fridays[0] : fridays[emailCounter % 4],
    status: 'pending-payment',
    ...overrides,
  }), noParams);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as { appointmentId: number; bookingRef: string; totalCents: number; appointments: { id: number }[] };
}

async function intentFor(body: Record<string, unknown>) {
  const res = await createIntent(jsonRequest('/api/create-payment-intent', body), noParams);
  return { res, body: (await res.json()) as Record<string, unknown> & { paymentIntentId: string; clientSecret: string; amount: number } };
}

const card = (paymentIntentId: string, clientSecret: string, number: string) =>
  confirmCard(jsonRequest('/api/test-gateway/confirm', { paymentIntentId, clientSecret, number, expiry: '12/34', cvc: '123' }), noParams);

async function paymentRow(paymentIntentId: string) {
  const [row] = await (await getDb()).select().from(payments).where(eq(payments.paymentIntentId, paymentIntentId));
  return row!;
}

async function bookingStatuses(bookingRef: string) {
  return (await getDb()).select({ status: appointments.status, holdExpiresAt: appointments.holdExpiresAt }).from(appointments).where(eq(appointments.bookingRef, bookingRef));
}

async function receiptsFor(paymentId: number) {
  return (await getDb()).select().from(emailOutbox).where(and(eq(emailOutbox.kind, 'receipt'), eq(emailOutbox.relatedId, paymentId)));
}

beforeAll(async () => {
  fridays = await getAvailableDates({ now: new Date(), serviceType: 'seasonal' });
  lateFridays = (await getAvailableDates({ now: new Date(), serviceType: 'onetime' })).slice(-4);
  expect(fridays.length).toBeGreaterThan(3);
});

describe('create-payment-intent (test gateway)', () => {
  it('charges the engine amount for the booking, in CAD cents, and writes the payment row', async () => {
    const booking = await book();
    expect(booking.totalCents).toBe(11187); // 99.00 + 12.87 HST
    const { res, body } = await intentFor({ appointmentId: booking.appointmentId, bookingRef: booking.bookingRef, customerId: 999, confirmedAmount: 111.87 });
    expect(res.status).toBe(200);
    expect(body).toMatchObject({ amount: 11187, provider: 'test' });
    expect(body.paymentIntentId).toMatch(/^pi_test_/);
    expect(body.clientSecret).toMatch(new RegExp(`^${body.paymentIntentId}_secret_`));
    const row = await paymentRow(body.paymentIntentId);
    expect(row).toMatchObject({ amount: 11187, currency: 'cad', provider: 'test', bookingRef: booking.bookingRef, status: 'requires_payment_method' });
  });

  it('names the discount code the engine applied in the order summary, never one that did not apply', async () => {
    const seasonal = await book({ serviceType: 'seasonal', discountCode: ' midseason ' });
    const discounted = await intentFor({ appointmentId: seasonal.appointmentId, bookingRef: seasonal.bookingRef });
    expect(discounted.res.status).toBe(200);
    // Seasonal 0.25 acre: 365.00 − 79.00 = 286.00 + 37.18 HST = 323.18.
    expect(discounted.body.summary).toMatchObject({ discountCode: 'MIDSEASON', discountCents: 7900, subtotalCents: 28600, taxCents: 3718, totalCents: 32318 });

    // MIDSEASON is for the seasonal plan only: a one-time booking that named it pays the full price and shows no code.
    const onetime = await book({ discountCode: 'MIDSEASON' });
    const full = await intentFor({ appointmentId: onetime.appointmentId, bookingRef: onetime.bookingRef });
    expect(full.body.summary).toMatchObject({ discountCode: null, discountCents: 0, totalCents: 11187 });
    const third = await book();
    const plain = await intentFor({ appointmentId: third.appointmentId, bookingRef: third.bookingRef });
    expect(plain.body.summary).toMatchObject({ discountCode: null, discountCents: 0 });
  });

  it('rejects a tampered amount with 409 and the current price', async () => {
    const booking = await book();
    for (const tampered of [{ confirmedAmount: 1 }, { confirmedAmountCents: 100 }, { quoteTotal: 50 }, { amount: 0.5 }]) {
      const { res, body } = await intentFor({ appointmentId: booking.appointmentId, bookingRef: booking.bookingRef, ...tampered });
      expect(res.status).toBe(409);
      expect(body).toMatchObject({ code: 'price_changed', currentTotalCents: 11187 });
    }
    const rows = await (await getDb()).select().from(payments).where(eq(payments.bookingRef, booking.bookingRef));
    expect(rows).toHaveLength(0);
  });

  it('returns the same intent for the same booking twice (one payment row)', async () => {
    const booking = await book();
    const first = await intentFor({ appointmentId: booking.appointmentId, bookingRef: booking.bookingRef });
    const second = await intentFor({ bookingRef: booking.bookingRef, confirmedAmountCents: 11187 });
    expect(second.body.paymentIntentId).toBe(first.body.paymentIntentId);
    expect(second.body.clientSecret).toBe(first.body.clientSecret);
    const rows = await (await getDb()).select().from(payments).where(eq(payments.bookingRef, booking.bookingRef));
    expect(rows).toHaveLength(1);
  });

  it('refuses a free amount for a booking-less request without an office session, with the test gateway too', async () => {
    const before = await (await getDb()).select({ id: payments.id }).from(payments);
    const { res, body } = await intentFor({ amount: 129, customerId: 1, serviceType: 'onetime', purpose: 'payment-test' });
    expect(res.status).toBe(403);
    expect(body.message).toBe('The payment test page is only available to staff.');
    expect(await (await getDb()).select({ id: payments.id }).from(payments)).toHaveLength(before.length);
  });
});

describe('who may open a booking\'s checkout (docs/decisions/0025)', () => {
  async function lapse(bookingRef: string) {
    const lapsedAt = new Date(Date.now() - 60_000);
    await (await getDb()).update(appointments).set({ status: 'expired', holdExpiresAt: lapsedAt }).where(eq(appointments.bookingRef, bookingRef));
    return lapsedAt;
  }
  async function paymentsOf(bookingRef: string) {
    return (await getDb()).select().from(payments).where(eq(payments.bookingRef, bookingRef));
  }
  async function savedQuoteId(email: string) {
    const res = await sendQuote(jsonRequest('/api/send-quote', {
      email, name: 'Quinn Holder', phone: '905-555-0177',
      quoteDetails: { serviceType: 'onetime', propertySize: '0.25', address: '12 King St W, Hamilton', city: 'Hamilton', postalCode: 'L8P 1A1' },
    }), noParams);
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as { quoteId: number }).quoteId;
  }

  it('answers a guessed appointment or quote id exactly like an unknown booking, and renews no hold', async () => {
    const email = `holder${Date.now()}@example.com`;
    const quoteId = await savedQuoteId(email);
    const booking = await book({ email, quoteId, address: '12 King St W', postalCode: 'L8P 1A1' });
    const lapsedAt = await lapse(booking.bookingRef);
    const unknown = await intentFor({ appointmentId: 99_999_999 });

    expect(unknown.res.status).toBe(404);
    for (const guess of [{ appointmentId: booking.appointmentId }, { quoteId }, { appointmentId: booking.appointmentId, quoteId, customerId: 1, confirmedAmount: 111.87 }]) {
      const { res, body } = await intentFor(guess);
      expect(res.status).toBe(404);
      expect(body).toEqual(unknown.body);
      expect(body.clientSecret).toBeUndefined();
      expect(body.summary).toBeUndefined();
    }
    // The abandoned booking stays abandoned: still lapsed, its Friday's stop still free, no payment.
    expect(await bookingStatuses(booking.bookingRef)).toEqual([{ status: 'expired', holdExpiresAt: lapsedAt }]);
    expect(await paymentsOf(booking.bookingRef)).toHaveLength(0);
  });

  it('answers an id with a reference that is not its booking\'s as unknown too', async () => {
    const mine = await book();
    const other = await book();
    const lapsedAt = await lapse(mine.bookingRef);
    const unknown = await intentFor({ appointmentId: 99_999_999, bookingRef: 'BK-NOSUCHREF' });
    expect(unknown.res.status).toBe(404);
    for (const wrong of ['BK-NOSUCHREF', other.bookingRef, `${mine.bookingRef}X`]) {
      const { res, body } = await intentFor({ appointmentId: mine.appointmentId, bookingRef: wrong });
      expect(res.status).toBe(404);
      expect(body).toEqual(unknown.body);
    }
    expect(await bookingStatuses(mine.bookingRef)).toEqual([{ status: 'expired', holdExpiresAt: lapsedAt }]);
    expect(await paymentsOf(mine.bookingRef)).toHaveLength(0);
    expect(await paymentsOf(other.bookingRef)).toHaveLength(0);
  });

  it('opens the checkout for an id with its booking\'s reference (in any case), renewing the lapsed hold', async () => {
    const booking = await book();
    await lapse(booking.bookingRef);
    const { res, body } = await intentFor({ appointmentId: booking.appointmentId, bookingRef: booking.bookingRef.toLowerCase(), confirmedAmountCents: 11187 });
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ amount: 11187, summary: { totalCents: 11187, serviceType: 'onetime' } });
    const [visit] = await bookingStatuses(booking.bookingRef);
    expect(visit!.status).toBe('pending');
    expect(visit!.holdExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 20 * 60_000);
    expect(await paymentsOf(booking.bookingRef)).toHaveLength(1);
  });

  it('takes a quote id only with the reference of the booking made from that quote', async () => {
    const email = `quoted${Date.now()}@example.com`;
    const quoteId = await savedQuoteId(email);
    const quoted = await book({ email, quoteId, address: '12 King St W', postalCode: 'L8P 1A1' });
    const other = await book();
    expect((await intentFor({ quoteId, bookingRef: other.bookingRef })).res.status).toBe(404);
    expect(await paymentsOf(other.bookingRef)).toHaveLength(0);
    const { res, body } = await intentFor({ quoteId, appointmentId: quoted.appointmentId, bookingRef: quoted.bookingRef });
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect((await paymentRow(body.paymentIntentId)).quoteId).toBe(quoteId);
  });
});

describe('test gateway confirmation', () => {
  it('succeeds with 4242: payment succeeded, visits confirmed, receipt with .ics queued, discount counted once', async () => {
    const db = await getDb();
    const [before] = await db.select({ uses: discountCodes.currentUses }).from(discountCodes).where(eq(discountCodes.code, 'MIDSEASON'));
    const booking = await book({ serviceType: 'seasonal', discountCode: 'midseason' });
    expect(booking.appointments).toHaveLength(5);
    expect(booking.totalCents).toBe(32318); // (365 − 79) × 1.13
    const { body } = await intentFor({ appointmentId: booking.appointmentId, bookingRef: booking.bookingRef, confirmedAmountCents: 32318 });

    const res = await card(body.paymentIntentId, body.clientSecret, '4242 4242 4242 4242');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'succeeded' });
    const row = await paymentRow(body.paymentIntentId);
    expect(row.status).toBe('succeeded');
    expect(row.discountCode).toBe('MIDSEASON');
    const visits = await bookingStatuses(booking.bookingRef);
    expect(visits).toHaveLength(5);
    expect(visits.every((v) => v.status === 'confirmed' && v.holdExpiresAt === null)).toBe(true);
    const receipts = await receiptsFor(row.id);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain('$323.18');
    expect(receipts[0]!.text).toContain('$37.18');
    expect(receipts[0]!.attachments?.[0]?.content).toContain('BEGIN:VEVENT');
    expect(receipts[0]!.attachments).toHaveLength(5);
    expect(receipts[0]!.text).toContain('The attached calendar files add your visits to your calendar.');
    // Five visits: the booking is confirmed, not "your appointment" (0083).
    expect(receipts[0]!.text).toContain('We have received your payment and your booking is confirmed.');

    // A second confirmation and a status check change nothing.
    await card(body.paymentIntentId, body.clientSecret, '4242424242424242');
    const status = await paymentStatus(new Request(`http://localhost/api/payment-status/${body.paymentIntentId}`), { params: Promise.resolve({ paymentIntentId: body.paymentIntentId }) });
    expect(await status.json()).toMatchObject({ status: 'succeeded', success: true, amount: 32318 });
    const [after] = await db.select({ uses: discountCodes.currentUses }).from(discountCodes).where(eq(discountCodes.code, 'MIDSEASON'));
    expect(after!.uses).toBe(before!.uses + 1);
    expect(await receiptsFor(row.id)).toHaveLength(1);

    // Paid bookings get no second intent; the checkout tells "already paid" from other conflicts by `reason`.
    const again = await intentFor({ appointmentId: booking.appointmentId, bookingRef: booking.bookingRef });
    expect(again.res.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'conflict', reason: 'already_paid', message: 'This booking has already been paid.' });
  });

  it('declines 0002 with the card message, then accepts a good card on the same intent', async () => {
    const booking = await book();
    const { body } = await intentFor({ appointmentId: booking.appointmentId, bookingRef: booking.bookingRef });
    const declined = await card(body.paymentIntentId, body.clientSecret, '4000 0000 0000 0002');
    expect(declined.status).toBe(402);
    expect((await declined.json()).message).toBe('Your card was declined.');
    expect((await paymentRow(body.paymentIntentId)).status).toBe('requires_payment_method');
    expect((await bookingStatuses(booking.bookingRef))[0]!.status).toBe('pending-payment');

    const status = await paymentStatus(new Request('http://localhost/x'), { params: Promise.resolve({ paymentIntentId: body.paymentIntentId }) });
    expect(await status.json()).toMatchObject({ success: false, message: 'Your card was declined.' });

    expect((await card(body.paymentIntentId, body.clientSecret, '4242424242424242')).status).toBe(200);
    expect((await bookingStatuses(booking.bookingRef))[0]!.status).toBe('confirmed');
  });

  it('writes the receipt in the customer\'s language', async () => {
    const booking = await book({ locale: 'fr' });
    const { body } = await intentFor({ appointmentId: booking.appointmentId, bookingRef: booking.bookingRef });
    await card(body.paymentIntentId, body.clientSecret, '4242424242424242');
    const [receipt] = await receiptsFor((await paymentRow(body.paymentIntentId)).id);
    expect(receipt!.locale).toBe('fr');
    expect(receipt!.subject).toBe(`Reçu de paiement\u00a0: Traitement unique (${booking.bookingRef})`);
    expect(receipt!.text).toContain('111,87');
    expect(receipt!.text).toContain(`Numéro de réservation\u00a0: ${booking.bookingRef}`);
    expect(receipt!.text).toContain('Total payé\u00a0: 111,87');
    expect(receipt!.attachments).toHaveLength(1);
    expect(receipt!.text).toContain('Le fichier de calendrier joint ajoute votre visite à votre agenda.');
    expect(receipt!.text).toMatch(/Adresse du service\u00a0: \S/);
    expect(receipt!.html).toMatch(/Adresse du service\u00a0: \S/);
  });

  it('rejects an unknown card and a wrong client secret clearly', async () => {
    const booking = await book();
    const { body } = await intentFor({ appointmentId: booking.appointmentId, bookingRef: booking.bookingRef });
    const unknown = await card(body.paymentIntentId, body.clientSecret, '5555 5555 5555 4444');
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).fields).toHaveProperty('number');
    expect((await card(body.paymentIntentId, `${body.paymentIntentId}_secret_wrong`, '4242424242424242')).status).toBe(404);
    expect((await paymentRow(body.paymentIntentId)).status).toBe('requires_payment_method');
  });

  it('sends 3155 through authentication: Fail leaves it unpaid, Complete pays', async () => {
    const booking = await book();
    const { body } = await intentFor({ appointmentId: booking.appointmentId, bookingRef: booking.bookingRef });
    const res = await card(body.paymentIntentId, body.clientSecret, '4000 0025 0000 3155');
    const result = await res.json();
    expect(result).toMatchObject({ status: 'requires_action' });
    expect(result.authenticatePath).toContain('/test-gateway/authenticate?payment_intent=');
    const auth = (outcome: string) => authenticate(jsonRequest('/api/test-gateway/authenticate', { paymentIntentId: body.paymentIntentId, clientSecret: body.clientSecret, outcome }), noParams);

    expect(await (await auth('fail')).json()).toMatchObject({ redirectStatus: 'failed' });
    expect((await paymentRow(body.paymentIntentId)).status).toBe('requires_payment_method');
    await card(body.paymentIntentId, body.clientSecret, '4000002500003155');
    expect(await (await auth('complete')).json()).toMatchObject({ redirectStatus: 'succeeded' });
    expect((await paymentRow(body.paymentIntentId)).status).toBe('succeeded');
    expect((await bookingStatuses(booking.bookingRef))[0]!.status).toBe('confirmed');
  });

  describe('a payment the bank is still processing (cards 7775 and 8773)', () => {
    const statusOf = async (paymentIntentId: string, locale = 'en') => {
      const res = await paymentStatus(new Request('http://localhost/x', { headers: { 'accept-language': locale } }), { params: Promise.resolve({ paymentIntentId }) });
      expect(res.status).toBe(200);
      return res.json();
    };
    const settleTime = () => new Date(Date.now() + 6_000);

    it('is reported as processing (not failed) until it settles, then as paid with the booking confirmed', async () => {
      const booking = await book();
      const { body } = await intentFor({ appointmentId: booking.appointmentId, bookingRef: booking.bookingRef });
      const res = await card(body.paymentIntentId, body.clientSecret, '4000 0000 0000 7775');
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: 'processing', paymentIntentId: body.paymentIntentId });

      expect(await statusOf(body.paymentIntentId)).toMatchObject({ status: 'processing', success: false, message: 'Your payment is processing.', amount: 11187 });
      expect((await paymentRow(body.paymentIntentId)).status).toBe('processing');
      expect((await bookingStatuses(booking.bookingRef))[0]!.status).toBe('pending-payment');
      // Nothing can be paid a second time while the bank is still answering.
      expect(await (await card(body.paymentIntentId, body.clientSecret, '4242424242424242')).json()).toMatchObject({ status: 'processing' });
      expect((await paymentRow(body.paymentIntentId)).status).toBe('processing');

      const settled = await getPaymentStatus(body.paymentIntentId, { locale: 'en', now: settleTime() });
      expect(settled).toMatchObject({ status: 'succeeded', success: true });
      const row = await paymentRow(body.paymentIntentId);
      expect(row.status).toBe('succeeded');
      expect((await bookingStatuses(booking.bookingRef))[0]!.status).toBe('confirmed');
      expect(await statusOf(body.paymentIntentId)).toMatchObject({ status: 'succeeded', success: true });
      expect(await receiptsFor(row.id)).toHaveLength(1);
    });

    it('settles as declined for 8773, with the card message, and the booking can be paid again', async () => {
      const booking = await book();
      const { body } = await intentFor({ appointmentId: booking.appointmentId, bookingRef: booking.bookingRef });
      await card(body.paymentIntentId, body.clientSecret, '4000 0000 0000 8773');
      expect(await statusOf(body.paymentIntentId, 'fr')).toMatchObject({ status: 'processing', success: false, message: 'Votre paiement est en cours de traitement.' });

      const settled = await getPaymentStatus(body.paymentIntentId, { locale: 'en', now: settleTime() });
      expect(settled).toMatchObject({ status: 'requires_payment_method', success: false, message: 'Your card was declined.' });
      expect((await paymentRow(body.paymentIntentId)).status).toBe('requires_payment_method');
      expect((await bookingStatuses(booking.bookingRef))[0]!.status).toBe('pending-payment');

      expect((await card(body.paymentIntentId, body.clientSecret, '4242424242424242')).status).toBe(200);
      expect((await bookingStatuses(booking.bookingRef))[0]!.status).toBe('confirmed');
    });
  });
});

describe('Stripe adapter and webhook', () => {
  const secret = 'whsec_test_secret_for_integration';
  const recorded: { method: string; url: string; headers: IncomingMessage['headers']; body: URLSearchParams }[] = [];
  const intents = new Map<string, Record<string, unknown>>();
  let server: Server;
  let counter = 0;

  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => { raw += c.toString(); });
      req.on('end', () => {
        const body = new URLSearchParams(raw);
        recorded.push({ method: req.method!, url: req.url!, headers: req.headers, body });
        res.setHeader('content-type', 'application/json');
        if (req.method === 'POST' && req.url === '/v1/payment_intents') {
          counter += 1;
          const id = `pi_stub_${counter}`;
          const metadata: Record<string, string> = {};
          for (const [k, v] of body) { const m = /^metadata\[(.+)\]$/.exec(k); if (m) metadata[m[1]!] = v; }
          const intent = { id, object: 'payment_intent', amount: Number(body.get('amount')), currency: body.get('currency'), status: 'requires_payment_method', client_secret: `${id}_secret_stub`, metadata, last_payment_error: null, payment_method: null };
          intents.set(id, intent);
          res.end(JSON.stringify(intent));
          return;
        }
        const match = /^\/v1\/payment_intents\/([\w]+)$/.exec(req.url ?? '');
        if (req.method === 'GET' && match && intents.has(match[1]!)) { res.end(JSON.stringify(intents.get(match[1]!))); return; }
        res.statusCode = 404;
        res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'No such resource' } }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const { port } = server.address() as AddressInfo;
    Object.assign(process.env, { STRIPE_SECRET_KEY: 'sk_test_stub', STRIPE_PUBLISHABLE_KEY: 'pk_test_stub', STRIPE_WEBHOOK_SECRET: secret, STRIPE_API_BASE: `http://127.0.0.1:${port}` });
    resetEnvCache();
  });

  afterAll(async () => {
    for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_BASE']) delete process.env[key];
    resetEnvCache();
    await new Promise((r) => server.close(r));
  });

  const signed = (event: Record<string, unknown>) => sendSignedStripeEvent(stripeWebhook, event, secret);
  const intentEvent = stripeEvent;

  it('creates the intent with the engine amount, CAD, an idempotency key and booking metadata', async () => {
    const booking = await book();
    const { res, body } = await intentFor({ appointmentId: booking.appointmentId, bookingRef: booking.bookingRef, confirmedAmount: 111.87 });
    expect(res.status).toBe(200);
    expect(body).toMatchObject({ provider: 'stripe', publishableKey: 'pk_test_stub', amount: 11187 });
    const create = recorded.find((r) => r.method === 'POST' && r.url === '/v1/payment_intents')!;
    expect(create.body.get('amount')).toBe('11187');
    expect(create.body.get('currency')).toBe('cad');
    expect(create.body.get('automatic_payment_methods[enabled]')).toBe('true');
    expect(create.headers['idempotency-key']).toBe(`booking:${booking.bookingRef}:11187`);
    expect(create.body.get('metadata[bookingRef]')).toBe(booking.bookingRef);
    expect(create.body.get('metadata[appointmentIds]')).toBe(booking.appointments.map((a) => a.id).join(','));
    expect(create.headers.authorization).toBe('Bearer sk_test_stub');

    // Same booking again: the stored intent is retrieved, no second create.
    const again = await intentFor({ appointmentId: booking.appointmentId, bookingRef: booking.bookingRef });
    expect(again.body.paymentIntentId).toBe(body.paymentIntentId);
    expect(recorded.filter((r) => r.method === 'POST' && r.url === '/v1/payment_intents')).toHaveLength(1);
  });

  it('applies a signed succeeded event once; a replay and a late failure change nothing', async () => {
    const booking = await book();
    const { body } = await intentFor({ appointmentId: booking.appointmentId, bookingRef: booking.bookingRef });
    const intent = { ...intents.get(body.paymentIntentId)!, status: 'succeeded', payment_method: 'pm_card_visa' };
    intents.set(body.paymentIntentId, intent);

    const first = await signed(intentEvent('evt_success_1', 'payment_intent.succeeded', intent));
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ received: true, applied: true });
    const row = await paymentRow(body.paymentIntentId);
    expect(row.status).toBe('succeeded');
    expect((await bookingStatuses(booking.bookingRef)).every((v) => v.status === 'confirmed')).toBe(true);

    const replay = await signed(intentEvent('evt_success_1', 'payment_intent.succeeded', intent));
    expect(replay.status).toBe(200);
    expect(await replay.json()).toMatchObject({ applied: false });

    const late = await signed(intentEvent('evt_failed_older', 'payment_intent.payment_failed', { ...intent, status: 'requires_payment_method', last_payment_error: { message: 'Your card was declined.' } }, Math.floor(Date.now() / 1000) - 60));
    expect(late.status).toBe(200);
    expect((await paymentRow(body.paymentIntentId)).status).toBe('succeeded');
    expect(await receiptsFor(row.id)).toHaveLength(1);
    const events = await (await getDb()).select().from(paymentEvents).where(eq(paymentEvents.paymentIntentId, body.paymentIntentId));
    expect(events.map((e) => e.id).sort()).toEqual(['evt_failed_older', 'evt_success_1']);
  });

  it('rejects a bad signature with 400 and applies nothing', async () => {
    const booking = await book();
    const { body } = await intentFor({ appointmentId: booking.appointmentId, bookingRef: booking.bookingRef });
    const payload = JSON.stringify(intentEvent('evt_forged', 'payment_intent.succeeded', { ...intents.get(body.paymentIntentId)!, status: 'succeeded' }));
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    for (const header of [forged, 't=1,v1=deadbeef']) {
      const res = await stripeWebhook(new Request('http://localhost/api/webhooks/stripe', { method: 'POST', headers: { 'stripe-signature': header }, body: payload }), noParams);
      expect(res.status).toBe(400);
    }
    expect((await paymentRow(body.paymentIntentId)).status).toBe('requires_payment_method');
  });

  it('refuses a free amount with real keys unless staff asks', async () => {
    const { res } = await intentFor({ amount: 129, customerId: 1, serviceType: 'onetime', purpose: 'payment-test' });
    expect(res.status).toBe(403);
    expect(recorded.filter((r) => r.body.get('amount') === '12900')).toHaveLength(0);
  });

  it('acknowledges events it does not act on with 2xx', async () => {
    const res = await signed({ id: 'evt_other', object: 'event', type: 'customer.created', created: 1, data: { object: { id: 'cus_1', object: 'customer' } } });
    expect(res.status).toBe(200);
  });

  it('confirms through the status check when the provider says succeeded (no webhook needed)', async () => {
    const booking = await book();
    const { body } = await intentFor({ appointmentId: booking.appointmentId, bookingRef: booking.bookingRef });
    intents.set(body.paymentIntentId, { ...intents.get(body.paymentIntentId)!, status: 'succeeded' });
    const res = await paymentStatus(new Request('http://localhost/x'), { params: Promise.resolve({ paymentIntentId: body.paymentIntentId }) });
    expect(await res.json()).toMatchObject({ status: 'succeeded', success: true });
    expect((await bookingStatuses(booking.bookingRef))[0]!.status).toBe('confirmed');
  });

  it('reports a processing intent as processing, not failed, and confirms nothing yet', async () => {
    const booking = await book();
    const { body } = await intentFor({ appointmentId: booking.appointmentId, bookingRef: booking.bookingRef });
    intents.set(body.paymentIntentId, { ...intents.get(body.paymentIntentId)!, status: 'processing' });
    const res = await paymentStatus(new Request('http://localhost/x'), { params: Promise.resolve({ paymentIntentId: body.paymentIntentId }) });
    expect(await res.json()).toMatchObject({ status: 'processing', success: false, message: 'Your payment is processing.' });
    expect((await paymentRow(body.paymentIntentId)).status).toBe('processing');
    expect((await bookingStatuses(booking.bookingRef))[0]!.status).toBe('pending-payment');

    intents.set(body.paymentIntentId, { ...intents.get(body.paymentIntentId)!, status: 'succeeded' });
    const later = await paymentStatus(new Request('http://localhost/x'), { params: Promise.resolve({ paymentIntentId: body.paymentIntentId }) });
    expect(await later.json()).toMatchObject({ status: 'succeeded', success: true });
    expect((await bookingStatuses(booking.bookingRef))[0]!.status).toBe('confirmed');
  });
});

describe('payments after a lapsed hold (docs/decisions/0011)', () => {
  /** Leaves exactly `free` stops on the day, whatever earlier tests booked there. */
  async function limitDay(date: string, free: number) {
    const capacity = (await countActiveStops(await getDb(), 1, date, new Date())) + free;
    await (await getDb()).insert(serviceDays).values({ branchId: 1, date, capacityOverride: capacity })
      .onConflictDoUpdate({ target: [serviceDays.branchId, serviceDays.date], set: { capacityOverride: capacity } });
  }
  async function lapseHold(bookingRef: string, status?: 'expired') {
    await (await getDb()).update(appointments)
      .set({ holdExpiresAt: new Date(Date.now() - 60_000), ...(status ? { status } : {}) })
      .where(eq(appointments.bookingRef, bookingRef));
  }
  async function activeStops(date: string) {
    return countActiveStops(await getDb(), 1, date, new Date());
  }

  it('renews a lapsed hold when the day still has room, then creates the intent', async () => {
    const date = lateFridays.at(-1)!;
    await limitDay(date, 5);
    const booking = await book({ date });
    await lapseHold(booking.bookingRef, 'expired');
    const { res, body } = await intentFor({ appointmentId: booking.appointmentId, bookingRef: booking.bookingRef });
    expect(res.status, JSON.stringify(body)).toBe(200);
    const [visit] = await bookingStatuses(booking.bookingRef);
    expect(visit!.status).toBe('pending');
    expect(visit!.holdExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 20 * 60_000);
  });

  it('refuses the intent with the translated day-full message when the Friday filled up meanwhile', async () => {
    const date = lateFridays.at(-2)!;
    await limitDay(date, 1);
    const late = await book({ date });
    await lapseHold(late.bookingRef); // still 'pending': the expiry worker has not run yet
    await book({ date }); // someone else takes the freed stop
    const { res, body } = await intentFor({ appointmentId: late.appointmentId, bookingRef: late.bookingRef });
    expect(res.status).toBe(409);
    expect(body).toMatchObject({ code: 'day_full', fullDates: [date] });
    expect(body.message).toMatch(/filled up/);
    expect(await (await getDb()).select().from(payments).where(eq(payments.bookingRef, late.bookingRef))).toHaveLength(0);
    expect((await bookingStatuses(late.bookingRef))[0]!.holdExpiresAt!.getTime()).toBeLessThan(Date.now());
  });

  it('confirms a payment that arrives after the hold lapsed when the day still has room', async () => {
    const date = lateFridays.at(-3)!;
    await limitDay(date, 2);
    const booking = await book({ date });
    const { body } = await intentFor({ appointmentId: booking.appointmentId, bookingRef: booking.bookingRef });
    await lapseHold(booking.bookingRef, 'expired');
    expect((await card(body.paymentIntentId, body.clientSecret, '4242424242424242')).status).toBe(200);
    expect((await bookingStatuses(booking.bookingRef))[0]!.status).toBe('confirmed');
  });

  it('records a late payment for a full day as succeeded, never overbooks, and flags the visit for staff', async () => {
    const date = lateFridays.at(-4)!;
    await limitDay(date, 1);
    const stopsBefore = await activeStops(date);
    const late = await book({ date });
    const { body } = await intentFor({ appointmentId: late.appointmentId, bookingRef: late.bookingRef });
    await lapseHold(late.bookingRef);
    const other = await book({ date });
    const otherIntent = await intentFor({ appointmentId: other.appointmentId, bookingRef: other.bookingRef });
    expect((await card(otherIntent.body.paymentIntentId, otherIntent.body.clientSecret, '4242424242424242')).status).toBe(200);

    expect((await card(body.paymentIntentId, body.clientSecret, '4242424242424242')).status).toBe(200);
    const payment = await paymentRow(body.paymentIntentId);
    expect(payment.status).toBe('succeeded');
    expect((await bookingStatuses(late.bookingRef))[0]!.status).toBe('expired');
    expect(await activeStops(date)).toBe(stopsBefore + 1);

    const alerts = await (await getDb()).select().from(emailOutbox)
      .where(and(eq(emailOutbox.kind, 'staff-notification'), eq(emailOutbox.relatedId, payment.id)));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.text).toContain(late.bookingRef);
    const [receipt] = await receiptsFor(payment.id);
    expect(receipt!.text).toMatch(/our office will call you/);
    // No date, no calendar file: the receipt does not point to one.
    expect(receipt!.attachments ?? []).toHaveLength(0);
    expect(receipt!.text).not.toMatch(/calendar file/);

    const staffRows = await listStaffAppointments();
    expect(staffRows.find((r) => r.id === late.appointmentId)).toMatchObject({ status: 'expired', needsStaffAttention: true });
    expect(staffRows.find((r) => r.id === other.appointmentId)).toMatchObject({ status: 'confirmed', needsStaffAttention: false });
    // The office sees the same flag on the dashboard's appointment list.
    const dashboard = await loadDashboard();
    expect(dashboard.appointments.find((r) => r.id === late.appointmentId)).toMatchObject({ needsStaffAttention: true });
  });
});

describe('test gateway in production', () => {
  afterAll(() => {
    delete process.env.APP_ENV;
    resetEnvCache();
  });

  it('refuses booking payments with a clear message when APP_ENV=production has no Stripe keys', async () => {
    const booking = await book();
    const open = await intentFor({ appointmentId: booking.appointmentId, bookingRef: booking.bookingRef });
    process.env.APP_ENV = 'production';
    resetEnvCache();
    const { res, body } = await intentFor({ appointmentId: booking.appointmentId, bookingRef: booking.bookingRef });
    expect(res.status).toBe(503);
    expect(body.message).toBe('Online payment is unavailable right now. Nothing was charged. Please call us to complete your booking.');
    // An intent created before the switch cannot be "paid" with the test card either.
    expect((await card(open.body.paymentIntentId, open.body.clientSecret, '4242424242424242')).status).toBe(503);
    expect((await bookingStatuses(booking.bookingRef))[0]!.status).toBe('pending-payment');
  });
});

describe('buying a saved quote (the quote email\'s direct-buy link into /checkout-new)', () => {
  it('charges the quote\'s price, discount code and extras included, not the list price', async () => {
    const res = await sendQuote(jsonRequest('/api/send-quote', {
      email: 'quote.buyer@example.com', name: 'Quinn Buyer', phone: '905-555-0177',
      quoteDetails: { serviceType: 'seasonal', propertySize: '0.25', address: '12 King St W, Hamilton', city: 'Hamilton', postalCode: 'L8P 1A1', discountCode: 'MIDSEASON', extras: ['breeding-site-inspection'] },
    }), noParams);
    expect(res.status, await res.clone().text()).toBe(200);
    const { quoteId } = (await res.json()) as { quoteId: number };
    const [row] = await (await getDb()).select({ token: quotes.token }).from(quotes).where(eq(quotes.id, quoteId));
    // What /checkout-new reads with the link's quoteToken, and then sends, as its component does.
    const quote = (await (await quoteByToken(new Request('http://localhost/api/quotes/by-token/x'), { params: Promise.resolve({ token: row!.token }) })).json()) as Record<string, unknown> & { totalCents: number };
    expect(quote.extras).toEqual(['breeding-site-inspection']);
    const booking = await book({
      serviceType: quote.serviceType, propertySize: quote.propertySize, includeTick: quote.includeTick, includeTargetedInsects: quote.includeStandingWater,
      extras: quote.extras, discountCode: quote.discountCode, quoteId: quote.id, address: quote.address, city: quote.city, postalCode: quote.postalCode,
      email: 'quote.buyer@example.com', date: fridays[0], confirmedTotalCents: quote.totalCents,
    });
    expect(booking.totalCents).toBe(quote.totalCents);
    const { res: intentRes, body } = await intentFor({ appointmentId: booking.appointmentId, bookingRef: booking.bookingRef, confirmedAmountCents: quote.totalCents });
    expect(intentRes.status).toBe(200);
    expect(body.amount).toBe(quote.totalCents);
    expect((await paymentRow(body.paymentIntentId)).quoteId).toBe(quoteId);
  });
});

describe('a booking paid twice', () => {
  it('tells the office at once (staff notification naming both payments) so one can be refunded, and sends one receipt', async () => {
    const db = await getDb();
    const booking = await book({ serviceType: 'seasonal', discountCode: 'MIDSEASON', date: fridays[2] });
    // An intent at the discounted price, then the code ends and a second tab gets one at the full price.
    const first = await intentFor({ bookingRef: booking.bookingRef });
    await db.update(discountCodes).set({ isActive: false }).where(eq(discountCodes.code, 'MIDSEASON'));
    try {
      const second = await intentFor({ bookingRef: booking.bookingRef });
      expect(second.body.paymentIntentId).not.toBe(first.body.paymentIntentId);
      expect((await card(first.body.paymentIntentId, first.body.clientSecret, '4242424242424242')).status).toBe(200);
      expect((await card(second.body.paymentIntentId, second.body.clientSecret, '4242424242424242')).status).toBe(200);

      const secondRow = await paymentRow(second.body.paymentIntentId);
      const alerts = await db.select().from(emailOutbox).where(and(eq(emailOutbox.kind, 'staff-notification'), eq(emailOutbox.relatedId, secondRow.id)));
      expect(alerts).toHaveLength(1);
      expect(alerts[0]!.text).toContain(first.body.paymentIntentId);
      expect(alerts[0]!.text).toContain(second.body.paymentIntentId);
      expect(alerts[0]!.subject).toContain(booking.bookingRef);
      expect(await receiptsFor(secondRow.id)).toHaveLength(0);
      expect(await receiptsFor((await paymentRow(first.body.paymentIntentId)).id)).toHaveLength(1);
    } finally {
      await db.update(discountCodes).set({ isActive: true }).where(eq(discountCodes.code, 'MIDSEASON'));
    }
  });
});

describe('the HST label follows the branch rate (not a fixed 13%)', () => {
  async function setTaxRate(bps: number) {
    await (await getDb()).update(branches).set({ taxRateBps: bps }).where(eq(branches.id, 1));
    clearBranchCache();
  }
  afterAll(async () => { await setTaxRate(1300); });

  it('shows 13.5% in the checkout summary and the receipt, in the reader\'s number format', async () => {
    await setTaxRate(1350);
    const booking = await book({ locale: 'de' });
    expect(booking.totalCents).toBe(11237); // 99.00 + 13.37 (13.5%, half-up)
    const { body } = await intentFor({ appointmentId: booking.appointmentId, bookingRef: booking.bookingRef });
    expect((body.summary as { taxRate: number; taxCents: number })).toMatchObject({ taxRate: 0.135, taxCents: 1337 });
    await card(body.paymentIntentId, body.clientSecret, '4242424242424242');
    const [receipt] = await receiptsFor((await paymentRow(body.paymentIntentId)).id);
    expect(receipt!.text).toContain('HST (13,5 %)');
    expect(receipt!.html).toContain('HST (13,5 %)');
    expect(receipt!.text).not.toContain('13 %');
  });

  it('keeps the rate the receipt\'s tax was computed with, even if the branch changes it before payment', async () => {
    await setTaxRate(1300);
    const booking = await book();
    const { body } = await intentFor({ appointmentId: booking.appointmentId, bookingRef: booking.bookingRef });
    await setTaxRate(500);
    await card(body.paymentIntentId, body.clientSecret, '4242424242424242');
    const [receipt] = await receiptsFor((await paymentRow(body.paymentIntentId)).id);
    expect(receipt!.text).toContain('HST (13%): $12.87');
  });
});

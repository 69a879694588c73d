/**
 * An unpaid hold on a Friday the office then closed for rain (docs/decisions/0072): paid afterwards
 * (test gateway, Stripe's webhook), its visit goes where the rain day sent the day's visits, or the
 * next Friday with room, never onto the closed day, and the payment page and the receipt say why in
 * the customer's language; a checkout opened after the rain day shows the new Friday before paying;
 * with no Friday left the money goes back in full and the words say the day was closed for rain; a
 * plan's visit keeps its spacing or waits for the office's call; a hold paid while the rain day runs
 * moves with the rest; a new booking for the closed Friday names the next open one.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { appointments, serviceDays } from '@/db/schema/appointments';
import { emailOutbox } from '@/db/schema/messages';
import { payments } from '@/db/schema/payments';
import { refunds } from '@/db/schema/refunds';
import { markPaymentSucceeded } from '@/features/payments/payment.service';
import { TEST_CARDS } from '@/features/payments/test-cards';
import { addCalendarDays } from '@/features/scheduling/available-dates';
import { getAvailableDates } from '@/features/scheduling/available-dates.service';
import { countActiveStops } from '@/features/scheduling/capacity.repository';
import { formatLongDate } from '@/lib/format';
import type { Handler } from '../support/handlers';
import { insertConfirmedVisits, insertCustomer } from '../support/records';
import { signInAdminAndTechnician } from '../support/staff-sessions';
import { sendSignedStripeEvent, stripeEvent } from '../support/stripe-webhooks';
import { createStripeStub } from '../support/stripe-stub';

const jar = vi.hoisted(() => ({ token: undefined as string | undefined }));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (jar.token ? { name, value: jar.token } : undefined) }),
}));

/** A hook run once, right after the rain day has read the day's bookings and before it closes the day. */
const between = vi.hoisted(() => ({ next: null as null | (() => Promise<void>) }));
vi.mock('@/features/rain-day/rain-day.repository', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/features/rain-day/rain-day.repository')>();
  return {
    ...actual,
    countHeldDayVisits: async (...args: Parameters<typeof actual.countHeldDayVisits>) => {
      const result = await actual.countHeldDayVisits(...args);
      const hook = between.next;
      between.next = null;
      if (hook) await hook();
      return result;
    },
  };
});

const { POST: rainRoute, GET: rainPreviewRoute } = (await import('@/app/api/admin/rain-day/route')) as unknown as { GET: Handler; POST: Handler };
const { POST: createAppointment } = (await import('@/app/api/appointments/route')) as unknown as { POST: Handler };
const { POST: createIntent } = (await import('@/app/api/create-payment-intent/route')) as unknown as { POST: Handler };
const { POST: confirmCard } = (await import('@/app/api/test-gateway/confirm/route')) as unknown as { POST: Handler };
const { GET: paymentStatusRoute } = (await import('@/app/api/payment-status/[paymentIntentId]/route')) as unknown as { GET: Handler };
const { POST: stripeWebhook } = (await import('@/app/api/webhooks/stripe/route')) as unknown as { POST: Handler };

let sent = 0;
/** A request to a handler in `locale`, each from its own client address (the public limits are per address). */
function call(handler: Handler, path: string, init: { body?: unknown; locale?: string; params?: Record<string, string> } = {}) {
  sent += 1;
  return handler(new Request(`http://localhost${path}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: {
      'x-forwarded-for': `10.72.${Math.floor(sent / 200)}.${sent % 200}`,
      cookie: `NEXT_LOCALE=${init.locale ?? 'en'}`,
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  }), { params: Promise.resolve(init.params ?? {}) });
}

let officeCustomer = 0;
let fridays: string[] = [];

/** The office's rain day over `date` (a paid visit on it, so there is something to move), to `to`. */
async function rainDay(date: string, to: string) {
  await insertConfirmedVisits(officeCustomer, date);
  const res = await call(rainRoute, '/api/admin/rain-day', { body: { date, to } });
  expect(res.status, await res.clone().text()).toBe(200);
}

type Intent = { paymentIntentId: string; clientSecret: string; amount: number; summary: { dates: string[]; movedForRain: { from: string; to: string }[] } };

/** A customer's booking, left unpaid on `date` with its checkout open (the intent made). */
async function hold(date: string, options: { locale?: string; serviceType?: string } = {}) {
  const email = `rainpay-${randomUUID().slice(0, 8)}@example.com`;
  const created = await call(createAppointment, '/api/appointments', {
    locale: options.locale,
    body: {
      serviceType: options.serviceType ?? 'onetime', propertySize: 0.25, firstName: 'Camille', lastName: 'Pluie', email, phone: '905-555-0101',
      address: '12 King St W', city: 'Hamilton', postalCode: 'L8P 1A1', date, status: 'pending-payment', locale: options.locale ?? 'en',
    },
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const booked = (await created.json()) as { appointmentId: number; bookingRef: string; appointments: { id: number }[] };
  const intent = await openCheckout(booked.bookingRef, options.locale);
  expect(intent.status, await intent.clone().text()).toBe(200);
  return { email, bookingRef: booked.bookingRef, ids: booked.appointments.map((a) => a.id), ...((await intent.json()) as Intent) };
}

const openCheckout = (bookingRef: string, locale = 'en') => call(createIntent, '/api/create-payment-intent', { body: { bookingRef }, locale });
const payByCard = (booking: { paymentIntentId: string; clientSecret: string }) => call(confirmCard, '/api/test-gateway/confirm', {
  body: { paymentIntentId: booking.paymentIntentId, clientSecret: booking.clientSecret, number: TEST_CARDS.success, expiry: '12/34', cvc: '123' },
});
const paymentStatus = async (paymentIntentId: string, locale = 'en') => {
  const res = await call(paymentStatusRoute, `/api/payment-status/${paymentIntentId}`, { locale, params: { paymentIntentId } });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json();
};

async function visits(ids: number[]) {
  return (await getDb()).select({
    id: appointments.id, date: appointments.date, status: appointments.status, holdExpiresAt: appointments.holdExpiresAt,
    originalDate: appointments.originalDate, rescheduledReason: appointments.rescheduledReason, totalCents: appointments.totalCents,
  }).from(appointments).where(inArray(appointments.id, ids)).orderBy(appointments.id);
}
async function emails(to: string, kind: string) {
  return (await getDb()).select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.kind, kind))).orderBy(emailOutbox.id);
}
async function paymentRow(paymentIntentId: string) {
  const [row] = await (await getDb()).select().from(payments).where(eq(payments.paymentIntentId, paymentIntentId));
  return row!;
}
const stopsOn = async (date: string) => countActiveStops(await getDb(), 1, date, new Date());
async function lapse(ids: number[]) {
  await (await getDb()).update(appointments).set({ holdExpiresAt: new Date(Date.now() - 60_000) }).where(inArray(appointments.id, ids));
}
async function setCapacity(date: string, capacity: number) {
  await (await getDb()).insert(serviceDays).values({ branchId: 1, date, capacityOverride: capacity })
    .onConflictDoUpdate({ target: [serviceDays.branchId, serviceDays.date], set: { capacityOverride: capacity } });
}

beforeAll(async () => {
  ({ adminToken: jar.token } = await signInAdminAndTechnician());
  officeCustomer = await insertCustomer({ email: 'rain.office@example.com' });
  fridays = await getAvailableDates({ now: new Date(), stopsNeeded: 2 });
  expect(fridays.length).toBeGreaterThan(20);
});

describe('a hold paid after the office closed its Friday for rain', () => {
  it('lands on the Friday the rain day sent the day\'s visits to, and the payment page and the French receipt say so', async () => {
    const [date, to] = [fridays[0]!, fridays[1]!];
    const booking = await hold(date, { locale: 'fr' });
    await rainDay(date, to);
    expect(await stopsOn(date)).toBe(1);

    const paid = await payByCard(booking);
    expect(paid.status, await paid.clone().text()).toBe(200);

    const rows = await visits(booking.ids);
    expect(rows).toEqual([expect.objectContaining({ date: to, status: 'confirmed', holdExpiresAt: null, originalDate: date, rescheduledReason: 'weather' })]);
    // Nobody is booked on the closed day; the payment is the booking's snapshot, to the cent.
    expect(await stopsOn(date)).toBe(0);
    expect(await stopsOn(to)).toBe(2);
    const payment = await paymentRow(booking.paymentIntentId);
    expect(payment).toMatchObject({ status: 'succeeded', amount: 11187 });
    expect(rows[0]!.totalCents).toBe(payment.amount);

    expect(await paymentStatus(booking.paymentIntentId, 'fr')).toMatchObject({
      status: 'succeeded', success: true, bookingCancelled: false, serviceDate: to, movedForRain: [{ from: date, to }],
    });
    const [receipt] = await emails(booking.email, 'receipt');
    expect(receipt!.locale).toBe('fr');
    expect(receipt!.text).toContain(`Nous avons fermé le ${formatLongDate(date, 'fr')} pour cause de pluie avant l’arrivée de votre paiement\u00a0: votre visite aura donc lieu le ${formatLongDate(to, 'fr')}.`);
    expect(receipt!.text).not.toContain('complet');
    expect(receipt!.attachments).toHaveLength(1);

    // The rain-day button does not come back for it: nothing confirmed is left on the closed day.
    const again = await call(rainPreviewRoute, `/api/admin/rain-day?date=${date}`);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ reason: 'nothingToMove' });
  });

  describe('through Stripe\'s webhook, after its hold had lapsed', () => {
    const secret = 'whsec_rain_pay_test';
    const stripe = createStripeStub(secret);
    beforeAll(() => stripe.start());
    afterAll(() => stripe.stop());

    it('goes to the next Friday with room when the rain day\'s Friday has filled, once, whatever the redeliveries', async () => {
      const [date, to] = [fridays[2]!, fridays[3]!];
      const booking = await hold(date, { locale: 'es' });
      await rainDay(date, to);
      await setCapacity(to, await stopsOn(to));
      await lapse(booking.ids);
      const next = (await getAvailableDates({ now: new Date(), stopsNeeded: 1 })).find((d) => d > to)!;

      const event = stripeEvent(`evt_rain_${booking.bookingRef}`, 'payment_intent.succeeded', stripe.pay(booking.paymentIntentId));
      expect((await sendSignedStripeEvent(stripeWebhook, event, secret)).status).toBe(200);
      expect((await sendSignedStripeEvent(stripeWebhook, event, secret)).status).toBe(200);

      expect(await visits(booking.ids)).toEqual([expect.objectContaining({ date: next, status: 'confirmed', originalDate: date, rescheduledReason: 'weather' })]);
      expect(await stopsOn(date)).toBe(0);
      expect(await paymentStatus(booking.paymentIntentId, 'es')).toMatchObject({ success: true, serviceDate: next, movedForRain: [{ from: date, to: next }] });
      const receipts = await emails(booking.email, 'receipt');
      expect(receipts).toHaveLength(1);
      expect(receipts[0]!.text).toContain(`Cerramos el ${formatLongDate(date, 'es')} por lluvia antes de que llegara su pago, así que su visita será el ${formatLongDate(next, 'es')}.`);
      expect(receipts[0]!.text).not.toContain('ya está completo');
    });
  });

  it('a checkout opened after the rain day shows the new Friday and holds it before the customer pays', async () => {
    const [date, to] = [fridays[5]!, fridays[6]!];
    const booking = await hold(date);
    await rainDay(date, to);
    await lapse(booking.ids);

    const res = await openCheckout(booking.bookingRef);
    expect(res.status, await res.clone().text()).toBe(200);
    const again = (await res.json()) as Intent;
    expect(again.summary).toMatchObject({ dates: [to], movedForRain: [{ from: date, to }] });
    expect(again.paymentIntentId).toBe(booking.paymentIntentId);
    const [held] = await visits(booking.ids);
    expect(held).toMatchObject({ date: to, status: 'pending-payment', originalDate: date, rescheduledReason: 'weather' });
    expect(held!.holdExpiresAt!.getTime()).toBeGreaterThan(Date.now());
    expect(await stopsOn(to)).toBe(2);

    expect((await payByCard(booking)).status).toBe(200);
    expect(await visits(booking.ids)).toEqual([expect.objectContaining({ date: to, status: 'confirmed' })]);
    expect((await emails(booking.email, 'receipt'))[0]!.text).toContain(`We closed ${formatLongDate(date, 'en')} because of rain before your payment arrived, so your visit is on ${formatLongDate(to, 'en')} instead.`);
  });

  it('moves with the rain day\'s own visits when it is paid while the rain day runs, before the day closes', async () => {
    const [date, to] = [fridays[7]!, fridays[8]!];
    const booking = await hold(date);
    between.next = async () => {
      expect((await payByCard(booking)).status).toBe(200);
    };
    await rainDay(date, to);
    expect(between.next).toBeNull();
    expect(await visits(booking.ids)).toEqual([expect.objectContaining({ date: to, status: 'confirmed', rescheduledReason: 'weather' })]);
    expect(await stopsOn(date)).toBe(0);
  });
});

describe('a plan whose visit sits on the closed Friday', () => {
  it('moves that visit only within the plan\'s spacing; with no Friday there it waits for the office\'s call and the receipt says the day was closed for rain', async () => {
    const start = (await getAvailableDates({ now: new Date(), serviceType: 'tick-seasonal', stopsNeeded: 1 })).find((d) => d >= fridays[12]!)!;
    const date = addCalendarDays(start, 21);
    const booking = await hold(start, { serviceType: 'tick-seasonal', locale: 'de' });
    expect((await visits(booking.ids)).map((v) => v.date)).toEqual([start, date, addCalendarDays(start, 42)]);
    // The office sends the day two weeks on: a week from the plan's next visit, too close for it.
    await rainDay(date, addCalendarDays(date, 14));

    expect((await payByCard(booking)).status).toBe(200);
    const rows = await visits(booking.ids);
    expect(rows.map((v) => [v.date, v.status])).toEqual([[start, 'confirmed'], [date, 'expired'], [addCalendarDays(start, 42), 'confirmed']]);
    expect(await stopsOn(date)).toBe(0);
    const receipt = (await emails(booking.email, 'receipt'))[0]!;
    expect(receipt.text).toContain(`Wir haben den ${formatLongDate(date, 'de')} wegen Regens geschlossen, bevor Ihre Zahlung einging, und an keinem anderen Freitag war Platz für diesen Besuch.`);
    expect(receipt.text).not.toContain('ausgebucht');
    const [alert] = (await (await getDb()).select().from(emailOutbox).where(eq(emailOutbox.kind, 'staff-notification'))).filter((e) => e.subject.includes(booking.bookingRef));
    expect(alert!.text).toContain(`on ${date}: closed for rain`);
  });

  it('moves it to the Friday the rain day chose when that keeps the plan\'s spacing', async () => {
    const start = (await getAvailableDates({ now: new Date(), serviceType: 'tick-seasonal', stopsNeeded: 1 })).find((d) => d >= fridays[13]!)!;
    const date = addCalendarDays(start, 21);
    const booking = await hold(start, { serviceType: 'tick-seasonal' });
    await rainDay(date, addCalendarDays(date, 7));
    expect((await payByCard(booking)).status).toBe(200);
    expect((await visits(booking.ids)).map((v) => [v.date, v.status])).toEqual([
      [start, 'confirmed'], [addCalendarDays(date, 7), 'confirmed'], [addCalendarDays(start, 42), 'confirmed'],
    ]);
  });
});

describe('a closed Friday that no other Friday of the season can replace', () => {
  let date = '';
  let german: Awaited<ReturnType<typeof hold>>;
  let spanish: Awaited<ReturnType<typeof hold>>;
  // The season's last Friday: the rain day sends its visits back a week, and nothing after it is left.
  beforeAll(async () => {
    date = fridays.at(-1)!;
    german = await hold(date, { locale: 'de' });
    spanish = await hold(date, { locale: 'es' });
    await rainDay(date, fridays.at(-2)!);
  });

  it('refunds a payment in full, cancels the booking and says the day was closed for rain (German), once', async () => {
    const booking = german;
    expect((await payByCard(booking)).status).toBe(200);
    const payment = await paymentRow(booking.paymentIntentId);
    expect(payment).toMatchObject({ status: 'succeeded', amount: 11187 });
    const written = await (await getDb()).select().from(refunds).where(eq(refunds.paymentId, payment.id));
    expect(written).toEqual([expect.objectContaining({ amountCents: 11187, status: 'succeeded', reason: 'Friday closed for rain before payment, no other Friday with room' })]);
    expect(await visits(booking.ids)).toEqual([expect.objectContaining({ date, status: 'cancelled' })]);
    // Only the other, unpaid hold is left on the closed day.
    expect(await stopsOn(date)).toBe(1);

    expect(await paymentStatus(booking.paymentIntentId, 'de')).toMatchObject({
      success: false, bookingCancelled: true, bookingEnd: 'closed', refundedCents: 11187, movedForRain: [],
      message: 'Wir haben den von Ihnen gebuchten Freitag wegen Regens geschlossen, bevor Ihre Zahlung einging, und an keinem anderen Freitag dieser Saison ist noch Platz für Ihren Besuch. Die Buchung findet daher nicht statt. Wir erstatten Ihre Zahlung in voller Höhe (111,87\u00a0$) auf die Karte, mit der Sie bezahlt haben; der Betrag wird Ihrem Konto innerhalb von 10 Werktagen gutgeschrieben.',
    });
    const told = await emails(booking.email, 'booking-cancelled');
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain(`Wir haben den ${formatLongDate(date, 'de')}, den Freitag Ihrer Buchung ${booking.bookingRef}, wegen Regens geschlossen`);
    expect(await emails(booking.email, 'receipt')).toEqual([]);
    const alerts = (await (await getDb()).select().from(emailOutbox).where(eq(emailOutbox.kind, 'staff-notification'))).filter((e) => e.subject.includes(booking.bookingRef));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.subject).toContain('closed for rain');

    // The provider tells it again: nothing more is refunded or sent.
    expect((await markPaymentSucceeded(booking.paymentIntentId, { source: 'webhook', amountCents: 11187 })).applied).toBe(false);
    expect(await (await getDb()).select().from(refunds).where(eq(refunds.paymentId, payment.id))).toHaveLength(1);
  });

  it('refuses a lapsed checkout with the day closed for rain and what to do, not "filled up" (Spanish), charging nothing', async () => {
    const booking = spanish;
    await lapse(booking.ids);
    const res = await openCheckout(booking.bookingRef, 'es');
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({
      code: 'day_full', reason: 'closed', closedDates: [date],
      message: `Cerramos el ${formatLongDate(date, 'es')} por lluvia y ningún otro viernes de esta temporada tiene lugar para su visita. No se le cobró nada. Llámenos al (905) 555-0134 y buscaremos una solución con usted.`,
    });
    expect(await visits(booking.ids)).toEqual([expect.objectContaining({ date, status: 'pending-payment' })]);
    expect((await paymentRow(booking.paymentIntentId)).status).not.toBe('succeeded');
  });
});

describe('a new booking for a Friday closed for rain', () => {
  it('is refused with the reason and the next open Friday, in French', async () => {
    const [date, to] = [fridays[9]!, fridays[10]!];
    await rainDay(date, to);
    const next = (await getAvailableDates({ now: new Date(), serviceType: 'onetime' })).find((d) => d > date)!;
    const res = await call(createAppointment, '/api/appointments', {
      locale: 'fr',
      body: {
        serviceType: 'onetime', propertySize: 0.25, firstName: 'Rosa', lastName: 'Lluvia', email: `closed-${randomUUID().slice(0, 8)}@example.com`,
        phone: '905-555-0101', address: '12 King St W', city: 'Hamilton', postalCode: 'L8P 1A1', date, status: 'pending-payment', locale: 'fr',
      },
    });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({
      code: 'day_full', reason: 'closed', fullDates: [date], nextDate: next,
      message: `Désolé, ce vendredi est fermé aux réservations. Le prochain vendredi libre est le ${formatLongDate(next, 'fr')}.`,
    });
  });
});

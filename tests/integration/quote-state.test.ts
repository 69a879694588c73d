/**
 * A quote's state after the booking made from it is cancelled (docs/decisions/0073), through the
 * route handlers on a real database: the quote is booked and paid from its own link, then cancelled
 * by the office or by the customer through their booking's link. /quotes-admin's card, its state
 * filter, the customer page, SPEC's GET /api/quotes and the office's follow-up all read "Booking
 * cancelled" with when and by whom, and "Booked" again once a booking made again from the quote is
 * paid. A booking made from it and never paid: held, lapsed, or cancelled before it was paid (0080,
 * 0087), each card naming that booking. Also the exact address filter a customer page links to,
 * and the plans of both.
 */
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { appointments } from '@/db/schema/appointments';
import { unsubscribedAddresses } from '@/db/schema/customers';
import { quotes } from '@/db/schema/quotes';
import { markExpiredHolds } from '@/features/booking/appointment.repository';
import { cancelForCustomer } from '@/features/manage-booking/manage-booking.service';
import { createManageToken } from '@/features/manage-booking/manage-link';
import { TEST_CARDS } from '@/features/payments/test-cards';
import { QUOTE_STATES } from '@/features/quotes/quote-state';
import { getAvailableDates } from '@/features/scheduling/available-dates.service';
import { selectQuotePage } from '@/features/staff-dashboard/dashboard.repository';
import { loadCustomerDetails } from '@/features/staff-dashboard/dashboard.service';
import { cancelBookingAsStaff } from '../support/cancellations';
import { type Handler, jsonPoster } from '../support/handlers';
import { insertCustomer } from '../support/records';
import { explainWithoutSeqScans } from '../support/sql';
import { signInAdminAndTechnician } from '../support/staff-sessions';

// Staff handlers read the session cookie through next/headers; outside Next the test holds the jar.
const jar = vi.hoisted(() => ({ token: undefined as string | undefined }));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (jar.token ? { name, value: jar.token } : undefined) }),
}));

const { GET: listRoute } = (await import('@/app/api/admin/quotes/route')) as unknown as { GET: Handler };
const { GET: specListRoute } = (await import('@/app/api/quotes/route')) as unknown as { GET: Handler };
const { GET: previewRoute, POST: followUpRoute } = (await import('@/app/api/admin/quotes/[id]/follow-up/route')) as unknown as { GET: Handler; POST: Handler };
const { POST: cancelRoute } = (await import('@/app/api/admin/bookings/[bookingRef]/cancel/route')) as unknown as { POST: Handler };
const { POST: sendQuoteRoute } = (await import('@/app/api/send-quote/route')) as unknown as { POST: Handler };
const { POST: createAppointment } = (await import('@/app/api/appointments/route')) as unknown as { POST: Handler };
const { POST: createIntent } = (await import('@/app/api/create-payment-intent/route')) as unknown as { POST: Handler };
const { POST: confirmCard } = (await import('@/app/api/test-gateway/confirm/route')) as unknown as { POST: Handler };
const { GET: exportRoute } = (await import('@/app/api/admin/customers/[id]/personal-data/route')) as unknown as { GET: Handler };

const post = jsonPoster(183);
const DAY = 24 * 3_600_000;
let adminToken = '';
let fridays: string[] = [];
let seasonalStarts: string[] = [];
let senders = 0;
const PLACE = { address: '12 King St W', city: 'Hamilton', postalCode: 'L8P 1A1' };

type Quote = { id: number; email: string; totalCents: number; serviceType: string };
type Card = {
  id: number; status: string; customerEmail: string | null;
  cancelledBooking: { bookingRef: string | null; cancelledAt: string | null; cancelledBy: string | null; carriedOut: boolean } | null;
  unpaidBooking: { bookingRef: string; customerId: number | null; holdExpiresAt: string | null; cancelledAt: string | null; cancelledBy: string | null; timeZone: string } | null;
};

/** The hold time and customer of a booking's first visit, as stored. */
async function readVisit(id: number) {
  const [visit] = await (await getDb()).select({ holdExpiresAt: appointments.holdExpiresAt, customerId: appointments.customerId }).from(appointments).where(eq(appointments.id, id));
  return visit!;
}

/** A quote the customer asked for in the calculator, made three days ago (so a follow-up is not refused as too soon). */
async function makeQuote(email: string, serviceType = 'onetime'): Promise<Quote> {
  jar.token = undefined;
  const res = await sendQuoteRoute(new Request('http://localhost/api/send-quote', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.183.200.${(senders += 1)}` },
    body: JSON.stringify({
      name: 'Maya Brooks', email, phone: '905-555-0183',
      quoteDetails: { serviceType, propertySize: 0.25, includeTick: false, includeTargetedInsects: false, ...PLACE },
    }),
  }), { params: Promise.resolve({}) });
  expect(res.status, await res.clone().text()).toBe(200);
  const { quoteId } = (await res.json()) as { quoteId: number };
  const db = await getDb();
  await db.update(quotes).set({ createdAt: new Date(Date.now() - 3 * DAY) }).where(eq(quotes.id, quoteId));
  const [row] = await db.select({ totalCents: quotes.totalCents }).from(quotes).where(eq(quotes.id, quoteId));
  jar.token = adminToken;
  return { id: quoteId, email, totalCents: row!.totalCents, serviceType };
}

/** Books from the quote's page (its options and id) on `date`, and pays with the test card unless told not to. */
async function bookFromQuote(quote: Quote, date: string, options: { pay?: boolean } = {}) {
  const created = await post(createAppointment, '/api/appointments', {
    serviceType: quote.serviceType, propertySize: 0.25, quoteId: quote.id, firstName: 'Maya', lastName: 'Brooks', email: quote.email,
    phone: '905-555-0183', ...PLACE, date, status: 'pending-payment',
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const { appointmentId, bookingRef, appointments: visits } = (await created.json()) as { appointmentId: number; bookingRef: string; appointments: { id: number }[] };
  if (options.pay !== false) await payBooking(appointmentId, bookingRef);
  return { appointmentId, bookingRef, ids: visits.map((v) => v.id) };
}

/** Pays a booking with the test card, as its checkout page does. */
async function payBooking(appointmentId: number, bookingRef: string) {
  const intent = (await (await post(createIntent, '/api/create-payment-intent', { appointmentId, bookingRef })).json()) as { paymentIntentId: string; clientSecret: string };
  const paid = await post(confirmCard, '/api/test-gateway/confirm', { ...intent, number: TEST_CARDS.success, expiry: '12/34', cvc: '123' });
  expect(paid.status, await paid.clone().text()).toBe(200);
}

async function readCards(query: string): Promise<Card[]> {
  const res = await listRoute(new Request(`http://localhost/api/admin/quotes?limit=500&${query}`), { params: Promise.resolve({}) });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.quotes as Card[];
}
const readCard = async (quote: Quote) => (await readCards(`q=${quote.id}`))[0]!;
const idsOf = (cards: Card[]) => cards.map((c) => c.id);

function followUp(method: 'GET' | 'POST', id: number, body?: unknown) {
  const handler = method === 'GET' ? previewRoute : followUpRoute;
  return handler(new Request(`http://localhost/api/admin/quotes/${id}/follow-up`, {
    method,
    headers: { cookie: 'NEXT_LOCALE=en', ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  }), { params: Promise.resolve({ id: String(id) }) });
}

/** Staff cancel the booking as from the customer page, and it succeeds. */
async function cancelAsOffice(bookingRef: string) {
  const res = await cancelBookingAsStaff(cancelRoute, bookingRef, { reason: 'Customer called to cancel' });
  expect(res.status, await res.clone().text()).toBe(200);
}

beforeAll(async () => {
  ({ adminToken } = await signInAdminAndTechnician());
  jar.token = adminToken;
  const now = new Date();
  // Later Fridays first: well past the customer's change cut-off.
  fridays = [...(await getAvailableDates({ now, stopsNeeded: 2 }))].reverse();
  seasonalStarts = await getAvailableDates({ now, serviceType: 'seasonal' });
  expect(fridays.length).toBeGreaterThan(10);
});

describe('a quote whose booking is cancelled', () => {
  it('reads "Booked" while its paid booking goes ahead, then "Booking cancelled" with when and by the office, everywhere the office looks', async () => {
    const customerId = await insertCustomer({ firstName: 'Maya', lastName: 'Brooks', email: 'maya.office@example.com' });
    const quote = await makeQuote('maya.office@example.com');
    const booking = await bookFromQuote(quote, fridays[0]!);

    expect(await readCard(quote)).toMatchObject({ status: 'booked', cancelledBooking: null });
    expect(idsOf(await readCards('status=booked'))).toContain(quote.id);
    const booked = await followUp('POST', quote.id, { expectedTotalCents: quote.totalCents });
    expect(booked.status).toBe(409);
    expect((await booked.json()).reason).toBe('booked');

    const before = Date.now();
    await cancelAsOffice(booking.bookingRef);
    const card = await readCard(quote);
    expect(card).toMatchObject({ status: 'booking-cancelled', cancelledBooking: { bookingRef: booking.bookingRef, cancelledBy: 'office', carriedOut: false } });
    const cancelledAt = Date.parse(card.cancelledBooking!.cancelledAt!);
    expect(cancelledAt).toBeGreaterThanOrEqual(before - 1000);
    expect(cancelledAt).toBeLessThanOrEqual(Date.now());
    // The stored row still says booked: the state is read from the booking, not written twice.
    const [stored] = await (await getDb()).select({ status: quotes.status }).from(quotes).where(eq(quotes.id, quote.id));
    expect(stored!.status).toBe('booked');

    // The state filter follows the state shown, not the stored status.
    expect(idsOf(await readCards('status=booked'))).not.toContain(quote.id);
    const cancelledCards = await readCards('status=booking-cancelled');
    expect(idsOf(cancelledCards)).toContain(quote.id);
    expect(cancelledCards.every((c) => c.status === 'booking-cancelled')).toBe(true);

    // The customer page's row and SPEC's list API say the same.
    const details = await loadCustomerDetails(customerId);
    expect(details?.quotes.find((q) => q.id === quote.id)).toMatchObject({ status: 'booking-cancelled', cancelledBooking: card.cancelledBooking });
    const spec = await specListRoute(new Request('http://localhost/api/quotes'), { params: Promise.resolve({}) });
    expect(((await spec.json()) as { id: number; status: string }[]).find((q) => q.id === quote.id)?.status).toBe('booking-cancelled');
  });

  it('is an open lead again: the office may follow it up, still under the unsubscribe rule, and it keeps saying the booking was cancelled', async () => {
    const quote = await makeQuote('maya.lead@example.com');
    const booking = await bookFromQuote(quote, fridays[1]!);
    await cancelAsOffice(booking.bookingRef);

    const preview = await (await followUp('GET', quote.id)).json();
    expect(preview).toMatchObject({ quoteId: quote.id, to: 'maya.lead@example.com', refusal: null });
    const res = await followUp('POST', quote.id, { expectedTotalCents: preview.currentTotalCents });
    const sent = await res.json();
    expect(res.status, JSON.stringify(sent)).toBe(200);
    // The card takes the answer as its state: still "Booking cancelled", not "Sent".
    expect(sent).toMatchObject({ status: 'booking-cancelled', followUpCount: 1 });
    expect(await readCard(quote)).toMatchObject({ status: 'booking-cancelled', followUpCount: 1, cancelledBooking: { bookingRef: booking.bookingRef } });

    // Another lead whose address unsubscribed from a quote email (0066): refused as any other.
    const other = await makeQuote('maya.unsubscribed@example.com');
    const otherBooking = await bookFromQuote(other, fridays[2]!);
    await cancelAsOffice(otherBooking.bookingRef);
    await (await getDb()).insert(unsubscribedAddresses).values({ address: 'maya.unsubscribed@example.com', unsubscribedAt: new Date(Date.now() - DAY) });
    const refused = await followUp('POST', other.id, { expectedTotalCents: other.totalCents });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ reason: 'unsubscribed' });
  });

  it('says the customer cancelled it when they did so through their booking\'s link', async () => {
    const quote = await makeQuote('maya.self@example.com');
    const booking = await bookFromQuote(quote, fridays[3]!);
    await cancelForCustomer(createManageToken({ bookingRef: booking.bookingRef, generation: 0 }), { clientIp: '10.183.250.1' });
    expect(await readCard(quote)).toMatchObject({ status: 'booking-cancelled', cancelledBooking: { bookingRef: booking.bookingRef, cancelledBy: 'customer', carriedOut: false } });
  });

  it('is booked again once a booking made again from the same quote is paid, not while it is only held', async () => {
    const quote = await makeQuote('maya.again@example.com');
    const first = await bookFromQuote(quote, fridays[4]!);
    await cancelAsOffice(first.bookingRef);

    // Held but not paid: the lead is not won yet.
    const held = await bookFromQuote(quote, fridays[5]!, { pay: false });
    expect(await readCard(quote)).toMatchObject({ status: 'booking-cancelled', cancelledBooking: { bookingRef: first.bookingRef } });
    expect(held.bookingRef).not.toBe(first.bookingRef);

    const again = await bookFromQuote(quote, fridays[6]!);
    expect(again.bookingRef).not.toBe(first.bookingRef);
    expect(await readCard(quote)).toMatchObject({ status: 'booked', cancelledBooking: null });
    expect((await (await followUp('GET', quote.id)).json()).refusal).toMatchObject({ reason: 'booked' });

    // Cancelled again: the latest cancellation is the one named.
    await cancelAsOffice(again.bookingRef);
    expect(await readCard(quote)).toMatchObject({ status: 'booking-cancelled', cancelledBooking: { bookingRef: again.bookingRef } });
  });

  it('is no open lead when a visit was carried out before the cancellation: the follow-up is refused and says why', async () => {
    const quote = await makeQuote('maya.served@example.com', 'seasonal');
    const booking = await bookFromQuote(quote, seasonalStarts[0]!);
    expect(booking.ids).toHaveLength(5);
    await (await getDb()).update(appointments).set({ status: 'completed', completedAt: new Date() }).where(eq(appointments.id, booking.ids[0]!));
    await cancelAsOffice(booking.bookingRef);

    expect(await readCard(quote)).toMatchObject({ status: 'booking-cancelled', cancelledBooking: { bookingRef: booking.bookingRef, cancelledBy: 'office', carriedOut: true } });
    const res = await followUp('POST', quote.id, { expectedTotalCents: quote.totalCents });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({
      reason: 'carried_out',
      message: 'A visit booked from this quote was carried out before the booking was cancelled: the customer was served. Call them instead of sending the quote again.',
    });
  });
});

describe('a quote whose booking was never paid (0080)', () => {
  it('says the checkout was started and not paid while its hold runs, everywhere the office looks, and "Booked" once it is paid', async () => {
    const customerId = await insertCustomer({ firstName: 'Maya', lastName: 'Brooks', email: 'maya.checkout@example.com' });
    const quote = await makeQuote('maya.checkout@example.com');
    expect(await readCard(quote)).toMatchObject({ status: 'sent', cancelledBooking: null });

    const held = await bookFromQuote(quote, fridays[7]!, { pay: false });
    const visit = await readVisit(held.appointmentId);
    // The card names the booking, links its customer's page, and says until when it is held (0087).
    expect(await readCard(quote)).toMatchObject({
      status: 'checkout-started', cancelledBooking: null,
      unpaidBooking: { bookingRef: held.bookingRef, customerId: visit.customerId, holdExpiresAt: visit.holdExpiresAt!.toISOString(), cancelledAt: null, timeZone: 'America/Toronto' },
    });
    expect(visit.customerId).toBe(customerId);
    expect(idsOf(await readCards('status=checkout-started'))).toContain(quote.id);
    expect(idsOf(await readCards('status=sent'))).not.toContain(quote.id);
    expect((await loadCustomerDetails(customerId))?.quotes.find((q) => q.id === quote.id)?.status).toBe('checkout-started');
    const spec = await specListRoute(new Request('http://localhost/api/quotes'), { params: Promise.resolve({}) });
    expect(((await spec.json()) as { id: number; status: string }[]).find((q) => q.id === quote.id)?.status).toBe('checkout-started');
    // The stored row still says sent: the state is read from the booking.
    const [stored] = await (await getDb()).select({ status: quotes.status }).from(quotes).where(eq(quotes.id, quote.id));
    expect(stored!.status).toBe('sent');

    await payBooking(held.appointmentId, held.bookingRef);
    expect(await readCard(quote)).toMatchObject({ status: 'booked', unpaidBooking: null });
    expect(idsOf(await readCards('status=checkout-started'))).not.toContain(quote.id);
  });

  it('says the hold expired once it ran out, before and after the expiry worker marks it, and the lead may be followed up', async () => {
    const customerId = await insertCustomer({ firstName: 'Maya', lastName: 'Brooks', email: 'maya.lapsed@example.com' });
    const quote = await makeQuote('maya.lapsed@example.com');
    const held = await bookFromQuote(quote, fridays[8]!, { pay: false });
    const db = await getDb();

    // The hold's time passed; the worker has not run yet.
    const lapsedAt = new Date(Date.now() - 60_000);
    await db.update(appointments).set({ holdExpiresAt: lapsedAt }).where(inArray(appointments.id, held.ids));
    expect(await readCard(quote)).toMatchObject({ status: 'hold-expired', cancelledBooking: null, unpaidBooking: { bookingRef: held.bookingRef, holdExpiresAt: lapsedAt.toISOString() } });
    expect(await markExpiredHolds(db, new Date())).toEqual(expect.arrayContaining(held.ids));
    expect(await readCard(quote)).toMatchObject({ status: 'hold-expired' });
    expect(idsOf(await readCards('status=hold-expired'))).toContain(quote.id);
    expect(idsOf(await readCards('status=sent'))).not.toContain(quote.id);
    expect((await loadCustomerDetails(customerId))?.quotes.find((q) => q.id === quote.id)?.status).toBe('hold-expired');

    // An open lead: the follow-up goes, and the card keeps saying what became of the checkout.
    const res = await followUp('POST', quote.id, { expectedTotalCents: quote.totalCents });
    const sent = await res.json();
    expect(res.status, JSON.stringify(sent)).toBe(200);
    expect(sent).toMatchObject({ status: 'hold-expired', followUpCount: 1 });
    expect(await readCard(quote)).toMatchObject({ status: 'hold-expired', followUpCount: 1 });
  });
});

describe('a quote whose booking was cancelled before it was paid (0087)', () => {
  it('says the checkout was cancelled, by whom and when, everywhere the office looks; the lead may be followed up and the quote books again', async () => {
    const customerId = await insertCustomer({ firstName: 'Maya', lastName: 'Brooks', email: 'maya.dropped@example.com' });
    const quote = await makeQuote('maya.dropped@example.com');
    const held = await bookFromQuote(quote, fridays[11]!, { pay: false });
    await cancelAsOffice(held.bookingRef);

    const card = await readCard(quote);
    expect(card).toMatchObject({
      status: 'checkout-cancelled', cancelledBooking: null,
      unpaidBooking: { bookingRef: held.bookingRef, customerId, holdExpiresAt: null, cancelledBy: 'office', timeZone: 'America/Toronto' },
    });
    expect(Date.now() - Date.parse(card.unpaidBooking!.cancelledAt!)).toBeLessThan(60_000);
    expect(idsOf(await readCards('status=checkout-cancelled'))).toContain(quote.id);
    for (const other of ['sent', 'checkout-started', 'hold-expired', 'booking-cancelled']) expect(idsOf(await readCards(`status=${other}`))).not.toContain(quote.id);
    const row = (await loadCustomerDetails(customerId))?.quotes.find((q) => q.id === quote.id);
    expect(row).toMatchObject({ status: 'checkout-cancelled', unpaidBooking: { bookingRef: held.bookingRef, cancelledBy: 'office' } });
    const spec = await specListRoute(new Request('http://localhost/api/quotes'), { params: Promise.resolve({}) });
    expect(((await spec.json()) as { id: number; status: string }[]).find((q) => q.id === quote.id)?.status).toBe('checkout-cancelled');

    // An open lead: "Send again" goes, and the card still says what became of the checkout.
    const res = await followUp('POST', quote.id, { expectedTotalCents: quote.totalCents });
    const sent = await res.json();
    expect(res.status, JSON.stringify(sent)).toBe(200);
    expect(sent).toMatchObject({ status: 'checkout-cancelled', followUpCount: 1 });

    // The customer books from the same link again: held, then booked once paid.
    const again = await bookFromQuote(quote, fridays[12]!, { pay: false });
    expect(await readCard(quote)).toMatchObject({ status: 'checkout-started', unpaidBooking: { bookingRef: again.bookingRef } });
    await payBooking(again.appointmentId, again.bookingRef);
    expect(await readCard(quote)).toMatchObject({ status: 'booked', unpaidBooking: null });

    // The customer's own file says what the office reads: another quote's checkout, cancelled unpaid.
    const dropped = await makeQuote('maya.dropped@example.com');
    await cancelAsOffice((await bookFromQuote(dropped, fridays[13]!, { pay: false })).bookingRef);
    const exported = await exportRoute(new Request(`http://localhost/api/admin/customers/${customerId}/personal-data`), { params: Promise.resolve({ id: String(customerId) }) });
    expect(((await exported.json()) as { quotes: { id: number; status: string }[] }).quotes.find((q) => q.id === dropped.id)?.status).toBe('checkout-cancelled');
  });
});

describe('a quote whose unpaid booking the office confirmed by hand (0097)', () => {
  it('reads "Booked" as after a card payment, on the card, under its filter only, on the customer page, SPEC\'s list and the export', async () => {
    const customerId = await insertCustomer({ firstName: 'Maya', lastName: 'Brooks', email: 'maya.cheque@example.com' });
    const quote = await makeQuote('maya.cheque@example.com');
    const held = await bookFromQuote(quote, fridays[14]!, { pay: false });
    expect(await readCard(quote)).toMatchObject({ status: 'checkout-started' });

    // Paid by cheque: the office confirms the visits without a card payment (no payment row names the quote).
    await (await getDb()).update(appointments).set({ status: 'confirmed', holdExpiresAt: null }).where(inArray(appointments.id, held.ids));

    expect(await readCard(quote)).toMatchObject({ status: 'booked', unpaidBooking: null, cancelledBooking: null });
    expect(idsOf(await readCards('status=booked'))).toContain(quote.id);
    for (const other of ['sent', 'checkout-started', 'hold-expired', 'checkout-cancelled', 'booking-cancelled']) expect(idsOf(await readCards(`status=${other}`))).not.toContain(quote.id);
    expect((await loadCustomerDetails(customerId))?.quotes.find((q) => q.id === quote.id)).toMatchObject({ status: 'booked', unpaidBooking: null });
    const spec = await specListRoute(new Request('http://localhost/api/quotes'), { params: Promise.resolve({}) });
    expect(((await spec.json()) as { id: number; status: string }[]).find((q) => q.id === quote.id)?.status).toBe('booked');
    const exported = await exportRoute(new Request(`http://localhost/api/admin/customers/${customerId}/personal-data`), { params: Promise.resolve({ id: String(customerId) }) });
    expect(((await exported.json()) as { quotes: { id: number; status: string }[] }).quotes.find((q) => q.id === quote.id)?.status).toBe('booked');
    // Booked is no open lead: "Send again" is refused as for a quote paid by card.
    expect((await followUp('POST', quote.id, { expectedTotalCents: quote.totalCents })).status).toBe(409);

    // Carried out, it is still booked.
    await (await getDb()).update(appointments).set({ status: 'completed' }).where(inArray(appointments.id, held.ids));
    expect(await readCard(quote)).toMatchObject({ status: 'booked' });
  });
});

describe('the personal-data export (0049, 0080)', () => {
  it('gives each quote the state the office is shown, not the status stored on it', async () => {
    const customerId = await insertCustomer({ firstName: 'Maya', lastName: 'Brooks', email: 'maya.export@example.com' });
    const cancelled = await makeQuote('maya.export@example.com');
    await cancelAsOffice((await bookFromQuote(cancelled, fridays[9]!)).bookingRef);
    const unpaid = await makeQuote('maya.export@example.com');
    await bookFromQuote(unpaid, fridays[10]!, { pay: false });
    const untouched = await makeQuote('maya.export@example.com');

    const res = await exportRoute(new Request(`http://localhost/api/admin/customers/${customerId}/personal-data`), { params: Promise.resolve({ id: String(customerId) }) });
    expect(res.status, await res.clone().text()).toBe(200);
    const exported = ((await res.json()) as { quotes: { id: number; status: string }[] }).quotes;
    const cards = await readCards('email=maya.export@example.com');
    const byId = (list: { id: number; status: string }[]) => Object.fromEntries(list.map((q) => [q.id, q.status]));
    expect(byId(exported)).toEqual({ [cancelled.id]: 'booking-cancelled', [unpaid.id]: 'checkout-started', [untouched.id]: 'sent' });
    expect(byId(exported)).toEqual(byId(cards));
  });
});

describe('the state filter', () => {
  it('splits every quote by the state its card shows: each quote under exactly one state, its own', async () => {
    const all = await readCards('');
    expect(new Set(all.map((c) => c.status))).toEqual(new Set(QUOTE_STATES.filter((s) => s !== 'pending')));
    const filtered = (await Promise.all(QUOTE_STATES.map(async (state) => (await readCards(`status=${state}`)).map((c) => [c.id, state] as const)))).flat();
    expect(Object.fromEntries(filtered)).toEqual(Object.fromEntries(all.map((c) => [c.id, c.status])));
    expect(filtered).toHaveLength(all.length);
  });
});

describe('the quotes sent to one address exactly (a customer page\'s "more")', () => {
  it('lists that address in any case and with spaces, and nobody whose address only contains it, with the state filter and paging', async () => {
    const db = await getDb();
    const base = { serviceType: 'onetime', propertySize: 0.5, totalPrice: 150, subtotalCents: 15_000, taxCents: 1950, totalCents: 16_950, customerName: 'Ana Exact' };
    const rows = await db.insert(quotes).values([
      ...Array.from({ length: 5 }, (_, i) => ({ ...base, token: `exact-ana-${i}-abcdefghij`, customerEmail: i % 2 ? '  ANA@exact.example ' : 'ana@exact.example', status: i === 4 ? 'pending' : 'sent' })),
      { ...base, token: 'exact-xana-abcdefghij', customerEmail: 'xana@exact.example', status: 'sent' },
      { ...base, token: 'exact-ana2-abcdefghij', customerEmail: 'ana@exact.example.org', status: 'sent' },
    ]).returning({ id: quotes.id, email: quotes.customerEmail });
    const ana = rows.filter((r) => r.email?.trim().toLowerCase() === 'ana@exact.example').map((r) => r.id).reverse();

    expect(idsOf(await readCards('email=Ana%40Exact.example'))).toEqual(ana);
    // The word search the link used to open also finds the others.
    expect(idsOf(await readCards('q=ana%40exact.example')).length).toBeGreaterThan(ana.length);
    expect(idsOf(await readCards('email=ana%40exact.example&status=pending'))).toEqual([ana[0]]);
    // Page after page, the same five.
    const first = await listRoute(new Request('http://localhost/api/admin/quotes?email=ana%40exact.example&limit=2'), { params: Promise.resolve({}) });
    const page = await first.json();
    expect(idsOf(page.quotes)).toEqual(ana.slice(0, 2));
    const next = await listRoute(new Request(`http://localhost/api/admin/quotes?email=ana%40exact.example&limit=10&cursor=${encodeURIComponent(page.nextCursor)}`), { params: Promise.resolve({}) });
    expect(idsOf((await next.json()).quotes)).toEqual(ana.slice(2));

    const tooLong = await listRoute(new Request(`http://localhost/api/admin/quotes?email=${'x'.repeat(255)}`, { headers: { cookie: 'NEXT_LOCALE=fr' } }), { params: Promise.resolve({}) });
    expect(tooLong.status).toBe(400);
  });
});

describe('the queries', () => {
  it('read an address through quotes_email_key_idx and each quote\'s paid bookings through their indexes, never every row', async () => {
    const plan = await explainWithoutSeqScans((tx) => ({
      address: selectQuotePage(tx, { limit: 101, email: 'Ana@exact.example', now: new Date() }),
      state: selectQuotePage(tx, { limit: 101, status: 'booking-cancelled', now: new Date() }),
    }));
    expect(plan.address).toContain('quotes_email_key_idx');
    for (const [name, text] of Object.entries(plan)) {
      expect(text, name).toContain('payments_quote_idx');
      expect(text, name).toContain('appointments_booking_ref_idx');
      expect(text, name).not.toContain('Seq Scan');
      // The quotes come in an index's order; the only sort is within one quote's paid bookings.
      expect(text, name).not.toMatch(/Sort Key: .*created_at/);
    }
    expect(plan.state).toContain('quotes_created_at_id_idx');
  });
});

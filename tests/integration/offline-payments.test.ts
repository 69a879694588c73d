/**
 * Money the office takes by hand (docs/decisions/0103), through the route handlers on a real
 * database: "Record a payment" on an unpaid booking (cash, cheque, e-transfer) writes one succeeded
 * payment with its method, reference and who recorded it, confirms the visits as a card payment
 * does, queues the receipt saying how it was paid, and counts in the dashboard's revenue, the
 * Payments tab, the payments CSV and the period totals. The amount must be the booking's price to
 * the cent; a paid or cancelled booking is refused; one press is one payment, also when two arrive
 * at once. Cancelled, its refund waits for the office to hand the money back, then counts on that day.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { appointments } from '@/db/schema/appointments';
import { emailOutbox } from '@/db/schema/messages';
import { payments } from '@/db/schema/payments';
import { refunds } from '@/db/schema/refunds';
import { loadCustomerBookings } from '@/features/cancellations/cancellation.service';
import { loadManagedBooking } from '@/features/manage-booking/manage-booking.service';
import { createManageToken } from '@/features/manage-booking/manage-link';
import { confirmTestPayment, createPaymentIntentForBooking } from '@/features/payments/payment.service';
import { TEST_CARDS } from '@/features/payments/test-cards';
import { loadStaffReceipt } from '@/features/receipts/receipt.service';
import { findToday, addCalendarDays } from '@/features/scheduling/available-dates';
import { getAvailableDates } from '@/features/scheduling/available-dates.service';
import { cancelBookingAsStaff } from '../support/cancellations';
import { type Handler, jsonPoster, noParams } from '../support/handlers';
import { signInAdminAndTechnician, signInOffice } from '../support/staff-sessions';

const jar = vi.hoisted(() => ({ token: undefined as string | undefined }));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (jar.token ? { name, value: jar.token } : undefined) }),
}));

const { POST: recordRoute } = (await import('@/app/api/admin/bookings/[bookingRef]/offline-payment/route')) as unknown as { POST: Handler };
const { POST: handBackRoute } = (await import('@/app/api/admin/bookings/[bookingRef]/refunds/[refundId]/handed-back/route')) as unknown as { POST: Handler };
const { POST: retryRoute } = (await import('@/app/api/admin/bookings/[bookingRef]/refunds/[refundId]/retry/route')) as unknown as { POST: Handler };
const { POST: cancelRoute } = (await import('@/app/api/admin/bookings/[bookingRef]/cancel/route')) as unknown as { POST: Handler };
const { POST: createAppointment } = (await import('@/app/api/appointments/route')) as unknown as { POST: Handler };
const { POST: sendQuoteRoute } = (await import('@/app/api/send-quote/route')) as unknown as { POST: Handler };
const { GET: quotesRoute } = (await import('@/app/api/admin/quotes/route')) as unknown as { GET: Handler };
const { GET: paymentsExport } = (await import('@/app/api/admin/exports/payments/route')) as unknown as { GET: Handler };
const { GET: refundsExport } = (await import('@/app/api/admin/exports/refunds/route')) as unknown as { GET: Handler };
const { GET: periodTotals } = (await import('@/app/api/admin/exports/totals/route')) as unknown as { GET: Handler };
const { GET: paymentsTab } = (await import('@/app/api/admin/payments/route')) as unknown as { GET: Handler };
const { GET: dashboardRoute } = (await import('@/app/api/admin/dashboard/route')) as unknown as { GET: Handler };

const post = jsonPoster(103);
const TZ = 'America/Toronto';
let officeToken = '';
let adminToken = '';
let technicianToken = '';
let officeId = 0;
let fridays: string[] = [];
let booked = 0;

const staffPost = (handler: Handler, path: string, params: Record<string, string>, body: unknown, locale = 'en') => handler(new Request(`http://localhost${path}`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', cookie: `NEXT_LOCALE=${locale}` },
  body: JSON.stringify(body),
}), { params: Promise.resolve(params) });
const record = (bookingRef: string, body: unknown, locale = 'en') => staffPost(recordRoute, `/api/admin/bookings/${bookingRef}/offline-payment`, { bookingRef }, body, locale);
const handBack = (bookingRef: string, refundId: number, body: unknown) =>
  staffPost(handBackRoute, `/api/admin/bookings/${bookingRef}/refunds/${refundId}/handed-back`, { bookingRef, refundId: String(refundId) }, body);
const get = (handler: Handler, path: string) => handler(new Request(`http://localhost${path}`), noParams);

type Booking = { appointmentId: number; bookingRef: string; customerId: number; totalCents: number };
/** An unpaid one-time booking from the public form (a quarter acre in Hamilton: 99.00 + 12.87 HST), optionally from a quote. */
async function bookUnpaid(options: { quoteId?: number; email?: string } = {}): Promise<Booking> {
  booked += 1;
  const res = await post(createAppointment, '/api/appointments', {
    serviceType: 'onetime', propertySize: 0.25, firstName: 'Rosa', lastName: 'Ferreira', email: options.email ?? `rosa.${booked}@example.com`,
    phone: '905-555-0103', address: `${booked} Locke St S`, city: 'Hamilton', postalCode: 'L8P 4A1', date: fridays[booked % fridays.length],
    status: 'pending-payment', ...(options.quoteId ? { quoteId: options.quoteId } : {}),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const created = (await res.json()) as { appointmentId: number; bookingRef: string; customerId: number };
  return { ...created, totalCents: 11187 };
}
const cheque = (overrides: Record<string, unknown> = {}) => ({ method: 'cheque', receivedOn: findToday(new Date(), TZ), reference: '000412', amount: '111.87', ...overrides });

const paymentRows = async (bookingRef: string) => (await getDb()).select().from(payments).where(eq(payments.bookingRef, bookingRef));
const receiptMails = async (paymentId: number) => (await getDb()).select().from(emailOutbox)
  .where(and(eq(emailOutbox.kind, 'receipt'), eq(emailOutbox.relatedType, 'payment'), eq(emailOutbox.relatedId, paymentId)));
const visitStatuses = async (bookingRef: string) => (await (await getDb()).select({ status: appointments.status, hold: appointments.holdExpiresAt }).from(appointments)
  .where(eq(appointments.bookingRef, bookingRef)));

/** The file's rows as objects keyed by header. */
async function csvRows(res: Response): Promise<Record<string, string>[]> {
  expect(res.status, await res.clone().text()).toBe(200);
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer()).slice(1, -2);
  const [header, ...rows] = text.split('\r\n');
  const names = header!.split(',');
  return rows.map((row) => Object.fromEntries(row.split(',').map((cell, i) => [names[i]!, cell])));
}

beforeAll(async () => {
  ({ adminToken, technicianToken } = await signInAdminAndTechnician());
  officeToken = await signInOffice('cashdesk');
  const { staffUsers } = await import('@/db/schema/staff');
  const [office] = await (await getDb()).select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.username, 'cashdesk'));
  officeId = office!.id;
  fridays = await getAvailableDates({ now: new Date(), serviceType: 'onetime' });
  expect(fridays.length).toBeGreaterThan(3);
  jar.token = officeToken;
});

describe('POST /api/admin/bookings/[ref]/offline-payment (the office records cash, a cheque or an e-transfer)', () => {
  it('records a cheque received yesterday as a card payment is recorded: paid, confirmed, receipt emailed, on yesterday\'s line of every total', async () => {
    jar.token = officeToken;
    const booking = await bookUnpaid();
    const revenueBefore = ((await (await get(dashboardRoute, '/api/admin/dashboard')).json()) as { totals: { revenueCents: number } }).totals.revenueCents;
    const yesterday = addCalendarDays(findToday(new Date(), TZ), -1);

    const res = await record(booking.bookingRef, cheque({ receivedOn: yesterday, amount: '111,87' }));
    expect(res.status, await res.clone().text()).toBe(200);
    const answer = (await res.json()) as { paymentId: number; receiptNumber: string; repeated: boolean };
    expect(answer).toMatchObject({ receiptNumber: `${booking.bookingRef}-${answer.paymentId}`, repeated: false });

    // One succeeded payment, with how, the cheque number and who recorded it, dated yesterday (branch time).
    const [row, ...more] = await paymentRows(booking.bookingRef);
    expect(more).toHaveLength(0);
    expect(row).toMatchObject({ provider: 'office', status: 'succeeded', paymentMethod: 'cheque', reference: '000412', recordedByStaffUserId: officeId, amount: 11187 });
    expect(findToday(row!.succeededAt!, TZ)).toBe(yesterday);
    expect(row!.metadata).toMatchObject({ subtotalCents: 9900, taxCents: 1287, totalCents: 11187 });
    // The visits confirmed, no longer a hold, as a card payment leaves them.
    expect(await visitStatuses(booking.bookingRef)).toEqual([{ status: 'confirmed', hold: null }]);

    // The receipt, queued in the customer's language, says it was paid by cheque and on which day.
    const [mail, ...moreMails] = await receiptMails(answer.paymentId);
    expect(moreMails).toHaveLength(0);
    expect(mail!.text).toContain('Payment method');
    expect(mail!.text).toContain('Cheque (000412)');
    expect(mail!.text).toContain('$111.87');
    const receipt = await loadStaffReceipt(answer.paymentId, 'fr');
    expect(receipt!.receipt.facts).toContainEqual({ label: 'Mode de paiement', value: 'Chèque (000412)' });

    // Revenue, the Payments tab (with the method), the CSV and the period totals all count it.
    const dashboard = (await (await get(dashboardRoute, '/api/admin/dashboard')).json()) as { totals: { revenueCents: number } };
    expect(dashboard.totals.revenueCents).toBe(revenueBefore + 11187);
    const tab = (await (await get(paymentsTab, '/api/admin/payments?limit=50')).json()) as { payments: { id: number; paymentMethod: string; provider: string; reference: string | null; status: string }[] };
    expect(tab.payments.find((p) => p.id === answer.paymentId)).toMatchObject({ provider: 'office', paymentMethod: 'cheque', reference: '000412', status: 'succeeded' });
    const lines = await csvRows(await get(paymentsExport, `/api/admin/exports/payments?from=${yesterday}&to=${yesterday}`));
    expect(lines.find((l) => l['Booking reference'] === booking.bookingRef)).toMatchObject({
      'Date paid': yesterday, 'Amount before tax': '99.00', HST: '12.87', Total: '111.87', 'Payment method': 'Cheque', 'Payment reference': '000412',
    });
    const totals = (await (await get(periodTotals, `/api/admin/exports/totals?from=${yesterday}&to=${yesterday}`)).json()) as { payments: { count: number; subtotalCents: number; taxCents: number; totalCents: number } };
    expect(totals.payments).toMatchObject({ count: 1, subtotalCents: 9900, taxCents: 1287, totalCents: 11187 });
  });

  it('refuses an amount that is not the amount due to the cent, in the clerk\'s language, and records nothing', async () => {
    jar.token = officeToken;
    const booking = await bookUnpaid();
    for (const amount of ['111.86', '50', '223.74']) {
      const res = await record(booking.bookingRef, cheque({ amount }), 'fr');
      expect(res.status).toBe(400);
      const body = (await res.json()) as { message: string; fields: { amount: string }; amountDueCents: number };
      expect(body.amountDueCents).toBe(11187);
      expect(body.message).toBe('Le montant doit être le montant dû, 111,87\u00a0$, au cent près. Un paiement partiel ne peut pas être inscrit.');
      expect(body.fields.amount).toBe('Ce n’est pas le montant dû indiqué sous le champ. Seul le montant complet peut être inscrit.');
    }
    const tomorrow = addCalendarDays(findToday(new Date(), TZ), 1);
    const future = await record(booking.bookingRef, cheque({ receivedOn: tomorrow }));
    expect(future.status).toBe(400);
    expect(((await future.json()) as { fields: { receivedOn: string } }).fields.receivedOn).toBe('The date cannot be after today.');
    expect((await record(booking.bookingRef, cheque({ method: 'bitcoin' }))).status).toBe(400);
    expect(await paymentRows(booking.bookingRef)).toHaveLength(0);
    expect((await visitStatuses(booking.bookingRef))[0]!.status).toBe('pending-payment');
  });

  it('is the office\'s: a technician gets 403 and a signed-out request 401', async () => {
    const booking = await bookUnpaid();
    jar.token = technicianToken;
    expect((await record(booking.bookingRef, cheque())).status).toBe(403);
    jar.token = undefined;
    expect((await record(booking.bookingRef, cheque())).status).toBe(401);
    jar.token = adminToken;
    expect((await record(booking.bookingRef, cheque({ method: 'cash', reference: '' }))).status).toBe(200);
    jar.token = officeToken;
  });

  it('refuses a booking already paid by card (409) and a cancelled one, and answers the same press again with the payment recorded', async () => {
    jar.token = officeToken;
    const byCard = await bookUnpaid();
    const intent = await createPaymentIntentForBooking({ appointmentId: byCard.appointmentId, bookingRef: byCard.bookingRef }, { isStaff: false, locale: 'en' });
    await confirmTestPayment({ paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret, number: TEST_CARDS.success, expiry: '12/34', cvc: '123' });
    const paid = await record(byCard.bookingRef, cheque());
    expect(paid.status).toBe(409);
    expect(((await paid.json()) as { message: string }).message).toBe('This booking is already paid. Nothing was recorded.');

    const cancelled = await bookUnpaid();
    expect((await cancelBookingAsStaff(cancelRoute, cancelled.bookingRef, { reason: 'Customer called to cancel' })).status).toBe(200);
    expect((await record(cancelled.bookingRef, cheque())).status).toBe(409);
    expect(await paymentRows(cancelled.bookingRef)).toHaveLength(0);

    const booking = await bookUnpaid();
    const first = (await (await record(booking.bookingRef, cheque())).json()) as { paymentId: number };
    const again = await record(booking.bookingRef, cheque());
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ paymentId: first.paymentId, repeated: true });
    // Another entry for a booking now paid is a conflict, not a second payment.
    expect((await record(booking.bookingRef, cheque({ method: 'cash', reference: '' }))).status).toBe(409);
    expect(await paymentRows(booking.bookingRef)).toHaveLength(1);
    expect(await receiptMails(first.paymentId)).toHaveLength(1);
  });

  it('writes one payment and one receipt when presses arrive at once', async () => {
    jar.token = officeToken;
    const booking = await bookUnpaid();
    const answers = await Promise.all([record(booking.bookingRef, cheque()), record(booking.bookingRef, cheque()), record(booking.bookingRef, cheque())]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const bodies = (await Promise.all(answers.map((a) => a.json()))) as { paymentId: number; repeated: boolean }[];
    expect(new Set(bodies.map((b) => b.paymentId)).size).toBe(1);
    expect(bodies.filter((b) => !b.repeated)).toHaveLength(1);
    const rows = await paymentRows(booking.bookingRef);
    expect(rows).toHaveLength(1);
    expect(await receiptMails(rows[0]!.id)).toHaveLength(1);

    // Two screens entering different payments at once: one is recorded, the other refused.
    const other = await bookUnpaid();
    const raced = await Promise.all([record(other.bookingRef, cheque()), record(other.bookingRef, cheque({ method: 'e-transfer', reference: 'CA8XK2' }))]);
    expect(raced.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await paymentRows(other.bookingRef)).toHaveLength(1);
  });
});

describe('cancelling a booking paid by hand: the office hands the money back and records it', () => {
  it('keeps the refund for the office to hand back, then counts it on the day given; the quote reads cancelled after a booking, not an unpaid checkout', async () => {
    jar.token = undefined;
    const email = 'lena.cheque@example.com';
    const quoteRes = await sendQuoteRoute(new Request('http://localhost/api/send-quote', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.103.250.1' },
      body: JSON.stringify({ name: 'Lena Cheque', email, phone: '905-555-0104', quoteDetails: { serviceType: 'onetime', propertySize: 0.25, includeTick: false, includeTargetedInsects: false, address: '9 Locke St S', city: 'Hamilton', postalCode: 'L8P 4A1' } }),
    }), noParams);
    expect(quoteRes.status, await quoteRes.clone().text()).toBe(200);
    const { quoteId } = (await quoteRes.json()) as { quoteId: number };
    const booking = await bookUnpaid({ quoteId, email });
    jar.token = officeToken;
    const paid = (await (await record(booking.bookingRef, cheque({ method: 'e-transfer', reference: 'CA8XK2' }))).json()) as { paymentId: number };
    const readState = async () => {
      const res = await quotesRoute(new Request(`http://localhost/api/admin/quotes?limit=50&q=${quoteId}`), noParams);
      return ((await res.json()) as { quotes: { id: number; status: string }[] }).quotes.find((q) => q.id === quoteId)!.status;
    };
    expect(await readState()).toBe('booked');
    // The customer's own page knows the money was taken by hand, so it never promises a card refund.
    const token = createManageToken({ bookingRef: booking.bookingRef, generation: 0 });
    expect((await loadManagedBooking(token, 'en')).money).toEqual({ paidCents: 11187, refundedCents: 0, refundPendingCents: 0, paidByHand: true });

    const cancelled = await cancelBookingAsStaff(cancelRoute, booking.bookingRef, { reason: 'Customer moved' });
    expect(cancelled.status, await cancelled.clone().text()).toBe(200);
    expect(await cancelled.json()).toMatchObject({ refundCents: 11187, refundStatus: 'pending', refundByHand: true });
    // No gateway was asked: the refund waits, neither failed nor sent.
    const [refund] = await (await getDb()).select().from(refunds).where(eq(refunds.paymentId, paid.paymentId));
    expect(refund).toMatchObject({ provider: 'office', status: 'pending', providerRefundId: null, attempts: 0, refundedAt: null });
    const [mail] = await (await getDb()).select().from(emailOutbox).where(and(eq(emailOutbox.kind, 'booking-cancelled'), eq(emailOutbox.toAddress, email)));
    expect(mail!.text).toContain('We will give you back $111.87 the way you paid us');
    expect(mail!.text).not.toContain('to the card you paid with');
    expect(await readState()).toBe('booking-cancelled');
    const { payments: onPage } = await loadCustomerBookings(booking.customerId);
    expect(onPage[0]!.refunds[0]).toMatchObject({ canHandBack: true, canRetry: false });
    expect((await staffPost(retryRoute, `/api/admin/bookings/${booking.bookingRef}/refunds/${refund!.id}/retry`, { bookingRef: booking.bookingRef, refundId: String(refund!.id) }, { attempts: 0 })).status).toBe(409);

    // Not money back yet: the refunds file does not list it.
    const today = findToday(new Date(), TZ);
    const before = await csvRows(await get(refundsExport, `/api/admin/exports/refunds?from=${today}&to=${today}`));
    expect(before.filter((r) => r['Booking reference'] === booking.bookingRef)).toHaveLength(0);

    const tomorrow = addCalendarDays(today, 1);
    expect((await handBack(booking.bookingRef, refund!.id, { method: 'cash', handedBackOn: tomorrow })).status).toBe(400);
    const done = await handBack(booking.bookingRef, refund!.id, { method: 'cheque', handedBackOn: today, reference: '000913' });
    expect(done.status, await done.clone().text()).toBe(200);
    // The same entry again is answered as done; another is refused.
    expect(await (await handBack(booking.bookingRef, refund!.id, { method: 'cheque', handedBackOn: today, reference: '000913' })).json()).toMatchObject({ repeated: true });
    expect((await handBack(booking.bookingRef, refund!.id, { method: 'cash', handedBackOn: today })).status).toBe(409);

    const [made] = await (await getDb()).select().from(refunds).where(eq(refunds.id, refund!.id));
    expect(made).toMatchObject({ status: 'succeeded', method: 'cheque', reference: '000913' });
    const after = await csvRows(await get(refundsExport, `/api/admin/exports/refunds?from=${today}&to=${today}`));
    expect(after.find((r) => r['Booking reference'] === booking.bookingRef)).toMatchObject({
      'Date refunded': today, 'Refund total': '111.87', 'HST refunded': '12.87', 'Refund method': 'Cheque', 'Refund reference': '000913',
    });
    const receipt = await loadStaffReceipt(paid.paymentId, 'en');
    expect(receipt!.receipt.refunds[0]!.label).toMatch(/^Handed back on .+ \(Cheque\)$/);
    expect(receipt!.receipt.facts).toContainEqual({ label: 'Payment method', value: 'Interac e-transfer (CA8XK2)' });
  });

  it('says a card refund is not handed back by the office', async () => {
    jar.token = officeToken;
    const byCard = await bookUnpaid();
    const intent = await createPaymentIntentForBooking({ appointmentId: byCard.appointmentId, bookingRef: byCard.bookingRef }, { isStaff: false, locale: 'en' });
    await confirmTestPayment({ paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret, number: TEST_CARDS.success, expiry: '12/34', cvc: '123' });
    expect((await cancelBookingAsStaff(cancelRoute, byCard.bookingRef, { reason: 'Customer called' })).status).toBe(200);
    const [row] = await paymentRows(byCard.bookingRef);
    const [refund] = await (await getDb()).select().from(refunds).where(eq(refunds.paymentId, row!.id));
    const res = await handBack(byCard.bookingRef, refund!.id, { method: 'cash', handedBackOn: findToday(new Date(), TZ) });
    expect(res.status).toBe(409);
  });
});

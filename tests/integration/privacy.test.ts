/**
 * The privacy policy's promises on a real database (docs/decisions/0049): the retention sweep
 * (quotes not booked and contact messages 24 months old go with their emails, booked and recent
 * ones and customers within six tax years stay, a customer past them is anonymised, a second run
 * changes nothing), a customer's data export (their rows, never another customer's) and a deletion
 * request (personal fields gone, amounts and the dashboard's totals unchanged, refused while a
 * visit is booked or a refund is open, recorded with who and when).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { bookingAnalytics } from '@/db/schema/analytics';
import { applicationRecords, pesticideProducts } from '@/db/schema/applications';
import { appointments, serviceRoutes } from '@/db/schema/appointments';
import { customers } from '@/db/schema/customers';
import { emailOutbox, messages } from '@/db/schema/messages';
import { payments } from '@/db/schema/payments';
import { quotes } from '@/db/schema/quotes';
import { refunds } from '@/db/schema/refunds';
import { retreatmentRequests } from '@/db/schema/retreatments';
import { staffUsers } from '@/db/schema/staff';
import { replyToMessage, submitContactMessage } from '@/features/contact/contact.service';
import { unsubscribeByToken } from '@/features/marketing-email/consent.service';
import { createAddressUnsubscribeToken } from '@/features/marketing-email/unsubscribe-token';
import { confirmTestPayment, createPaymentIntentForBooking } from '@/features/payments/payment.service';
import { TEST_CARDS } from '@/features/payments/test-cards';
import { runRetentionSweep } from '@/features/privacy/retention.service';
import { SendQuoteSchema } from '@/features/quotes/quote.schema';
import { sendQuote } from '@/features/quotes/quote.service';
import { getAvailableDates } from '@/features/scheduling/available-dates.service';
import { type Handler, jsonPoster } from '../support/handlers';
import { insertConfirmedVisits, insertCustomer } from '../support/records';
import { signInAdminAndTechnician } from '../support/staff-sessions';

const jar = vi.hoisted(() => ({ token: undefined as string | undefined }));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (jar.token ? { name, value: jar.token } : undefined) }),
}));

const personalData = (await import('@/app/api/admin/customers/[id]/personal-data/route')) as unknown as { GET: Handler; DELETE: Handler };
const { GET: previewRoute } = (await import('@/app/api/admin/customers/[id]/personal-data/preview/route')) as unknown as { GET: Handler };
const { GET: dashboardRoute } = (await import('@/app/api/admin/dashboard/route')) as unknown as { GET: Handler };
const { POST: createAppointment } = (await import('@/app/api/appointments/route')) as unknown as { POST: Handler };

const post = jsonPoster(49);
let adminToken = '';
let fridays: string[] = [];
let productId = 0;

function callPersonalData(method: 'GET' | 'DELETE', id: number | string, locale = 'en') {
  return personalData[method](
    new Request(`http://localhost/api/admin/customers/${id}/personal-data`, { method, headers: { cookie: `NEXT_LOCALE=${locale}` } }),
    { params: Promise.resolve({ id: String(id) }) },
  );
}

type Preview = {
  scope: {
    deleted: { quotes: number; messages: number; emails: number; retreatmentRequests: number };
    anonymised: { visits: number; applicationRecords: number };
    kept: { paymentsReceived: number; receivedCents: number; refundsMade: number; refundedCents: number };
  };
  refusals: string[];
};

async function previewOf(id: number) {
  const res = await previewRoute(new Request(`http://localhost/api/admin/customers/${id}/personal-data/preview`), { params: Promise.resolve({ id: String(id) }) });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Preview;
}

async function dashboardTotals() {
  const res = await dashboardRoute(new Request('http://localhost/api/admin/dashboard'), { params: Promise.resolve({}) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { totals: { revenueCents: number; totalPayments: number } }).totals;
}

const quoteDetails = {
  serviceType: 'seasonal', propertySize: 999, includeTick: false, includeTargetedInsects: false,
  address: '1200 Ridge Rd', postalCode: 'L0R 1H0', totalPrice: 0, lotSizeDisplay: 'Custom quote',
};

/** A quote sent through the quote service (an acreage one: the customer's email and the office's notice), written at `at`. */
async function sentQuote(email: string, at: Date) {
  const request = SendQuoteSchema.parse({ email, name: 'Quinn Quote', phone: '905-555-0150', quoteDetails });
  const { quoteId } = await sendQuote(request, { now: at, locale: 'en' });
  const db = await getDb();
  await db.update(quotes).set({ createdAt: at, updatedAt: at }).where(eq(quotes.id, quoteId));
  await db.update(emailOutbox).set({ createdAt: at }).where(and(eq(emailOutbox.relatedType, 'quote'), eq(emailOutbox.relatedId, quoteId)));
  return quoteId;
}

/** A contact message through the contact service, answered by the office, written at `at`. */
async function answeredMessage(email: string, at: Date) {
  const { id } = await submitContactMessage({ name: 'Mia Message', email, phone: null, subject: 'question', message: 'Do you treat cedar hedges in June?', type: 'contact', website: '' }, { locale: 'en' });
  await replyToMessage(id, { body: 'Yes, we do.' }, at);
  const db = await getDb();
  await db.update(messages).set({ createdAt: at, updatedAt: at }).where(eq(messages.id, id!));
  await db.update(emailOutbox).set({ createdAt: at }).where(and(eq(emailOutbox.relatedType, 'message'), eq(emailOutbox.relatedId, id!)));
  return id!;
}

const emailsAbout = async (type: string, id: number) => (await getDb()).select({ id: emailOutbox.id }).from(emailOutbox).where(and(eq(emailOutbox.relatedType, type), eq(emailOutbox.relatedId, id)));
const exists = async (table: typeof quotes | typeof messages, id: number) => (await (await getDb()).select({ id: table.id }).from(table).where(eq(table.id, id))).length === 1;

/** A customer whose every row dates from `at`: a completed visit on `date`, paid then, with a receipt email. */
async function pastCustomer(email: string, date: string, at: Date) {
  const db = await getDb();
  const id = await insertCustomer({ email, firstName: 'Paul', lastName: 'Past', createdAt: at, updatedAt: at, marketingConsentAt: at, marketingConsentText: 'Yes, email me' });
  const { bookingRef, ids } = await insertConfirmedVisits(id, date, [{ status: 'completed', completedAt: at, createdAt: at, updatedAt: at, totalCents: 11187, subtotalCents: 9900, taxCents: 1287, latitude: 43.25, longitude: -79.87 }]);
  const intent = `pi_past_${randomUUID().slice(0, 10)}`;
  const [payment] = await db.insert(payments).values({
    appointmentId: ids[0], customerId: id, bookingRef, provider: 'test', paymentIntentId: intent, idempotencyKey: `past:${intent}`,
    amount: 11187, status: 'succeeded', paymentMethod: 'card_4242', succeededAt: at, createdAt: at, updatedAt: at,
  }).returning({ id: payments.id });
  await db.insert(emailOutbox).values({ kind: 'receipt', toAddress: email, subject: 'Your receipt', html: '<p>Paul Past, 71 Main St W</p>', text: 'Paul Past, 71 Main St W', relatedType: 'payment', relatedId: payment!.id, status: 'sent', createdAt: at });
  await db.insert(applicationRecords).values({
    branchId: 1, appointmentId: ids[0]!, productId, productName: 'Demo Barrier Concentrate', pcpNumber: '99901', amountHundredths: 250, unit: 'ml-concentrate',
    appliedOn: date, recordedAt: at, technicianName: 'Crew A', address: '71 Main St W', city: 'Hamilton', postalCode: 'L8P 4Y5',
  });
  await db.insert(serviceRoutes).values({
    date, status: 'done', appointmentOrder: ids,
    routeData: { version: 1, stops: [{ appointmentId: ids[0], position: 1, latitude: 43.25, longitude: -79.87 }, { appointmentId: 999_999, position: 2, latitude: 43.3, longitude: -79.9 }] },
  });
  return { id, visitId: ids[0]!, paymentId: payment!.id, bookingRef };
}

let booked = 0;
/** A booking made and paid through the API (the booking form's flow), for `person`. */
async function bookAndPay(person: { firstName: string; lastName: string; email: string }) {
  booked += 1;
  const res = await post(createAppointment, '/api/appointments', {
    serviceType: 'onetime', propertySize: 0.25, ...person, phone: '905-555-0101', marketingConsent: true,
    address: '12 King St W', city: 'Hamilton', postalCode: 'L8P 1A1', date: fridays[booked % fridays.length], status: 'pending-payment',
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const booking = (await res.json()) as { appointmentId: number; customerId: number; bookingRef: string };
  const intent = await createPaymentIntentForBooking({ appointmentId: booking.appointmentId, bookingRef: booking.bookingRef }, { isStaff: false, locale: 'en' });
  const paid = await confirmTestPayment({ paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret, number: TEST_CARDS.success, expiry: '12/34', cvc: '123' }, { now: new Date() });
  expect(paid.status).toBe('succeeded');
  return booking;
}

beforeAll(async () => {
  ({ adminToken } = await signInAdminAndTechnician());
  jar.token = adminToken;
  fridays = await getAvailableDates({ now: new Date(), serviceType: 'onetime' });
  const [product] = await (await getDb()).insert(pesticideProducts).values({ branchId: 1, name: 'Demo Barrier Concentrate', pcpNumber: '99901', unit: 'ml-concentrate' }).returning({ id: pesticideProducts.id });
  productId = product!.id;
});

describe('the retention sweep', () => {
  // 12:00 on 15 June 2029 in Toronto: quotes and messages written before 15 June 2027 are due;
  // customers whose last business was before 1 January 2023 are.
  const NOW = new Date('2029-06-15T16:00:00Z');
  const OLD = new Date('2027-06-14T16:00:00Z');
  const RECENT = new Date('2027-06-15T16:00:00Z');

  it('deletes old unbooked quotes and messages with their emails, keeps booked and recent ones and customers within six tax years, and erases the rest', async () => {
    const db = await getDb();
    const oldQuote = await sentQuote('old.quote@example.com', OLD);
    const recentQuote = await sentQuote('recent.quote@example.com', RECENT);
    // Booked long ago: the booking's record, kept with the customer's.
    const bookedQuote = await sentQuote('booked.quote@example.com', new Date('2023-03-01T16:00:00Z'));
    await db.update(quotes).set({ status: 'booked' }).where(eq(quotes.id, bookedQuote));
    // Named by a visit that was never paid (the hold ran out): the booking's record too.
    const heldQuote = await sentQuote('held.quote@example.com', OLD);
    const oldMessage = await answeredMessage('old.message@example.com', OLD);
    const recentMessage = await answeredMessage('recent.message@example.com', RECENT);
    expect((await emailsAbout('quote', oldQuote)).length).toBe(2);
    expect((await emailsAbout('message', oldMessage)).length).toBe(3);
    const [oldStep, recentStep] = await db.insert(bookingAnalytics).values([
      { sessionId: 's-old', conversionStage: 'booking_initiated', customerInfo: { email: 'old.step@example.com', name: 'Olga Step' }, location: { city: 'Hamilton', postalCode: 'L8P 4Y5' }, createdAt: OLD },
      { sessionId: 's-new', conversionStage: 'booking_initiated', customerInfo: { email: 'new.step@example.com', name: 'Nora Step' }, location: { city: 'Hamilton', postalCode: 'L8P 4Y5' }, createdAt: RECENT },
    ]).returning({ id: bookingAnalytics.id });

    // Last business in 2022 (visit on 3 June, paid then): erased from 1 January 2029.
    const gone = await pastCustomer('gone.customer@example.com', '2022-06-03', new Date('2022-05-20T16:00:00Z'));
    // A visit on 6 January 2023: kept until the end of 2029.
    const kept = await pastCustomer('kept.customer@example.com', '2023-01-06', new Date('2022-12-20T16:00:00Z'));
    await db.update(appointments).set({ quoteId: bookedQuote }).where(eq(appointments.id, kept.visitId));
    const [held] = await db.insert(appointments).values({
      customerId: kept.id, bookingRef: 'BK-HELDQUOT', serviceType: 'onetime', date: '2023-01-06', status: 'expired', quoteId: heldQuote,
      createdAt: new Date('2022-12-20T16:00:00Z'), updatedAt: new Date('2022-12-20T16:00:00Z'),
    }).returning({ id: appointments.id });
    expect(held).toBeDefined();
    const totalsBefore = await dashboardTotals();

    const report = await runRetentionSweep(NOW, { batchSize: 2, erasureBatchSize: 1 });

    expect(report).toMatchObject({ quotes: 1, messages: 1, analytics: 1, customers: 1 });
    expect(await exists(quotes, oldQuote)).toBe(false);
    expect(await emailsAbout('quote', oldQuote)).toEqual([]);
    expect(await exists(messages, oldMessage)).toBe(false);
    expect(await emailsAbout('message', oldMessage)).toEqual([]);
    for (const id of [recentQuote, bookedQuote, heldQuote]) expect(await exists(quotes, id), `quote ${id}`).toBe(true);
    expect((await emailsAbout('quote', recentQuote)).length).toBe(2);
    expect(await exists(messages, recentMessage)).toBe(true);
    expect((await emailsAbout('message', recentMessage)).length).toBe(3);
    const steps = await db.select().from(bookingAnalytics).where(inArray(bookingAnalytics.id, [oldStep!.id, recentStep!.id])).orderBy(bookingAnalytics.id);
    expect(steps.map((s) => [s.conversionStage, s.customerInfo, s.location])).toEqual([
      ['booking_initiated', null, { city: 'Hamilton' }],
      ['booking_initiated', { email: 'new.step@example.com', name: 'Nora Step' }, { city: 'Hamilton', postalCode: 'L8P 4Y5' }],
    ]);

    // The customer past six tax years: anonymised, the sale kept.
    const [erased] = await db.select().from(customers).where(eq(customers.id, gone.id));
    expect(erased).toMatchObject({
      firstName: `#${gone.id}`, lastName: '', email: `erased-${gone.id}@erased.invalid`, phone: '', address: null, city: null, postalCode: null,
      marketingConsentAt: null, marketingConsentText: null, erasureReason: 'retention', erasedById: null,
    });
    expect(erased!.erasedAt?.toISOString()).toBe(NOW.toISOString());
    const [visit] = await db.select().from(appointments).where(eq(appointments.id, gone.visitId));
    expect(visit).toMatchObject({ address: null, postalCode: null, phone: null, latitude: null, longitude: null, city: 'Hamilton', totalCents: 11187, status: 'completed', date: '2022-06-03' });
    const [payment] = await db.select().from(payments).where(eq(payments.id, gone.paymentId));
    expect(payment).toMatchObject({ amount: 11187, status: 'succeeded', paymentMethod: null, bookingRef: gone.bookingRef, customerId: gone.id });
    expect(await emailsAbout('payment', gone.paymentId)).toEqual([]);
    // The application record outlived its two years: product and amount stay, the street goes.
    const [record] = await db.select().from(applicationRecords).where(eq(applicationRecords.appointmentId, gone.visitId));
    expect(record).toMatchObject({ address: null, postalCode: null, city: 'Hamilton', productName: 'Demo Barrier Concentrate', amountHundredths: 250, appliedOn: '2022-06-03' });
    const [route] = await db.select({ routeData: serviceRoutes.routeData }).from(serviceRoutes).where(sql`${gone.visitId} = any(${serviceRoutes.appointmentOrder})`);
    expect((route!.routeData as { stops: unknown[] }).stops).toEqual([
      { appointmentId: gone.visitId, position: 1 },
      { appointmentId: 999_999, position: 2, latitude: 43.3, longitude: -79.9 },
    ]);
    expect(await dashboardTotals()).toEqual(totalsBefore);

    // The customer within six tax years keeps everything.
    const [stillThere] = await db.select().from(customers).where(eq(customers.id, kept.id));
    expect(stillThere).toMatchObject({ email: 'kept.customer@example.com', firstName: 'Paul', address: '71 Main St W', erasedAt: null });
    expect((await emailsAbout('payment', kept.paymentId)).length).toBe(1);
    const [keptVisit] = await db.select().from(appointments).where(eq(appointments.id, kept.visitId));
    expect(keptVisit).toMatchObject({ address: '71 Main St W', latitude: 43.25 });
  });

  it('changes nothing when run again', async () => {
    const db = await getDb();
    const snapshot = async () => ({
      quotes: await db.select().from(quotes).orderBy(quotes.id),
      messages: await db.select().from(messages).orderBy(messages.id),
      emails: await db.select({ id: emailOutbox.id, status: emailOutbox.status }).from(emailOutbox).orderBy(emailOutbox.id),
      customers: await db.select().from(customers).orderBy(customers.id),
      visits: await db.select().from(appointments).orderBy(appointments.id),
      payments: await db.select().from(payments).orderBy(payments.id),
      records: await db.select().from(applicationRecords).orderBy(applicationRecords.id),
      routes: await db.select().from(serviceRoutes).orderBy(serviceRoutes.id),
      analytics: await db.select().from(bookingAnalytics).orderBy(bookingAnalytics.id),
    });
    const before = await snapshot();
    const report = await runRetentionSweep(NOW);
    expect(Object.values(report).every((n) => n === 0), JSON.stringify(report)).toBe(true);
    expect(await snapshot()).toEqual(before);
  });
});

describe('a customer\'s data: access and deletion requests', () => {
  const olivia = { firstName: 'Olivia', lastName: 'Privacy', email: 'olivia.privacy@example.com' };
  const noah = { firstName: 'Noah', lastName: 'Neighbour', email: 'noah.privacy@example.com' };
  let oliviaBooking: Awaited<ReturnType<typeof bookAndPay>>;
  let noahBooking: Awaited<ReturnType<typeof bookAndPay>>;
  let oliviaQuote = 0;
  let oliviaMessage = 0;
  let noahQuote = 0;

  beforeAll(async () => {
    oliviaBooking = await bookAndPay(olivia);
    noahBooking = await bookAndPay(noah);
    oliviaQuote = await sentQuote(olivia.email, new Date());
    oliviaMessage = await answeredMessage(olivia.email, new Date());
    noahQuote = await sentQuote(noah.email, new Date());
    await answeredMessage(noah.email, new Date());
    const db = await getDb();
    await db.insert(bookingAnalytics).values([
      { sessionId: 's-olivia', conversionStage: 'payment_completed', customerInfo: { email: olivia.email, name: 'Olivia Privacy' }, location: { city: 'Hamilton', postalCode: 'L8P 1A1' } },
      { sessionId: 's-noah', conversionStage: 'payment_completed', customerInfo: { email: noah.email, name: 'Noah Neighbour' }, location: { city: 'Hamilton', postalCode: 'L8P 1A1' } },
    ]);
  });

  it('exports everything held about the customer as a JSON download, and nothing of another customer', async () => {
    const res = await callPersonalData('GET', oliviaBooking.customerId);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="customer-${oliviaBooking.customerId}-personal-data-\\d{4}-\\d{2}-\\d{2}\\.json"$`));
    const text = await res.text();
    const file = JSON.parse(text) as {
      customer: { id: number; email: string; firstName: string; phone: string; address: string };
      marketingConsent: { givenAt: string | null; wordsAgreedTo: string | null };
      visits: { id: number; bookingRef: string; address: string }[];
      payments: { bookingRef: string; amountCents: number; status: string; refunds: unknown[] }[];
      quotes: { id: number; customerEmail: string }[];
      messages: { id: number; content: string; responseContent: string }[];
      emails: { kind: string; to: string; replyTo: string | null; subject: string; body: string; createdAt: string }[];
      bookingStepAnalytics: { contactDetails: { email: string } }[];
    };
    expect(file.customer).toMatchObject({ id: oliviaBooking.customerId, email: olivia.email, firstName: 'Olivia', phone: '905-555-0101', address: '12 King St W' });
    expect(file.marketingConsent.givenAt).not.toBeNull();
    expect(file.marketingConsent.wordsAgreedTo).toBeTruthy();
    expect(new Set(file.visits.map((v) => v.bookingRef))).toEqual(new Set([oliviaBooking.bookingRef]));
    expect(file.payments).toEqual([expect.objectContaining({ bookingRef: oliviaBooking.bookingRef, amountCents: 11187, status: 'succeeded', refunds: [] })]);
    expect(file.quotes.map((q) => q.id)).toEqual([oliviaQuote]);
    expect(file.messages).toEqual([expect.objectContaining({ id: oliviaMessage, content: 'Do you treat cedar hedges in June?', responseContent: 'Yes, we do.' })]);
    const kinds = file.emails.map((e) => e.kind);
    for (const kind of ['booking-received', 'receipt', 'quote', 'contact-ack', 'message-reply', 'staff-notification']) expect(kinds, kind).toContain(kind);
    for (const email of file.emails) {
      expect(email.to === olivia.email || email.replyTo === olivia.email || email.kind === 'staff-notification', JSON.stringify(email)).toBe(true);
      expect(email.subject).toBeTruthy();
      expect(email.body).toBeTruthy();
      expect(email.createdAt).toBeTruthy();
    }
    expect(file.bookingStepAnalytics).toEqual([expect.objectContaining({ contactDetails: expect.objectContaining({ email: olivia.email }) })]);
    // Nothing of the neighbour, and no secrets that are not hers.
    for (const other of [noah.email, 'Noah', noahBooking.bookingRef, `"id": ${noahQuote},`]) expect(text, other).not.toContain(other);
    for (const secret of ['token', 'idempotencyKey', 'clientSecret']) expect(text, secret).not.toContain(secret);
  });

  it("says in the export since when the customer's address is on the do-not-email list, unsubscribed from a quote email (0066)", async () => {
    type Export = { marketingConsent: { addressUnsubscribedAt: string | null } };
    const before = JSON.parse(await (await callPersonalData('GET', noahBooking.customerId)).text()) as Export;
    expect(before.marketingConsent.addressUnsubscribedAt).toBeNull();
    const at = new Date('2026-11-20T15:00:00Z');
    expect(await unsubscribeByToken(createAddressUnsubscribeToken(` ${noah.email.toUpperCase()} `), at)).toMatchObject({ changed: true });
    const after = JSON.parse(await (await callPersonalData('GET', noahBooking.customerId)).text()) as Export;
    expect(after.marketingConsent.addressUnsubscribedAt).toBe(at.toISOString());
  });

  it('answers 404 for a customer that does not exist', async () => {
    expect((await callPersonalData('GET', 987_654)).status).toBe(404);
    expect((await callPersonalData('DELETE', 987_654)).status).toBe(404);
    expect((await callPersonalData('GET', 'abc')).status).toBe(404);
  });

  it('refuses to erase a customer with a visit still booked, in the staff member\'s language, and changes nothing', async () => {
    const db = await getDb();
    const [before] = await db.select().from(customers).where(eq(customers.id, oliviaBooking.customerId));
    const res = await callPersonalData('DELETE', oliviaBooking.customerId);
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toMatch(/still has visits booked/);
    const fr = await callPersonalData('DELETE', oliviaBooking.customerId, 'fr');
    expect(((await fr.json()) as { message: string }).message).toMatch(/visites réservées/);
    const [after] = await db.select().from(customers).where(eq(customers.id, oliviaBooking.customerId));
    expect(after).toEqual(before);
    expect(await exists(quotes, oliviaQuote)).toBe(true);
    // The dialog's preview says the same.
    expect((await previewOf(oliviaBooking.customerId)).refusals).toEqual(['privacy.refusals.openVisits']);
  });

  it('refuses while a refund is not made yet', async () => {
    const db = await getDb();
    const id = await insertCustomer({ email: 'rita.refund@example.com' });
    const { bookingRef, ids } = await insertConfirmedVisits(id, '2023-01-06', [{ status: 'cancelled' }]);
    const intent = `pi_refund_${randomUUID().slice(0, 10)}`;
    const [payment] = await db.insert(payments).values({ appointmentId: ids[0], customerId: id, bookingRef, provider: 'test', paymentIntentId: intent, idempotencyKey: intent, amount: 5000, status: 'succeeded' }).returning({ id: payments.id });
    await db.insert(refunds).values({ paymentId: payment!.id, bookingRef, amountCents: 5000, status: 'failed', provider: 'test', reason: 'Cancelled', idempotencyKey: `refund:${intent}` });
    const res = await callPersonalData('DELETE', id);
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toMatch(/refund/i);
  });

  it('erases a customer whose visits are done: personal fields and what need not be kept go, amounts and totals stay, who and when are recorded', async () => {
    const db = await getDb();
    const customerId = oliviaBooking.customerId;
    await db.update(appointments).set({ status: 'completed', completedAt: new Date() }).where(eq(appointments.customerId, customerId));
    const [visit] = await db.select({ id: appointments.id, date: appointments.date }).from(appointments).where(eq(appointments.customerId, customerId));
    await db.insert(applicationRecords).values({
      branchId: 1, appointmentId: visit!.id, productId, productName: 'Demo Barrier Concentrate', pcpNumber: '99901', amountHundredths: 300, unit: 'ml-concentrate',
      appliedOn: visit!.date, recordedAt: new Date(), address: '12 King St W', city: 'Hamilton', postalCode: 'L8P 1A1',
    });
    await db.insert(retreatmentRequests).values({ branchId: 1, bookingRef: oliviaBooking.bookingRef, customerId, reason: 'pests-back', note: 'Mosquitoes are back by the deck', status: 'declined', handledAt: new Date(), declineReason: 'Outside the window' });
    const paymentsBefore = await db.select({ id: payments.id, amount: payments.amount, status: payments.status, succeededAt: payments.succeededAt }).from(payments).where(eq(payments.customerId, customerId));
    const totalsBefore = await dashboardTotals();
    const exportOf = async (id: number) => {
      const { exportedAt: _at, ...file } = JSON.parse(await (await callPersonalData('GET', id)).text()) as Record<string, unknown>;
      return file;
    };
    const noahBefore = await exportOf(noahBooking.customerId);

    // What the dialog says before: her counts, the payment received kept.
    const preview = await previewOf(customerId);
    expect(preview.refusals).toEqual([]);
    expect(preview.scope).toMatchObject({
      deleted: { quotes: 1, messages: 1, retreatmentRequests: 1 },
      anonymised: { visits: 1, applicationRecords: 1 },
      kept: { paymentsReceived: 1, receivedCents: 11187, refundsMade: 0, refundedCents: 0 },
    });

    const res = await callPersonalData('DELETE', customerId);
    expect(res.status, await res.clone().text()).toBe(200);
    const result = (await res.json()) as { deleted: { quotes: number; messages: number; emails: number; retreatmentRequests: number } };
    expect(result.deleted).toEqual(preview.scope.deleted);
    expect(result.deleted.emails).toBeGreaterThanOrEqual(6);

    const [admin] = await db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.username, 'office'));
    const [row] = await db.select().from(customers).where(eq(customers.id, customerId));
    expect(row).toMatchObject({
      firstName: `#${customerId}`, lastName: '', email: `erased-${customerId}@erased.invalid`, phone: '', address: null, city: null, postalCode: null,
      latitude: null, longitude: null, marketingConsentAt: null, marketingConsentText: null, erasureReason: 'request', erasedById: admin!.id,
    });
    expect(row!.erasedAt).toBeInstanceOf(Date);
    const visits = await db.select().from(appointments).where(eq(appointments.customerId, customerId));
    for (const v of visits) expect(v).toMatchObject({ address: null, postalCode: null, phone: null, notes: null, city: 'Hamilton', status: 'completed', totalCents: 11187 });
    // Tax records: every payment keeps its amount, status and dates; the dashboard adds up the same.
    const paymentsAfter = await db.select({ id: payments.id, amount: payments.amount, status: payments.status, succeededAt: payments.succeededAt, paymentMethod: payments.paymentMethod }).from(payments).where(eq(payments.customerId, customerId));
    expect(paymentsAfter.map(({ paymentMethod: _m, ...p }) => p)).toEqual(paymentsBefore);
    expect(paymentsAfter.every((p) => p.paymentMethod === null)).toBe(true);
    expect(await dashboardTotals()).toEqual(totalsBefore);
    // What need not be kept is gone: quotes, messages, emails to or about her, her re-treatment request, her analytics contact details.
    expect(await exists(quotes, oliviaQuote)).toBe(false);
    expect(await exists(messages, oliviaMessage)).toBe(false);
    expect(await db.select({ id: emailOutbox.id }).from(emailOutbox).where(or(
      sql`lower(${emailOutbox.toAddress}) = ${olivia.email}`, sql`lower(${emailOutbox.replyTo}) = ${olivia.email}`,
    ))).toEqual([]);
    expect(await db.select().from(retreatmentRequests).where(eq(retreatmentRequests.customerId, customerId))).toEqual([]);
    const [step] = await db.select().from(bookingAnalytics).where(eq(bookingAnalytics.sessionId, 's-olivia'));
    expect([step!.customerInfo, step!.location]).toEqual([null, { city: 'Hamilton' }]);
    // The pesticide record of a visit this year keeps its address for its two years.
    const [record] = await db.select().from(applicationRecords).where(eq(applicationRecords.appointmentId, visit!.id));
    expect(record).toMatchObject({ address: '12 King St W', amountHundredths: 300 });

    // The neighbour's data is exactly as it was.
    expect(await exportOf(noahBooking.customerId)).toEqual(noahBefore);
    // Her export now holds only what is kept: no name, email or phone anywhere; the street only on the pesticide record.
    const after = await exportOf(customerId);
    const text = JSON.stringify(after);
    for (const gone of [olivia.email, 'Olivia', '905-555-0101']) expect(text, gone).not.toContain(gone);
    expect(after).toMatchObject({ customer: { firstName: `#${customerId}`, address: null }, quotes: [], messages: [], emails: [], retreatmentRequests: [] });
    expect((after.applicationRecords as { address: string }[]).map((r) => r.address)).toEqual(['12 King St W']);

    // Once is enough.
    const previewAgain = await previewRoute(new Request(`http://localhost/api/admin/customers/${customerId}/personal-data/preview`), { params: Promise.resolve({ id: String(customerId) }) });
    expect(previewAgain.status).toBe(409);
    const again = await callPersonalData('DELETE', customerId);
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toMatch(/already/);
  });
});

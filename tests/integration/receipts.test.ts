/**
 * Receipts (docs/decisions/0040) on a real database: the payment email carries the tax receipt
 * and its page's link; the customer's receipt page opens only the link's booking's payments
 * received (any other is a 404); the office sends a copy again through the outbox, and a payment
 * not received is refused with a translated message.
 */
import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { appointments } from '@/db/schema/appointments';
import { branches } from '@/db/schema/branches';
import { payments } from '@/db/schema/payments';
import { clearBranchCache } from '@/features/branch/branch.service';
import { createManageToken } from '@/features/manage-booking/manage-link';
import { TEST_CARDS } from '@/features/payments/test-cards';
import { ReceiptDocument } from '@/features/receipts/components/receipt-document';
import type { Receipt } from '@/features/receipts/receipt';
import { loadCustomerReceipt } from '@/features/receipts/receipt.service';
import { getAvailableDates } from '@/features/scheduling/available-dates.service';
import { isAppError } from '@/lib/errors';
import { formatLongDate } from '@/lib/format';
import { listMoveDates, moveAppointment } from '@/features/staff-dashboard/reschedule.service';
import { DEMO_BRANCH_IDENTITY, seedDemoBranchIdentity } from '@/server/bootstrap/seed';
import { type Handler, jsonPoster } from '../support/handlers';
import { emailsTo } from '../support/outbox';
import { signInAdminAndTechnician } from '../support/staff-sessions';

// The staff route reads its session cookie, the page its caller's address, through next/headers.
const jar = vi.hoisted(() => ({ token: undefined as string | undefined }));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (jar.token ? { name, value: jar.token } : undefined) }),
  headers: async () => new Headers({ 'x-forwarded-for': '10.58.0.1' }),
}));
// The page runs here outside Next's server-components build, where next-intl's server entry refuses to load.
vi.mock('next-intl/server', () => ({
  setRequestLocale: () => {},
  getTranslations: async () => Object.assign((key: string) => key, { rich: (key: string) => key, has: () => true }),
}));

const { POST: createAppointment } = (await import('@/app/api/appointments/route')) as unknown as { POST: Handler };
const { POST: createIntent } = (await import('@/app/api/create-payment-intent/route')) as unknown as { POST: Handler };
const { POST: confirmCard } = (await import('@/app/api/test-gateway/confirm/route')) as unknown as { POST: Handler };
const { POST: resendRoute } = (await import('@/app/api/admin/payments/[id]/receipt/resend/route')) as unknown as { POST: Handler };
type PageProps = { params: Promise<Record<string, string>> };
const { default: receiptPage } = (await import('@/app/[locale]/(site)/manage-booking/[token]/receipt/[paymentId]/page')) as unknown as { default: (props: PageProps) => Promise<unknown> };

const post = jsonPoster(58);
let fridays: string[] = [];
let seasonalStarts: string[] = [];
let next = 0;
let adminToken = '';
let technicianToken = '';

type Booking = { bookingRef: string; email: string; token: string; paymentId: number };

type Order = { serviceType: string; propertySize: number; includeTick?: boolean; includeTargetedInsects?: boolean; extras?: string[]; discountCode?: string; address: string; city: string; postalCode: string };

/** Books a one-time treatment (0.25 acre, $99 + HST) or `order` and, unless told not to, pays it with the test gateway's 4242 card. */
async function book(options: { locale?: string; pay?: boolean; order?: Order } = {}): Promise<Booking> {
  const email = `receipt-${randomUUID().slice(0, 8)}@example.com`;
  const order = options.order ?? { serviceType: 'onetime', propertySize: 0.25, address: '12 King St W', city: 'Hamilton', postalCode: 'L8P 1A1' };
  const created = await post(createAppointment, '/api/appointments', {
    ...order, firstName: 'Amélie', lastName: 'Gagnon', email, phone: '905-555-0102',
    date: order.serviceType === 'seasonal' ? seasonalStarts[0] : fridays[next++], status: 'pending-payment', locale: options.locale ?? 'en',
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const { appointmentId, bookingRef } = (await created.json()) as { appointmentId: number; bookingRef: string };
  const intent = (await (await post(createIntent, '/api/create-payment-intent', { appointmentId, bookingRef })).json()) as { paymentIntentId: string; clientSecret: string };
  if (options.pay !== false) {
    const paid = await post(confirmCard, '/api/test-gateway/confirm', { ...intent, number: TEST_CARDS.success, expiry: '12/34', cvc: '123' });
    expect(paid.status).toBe(200);
  }
  const [row] = await (await getDb()).select({ id: payments.id }).from(payments).where(eq(payments.paymentIntentId, intent.paymentIntentId));
  return { bookingRef, email, token: createManageToken({ bookingRef, generation: 0 }), paymentId: row!.id };
}

/** The customer's receipt page for `token` and `paymentId`: the receipt it shows, or 'not found'. */
async function openPage(token: string, paymentId: number | string): Promise<Receipt | 'not found'> {
  try {
    const tree = await receiptPage({ params: Promise.resolve({ locale: 'en', token, paymentId: String(paymentId) }) });
    return findReceipt(tree) ?? expect.fail('the page rendered no receipt');
  } catch (error) {
    const digest = (error as { digest?: unknown }).digest;
    if (typeof digest === 'string' && digest.startsWith('NEXT_HTTP_ERROR_FALLBACK;404')) return 'not found';
    throw error;
  }
}

/** The receipt the page hands to its ReceiptDocument (the page's own element tree). */
function findReceipt(node: unknown): Receipt | null {
  if (Array.isArray(node)) return node.map(findReceipt).find(Boolean) ?? null;
  if (!node || typeof node !== 'object') return null;
  const element = node as { type?: unknown; props?: { children?: unknown; receipt?: Receipt } };
  if (element.type === ReceiptDocument) return element.props!.receipt!;
  return findReceipt(element.props?.children);
}

function resend(paymentId: number | string, locale = 'en') {
  return resendRoute(new Request(`http://localhost/api/admin/payments/${paymentId}/receipt/resend`, {
    method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': locale }, body: '{}',
  }), { params: Promise.resolve({ id: String(paymentId) }) });
}

/** The receipt's size and visit lines in English for a booking whose visits were not moved, from its rows. */
async function describeVisits(bookingRef: string, size: string): Promise<string> {
  const visits = await (await getDb()).select({ date: appointments.date, serviceType: appointments.serviceType }).from(appointments)
    .where(eq(appointments.bookingRef, bookingRef)).orderBy(asc(appointments.visitNumber));
  const own = visits.filter((v) => v.serviceType === visits[0]!.serviceType);
  const dates = own.map((v, i) => `${own.length === 1 ? 'Service date' : `Visit ${i + 1}`}: ${formatLongDate(v.date, 'en')}`);
  return [`Property size: ${size}`, ...dates].join('\n');
}

beforeAll(async () => {
  fridays = await getAvailableDates({ now: new Date(), stopsNeeded: 2 });
  expect(fridays.length).toBeGreaterThan(6);
  seasonalStarts = await getAvailableDates({ now: new Date(), serviceType: 'seasonal' });
  expect(seasonalStarts.length).toBeGreaterThan(0);
  // Local runs give the demo branch its legal name and GST/HST number; base data alone has neither.
  await seedDemoBranchIdentity(await getDb());
  ({ adminToken, technicianToken } = await signInAdminAndTechnician());
});

describe('the payment email', () => {
  it('is a tax receipt: legal name, GST/HST number, receipt number, date paid, amounts, and the link to its printable page', async () => {
    const booking = await book();
    const [email] = await emailsTo(booking.email, 'receipt');
    const number = `${booking.bookingRef}-${booking.paymentId}`;
    expect(email!.text).toContain(`Receipt number: ${number}`);
    expect(email!.text).toMatch(/Date paid: [A-Z][a-z]+ \d{1,2}, \d{4}/);
    expect(email!.text).toContain(`Sold by:\n${DEMO_BRANCH_IDENTITY.legalName}\nOperating as Escarpment Mosquito & Tick\n1 Hunter St E, Hamilton, ON L8N 3W1\nGST/HST registration number: 123456789 RT0001`);
    expect(email!.text).toContain('Subtotal: $99.00\nHST (13%): $12.87\nTotal paid: $111.87');
    expect(email!.text).toContain('Payment method: Card ending in 4242');
    const page = `http://localhost:3000/manage-booking/${booking.token}/receipt/${booking.paymentId}`;
    expect(email!.text).toContain(page);
    expect(email!.html).toContain(`href="${page}"`);
  });

  it('still goes out, without the GST/HST line, when the branch has no number', async () => {
    const db = await getDb();
    await db.update(branches).set({ hstNumber: null }).where(eq(branches.id, 1));
    try {
      const booking = await book();
      const [email] = await emailsTo(booking.email, 'receipt');
      expect(email!.text).not.toContain('GST/HST');
      expect(email!.text).toContain('Total paid: $111.87');
    } finally {
      await seedDemoBranchIdentity(db);
    }
  });
});

describe('each line\'s amount (0060)', () => {
  const seasonalInAncaster: Order = {
    serviceType: 'seasonal', propertySize: 0.5, includeTick: true, includeTargetedInsects: true, extras: ['natural-barrier'], discountCode: 'MIDSEASON',
    address: '88 Wilson St E', city: 'Ancaster', postalCode: 'L9G 2B4',
  };
  // 49 + 4 × 99 + 3 × 99 − 60 + 79 + 199 = 960, × 1.1 = 1,056, − 79 MIDSEASON = 977.00, + 127.01 HST = 1,104.01.
  const lines = [
    'Seasonal plan: first visit (promotional price): $49.00',
    'Seasonal plan: 4 more visits: $396.00',
    'Tick control add-on: $297.00',
    'Tick control bundle saving: \u2212$60.00',
    'Targeted insect (standing water) treatment: $79.00',
    'Natural barrier with repelling plants: $199.00',
    'Premium area adjustment: $96.00',
  ].join('\n');
  const totals = 'Discount (MIDSEASON): \u2212$79.00\nSubtotal: $977.00\nHST (13%): $127.01\nTotal paid: $1,104.01';

  it('the payment email lists each line as charged, and the lines, discount, HST and total add up to what the card paid', async () => {
    const booking = await book({ order: seasonalInAncaster });
    const [email] = await emailsTo(booking.email, 'receipt');
    expect(email!.text).toContain(`Description:\n${lines}\n${await describeVisits(booking.bookingRef, 'Up to 1/2 acre')}\n\n${totals}`);
    const [row] = await (await getDb()).select({ amount: payments.amount }).from(payments).where(eq(payments.id, booking.paymentId));
    expect(row!.amount).toBe(110401);
    const shown = await openPage(booking.token, booking.paymentId);
    expect(shown).not.toBe('not found');
    const { items, discount, subtotal, tax, total } = (shown as Receipt).cents;
    expect(items!.reduce((sum, cents) => sum + cents, 0) - discount + tax).toBe(total);
    expect(subtotal + tax).toBe(110401);
  });

  it('keeps the amounts charged after the price table changes: the page never prices a past booking again', async () => {
    const booking = await book({ order: seasonalInAncaster });
    const db = await getDb();
    await db.update(branches).set({ pricingOverrides: { plans: { seasonal: { firstVisitCents: 5900, perVisitCents: 8900 } }, extras: { 'natural-barrier': 24900 } } }).where(eq(branches.id, 1));
    clearBranchCache();
    try {
      const shown = (await openPage(booking.token, booking.paymentId)) as Receipt;
      expect(shown.items.map((item) => `${item.label}: ${item.amount}`).join('\n')).toBe(lines);
      expect(shown.amounts.at(-1)).toEqual({ label: 'Total paid', value: '$1,104.01' });
      jar.token = adminToken;
      const copy = await resend(booking.paymentId);
      expect(copy.status).toBe(200);
      const [, resent] = await emailsTo(booking.email, 'receipt');
      expect(resent!.text).toContain(`Description:\n${lines}\n${await describeVisits(booking.bookingRef, 'Up to 1/2 acre')}\n\n${totals}`);
    } finally {
      await db.update(branches).set({ pricingOverrides: null }).where(eq(branches.id, 1));
      clearBranchCache();
    }
  });

  it('shows a payment made before lines were kept with its totals only, the items named without amounts', async () => {
    const booking = await book();
    const db = await getDb();
    const [row] = await db.select({ metadata: payments.metadata }).from(payments).where(eq(payments.id, booking.paymentId));
    const { breakdown: _kept, ...older } = row!.metadata as Record<string, unknown>;
    await db.update(payments).set({ metadata: older }).where(eq(payments.id, booking.paymentId));
    const shown = (await openPage(booking.token, booking.paymentId)) as Receipt;
    expect(shown.itemised).toBe(false);
    expect(shown.items).toEqual([{ label: 'One-Time Treatment', amount: null }]);
    expect(shown.amounts.map((r) => r.value)).toEqual(['$99.00', '$12.87', '$111.87']);
  });
});

describe('what was bought: the lot size and the Fridays (0092)', () => {
  it('the payment email names the size priced and the Friday of a one-time treatment', async () => {
    const booking = await book();
    const [email] = await emailsTo(booking.email, 'receipt');
    const [visit] = await (await getDb()).select({ date: appointments.date }).from(appointments).where(eq(appointments.bookingRef, booking.bookingRef));
    expect(email!.text).toContain(`Description:\nOne-time treatment: $99.00\nProperty size: Up to 1/4 acre\nService date: ${formatLongDate(visit!.date, 'en')}\n\nSubtotal`);
    expect(email!.html).toContain('Service date');
  });

  it('lists a plan\'s five Fridays; after a visit is moved, the page and a copy give its new Friday and the one it was booked on, in the reader\'s language', async () => {
    const booking = await book({ locale: 'fr', order: { serviceType: 'seasonal', propertySize: 0.75, address: '12 Ogilvie St', city: 'Dundas', postalCode: 'L9H 2S1' } });
    const db = await getDb();
    const visits = await db.select({ id: appointments.id, date: appointments.date }).from(appointments)
      .where(eq(appointments.bookingRef, booking.bookingRef)).orderBy(asc(appointments.visitNumber));
    expect(visits).toHaveLength(5);
    const last = visits[4]!;
    const { dates } = await listMoveDates(last.id);
    const later = dates.find((d) => d > last.date) ?? expect.fail('no later Friday to move the last visit to');
    await moveAppointment(last.id, later);

    const { receipt } = await loadCustomerReceipt(booking.token, booking.paymentId, 'fr');
    expect(receipt.service).toEqual([
      { label: 'Superficie du terrain', value: 'Jusqu’à 3/4 d’acre' },
      ...visits.slice(0, 4).map((v, i) => ({ label: `Visite ${i + 1}`, value: formatLongDate(v.date, 'fr') })),
      { label: 'Visite 5', value: `${formatLongDate(later, 'fr')} (réservée à l’origine pour le ${formatLongDate(last.date, 'fr')})` },
    ]);
    // The amounts stay as charged: a move is not a new sale.
    expect(receipt.cents.total).toBe(67800);

    const english = await openPage(booking.token, booking.paymentId) as Receipt;
    expect(english.service.at(-1)).toEqual({ label: 'Visit 5', value: `${formatLongDate(later, 'en')} (originally booked for ${formatLongDate(last.date, 'en')})` });
  });

  it('a visit moved twice reads the Friday it is on now and the Friday it was booked on, not the one in between (0097)', async () => {
    const booking = await book();
    const db = await getDb();
    const [visit] = await db.select({ id: appointments.id, date: appointments.date }).from(appointments).where(eq(appointments.bookingRef, booking.bookingRef));
    const { dates } = await listMoveDates(visit!.id);
    const [between, current] = dates.filter((d) => d > visit!.date);
    if (!between || !current) expect.fail('no two later Fridays to move the visit to');
    await moveAppointment(visit!.id, between);
    await moveAppointment(visit!.id, current);

    const shown = await openPage(booking.token, booking.paymentId) as Receipt;
    expect(shown.service.at(-1)).toEqual({ label: 'Service date', value: `${formatLongDate(current, 'en')} (originally booked for ${formatLongDate(visit!.date, 'en')})` });
    expect(JSON.stringify(shown.service)).not.toContain(formatLongDate(between, 'en'));
    // Back on the Friday it was booked on: just that Friday.
    await moveAppointment(visit!.id, visit!.date);
    expect((await openPage(booking.token, booking.paymentId) as Receipt).service.at(-1)).toEqual({ label: 'Service date', value: formatLongDate(visit!.date, 'en') });
  });

  it.each([
    ['en', 'Visit 1', 'Arrival time'],
    ['es', 'Visita 1', 'Hora de llegada'],
    ['fr', 'Visite 1', 'Heure d’arrivée'],
    ['de', 'Besuch 1', 'Ankunftszeit'],
  ])('the payment email in %s gives each of a plan\'s Fridays once, in the receipt, with the arrival time after it (0099)', async (locale, firstVisit, arrival) => {
    const booking = await book({ locale, order: { serviceType: 'seasonal', propertySize: 0.5, address: '40 Main St E', city: 'Hamilton', postalCode: 'L8N 1E8' } });
    const [email] = await emailsTo(booking.email, 'receipt');
    const visits = await (await getDb()).select({ date: appointments.date }).from(appointments)
      .where(eq(appointments.bookingRef, booking.bookingRef)).orderBy(asc(appointments.visitNumber));
    expect(visits).toHaveLength(5);
    const count = (haystack: string, needle: string) => haystack.split(needle).length - 1;
    for (const visit of visits) {
      const date = formatLongDate(visit.date, locale);
      expect(count(email!.text, date), `${date} in the text part`).toBe(1);
      expect(count(email!.html, date), `${date} in the HTML part`).toBe(1);
    }
    // The one list is the receipt's Description (as its page prints it); the arrival time follows it.
    expect(email!.text).toContain(`${firstVisit}${locale === 'fr' ? '\u00A0:' : ':'} ${formatLongDate(visits[0]!.date, locale)}`);
    expect(email!.text.indexOf(arrival)).toBeGreaterThan(email!.text.indexOf(firstVisit));
    expect(email!.html.indexOf(arrival)).toBeGreaterThan(email!.html.indexOf(firstVisit));
  });
});

describe('the customer\'s receipt page', () => {
  it('shows the link\'s booking\'s payment, and answers 404 for another booking\'s payment, an unpaid one, an unknown id or a bad link', async () => {
    const mine = await book();
    const theirs = await book();
    const unpaid = await book({ pay: false });

    const shown = await openPage(mine.token, mine.paymentId);
    expect(shown).toMatchObject({ number: `${mine.bookingRef}-${mine.paymentId}`, seller: { hstNumber: { value: '123456789 RT0001' } }, cents: { total: 11187, tax: 1287 } });

    // Another booking's receipt through my link: nothing, exactly as for a payment that does not exist.
    expect(await openPage(mine.token, theirs.paymentId)).toBe('not found');
    expect(await openPage(unpaid.token, unpaid.paymentId)).toBe('not found');
    expect(await openPage(mine.token, 999_999)).toBe('not found');
    expect(await openPage(mine.token, 'abc')).toBe('not found');
    expect(await openPage('not-a-real-token-at-all-0123456789-abcdefgh', mine.paymentId)).toBe('not found');
    // The other booking's own link opens it.
    expect(await openPage(theirs.token, theirs.paymentId)).toMatchObject({ number: `${theirs.bookingRef}-${theirs.paymentId}` });
  });

  it('builds the receipt in the page\'s language, with a refund made since the payment', async () => {
    const booking = await book({ locale: 'fr' });
    const db = await getDb();
    const { refunds } = await import('@/db/schema/refunds');
    await db.insert(refunds).values({
      paymentId: booking.paymentId, bookingRef: booking.bookingRef, amountCents: 11187, status: 'succeeded', provider: 'test', reason: 'test', idempotencyKey: `receipt-test:${booking.paymentId}`, refundedAt: new Date(),
    });
    const { receipt } = await loadCustomerReceipt(booking.token, booking.paymentId, 'fr');
    expect(receipt.title).toBe('Reçu de paiement');
    expect(receipt.refunds.map((r) => [r.amount, r.hst])).toEqual([['\u2212111,87\u00a0$', '\u221212,87\u00a0$']]);
    await expect(loadCustomerReceipt(booking.token, booking.paymentId + 100_000, 'fr')).rejects.toSatisfy((e) => isAppError(e) && e.code === 'not_found');
  });
});

describe('the office sends a receipt again', () => {
  it('queues one more receipt email in the outbox, to the customer, in the booking\'s language', async () => {
    const booking = await book({ locale: 'de' });
    expect(await emailsTo(booking.email, 'receipt')).toHaveLength(1);

    jar.token = adminToken;
    const res = await resend(booking.paymentId);
    expect(res.status, await res.clone().text()).toBe(200);
    const body = (await res.json()) as { queued: boolean; emailId: number; to: string; number: string };
    expect(body).toMatchObject({ queued: true, to: booking.email, number: `${booking.bookingRef}-${booking.paymentId}` });

    const emails = await emailsTo(booking.email, 'receipt');
    expect(emails).toHaveLength(2);
    const copy = emails[1]!;
    expect(copy).toMatchObject({ id: body.emailId, status: 'pending', locale: 'de', relatedType: 'payment', relatedId: booking.paymentId, subject: `Ihr Beleg ${body.number}` });
    expect(copy.text).toContain('GST/HST-Registrierungsnummer: 123456789 RT0001');
    expect(copy.text).toContain(`/de/manage-booking/${booking.token}/receipt/${booking.paymentId}`);
  });

  it('refuses a payment not received with a translated 409, an unknown one with a 404, and anyone but an admin', async () => {
    const unpaid = await book({ pay: false });
    jar.token = adminToken;
    const refused = await resend(unpaid.paymentId, 'fr');
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ message: 'Ce paiement n’a pas été reçu\u00a0: il n’a donc pas de reçu à envoyer.', reason: 'not_received' });
    expect(await emailsTo(unpaid.email, 'receipt')).toEqual([]);

    expect((await resend(999_999)).status).toBe(404);

    const paid = await book();
    jar.token = technicianToken;
    expect((await resend(paid.paymentId)).status).toBe(403);
    jar.token = undefined;
    expect((await resend(paid.paymentId)).status).toBe(401);
    expect(await emailsTo(paid.email, 'receipt')).toHaveLength(1);
  });
});

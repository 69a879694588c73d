/**
 * Receipts (docs/decisions/0040) on a real database: the payment email carries the tax receipt
 * and its page's link; the customer's receipt page opens only the link's booking's payments
 * received (any other is a 404); the office sends a copy again through the outbox, and a payment
 * not received is refused with a translated message.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { branches } from '@/db/schema/branches';
import { payments } from '@/db/schema/payments';
import { createManageToken } from '@/features/manage-booking/manage-link';
import { TEST_CARDS } from '@/features/payments/test-cards';
import { ReceiptDocument } from '@/features/receipts/components/receipt-document';
import type { Receipt } from '@/features/receipts/receipt';
import { loadCustomerReceipt } from '@/features/receipts/receipt.service';
import { getAvailableDates } from '@/features/scheduling/available-dates.service';
import { isAppError } from '@/lib/errors';
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
let next = 0;
let adminToken = '';
let technicianToken = '';

type Booking = { bookingRef: string; email: string; token: string; paymentId: number };

/** Books a one-time treatment (0.25 acre, $99 + HST) and, unless told not to, pays it with the test gateway's 4242 card. */
async function book(options: { locale?: string; pay?: boolean } = {}): Promise<Booking> {
  const email = `receipt-${randomUUID().slice(0, 8)}@example.com`;
  const created = await post(createAppointment, '/api/appointments', {
    serviceType: 'onetime', propertySize: 0.25, firstName: 'Amélie', lastName: 'Gagnon', email, phone: '905-555-0102',
    address: '12 King St W', city: 'Hamilton', postalCode: 'L8P 1A1', date: fridays[next++], status: 'pending-payment', locale: options.locale ?? 'en',
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

beforeAll(async () => {
  fridays = await getAvailableDates({ now: new Date(), stopsNeeded: 2 });
  expect(fridays.length).toBeGreaterThan(6);
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

/**
 * "Send again" on /quotes-admin (docs/decisions/0059), through the route handlers on a real
 * database: who may, what goes in the outbox (to whom, in which language, at which price), what is
 * recorded, and every refusal (booked, erased, unsubscribed, lapsed inquiry, 24 hours).
 */
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { branches } from '@/db/schema/branches';
import { customers } from '@/db/schema/customers';
import { emailOutbox } from '@/db/schema/messages';
import { quoteFollowUps, quotes } from '@/db/schema/quotes';
import { staffUsers } from '@/db/schema/staff';
import { clearBranchCache } from '@/features/branch/branch.service';
import { unsubscribeByToken } from '@/features/marketing-email/consent.service';
import { createUnsubscribeToken } from '@/features/marketing-email/unsubscribe-token';
import { eraseCustomerData } from '@/features/privacy/privacy.service';
import { sendQuoteFollowUp } from '@/features/quotes/quote-follow-up.service';
import { isAppError } from '@/lib/errors';
import { type Handler, jsonPoster } from '../support/handlers';
import { insertCustomer } from '../support/records';
import { signInAdminAndTechnician } from '../support/staff-sessions';

// Staff handlers read the session cookie through next/headers; outside Next the test holds the jar.
const jar = vi.hoisted(() => ({ token: undefined as string | undefined }));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (jar.token ? { name, value: jar.token } : undefined) }),
}));

const { GET: previewRoute, POST: followUpRoute } = (await import('@/app/api/admin/quotes/[id]/follow-up/route')) as unknown as { GET: Handler; POST: Handler };
const { GET: listRoute } = (await import('@/app/api/admin/quotes/route')) as unknown as { GET: Handler };
const { POST: sendQuoteRoute } = (await import('@/app/api/send-quote/route')) as unknown as { POST: Handler };
const { GET: byTokenRoute } = (await import('@/app/api/quotes/by-token/[token]/route')) as unknown as { GET: Handler };
const { POST: calculateRoute } = (await import('@/app/api/calculate-quote/route')) as unknown as { POST: Handler };

const post = jsonPoster(173);
let adminToken = '';
let technicianToken = '';
let adminId = 0;
const DAY = 24 * 3_600_000;
let senders = 0;

/** A call to the follow-up route as whoever the jar holds, in `locale` (the staff member's language). */
function followUp(method: 'GET' | 'POST', id: number | string, body?: unknown, locale = 'en') {
  const handler = method === 'GET' ? previewRoute : followUpRoute;
  return handler(new Request(`http://localhost/api/admin/quotes/${id}/follow-up`, {
    method,
    headers: { cookie: `NEXT_LOCALE=${locale}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  }), { params: Promise.resolve({ id: String(id) }) });
}

/** A one-time quote for 0.25 acre in Hamilton sent by the customer in `locale`, made `daysAgo` days ago. */
async function makeQuote(email: string, options: { locale?: string; daysAgo?: number; name?: string; propertySize?: number } = {}) {
  jar.token = undefined;
  const res = await sendQuoteRoute(new Request('http://localhost/api/send-quote', {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `NEXT_LOCALE=${options.locale ?? 'en'}`, 'x-forwarded-for': `10.173.9.${(senders += 1)}` },
    body: JSON.stringify({
      name: options.name ?? 'Ana Ruiz', email, phone: '905-555-0150',
      quoteDetails: { serviceType: 'onetime', propertySize: options.propertySize ?? 0.25, includeTick: false, includeTargetedInsects: false, address: '12 King St W', city: 'Hamilton', postalCode: 'L8P 1A1' },
    }),
  }), { params: Promise.resolve({}) });
  expect(res.status, await res.clone().text()).toBe(200);
  const { quoteId } = (await res.json()) as { quoteId: number };
  const db = await getDb();
  await db.update(quotes).set({ createdAt: new Date(Date.now() - (options.daysAgo ?? 3) * DAY) }).where(eq(quotes.id, quoteId));
  const [row] = await db.select().from(quotes).where(eq(quotes.id, quoteId));
  jar.token = adminToken;
  return row!;
}

const quoteEmails = async (quoteId: number) => (await getDb()).select().from(emailOutbox)
  .where(and(eq(emailOutbox.relatedType, 'quote'), eq(emailOutbox.relatedId, quoteId))).orderBy(emailOutbox.id);
const followUps = async (quoteId: number) => (await getDb()).select().from(quoteFollowUps).where(eq(quoteFollowUps.quoteId, quoteId)).orderBy(quoteFollowUps.id);

/** Sends again and expects a refusal with `status` and `message`; nothing may be written. */
async function expectRefused(quoteId: number, expectedTotalCents: number, status: number, message: string | RegExp, locale = 'en') {
  const before = { emails: (await quoteEmails(quoteId)).length, followUps: (await followUps(quoteId)).length };
  const res = await followUp('POST', quoteId, { expectedTotalCents }, locale);
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(status);
  expect(body.message).toMatch(message);
  expect({ emails: (await quoteEmails(quoteId)).length, followUps: (await followUps(quoteId)).length }).toEqual(before);
  return body;
}

beforeAll(async () => {
  ({ adminToken, technicianToken } = await signInAdminAndTechnician());
  const [admin] = await (await getDb()).select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.username, 'office'));
  adminId = admin!.id;
});

describe('who may send a quote again', () => {
  it('answers 401 without a session and 403 to a technician, and writes nothing', async () => {
    const quote = await makeQuote('access@example.com');
    for (const [token, status] of [[undefined, 401], [technicianToken, 403]] as const) {
      jar.token = token;
      expect((await followUp('GET', quote.id)).status).toBe(status);
      const res = await followUp('POST', quote.id, { expectedTotalCents: quote.totalCents });
      expect(res.status).toBe(status);
      expect(await res.json()).not.toHaveProperty('to');
    }
    expect(await quoteEmails(quote.id)).toHaveLength(1);
    expect(await followUps(quote.id)).toEqual([]);
  });

  it('answers 404 for a quote that does not exist and 400 for a body without the confirmed total', async () => {
    jar.token = adminToken;
    for (const id of [999_999, 'abc']) {
      const res = await followUp('POST', id, { expectedTotalCents: 100 });
      expect(res.status).toBe(404);
      expect((await res.json()).message).toBe('This quote no longer exists. It may have been deleted with its customer’s personal data.');
    }
    const quote = await makeQuote('badbody@example.com');
    expect((await followUp('POST', quote.id, {})).status).toBe(400);
    expect((await followUp('POST', quote.id, { expectedTotalCents: '11187' })).status).toBe(400);
  });
});

describe('sending a quote again', () => {
  it('queues the quote email in the language it was made in, records who sent it, marks the quote sent and shows it on the card', async () => {
    const quote = await makeQuote('camille@example.com', { locale: 'fr', name: 'Camille Roy' });
    await (await getDb()).update(quotes).set({ status: 'pending' }).where(eq(quotes.id, quote.id));
    jar.token = adminToken;

    const preview = await (await followUp('GET', quote.id)).json();
    expect(preview).toMatchObject({
      quoteId: quote.id, to: 'camille@example.com', locale: 'fr', quotedTotalCents: 11_187, currentTotalCents: 11_187,
      followUpCount: 0, lastSentAt: null, refusal: null,
    });

    const res = await followUp('POST', quote.id, { expectedTotalCents: 11_187 });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      quoteId: quote.id, status: 'sent', to: 'camille@example.com', locale: 'fr', totalCents: 11_187, quotedTotalCents: null,
      followUpCount: 1, lastSentByName: 'Administrator',
    });

    const emails = await quoteEmails(quote.id);
    expect(emails).toHaveLength(2);
    const email = emails[1]!;
    // Its own kind since 0074: promotional, unlike the quote the person asked for.
    expect(email).toMatchObject({ kind: 'quote-follow-up', toAddress: 'camille@example.com', locale: 'fr', status: 'pending' });
    expect(email.subject).toBe('Suivi de votre soumission – Traitement unique – Escarpment Mosquito & Tick');
    const asked = new Intl.DateTimeFormat('fr-CA', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'America/Toronto' }).format(quote.createdAt).replace(/^1 /, '1er ');
    expect(email.text).toContain(`Vous nous avez demandé une soumission le ${asked}.`);
    expect(email.text).toContain('Bonjour Camille Roy,');
    expect(email.text).toContain('111,87\u00a0$');
    expect(email.text).toContain(`/fr/book-quote?token=${quote.token}`);
    expect(email.text).not.toContain('Nos prix ont changé');

    const [record] = await followUps(quote.id);
    expect(record).toMatchObject({ sentById: adminId, locale: 'fr', totalCents: 11_187, quotedTotalCents: null });
    expect(record!.sentAt.toISOString()).toBe(body.lastSentAt);
    const [row] = await (await getDb()).select({ status: quotes.status, totalCents: quotes.totalCents }).from(quotes).where(eq(quotes.id, quote.id));
    expect(row).toEqual({ status: 'sent', totalCents: 11_187 });

    const listed = await listRoute(new Request(`http://localhost/api/admin/quotes?q=${quote.id}`), { params: Promise.resolve({}) });
    const list = await listed.json();
    expect(listed.status, JSON.stringify(list)).toBe(200);
    expect(list.quotes[0]).toMatchObject({ id: quote.id, status: 'sent', followUpCount: 1, lastSentAt: body.lastSentAt, lastSentByName: 'Administrator' });
  });

  it('writes to the customer’s address now when the quote is linked to the customer record', async () => {
    const customerId = await insertCustomer({ firstName: 'Noah', lastName: 'Smith', email: 'noah.old@example.com' });
    const quote = await makeQuote('noah.old@example.com', { locale: 'es', name: 'Noah Smith' });
    const db = await getDb();
    await db.update(quotes).set({ customerId }).where(eq(quotes.id, quote.id));
    await db.update(customers).set({ email: 'noah.new@example.com' }).where(eq(customers.id, customerId));
    jar.token = adminToken;
    expect((await (await followUp('GET', quote.id)).json()).to).toBe('noah.new@example.com');
    const res = await followUp('POST', quote.id, { expectedTotalCents: quote.totalCents });
    expect(res.status).toBe(200);
    const email = (await quoteEmails(quote.id)).at(-1)!;
    expect(email).toMatchObject({ toAddress: 'noah.new@example.com', locale: 'es' });
    expect(email.subject).toBe('Seguimiento: su presupuesto de Tratamiento único de Escarpment Mosquito & Tick');
    expect(email.text).toContain('email=noah.new%40example.com');
  });

  it('refuses a second send within 24 hours of the last email, in the staff member’s language, and allows it after', async () => {
    const quote = await makeQuote('twice@example.com', { daysAgo: 2 });
    jar.token = adminToken;
    const first = await followUp('POST', quote.id, { expectedTotalCents: quote.totalCents });
    expect(first.status).toBe(200);
    const sentAt = new Date((await first.json()).lastSentAt);

    const refused = await expectRefused(quote.id, quote.totalCents, 429, /^This quote was emailed less than 24 hours ago\. It can be sent again from .+\.$/);
    expect(refused.reason).toBe('too_soon');
    await expectRefused(quote.id, quote.totalCents, 429, /^Cette soumission a été envoyée il y a moins de 24 heures\./, 'fr');
    const preview = await (await followUp('GET', quote.id)).json();
    expect(preview.refusal).toMatchObject({ reason: 'too_soon' });
    expect(preview).toMatchObject({ followUpCount: 1, lastSentByName: 'Administrator' });

    const staff = { staffUserId: adminId, username: 'office', displayName: 'Administrator' };
    const early = new Date(sentAt.getTime() + DAY - 1000);
    await expect(sendQuoteFollowUp(quote.id, { expectedTotalCents: quote.totalCents }, { now: early, locale: 'en', staff })).rejects.toSatisfy((e) => isAppError(e) && e.status === 429);
    const later = await sendQuoteFollowUp(quote.id, { expectedTotalCents: quote.totalCents }, { now: new Date(sentAt.getTime() + DAY), locale: 'en', staff });
    expect(later.followUpCount).toBe(2);
    expect(await followUps(quote.id)).toHaveLength(2);
    expect(await quoteEmails(quote.id)).toHaveLength(3);
  });

  it('refuses within 24 hours of the quote’s own email', async () => {
    const quote = await makeQuote('fresh@example.com', { daysAgo: 0.5 });
    await expectRefused(quote.id, quote.totalCents, 429, /^This quote was emailed less than 24 hours ago/);
  });

  it('shows today’s price when the price table changed since the quote, only once the office confirmed that figure', async () => {
    const quote = await makeQuote('reprice@example.com');
    const db = await getDb();
    // The branch raised the one-time treatment from $99 to $109 after the quote: 109 + 14.17 HST.
    await db.update(branches).set({ pricingOverrides: { plans: { onetime: { basePriceCents: 10_900 } } } }).where(eq(branches.id, 1));
    clearBranchCache();
    try {
      jar.token = adminToken;
      const preview = await (await followUp('GET', quote.id)).json();
      expect(preview).toMatchObject({ quotedTotalCents: 11_187, currentTotalCents: 12_317, refusal: null });

      // The figure the dialog showed before the change is not sent.
      const stale = await expectRefused(quote.id, 11_187, 409, 'Prices changed while this window was open: the email would now show $123.17. Check the new total and send again.');
      expect(stale).toMatchObject({ code: 'price_changed', currentTotalCents: 12_317, quotedTotalCents: 11_187 });

      const res = await followUp('POST', quote.id, { expectedTotalCents: 12_317 });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ totalCents: 12_317, quotedTotalCents: 11_187 });
      const email = (await quoteEmails(quote.id)).at(-1)!;
      expect(email.text).toContain('$123.17');
      expect(email.text).toContain('Our prices have changed since then: the amounts below are today’s and replace the total of $111.87 in our earlier email.');
      const [record] = await followUps(quote.id);
      expect(record).toMatchObject({ totalCents: 12_317, quotedTotalCents: 11_187 });

      // The quote holds what its links charge now: /book-quote and the checkout's price agree with the email.
      const saved = await (await byTokenRoute(new Request(`http://localhost/api/quotes/by-token/${quote.token}`), { params: Promise.resolve({ token: quote.token }) })).json();
      expect(saved).toMatchObject({ totalPrice: 109, subtotalCents: 10_900, taxCents: 1417, totalCents: 12_317 });
      const buy = new URL(email.text.match(/Buy now: (\S+)/)![1]!);
      expect(buy.searchParams.get('price')).toBe('109');
      const charged = await (await post(calculateRoute, '/api/calculate-quote', {
        serviceType: buy.searchParams.get('service'), propertySize: Number(buy.searchParams.get('size')), includeTick: false,
        includeStandingWater: false, address: `${saved.address}, ${saved.city}`,
      })).json();
      expect(charged.totalCents).toBe(12_317);
    } finally {
      await db.update(branches).set({ pricingOverrides: null }).where(eq(branches.id, 1));
      clearBranchCache();
    }
  });
});

describe('quotes that are not followed up', () => {
  it('refuses a booked quote', async () => {
    const quote = await makeQuote('booked@example.com');
    await (await getDb()).update(quotes).set({ status: 'booked' }).where(eq(quotes.id, quote.id));
    const body = await expectRefused(quote.id, quote.totalCents, 409, 'This quote is already booked and paid: there is nothing to follow up.');
    expect(body.reason).toBe('booked');
    await expectRefused(quote.id, quote.totalCents, 409, 'Dieses Angebot ist bereits gebucht und bezahlt: Es gibt nichts nachzufassen.', 'de');
  });

  it('refuses a customer who unsubscribed from our emails, and sends again once they agreed again', async () => {
    const customerId = await insertCustomer({ firstName: 'Zoë', lastName: 'Lefèbvre', email: 'zoe@example.com' });
    const quote = await makeQuote('ZOE@example.com');
    const unsubscribed = await unsubscribeByToken(createUnsubscribeToken(customerId), new Date('2026-06-01T12:00:00Z'));
    expect(unsubscribed?.changed).toBe(true);
    const body = await expectRefused(quote.id, quote.totalCents, 409, 'The customer unsubscribed from our emails on Jun 1, 2026, so no follow-up can be sent.');
    expect(body.reason).toBe('unsubscribed');

    // A later booking with the box ticked is a new express consent (0043).
    await (await getDb()).update(customers).set({ marketingConsentAt: new Date('2026-07-01T12:00:00Z'), marketingConsentText: 'Email me seasonal reminders and offers.' }).where(eq(customers.id, customerId));
    expect((await followUp('POST', quote.id, { expectedTotalCents: quote.totalCents })).status).toBe(200);
  });

  it('finds nothing to send once the customer’s data was erased, and refuses a quote still linked to an erased record', async () => {
    const customerId = await insertCustomer({ firstName: 'Émile', lastName: 'Côté', email: 'emile@example.com' });
    const quote = await makeQuote('emile@example.com');
    await eraseCustomerData(customerId, { staff: { staffUserId: adminId, username: 'office' } });
    await expectRefused(quote.id, quote.totalCents, 404, 'This quote no longer exists. It may have been deleted with its customer’s personal data.');

    // What a follow-up that waited for an erasure's lock on the customer reads: an erased record.
    const linkedId = await insertCustomer({ firstName: 'Ava', lastName: 'Wilson', email: 'ava@example.com' });
    const linked = await makeQuote('ava.quote@example.com');
    const db = await getDb();
    await db.update(quotes).set({ customerId: linkedId }).where(eq(quotes.id, linked.id));
    await db.update(customers).set({ email: `erased-${linkedId}@erased.invalid`, erasedAt: sql`now()`, erasureReason: 'request' }).where(eq(customers.id, linkedId));
    const body = await expectRefused(linked.id, linked.totalCents, 409, 'This customer’s personal data was erased: there is nobody to send the quote to.');
    expect(body.reason).toBe('erased');
    expect((await (await followUp('GET', linked.id)).json())).toMatchObject({ to: null, refusal: { reason: 'erased' } });
  });

  it('refuses an inquiry older than six months without express consent, and a custom quote', async () => {
    const old = await makeQuote('old@example.com', { daysAgo: 200 });
    const body = await expectRefused(old.id, old.totalCents, 409, /^The customer asked for this quote more than six months ago\. Without their consent to our emails, the last day for a follow-up was \w+ \d{1,2}, \d{4}\.$/);
    expect(body.reason).toBe('consent_lapsed');

    const acreage = await makeQuote('acreage@example.com', { propertySize: 999 });
    await expectRefused(acreage.id, 0, 409, 'A custom quote has no price to send again: call the customer instead.');
    expect((await (await followUp('GET', acreage.id)).json())).toMatchObject({ currentTotalCents: null, refusal: { reason: 'custom_quote' } });
  });
});

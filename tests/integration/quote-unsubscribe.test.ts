/**
 * A quote email's own unsubscribe (docs/decisions/0066), on a real database: the quote email and
 * the office's follow-up carry a link and RFC 8058's one-click headers for the address they go to;
 * the one-click POST (or the page's button) records that address, with or without a customer
 * record; "Send again" is then refused as unsubscribed; booking emails still go.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { customers, unsubscribedAddresses } from '@/db/schema/customers';
import { emailOutbox } from '@/db/schema/messages';
import { quotes } from '@/db/schema/quotes';
import { deliverDueEmails } from '@/features/email/outbox.service';
import type { MailMessage } from '@/features/email/mail-transport';
import { loadUnsubscribeState } from '@/features/marketing-email/consent.service';
import { createAddressUnsubscribeToken } from '@/features/marketing-email/unsubscribe-token';
import { DEFAULT_SCHEDULE_RULES, findAvailableDates } from '@/features/scheduling/available-dates';
import { type Handler, jsonPoster, noParams } from '../support/handlers';
import { insertCustomer } from '../support/records';
import { signInAdminAndTechnician } from '../support/staff-sessions';

const jar = vi.hoisted(() => ({ token: undefined as string | undefined }));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (jar.token ? { name, value: jar.token } : undefined) }),
}));

const { GET: previewRoute, POST: followUpRoute } = (await import('@/app/api/admin/quotes/[id]/follow-up/route')) as unknown as { GET: Handler; POST: Handler };
const { POST: sendQuoteRoute } = (await import('@/app/api/send-quote/route')) as unknown as { POST: Handler };
const { POST: postAppointment } = (await import('@/app/api/appointments/route')) as unknown as { POST: Handler };
const { POST: unsubscribeRoute } = (await import('@/app/api/unsubscribe/[token]/route')) as unknown as { POST: Handler };
const { GET: seasonOpenerRoute } = (await import('@/app/api/admin/season-opener/route')) as unknown as { GET: Handler };

const post = jsonPoster(174);
const DAY = 24 * 3_600_000;
let adminToken = '';
let senders = 0;

beforeAll(async () => {
  ({ adminToken } = await signInAdminAndTechnician());
});

/** A one-time quote for 0.25 acre in Hamilton asked for in `locale` three days ago, as the public form sends it. */
async function makeQuote(email: string, locale = 'en') {
  jar.token = undefined;
  const res = await sendQuoteRoute(new Request('http://localhost/api/send-quote', {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `NEXT_LOCALE=${locale}`, 'x-forwarded-for': `10.174.9.${(senders += 1)}` },
    body: JSON.stringify({
      name: 'Léa Gagnon', email, phone: '905-555-0174',
      quoteDetails: { serviceType: 'onetime', propertySize: 0.25, includeTick: false, includeTargetedInsects: false, address: '12 King St W', city: 'Hamilton', postalCode: 'L8P 1A1' },
    }),
  }), { params: Promise.resolve({}) });
  expect(res.status, await res.clone().text()).toBe(200);
  const { quoteId } = (await res.json()) as { quoteId: number };
  const db = await getDb();
  await db.update(quotes).set({ createdAt: new Date(Date.now() - 3 * DAY) }).where(eq(quotes.id, quoteId));
  const [row] = await db.select().from(quotes).where(eq(quotes.id, quoteId));
  return row!;
}

/** "Send again" as the office's admin, in English. */
function followUp(method: 'GET' | 'POST', quote: { id: number; totalCents: number }) {
  jar.token = adminToken;
  const handler = method === 'GET' ? previewRoute : followUpRoute;
  return handler(new Request(`http://localhost/api/admin/quotes/${quote.id}/follow-up`, {
    method,
    headers: { cookie: 'NEXT_LOCALE=en', ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
    body: method === 'POST' ? JSON.stringify({ expectedTotalCents: quote.totalCents }) : undefined,
  }), { params: Promise.resolve({ id: String(quote.id) }) });
}

/** Sends every email due, through a transport that keeps them; the messages to `to` (the quote form writes addresses in lower case). */
async function deliverTo(to: string): Promise<MailMessage[]> {
  const sent: MailMessage[] = [];
  await deliverDueEmails({ batchSize: 500, transport: { send: async (m) => { sent.push(m); return { messageId: String(sent.length) }; } } });
  return sent.filter((m) => m.to.toLowerCase() === to.toLowerCase());
}

/** RFC 8058's POST, as a mail provider makes it from its own servers. */
function oneClick(url: string, language = 'en') {
  const token = new URL(url).pathname.split('/').pop()!;
  return unsubscribeRoute(new Request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site', origin: 'https://mail.example.net', 'accept-language': language },
    body: 'List-Unsubscribe=One-Click',
  }), { params: Promise.resolve({ token }) });
}

const addressRow = async (address: string) => (await (await getDb()).select().from(unsubscribedAddresses).where(eq(unsubscribedAddresses.address, address)))[0] ?? null;
const countOutbox = async () => (await (await getDb()).select({ n: sql<number>`count(*)::int` }).from(emailOutbox))[0]!.n;

const fridays = () => findAvailableDates({ ...DEFAULT_SCHEDULE_RULES, now: new Date(), bookedStops: new Map(), serviceType: 'onetime', visitsFor: () => 1 });

describe('a quote email\'s one-click unsubscribe', () => {
  it('carries the headers and a visible link for its address; the one-click POST records it and "Send again" is refused as unsubscribed', async () => {
    const quote = await makeQuote('Lea.Gagnon@Example.com', 'fr');
    const [email] = await deliverTo('Lea.Gagnon@Example.com');
    const token = createAddressUnsubscribeToken('lea.gagnon@example.com');
    expect(email!.headers).toEqual({
      'List-Unsubscribe': `<http://localhost:3000/api/unsubscribe/${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    // The link a person follows opens the page in the quote's language.
    expect(email!.html).toContain(`href="http://localhost:3000/fr/unsubscribe/${token}"`);
    expect(email!.text).toContain(`Se désabonner\u00a0: http://localhost:3000/fr/unsubscribe/${token}`);

    // Before: the office may follow it up.
    expect((await (await followUp('GET', quote)).json()).refusal).toBeNull();
    expect(await loadUnsubscribeState(token)).toEqual({ state: 'subscribed', subject: 'address' });

    const res = await oneClick(email!.headers!['List-Unsubscribe']!.slice(1, -1), 'fr');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, message: 'Vous êtes désabonné.' });
    const recorded = await addressRow('lea.gagnon@example.com');
    expect(recorded?.unsubscribedAt).toBeInstanceOf(Date);
    expect(await loadUnsubscribeState(token)).toEqual({ state: 'unsubscribed', since: recorded!.unsubscribedAt, subject: 'address' });

    const emailsBefore = await countOutbox();
    const refused = await followUp('POST', quote);
    expect(refused.status).toBe(409);
    const body = (await refused.json()) as { reason: string; message: string };
    expect(body.reason).toBe('unsubscribed');
    expect(body.message).toMatch(/^The customer unsubscribed from our emails on \w{3} \d{1,2}, \d{4}, so no follow-up can be sent\.$/);
    expect(await countOutbox()).toBe(emailsBefore);
    expect((await (await followUp('GET', quote)).json()).refusal.reason).toBe('unsubscribed');

    // A second click (the person's, after their provider's) keeps the first date.
    expect((await oneClick(`http://localhost:3000/api/unsubscribe/${token}`)).status).toBe(200);
    expect(await addressRow('lea.gagnon@example.com')).toEqual(recorded);
  });

  it('the office\'s follow-up carries them too, for the address it goes to', async () => {
    const quote = await makeQuote('follow.up@example.com', 'de');
    await deliverTo('follow.up@example.com');
    expect((await followUp('POST', quote)).status).toBe(200);
    const [sent] = await deliverTo('follow.up@example.com');
    expect(sent!.subject).toMatch(/^Erinnerung an Ihr Angebot/);
    const token = createAddressUnsubscribeToken('follow.up@example.com');
    expect(sent!.headers?.['List-Unsubscribe']).toBe(`<http://localhost:3000/api/unsubscribe/${token}>`);
    expect(sent!.html).toContain(`href="http://localhost:3000/de/unsubscribe/${token}"`);
  });

  it('refuses a tampered token with a translated message and records nothing', async () => {
    const token = createAddressUnsubscribeToken('tamper@example.com');
    const [, , mac] = token.split('.');
    const otherAddress = `e.${Buffer.from('victim@example.com', 'utf8').toString('base64url')}.${mac}`;
    for (const bad of [otherAddress, `${token.slice(0, -2)}AA`]) {
      const res = await oneClick(`http://localhost:3000/api/unsubscribe/${bad}`, 'es');
      expect(res.status).toBe(404);
      expect(((await res.json()) as { message: string }).message).toBe('Este enlace para darse de baja no funciona.');
      expect(await loadUnsubscribeState(bad)).toEqual({ state: 'invalid' });
    }
    expect(await addressRow('victim@example.com')).toBeNull();
    expect(await addressRow('tamper@example.com')).toBeNull();
  });
});

describe('what the address\'s unsubscribe reaches', () => {
  it('unsubscribes the customer with that address as well, so the season opener leaves them out; a later consent outranks it', async () => {
    const customerId = await insertCustomer({
      firstName: 'Sam', lastName: 'Okafor', email: 'sam.okafor@example.com', marketingConsentAt: new Date(Date.now() - 30 * DAY), marketingConsentText: 'Email me seasonal reminders and offers.',
    });
    const quote = await makeQuote('SAM.OKAFOR@example.com');
    const [email] = await deliverTo('SAM.OKAFOR@example.com');
    const audience = async () => {
      jar.token = adminToken;
      return ((await (await seasonOpenerRoute(new Request('http://localhost/api/admin/season-opener'), noParams)).json()) as { recipients: number }).recipients;
    };
    const before = await audience();
    expect((await oneClick(email!.headers!['List-Unsubscribe']!.slice(1, -1))).status).toBe(200);
    expect(await audience()).toBe(before - 1);
    const db = await getDb();
    const [customer] = await db.select({ unsubscribedAt: customers.marketingUnsubscribedAt }).from(customers).where(eq(customers.id, customerId));
    expect(customer!.unsubscribedAt).toBeInstanceOf(Date);
    expect((await followUp('POST', quote)).status).toBe(409);

    // Ticking the box on a later booking is a new express consent (0043): the follow-up may go again.
    await db.update(customers).set({ marketingConsentAt: new Date(Date.now() + 1000) }).where(eq(customers.id, customerId));
    expect((await followUp('POST', quote)).status).toBe(200);
  });

  it('leaves booking emails alone: the booking confirmation is still sent, without unsubscribe headers', async () => {
    const address = 'booker@example.com';
    const quote = await makeQuote(address);
    const [email] = await deliverTo(address);
    expect((await oneClick(email!.headers!['List-Unsubscribe']!.slice(1, -1))).status).toBe(200);

    const booked = await post(postAppointment, '/api/appointments', {
      serviceType: 'onetime', propertySize: 0.25, firstName: 'Bo', lastName: 'Oker', email: address, phone: '905-555-0174',
      address: '12 King St W', city: 'Hamilton', postalCode: 'L8P 1A1', date: fridays()[1],
    });
    expect(booked.status, await booked.clone().text()).toBe(201);
    const sent = await deliverTo(address);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toMatch(/booking/i);
    expect(sent[0]!.headers).toBeUndefined();
    expect(sent[0]!.html).not.toContain('/unsubscribe/');

    // The booking made a customer record without consent: the address's unsubscribe still stands.
    expect((await followUp('POST', quote)).status).toBe(409);
  });
});

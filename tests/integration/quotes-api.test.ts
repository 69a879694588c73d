import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { discountCodes } from '@/db/schema/catalog';
import { emailOutbox } from '@/db/schema/messages';
import { quotes } from '@/db/schema/quotes';
import { getEnv } from '@/env';
import { countDiscountUse } from '@/features/pricing/discount.repository';
import { priceBooking } from '@/features/pricing/pricing.service';
import { signIn } from '@/features/staff-auth/session.service';
import { seedStaffAccount } from '@/server/bootstrap/seed';

// Staff handlers read the session cookie through next/headers; outside Next it comes from here.
const jar = vi.hoisted(() => ({ token: undefined as string | undefined }));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (name === 'staff_session' && jar.token ? { name, value: jar.token } : undefined) }),
}));

const { POST: calculateQuoteRoute } = await import('@/app/api/calculate-quote/route');
const { POST: sendQuoteRoute } = await import('@/app/api/send-quote/route');
const { GET: quotesRoute } = await import('@/app/api/quotes/route');
const { GET: quoteByTokenRoute } = await import('@/app/api/quotes/by-token/[token]/route');
const { GET: sampleEmailRoute } = await import('@/app/api/send-sample-email/route');
const { GET: outboxRoute } = await import('@/app/api/outbox/route');
const { GET: serviceAreaRoute } = await import('@/app/api/service-area/check/[postalCode]/route');

const noParams = { params: Promise.resolve({}) } as { params: Promise<Record<string, never>> };
let ipCounter = 0;

function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  return new Request(`http://localhost${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.1.0.${++ipCounter}`, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const calc = (body: unknown, headers?: Record<string, string>) => calculateQuoteRoute(post('/api/calculate-quote', body, headers), noParams);
const send = (body: unknown, headers?: Record<string, string>) => sendQuoteRoute(post('/api/send-quote', body, headers), noParams);

const quoteDetails = {
  serviceType: 'seasonal', propertySize: '0.25', includeTick: false, includeTargetedInsects: false,
  address: '12 King St W, Hamilton', city: 'Hamilton', postalCode: 'L8P 1A1', totalPrice: 1, lotSizeDisplay: 'Small',
};

beforeAll(async () => {
  const db = await getDb();
  await db.insert(discountCodes).values([
    { code: 'OLDCODE', discountType: 'fixed', discountValue: 1000, expiresAt: new Date('2020-01-01T00:00:00Z') },
    { code: 'ONCE', discountType: 'fixed', discountValue: 1000, maxUses: 1, currentUses: 1 },
    { code: 'TWICE', discountType: 'percent', discountValue: 10, maxUses: 2 },
  ]);
});

describe('POST /api/calculate-quote', () => {
  it('prices DECISIONS §1 worked examples and answers the fields SPEC reads', async () => {
    const res = await calc({ propertySize: 0.25, serviceType: 'onetime', includeTick: false, includeTargetedInsects: false, address: '12 King St W, Hamilton' });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ totalPrice: 99, subtotalCents: 9900, taxCents: 1287, totalCents: 11187, customQuote: false, premiumArea: false, discount: { applied: false } });
    expect(body.lines).toEqual([expect.objectContaining({ code: 'onetime-treatment', label: 'One-time treatment', amountCents: 9900 })]);
    expect(body.lotSizeDisplay).toBe('Small');
    expect(typeof body.lotSizeDescription).toBe('string');

    const seasonal = await (await calc({ propertySize: '0.25', serviceType: 'seasonal', address: '' })).json();
    expect(seasonal).toMatchObject({ totalPrice: 365, taxCents: 4745, totalCents: 41245 });
  });

  it('accepts includeStandingWater, "tick" and a premium address, and estimates the lot from the address', async () => {
    const body = await (await calc({ propertySize: '0.5', serviceType: 'tick', includeStandingWater: true, address: '5 Wilson St, Ancaster' }, { 'accept-language': 'fr' })).json();
    // tick-seasonal 0.5: 3 × (79 + 20) = 297, + 79 targeted insects = 376, × 1.1 = 413.6 → 414.
    expect(body).toMatchObject({ totalPrice: 414, premiumArea: true, estimatedLotSize: 0.75 });
    expect(body.lines.map((l: { code: string }) => l.code)).toEqual(['tick-seasonal-visits', 'targeted-insects-addon']);
    expect(body.lotSizeDescription).toContain('Ancaster');
    // The acres as French writes numbers (0062), not '0.75'.
    expect(body.lotSizeDescription).toBe('Taille habituelle d’un terrain à Ancaster\u00A0: environ 0,75 acre');
    expect(body.lines[1].label).toBe('Traitement ciblé des insectes (eaux stagnantes)');
  });

  it('answers a custom quote for acreage', async () => {
    const body = await (await calc({ propertySize: 999, serviceType: 'onetime', address: 'Rural Rd, Flamborough' })).json();
    expect(body).toMatchObject({ customQuote: true, totalPrice: 0, lines: [] });
  });

  it('applies MIDSEASON to the seasonal plan and gives translated reasons for unknown, expired and used-up codes', async () => {
    const ok = await (await calc({ propertySize: 0.25, serviceType: 'seasonal', address: 'Hamilton', discountCode: ' midseason ' })).json();
    expect(ok).toMatchObject({ totalPrice: 286, discountCents: 7900, subtotalCents: 28600, taxCents: 3718, totalCents: 32318, discount: { applied: true, code: 'MIDSEASON' } });

    const cases: [string, string, string, string][] = [
      ['NOPE', 'unknown', 'en', 'This discount code does not exist.'],
      ['OLDCODE', 'expired', 'fr', 'Ce code promo a expiré.'],
      ['ONCE', 'used-up', 'de', 'Dieser Rabattcode ist bereits aufgebraucht.'],
      ['MIDSEASON', 'not-applicable', 'es', 'Este código de descuento no es válido para el plan elegido.'],
    ];
    for (const [code, reason, lang, message] of cases) {
      const body = await (await calc({ propertySize: 0.25, serviceType: 'onetime', address: 'Hamilton', discountCode: code }, { 'accept-language': lang })).json();
      expect(body.discount).toEqual({ applied: false, code, reason, message });
      expect(body.totalCents).toBe(11187);
    }
  });

  it('answers 400 with translated field messages for bad input, and never a 5xx', async () => {
    const res = await calc({ propertySize: -1, serviceType: 'lawn' });
    expect(res.status).toBe(400);
    expect((await res.json()).fields).toEqual({ propertySize: 'Please select your property size.', serviceType: 'Please choose a treatment plan.' });

    const junk: unknown[] = ['{not json', 'null', '[]', '"x"', {}, { propertySize: 'abc', serviceType: 'onetime' }, { propertySize: 1e308, serviceType: 'seasonal' },
      { propertySize: 0.5, serviceType: 'onetime', extras: ['gold-plating'] }, { propertySize: 0.5, serviceType: 'onetime', includeTick: 'maybe' },
      { propertySize: 0.5, serviceType: 'onetime', address: 'x'.repeat(5000) }, { propertySize: 0.5, serviceType: { $ne: 1 } }, { propertySize: 0.0001, serviceType: 'onetime', discountCode: 5 }];
    for (const body of junk) {
      const r = await calc(body);
      expect(r.status, JSON.stringify(body)).toBeGreaterThanOrEqual(200);
      expect(r.status, JSON.stringify(body)).toBeLessThan(500);
    }
  });

  it('counts a limited code only while uses remain, even when payments finish together', async () => {
    const db = await getDb();
    const results = await Promise.all(Array.from({ length: 6 }, () => db.transaction((tx) => countDiscountUse(tx, 'twice'))));
    expect(results.filter(Boolean)).toHaveLength(2);
    const [row] = await db.select({ uses: discountCodes.currentUses }).from(discountCodes).where(eq(discountCodes.code, 'TWICE'));
    expect(row!.uses).toBe(2);
    const priced = await priceBooking({ serviceType: 'onetime', propertySize: 0.25, discountCode: 'TWICE' }, { now: new Date() });
    expect(priced.discount).toEqual({ applied: false, code: 'TWICE', reason: 'used-up' });
  });
  it('prices inside the caller transaction when handed it (no second connection on PGlite)', async () => {
    const db = await getDb();
    const priced = await db.transaction((tx) => priceBooking({ serviceType: 'seasonal', propertySize: 0.25, discountCode: 'MIDSEASON' }, { now: new Date(), db: tx }));
    expect(priced.result.totalCents).toBe(32318);
    expect(priced.discount).toEqual({ applied: true, code: 'MIDSEASON' });
  });
});

describe('POST /api/send-quote', () => {
  it('stores the quote at the server price and queues its email in the customer language, with working links', async () => {
    const res = await send({ email: 'Marie@Example.com', name: 'Marie Tremblay', phone: '905-555-0199', quoteDetails: { ...quoteDetails, discountCode: 'MIDSEASON' } }, { cookie: 'NEXT_LOCALE=fr' });
    expect(res.status).toBe(200);
    const { ok, quoteId } = await res.json();
    expect(ok).toBe(true);

    const db = await getDb();
    const [quote] = await db.select().from(quotes).where(eq(quotes.id, quoteId));
    expect(quote).toMatchObject({ status: 'sent', customerEmail: 'marie@example.com', totalPrice: 286, totalCents: 32318, locale: 'fr', discountCode: 'MIDSEASON' });
    expect(quote!.token).toMatch(/^[\w-]{32}$/);

    const [email] = await db.select().from(emailOutbox).where(eq(emailOutbox.relatedId, quoteId));
    expect(email).toMatchObject({ kind: 'quote', relatedType: 'quote', toAddress: 'marie@example.com', locale: 'fr', status: 'pending' });
    expect(email!.subject).toBe('Votre soumission – Protection saisonnière contre les moustiques – Escarpment Mosquito & Tick');
    expect(email!.text).toContain(`http://localhost:3000/fr/book-quote?token=${quote!.token}`);
    expect(email!.text).toContain('323,18');
    // "Buy now" is SPEC's direct-buy mode with the quote token, so /checkout-new charges this quote (MIDSEASON, extras).
    const buy = new URL(/(http:\/\/localhost:3000\/fr\?directBuy=true&[^\s]+)/.exec(email!.text)![1]!);
    expect(Object.fromEntries(buy.searchParams)).toEqual({
      directBuy: 'true', service: 'seasonal', size: '0.25', includeTick: 'false', includeStandingWater: 'false',
      address: '12 King St W, Hamilton', email: 'marie@example.com', name: 'Marie Tremblay', price: '286', quoteToken: quote!.token,
    });
    expect(email!.html).toContain('Réserver cette soumission');

    // The link's token opens the quote for /book-quote; a made-up token does not.
    const found = await quoteByTokenRoute(new Request('http://localhost/api/quotes/by-token/x'), { params: Promise.resolve({ token: quote!.token }) });
    expect(found.status).toBe(200);
    expect(await found.json()).toMatchObject({ id: quoteId, serviceType: 'seasonal', propertySize: 0.25, totalCents: 32318, firstName: 'Marie', lastName: 'Tremblay', address: '12 King St W, Hamilton' });
    const missing = await quoteByTokenRoute(new Request('http://localhost/api/quotes/by-token/x'), { params: Promise.resolve({ token: 'A'.repeat(32) }) });
    expect(missing.status).toBe(404);
    expect((await missing.json()).message).toBe('Invalid Quote Link');
  });

  it('prices a quote in a premium town by its postal code, as the booking will, and keeps the second contact', async () => {
    const res = await send({
      email: 'ola@example.com', name: 'Ola Berg', phone: '905-555-0111',
      quoteDetails: { serviceType: 'onetime', propertySize: 0.25, includeTick: false, includeTargetedInsects: false, address: '300 Wilson St E', postalCode: 'L9G 2B9' },
      secondContact: { name: 'Kim Berg', email: '', phone: '905-555-0112' },
    }, { 'x-forwarded-for': '10.0.9.1' });
    expect(res.status).toBe(200);
    const { quoteId } = await res.json();
    const db = await getDb();
    const [quote] = await db.select().from(quotes).where(eq(quotes.id, quoteId));
    // Ancaster carries the 1.1 premium (DECISIONS §1): 99 x 1.1 = 108.90, rounded to 109.00, + 14.17 HST.
    expect(quote).toMatchObject({ city: 'Ancaster', totalPrice: 109, subtotalCents: 10900, taxCents: 1417, totalCents: 12317 });
    expect(quote!.secondContact).toEqual({ name: 'Kim Berg', email: '', phone: '905-555-0112' });

    const unreachable = await send({
      email: 'ola@example.com', name: 'Ola Berg', quoteDetails: { ...quoteDetails }, secondContact: { name: 'Kim', email: 'not-an-email', phone: '' },
    }, { 'x-forwarded-for': '10.0.9.2' });
    expect(unreachable.status).toBe(400);
    expect(JSON.stringify(await unreachable.json())).toContain('Give the second contact a name and an email or a 10-digit phone number.');
  });

  it('validates with SPEC messages: address, name and email required', async () => {
    const res = await send({ email: 'nope', name: '', quoteDetails: { ...quoteDetails, address: '   ' } });
    expect(res.status).toBe(400);
    expect((await res.json()).fields).toEqual({
      email: 'Invalid email address',
      name: 'Please provide your name and email address.',
      'quoteDetails.address': 'Please provide your address to get a quote by email.',
    });
    // Over-long fields get the shared "keep it to N characters" messages, as the calculator shows them.
    const long = await send({ email: 'a@example.com', name: 'A B', phone: `905-555-0134 ext. ${'1'.repeat(20)}`, quoteDetails: { ...quoteDetails, address: 'x'.repeat(301), city: 'y'.repeat(101) } });
    expect(long.status).toBe(400);
    expect((await long.json()).fields).toEqual({
      phone: 'Please keep the phone number to 30 characters or fewer.',
      'quoteDetails.address': 'Please keep the address to 300 characters or fewer.',
      'quoteDetails.city': 'Please keep the city to 100 characters or fewer.',
    });
    const noDetails = await send({ email: 'a@example.com', name: 'A B' });
    expect(noDetails.status).toBe(400);
    for (const body of ['{', 'null', '[]', { email: 5, name: {}, quoteDetails: 'x' }]) {
      expect((await send(body)).status).toBeLessThan(500);
    }
  });

  it('accepts and drops a filled honeypot, and rate-limits per recipient and per client', async () => {
    const db = await getDb();
    const before = await db.select({ n: sql<number>`count(*)::int` }).from(quotes);
    const bot = await send({ email: 'bot@example.com', name: 'Bot', quoteDetails, website: 'http://spam.example' });
    expect(bot.status).toBe(200);
    expect((await bot.json()).ok).toBe(true);
    const after = await db.select({ n: sql<number>`count(*)::int` }).from(quotes);
    expect(after[0]!.n).toBe(before[0]!.n);

    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await send({ email: 'victim@example.com', name: 'Vic Tim', quoteDetails })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);

    const fromOneClient: number[] = [];
    for (let i = 0; i < 11; i++) fromOneClient.push((await send({ email: `c${i}@example.com`, name: 'Cee', quoteDetails }, { 'x-forwarded-for': '10.9.9.9' })).status);
    expect(fromOneClient.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(fromOneClient[10]).toBe(429);
  });

  it('commits the quote and its email together: if the email cannot be queued, no quote is stored', async () => {
    const db = await getDb();
    await db.execute(sql.raw(`create or replace function refuse_test_outbox() returns trigger language plpgsql as $$
      begin if new.to_address = 'broken@example.com' then raise exception 'outbox unavailable'; end if; return new; end $$`));
    await db.execute(sql.raw('create trigger refuse_test_outbox before insert on email_outbox for each row execute function refuse_test_outbox()'));
    try {
      const res = await send({ email: 'broken@example.com', name: 'Bro Ken', quoteDetails });
      expect(res.status).toBe(500);
      expect((await res.json()).message).toBe('Something went wrong. Please try again.');
      const rows = await db.select({ id: quotes.id }).from(quotes).where(eq(quotes.customerEmail, 'broken@example.com'));
      expect(rows).toEqual([]);
    } finally {
      await db.execute(sql.raw('drop trigger refuse_test_outbox on email_outbox'));
    }
  });
});

describe('POST /api/send-quote: custom (acreage) quotes reach staff', () => {
  const acreage = {
    serviceType: 'seasonal', propertySize: 999, includeTick: true, includeTargetedInsects: true, extras: ['breeding-site-inspection'],
    address: '1200 Ridge Rd', postalCode: 'l0r 1h0', totalPrice: 0, lotSizeDisplay: 'Custom quote',
  };

  it('queues a staff notification (in English, to the staff address) with the request and a link to /quotes-admin, besides the customer email', async () => {
    const res = await send({ email: 'rosa.ortiz@example.com', name: 'Rosa Ortiz', phone: '905-555-0142', quoteDetails: acreage }, { cookie: 'NEXT_LOCALE=es' });
    expect(res.status).toBe(200);
    const { quoteId } = await res.json();

    const db = await getDb();
    const emails = await db.select().from(emailOutbox).where(eq(emailOutbox.relatedId, quoteId));
    const mine = emails.filter((e) => e.relatedType === 'quote');
    expect(mine.map((e) => e.kind).sort()).toEqual(['quote', 'staff-notification']);

    const customer = mine.find((e) => e.kind === 'quote')!;
    expect(customer).toMatchObject({ toAddress: 'rosa.ortiz@example.com', locale: 'es', replyTo: null });

    const staff = mine.find((e) => e.kind === 'staff-notification')!;
    // "Reply" in the office's mailbox answers the customer.
    expect(staff).toMatchObject({ toAddress: getEnv().STAFF_NOTIFY_EMAIL, replyTo: 'rosa.ortiz@example.com', locale: 'en', status: 'pending' });
    expect(staff.subject).toBe(`Custom quote request #${quoteId}: Rosa Ortiz`);
    for (const part of [staff.text, staff.html]) {
      for (const fact of [
        // L0R 1H… is Carlisle, a Flamborough village (0078); the size as the calculator offered it.
        'Rosa Ortiz', 'rosa.ortiz@example.com', '905-555-0142', '1200 Ridge Rd, Carlisle, L0R 1H0',
        'Seasonal Mosquito Protection', 'Tick control add-on', 'Targeted insect (standing water) treatment', 'Breeding site inspection',
        'Acreage (over 2 acres)', 'Spanish', `#${quoteId}`, 'http://localhost:3000/quotes-admin',
      ]) expect(part, fact).toContain(fact);
    }
    expect(staff.text).toContain(`Quote number: #${quoteId}`);
  });

  it('does not notify staff about an ordinary priced quote: the customer can book or buy it online', async () => {
    const res = await send({ email: 'priced@example.com', name: 'Pri Ced', phone: '905-555-0143', quoteDetails }, { 'x-forwarded-for': '10.0.8.1' });
    expect(res.status).toBe(200);
    const { quoteId } = await res.json();
    const db = await getDb();
    const emails = await db.select({ kind: emailOutbox.kind }).from(emailOutbox).where(eq(emailOutbox.relatedId, quoteId));
    expect(emails.map((e) => e.kind)).toEqual(['quote']);
  });

  it('stores no custom quote when the staff notification cannot be queued', async () => {
    const db = await getDb();
    await db.execute(sql.raw(`create or replace function refuse_staff_outbox() returns trigger language plpgsql as $$
      begin if new.kind = 'staff-notification' then raise exception 'outbox unavailable'; end if; return new; end $$`));
    await db.execute(sql.raw('create trigger refuse_staff_outbox before insert on email_outbox for each row execute function refuse_staff_outbox()'));
    try {
      const res = await send({ email: 'lost.request@example.com', name: 'Los T', phone: '905-555-0144', quoteDetails: acreage });
      expect(res.status).toBe(500);
      expect(await db.select({ id: quotes.id }).from(quotes).where(eq(quotes.customerEmail, 'lost.request@example.com'))).toEqual([]);
      expect(await db.select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.toAddress, 'lost.request@example.com'))).toEqual([]);
    } finally {
      await db.execute(sql.raw('drop trigger refuse_staff_outbox on email_outbox'));
    }
  });
});

describe('POST /api/send-quote: the postal code is checked as booking checks it', () => {
  const countFor = async (email: string) => {
    const db = await getDb();
    const [q] = await db.select({ n: sql<number>`count(*)::int` }).from(quotes).where(eq(quotes.customerEmail, email));
    const [m] = await db.select({ n: sql<number>`count(*)::int` }).from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    return { quotes: q!.n, emails: m!.n };
  };

  it('refuses a code outside the service area, says whom to call (0104), and stores and sends nothing', async () => {
    const res = await send({ email: 'toronto@example.com', name: 'Tor Onto', phone: '905-555-0145', quoteDetails: { ...quoteDetails, address: '100 King St W', city: null, postalCode: 'm5h 2n2' } });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.message).toBe("We're sorry, but we don't currently service the M5H 2N2 area, so we can't send you a quote to book online. Please call us at (905) 555-0134: we'll tell you what we can do.");
    expect(body.fields).toEqual({ 'quoteDetails.postalCode': "We don't currently service this area." });
    expect(body).toMatchObject({ reason: 'outside_area', postalCode: 'M5H 2N2' });
    expect(await countFor('toronto@example.com')).toEqual({ quotes: 0, emails: 0 });

    const fr = await (await send({ email: 'toronto@example.com', name: 'Tor Onto', quoteDetails: { ...quoteDetails, postalCode: 'M5H 2N2' } }, { 'accept-language': 'fr' })).json();
    expect(fr.message).toBe('Nous sommes désolés, mais nous ne desservons pas actuellement le secteur M5H 2N2\u00a0: nous ne pouvons donc pas vous envoyer de soumission à réserver en ligne. Appelez-nous au (905) 555-0134\u00a0: nous vous dirons ce que nous pouvons faire.');
  });

  it.each([['12345'], ['L8P'], ['ZZZ 999'], ['L8P 1A1 extra']])('refuses the malformed code %j with a translated field message', async (postalCode) => {
    const email = `malformed-${postalCode.replace(/\W/g, '')}@example.com`;
    const res = await send({ email, name: 'Mal Formed', quoteDetails: { ...quoteDetails, postalCode } }, { 'accept-language': 'es' });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.message).toBe('Revise los campos marcados.');
    expect(body.fields).toEqual({ 'quoteDetails.postalCode': 'Introduzca un código postal canadiense válido, por ejemplo L8P 1A1.' });
    expect(await countFor(email)).toEqual({ quotes: 0, emails: 0 });
  });

  it('stores a served code the way booking writes it, so "Book this quote" passes the same check', async () => {
    const res = await send({ email: 'dundas@example.com', name: 'Dun Das', phone: '905-555-0146', quoteDetails: { ...quoteDetails, address: '5 King St W', city: null, postalCode: ' l9h2b3 ' } });
    expect(res.status).toBe(200);
    const { quoteId } = await res.json();
    const db = await getDb();
    const [quote] = await db.select({ postalCode: quotes.postalCode, city: quotes.city }).from(quotes).where(eq(quotes.id, quoteId));
    expect(quote).toEqual({ postalCode: 'L9H 2B3', city: 'Dundas' });
  });

  it('still accepts a quote without a postal code (SPEC §7 callers send only the address; /book-quote asks for it)', async () => {
    const { postalCode: _omit, ...withoutPostal } = quoteDetails;
    const res = await send({ email: 'nopostal@example.com', name: 'No Postal', quoteDetails: withoutPostal });
    expect(res.status).toBe(200);
  });
});

describe('staff-only reads', () => {
  it('answers 401 without a session and the lists with one', async () => {
    jar.token = undefined;
    for (const route of [quotesRoute, sampleEmailRoute, outboxRoute]) {
      expect((await route(new Request('http://localhost/api/x'), noParams)).status).toBe(401);
    }
    await seedStaffAccount(await getDb(), 'quinn', 'a quite long password');
    jar.token = (await signIn('quinn', 'a quite long password', { userAgent: null })).token;

    const list = (await (await quotesRoute(new Request('http://localhost/api/quotes'), noParams)).json()) as { customerEmail: string; status: string }[];
    expect(list.some((q) => q.customerEmail === 'marie@example.com' && q.status === 'sent')).toBe(true);

    const sample = await sampleEmailRoute(new Request('http://localhost/api/send-sample-email'), noParams);
    expect(sample.headers.get('content-type')).toContain('text/html');
    expect(await sample.text()).toContain('Book this quote');

    const outbox = await (await outboxRoute(new Request('http://localhost/api/outbox?status=pending'), noParams)).json();
    expect(outbox.emails.some((e: { toAddress: string }) => e.toAddress === 'marie@example.com')).toBe(true);
    jar.token = undefined;
  });
});

describe('GET /api/service-area/check/{postalCode}', () => {
  const check = (code: string, lang = 'en') =>
    serviceAreaRoute(new Request(`http://localhost/api/service-area/check/${encodeURIComponent(code)}`, { headers: { 'accept-language': lang } }), { params: Promise.resolve({ postalCode: encodeURIComponent(code) }) });

  it('normalises the code and answers whether the branch serves it', async () => {
    expect(await (await check('l9h 2b3')).json()).toMatchObject({ inServiceArea: true, postalCode: 'L9H2B3', area: 'Dundas' });
    const out = await (await check('M5V 3L9')).json();
    expect(out).toMatchObject({ inServiceArea: false, postalCode: 'M5V3L9', area: null });
    expect(out.message).toBe("We're sorry, but we don't currently service the M5V 3L9 area. Please contact us for alternatives.");
  });

  it('answers 400 with a translated message for a malformed code', async () => {
    const res = await check('12345', 'es');
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe('Introduzca un código postal válido, por ejemplo L8P 1A1.');
    expect((await check('%%%')).status).toBe(400);
  });
});

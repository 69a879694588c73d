/**
 * Promotional email under CASL (docs/decisions/0043): the booking records express consent (time
 * and words) when the box is ticked and never removes it when not; the unsubscribe page's button
 * and RFC 8058's one-click POST unsubscribe, once; the season opener goes to exactly the subscribed
 * customers, once per season, even when two admins send it at the same moment.
 */
import { eq, inArray, like, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { appointments } from '@/db/schema/appointments';
import { customers } from '@/db/schema/customers';
import { emailOutbox } from '@/db/schema/messages';
import { deliverDueEmails } from '@/features/email/outbox.service';
import type { MailMessage } from '@/features/email/mail-transport';
import { loadUnsubscribeState } from '@/features/marketing-email/consent.service';
import { eraseCustomerData } from '@/features/privacy/privacy.service';
import { queueSeasonOpener } from '@/features/marketing-email/season-opener.service';
import { createUnsubscribeToken } from '@/features/marketing-email/unsubscribe-token';
import { DEFAULT_SCHEDULE_RULES, findAvailableDates } from '@/features/scheduling/available-dates';
import { type Handler, jsonPoster, noParams } from '../support/handlers';
import { insertConfirmedVisits, insertCustomer } from '../support/records';
import { signInAdminAndTechnician } from '../support/staff-sessions';

const jar = vi.hoisted(() => ({ token: undefined as string | undefined }));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (jar.token ? { name, value: jar.token } : undefined) }),
}));

const { POST: postAppointment } = (await import('@/app/api/appointments/route')) as unknown as { POST: Handler };
const { POST: postCustomer } = (await import('@/app/api/customers/route')) as unknown as { POST: Handler };
const { GET: previewRoute, POST: sendRoute } = (await import('@/app/api/admin/season-opener/route')) as unknown as { GET: Handler; POST: Handler };
const { POST: unsubscribeRoute } = (await import('@/app/api/unsubscribe/[token]/route')) as unknown as { POST: Handler };

const post = jsonPoster(143);
const EN_LABEL = 'Email me seasonal reminders and offers from Escarpment Mosquito & Tick. I can unsubscribe at any time.';
const FR_LABEL = 'Escarpment Mosquito & Tick peut m’envoyer par courriel ses rappels saisonniers et ses offres. Je peux me désabonner en tout temps.';

let adminToken = '';
let technicianToken = '';
beforeAll(async () => {
  ({ adminToken, technicianToken } = await signInAdminAndTechnician());
});

const visitsFor = (type: string) => (type === 'seasonal' ? 5 : type === 'tick-seasonal' ? 3 : 1);
const fridays = () => findAvailableDates({ ...DEFAULT_SCHEDULE_RULES, now: new Date(), bookedStops: new Map(), serviceType: 'onetime', visitsFor });

let emails = 0;
const nextEmail = () => `casl.${++emails}@example.com`;
const booking = (overrides: Record<string, unknown>) => ({
  serviceType: 'onetime', propertySize: 0.25, firstName: 'Mira', lastName: 'Casl', phone: '905-555-0143',
  address: '12 King St W', city: 'Hamilton', postalCode: 'L8P 4R5', date: fridays()[1], ...overrides,
});

async function consentOf(email: string) {
  const [row] = await (await getDb())
    .select({ id: customers.id, at: customers.marketingConsentAt, text: customers.marketingConsentText, unsubscribedAt: customers.marketingUnsubscribedAt })
    .from(customers).where(eq(customers.email, email));
  return row!;
}

function unsubscribe(token: string, init: { form?: Record<string, string>; headers?: Record<string, string> } = {}) {
  const body = init.form ? new URLSearchParams(init.form).toString() : undefined;
  return unsubscribeRoute(new Request(`http://localhost/api/unsubscribe/${token}`, {
    method: 'POST',
    headers: { ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}), ...init.headers },
    body,
  }), { params: Promise.resolve({ token }) });
}

const asStaff = (token: string) => { jar.token = token; };
const preview = async () => (await previewRoute(new Request('http://localhost/api/admin/season-opener'), noParams));
const send = (year: number) => sendRoute(new Request('http://localhost/api/admin/season-opener', {
  method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ year }),
}), noParams);

describe('consent at booking', () => {
  it('records the time and the words, in the booking\'s language, when the box is ticked', async () => {
    const email = nextEmail();
    const before = Date.now();
    const res = await post(postAppointment, '/api/appointments', booking({ email, locale: 'fr', marketingConsent: true }));
    expect(res.status, await res.clone().text()).toBe(201);
    const consent = await consentOf(email);
    expect(consent.text).toBe(FR_LABEL);
    expect(consent.at!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(consent.unsubscribedAt).toBeNull();
  });

  it('records nothing when the box is left unticked, and the booking goes ahead', async () => {
    const email = nextEmail();
    const res = await post(postAppointment, '/api/appointments', booking({ email }));
    expect(res.status).toBe(201);
    expect(await consentOf(email)).toMatchObject({ at: null, text: null, unsubscribedAt: null });
  });

  it('is recorded for a known customer booking through the form\'s two calls, and never removed by a later booking without it', async () => {
    const email = nextEmail();
    // The booking form: POST /api/customers, then the appointment with that id and the email.
    const created = await post(postCustomer, '/api/customers', { firstName: 'Noor', lastName: 'Casl', email, phone: '905-555-0143', locale: 'en' });
    const { id } = (await created.json()) as { id: number };
    const first = await post(postAppointment, '/api/appointments', booking({ customerId: id, email, firstName: undefined, lastName: undefined, marketingConsent: true, date: fridays()[2] }));
    expect(first.status, await first.clone().text()).toBe(201);
    const given = await consentOf(email);
    expect(given.text).toBe(EN_LABEL);

    // A second booking without the box (and one with it again) leaves the first consent as it was.
    const second = await post(postAppointment, '/api/appointments', booking({ email, date: fridays()[3] }));
    expect(second.status).toBe(201);
    const third = await post(postAppointment, '/api/appointments', booking({ email, locale: 'de', marketingConsent: 'true', date: fridays()[4] }));
    expect(third.status).toBe(201);
    expect(await consentOf(email)).toEqual(given);
  });

  it('refuses a consent value that is not a yes or no, like any other bad field', async () => {
    const res = await post(postAppointment, '/api/appointments', booking({ email: nextEmail(), marketingConsent: 'maybe' }));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { fields: Record<string, string> }).fields).toHaveProperty('marketingConsent');
  });
});

describe('unsubscribe', () => {
  async function subscribedCustomer(locale = 'en') {
    const email = nextEmail();
    const id = await insertCustomer({ email, locale, marketingConsentAt: new Date(Date.now() - 86_400_000), marketingConsentText: EN_LABEL });
    return { id, email, token: createUnsubscribeToken(id) };
  }

  it('from the page\'s button (a plain form POST): sets the date, then the page shows the confirmation', async () => {
    const { email, token } = await subscribedCustomer('fr');
    expect(await loadUnsubscribeState(token)).toEqual({ state: 'subscribed', subject: 'customer' });
    const res = await unsubscribe(token, { form: { source: 'page', locale: 'fr' }, headers: { 'sec-fetch-site': 'same-origin' } });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/fr/unsubscribe/${token}`);
    const { unsubscribedAt } = await consentOf(email);
    expect(unsubscribedAt).toBeInstanceOf(Date);
    expect(await loadUnsubscribeState(token)).toEqual({ state: 'unsubscribed', since: unsubscribedAt, subject: 'customer' });
  });

  it('by RFC 8058 one-click, from the mail provider (any origin): 200, and a second one keeps the first date', async () => {
    const { email, token } = await subscribedCustomer();
    const res = await unsubscribe(token, { form: { 'List-Unsubscribe': 'One-Click' }, headers: { 'sec-fetch-site': 'cross-site', origin: 'https://mail.example.net' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true, message: 'You are unsubscribed.' });
    const first = (await consentOf(email)).unsubscribedAt!;
    await new Promise((r) => setTimeout(r, 5));
    expect((await unsubscribe(token, { form: { 'List-Unsubscribe': 'One-Click' } })).status).toBe(200);
    expect((await consentOf(email)).unsubscribedAt).toEqual(first);
    // The consent itself stays on record: it is the proof of what was agreed, and when.
    expect((await consentOf(email)).text).toBe(EN_LABEL);
  });

  it('refuses a token this server did not make, in the caller\'s language, and changes nothing', async () => {
    const { id, email } = await subscribedCustomer();
    const forged = `${id.toString(36)}.${'A'.repeat(22)}`;
    const res = await unsubscribe(forged, { form: { 'List-Unsubscribe': 'One-Click' }, headers: { 'accept-language': 'de-DE' } });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { message: string }).message).toBe('Dieser Abmeldelink funktioniert nicht.');
    expect((await consentOf(email)).unsubscribedAt).toBeNull();
    expect(await loadUnsubscribeState(forged)).toEqual({ state: 'invalid' });
    // The page's form with a bad token goes back to the page, which shows the bad-link card.
    expect((await unsubscribe(forged, { form: { source: 'page', locale: 'es' } })).headers.get('location')).toBe(`/es/unsubscribe/${forged}`);
  });
});

describe('unsubscribe once the customer\'s data was erased (0056)', () => {
  /** Every column of the customer's row, as stored. */
  const rowOf = async (id: number) => (await (await getDb()).select().from(customers).where(eq(customers.id, id)))[0]!;

  it('writes nothing on the erased row and answers as any valid unsubscribe, by the page\'s button and by one-click', async () => {
    const email = nextEmail();
    const id = await insertCustomer({ email, locale: 'fr', marketingConsentAt: new Date(Date.now() - 86_400_000), marketingConsentText: EN_LABEL });
    const token = createUnsubscribeToken(id);
    const { erasedAt } = await eraseCustomerData(id, { staff: { staffUserId: 1, username: 'office' } });
    const erased = await rowOf(id);
    expect(erased).toMatchObject({ marketingConsentAt: null, marketingUnsubscribedAt: null, email: `erased-${id}@erased.invalid` });
    // The page tells them they are unsubscribed, since the erasure, as it tells anyone unsubscribed: no button, no word of the erasure.
    expect(await loadUnsubscribeState(token)).toEqual({ state: 'unsubscribed', since: new Date(erasedAt), subject: 'customer' });

    // A subscribed customer unsubscribing, for the answers to compare with.
    const other = await insertCustomer({ email: nextEmail(), locale: 'fr', marketingConsentAt: new Date(Date.now() - 86_400_000), marketingConsentText: EN_LABEL });
    const otherToken = createUnsubscribeToken(other);
    for (const [customerToken, expected] of [[otherToken, 'live'], [token, 'erased']] as const) {
      const page = await unsubscribe(customerToken, { form: { source: 'page', locale: 'fr' }, headers: { 'sec-fetch-site': 'same-origin' } });
      expect([expected, page.status, page.headers.get('location')]).toEqual([expected, 303, `/fr/unsubscribe/${customerToken}`]);
      const oneClick = await unsubscribe(customerToken, { form: { 'List-Unsubscribe': 'One-Click' }, headers: { 'sec-fetch-site': 'cross-site', 'accept-language': 'fr' } });
      expect([expected, oneClick.status, await oneClick.json()]).toEqual([expected, 200, { ok: true, message: 'Vous êtes désabonné.' }]);
    }
    expect((await rowOf(other)).marketingUnsubscribedAt).toBeInstanceOf(Date);
    expect(await rowOf(id)).toEqual(erased);
    expect(await loadUnsubscribeState(token)).toEqual({ state: 'unsubscribed', since: new Date(erasedAt), subject: 'customer' });
  });
});

describe('the season opener', () => {
  it('is for admins only', async () => {
    jar.token = undefined;
    expect((await preview()).status).toBe(401);
    asStaff(technicianToken);
    expect((await preview()).status).toBe(403);
    expect((await send(2027)).status).toBe(403);
  });

  it('queues exactly the subscribed customers, once, even when two admins send it at the same moment', async () => {
    const db = await getDb();
    const day = 86_400_000;
    const now = Date.now();
    // Who is who: subscribed (fr, with a past plan), subscribed again after unsubscribing (de),
    // unsubscribed, never asked, and subscribed (es).
    const a = await insertCustomer({ email: 'open.a@example.com', firstName: 'Léa', locale: 'fr', marketingConsentAt: new Date(now - 300 * day), marketingConsentText: FR_LABEL });
    const b = await insertCustomer({ email: 'open.b@example.com', firstName: 'Jonas', locale: 'de', marketingConsentAt: new Date(now - 10 * day), marketingUnsubscribedAt: new Date(now - 50 * day) });
    const c = await insertCustomer({ email: 'open.c@example.com', locale: 'en', marketingConsentAt: new Date(now - 300 * day), marketingUnsubscribedAt: new Date(now - 20 * day) });
    const d = await insertCustomer({ email: 'open.d@example.com', locale: 'en' });
    const e = await insertCustomer({ email: 'open.e@example.com', firstName: 'Sofía', locale: 'es', marketingConsentAt: new Date(now - 5 * day) });
    await insertConfirmedVisits(a, '2026-06-12', [{ serviceType: 'seasonal' }]);

    asStaff(adminToken);
    const { year } = (await (await preview()).json()) as { year: number };
    // Subscribed, but already booked for the season being announced: not invited to book it.
    const f = await insertCustomer({ email: 'open.f@example.com', locale: 'en', marketingConsentAt: new Date(now - 5 * day) });
    await insertConfirmedVisits(f, `${year}-07-09`, [{ serviceType: 'onetime' }]);
    const shown = (await (await preview()).json()) as { year: number; firstFriday: string; recipients: number; alreadyQueued: number };
    expect(shown.firstFriday.startsWith(String(shown.year))).toBe(true);
    const expected = (await db.select({ id: customers.id }).from(customers)
      .where(sql`${customers.marketingConsentAt} is not null and (${customers.marketingUnsubscribedAt} is null or ${customers.marketingUnsubscribedAt} < ${customers.marketingConsentAt})
        and not exists (select 1 from ${appointments} where ${appointments.customerId} = ${customers.id} and extract(year from ${appointments.date}) = ${year}
          and ${appointments.status} in ('confirmed', 'completed'))`))
      .map((r) => r.id).sort((x, y) => x - y);
    expect(expected).toEqual(expect.arrayContaining([a, b, e]));
    expect(expected).not.toContain(c);
    expect(expected).not.toContain(d);
    expect(expected).not.toContain(f);
    expect(shown).toMatchObject({ recipients: expected.length, alreadyQueued: 0 });

    const [first, second] = await Promise.all([send(shown.year), send(shown.year)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const results = [await first.json(), await second.json()] as { queued: number; skipped: number }[];
    expect(results.map((r) => r.queued).sort((x, y) => x - y)).toEqual([0, expected.length]);

    const queued = await db.select().from(emailOutbox).where(like(emailOutbox.topic, `season-opener:${shown.year}:%`));
    expect(queued.map((m) => m.relatedId).sort((x, y) => x! - y!)).toEqual(expected);
    expect(queued.every((m) => m.kind === 'season-opener' && m.relatedType === 'customer' && m.topic === `season-opener:${shown.year}:${m.relatedId}`)).toBe(true);
    const toA = queued.find((m) => m.relatedId === a)!;
    expect(toA).toMatchObject({ toAddress: 'open.a@example.com', locale: 'fr' });
    expect(toA.text).toContain('Bonjour Léa,');
    expect(toA.text).toContain('«\u00a0Protection saisonnière contre les moustiques\u00a0»');
    expect(toA.text).toContain(`/fr/unsubscribe/${createUnsubscribeToken(a)}`);
    expect(queued.find((m) => m.relatedId === b)!.text).toContain('Hallo Jonas,');
    expect(queued.find((m) => m.relatedId === e)!.text).toContain('Hola, Sofía:');

    // Later presses add nothing; the preview says so.
    const again = (await (await send(shown.year)).json()) as { queued: number; skipped: number };
    expect(again).toMatchObject({ queued: 0, skipped: expected.length });
    expect(await (await preview()).json()).toMatchObject({ recipients: 0, alreadyQueued: expected.length });

    // A season other than the one the server announces is refused (the window was opened before New Year).
    const stale = await send(shown.year - 1);
    expect(stale.status).toBe(409);

    // Sent with the one-click headers; the provider's POST to that address unsubscribes.
    const sent: MailMessage[] = [];
    await deliverDueEmails({ batchSize: 500, transport: { send: async (m) => { sent.push(m); return { messageId: String(sent.length) }; } } });
    const mailToE = sent.find((m) => m.to === 'open.e@example.com')!;
    expect(mailToE.headers).toEqual({
      'List-Unsubscribe': `<http://localhost:3000/api/unsubscribe/${createUnsubscribeToken(e)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    // Only the openers carry them; the service emails sent alongside (the bookings above) do not.
    expect(sent.filter((m) => m.headers).length).toBe(expected.length);
    expect(sent.length).toBeGreaterThan(expected.length);
    const oneClick = /<https?:\/\/[^/]+\/api\/unsubscribe\/([^>]+)>/.exec(mailToE.headers!['List-Unsubscribe']!)![1]!;
    expect((await unsubscribe(oneClick, { form: { 'List-Unsubscribe': 'One-Click' } })).status).toBe(200);
    expect((await db.select({ at: customers.marketingUnsubscribedAt }).from(customers).where(eq(customers.id, e)))[0]!.at).toBeInstanceOf(Date);
  });

  it('is withdrawn from the outbox for a customer who unsubscribes before it goes', async () => {
    const db = await getDb();
    const id = await insertCustomer({ email: 'open.late@example.com', marketingConsentAt: new Date(Date.now() - 86_400_000) });
    asStaff(adminToken);
    const { year } = (await (await preview()).json()) as { year: number };
    expect(((await (await send(year)).json()) as { queued: number }).queued).toBe(1);
    expect((await unsubscribe(createUnsubscribeToken(id), { form: { 'List-Unsubscribe': 'One-Click' } })).status).toBe(200);
    const [mail] = await db.select({ status: emailOutbox.status }).from(emailOutbox).where(eq(emailOutbox.topic, `season-opener:${year}:${id}`));
    expect(mail!.status).toBe('withdrawn');
  });

  it('queues 5,000 customers in seconds, in batches', async () => {
    const db = await getDb();
    const rows = Array.from({ length: 5000 }, (_, i) => ({
      firstName: `Bulk${i}`, lastName: 'Customer', email: `bulk.${i}@example.com`, phone: '9055550100',
      locale: (['en', 'fr', 'es', 'de'] as const)[i % 4], marketingConsentAt: new Date(Date.now() - 86_400_000),
    }));
    for (let i = 0; i < rows.length; i += 1000) await db.insert(customers).values(rows.slice(i, i + 1000));
    const { year } = (await (await (asStaff(adminToken), preview())).json()) as { year: number };
    const started = performance.now();
    const result = await queueSeasonOpener({ now: new Date(), year, by: 'test' });
    const elapsedMs = performance.now() - started;
    console.info(`season opener: ${result.queued} emails queued in ${Math.round(elapsedMs)} ms`);
    expect(result.queued).toBe(5000);
    expect(elapsedMs).toBeLessThan(15_000);
    const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(emailOutbox)
      .where(inArray(emailOutbox.toAddress, ['bulk.0@example.com', 'bulk.1@example.com', 'bulk.4999@example.com']));
    expect(count!.n).toBe(3);
  });
});

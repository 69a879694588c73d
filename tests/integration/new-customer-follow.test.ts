import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { customers } from '@/db/schema/customers';
import { emailOutbox } from '@/db/schema/messages';
import { readBookingInviteToken } from '@/features/booking/booking-invite';
import { loadBookingInvitePrefill } from '@/features/booking/booking-invite.service';
import { eraseCustomerData } from '@/features/privacy/privacy.service';
import { toPhoneKey } from '@/lib/phone';
import { staffJsonPost, type Handler } from '../support/handlers';
import { whileOutboxHeld } from '../support/outbox-hold';
import { insertCustomer } from '../support/records';
import { explainWithoutSeqScans } from '../support/sql';
import { signInEveryRole } from '../support/staff-sessions';

// Route handlers read the session cookie through next/headers; outside Next the test holds the jar.
const jar = vi.hoisted(() => ({ token: undefined as string | undefined }));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (name === 'staff_session' && jar.token ? { name, value: jar.token } : undefined) }),
}));

const { POST: postPhoneMatches } = (await import('@/app/api/admin/customers/phone-matches/route')) as unknown as { POST: Handler };
const { POST: postBookingLink } = (await import('@/app/api/admin/customers/[id]/booking-link/route')) as unknown as { POST: Handler };

const post = staffJsonPost;
type Matches = { matches: { id: number; name: string; city: string | null }[]; total: number };
const matchesFor = async (phone: string) => {
  const res = await post(postPhoneMatches, '/api/admin/customers/phone-matches', { phone });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json() as Promise<Matches>;
};
const unique = () => randomUUID().slice(0, 8);
const sendLink = (id: number, sent: unknown, locale = 'en') => post(postBookingLink, `/api/admin/customers/${id}/booking-link`, { sent }, { id: String(id) }, locale);
const invitesTo = async (id: number) => (await getDb()).select().from(emailOutbox)
  .where(and(eq(emailOutbox.kind, 'booking-invite'), eq(emailOutbox.relatedType, 'customer'), eq(emailOutbox.relatedId, id)));

let tokens = { adminToken: '', technicianToken: '', officeToken: '' };
beforeAll(async () => {
  tokens = await signInEveryRole('followup');
});

describe('"New customer" tells the clerk about a phone already on file (0105)', () => {
  it('finds the customer whatever the format either phone was written in, with their town', async () => {
    jar.token = tokens.officeToken;
    const id = await insertCustomer({ firstName: 'Rosa', lastName: 'Marchetti', email: `rosa.${unique()}@example.com`, phone: '905-555-0101', city: 'Dundas' });
    for (const typed of ['905-555-0101', '(905) 555 0101', '+1 905 555 0101', '19055550101', '905.555.0101 ext. 4']) {
      expect(await matchesFor(typed), typed).toEqual({ matches: [{ id, name: 'Rosa Marchetti', city: 'Dundas' }], total: 1 });
    }
    // Another line, or a number not complete yet: nothing to say.
    expect(await matchesFor('905-555-0109')).toEqual({ matches: [], total: 0 });
    expect(await matchesFor('905-555-01')).toEqual({ matches: [], total: 0 });
  });

  it('reads stored phones in every format too, newest first, and counts past the three it names', async () => {
    jar.token = tokens.adminToken;
    const stored = ['(289) 555-0177', '+1 289 555 0177', '289.555.0177 x12', '1-289-555-0177', '2895550177'];
    const ids: number[] = [];
    for (const [i, phone] of stored.entries()) ids.push(await insertCustomer({ firstName: `Kid${i}`, lastName: 'Okafor', email: `okafor${i}.${unique()}@example.com`, phone, city: 'Hamilton' }));
    const { matches, total } = await matchesFor('289 555 0177');
    expect(total).toBe(5);
    expect(matches.map((m) => m.id)).toEqual(ids.slice(-3).reverse());
    // The key the database stores is the one the code computes from the same text.
    const rows = await (await getDb()).select({ phone: customers.phone, phoneKey: customers.phoneKey }).from(customers).where(sql`${customers.id} in ${ids}`);
    for (const row of rows) expect(row.phoneKey, row.phone).toBe(toPhoneKey(row.phone));
  });

  it('never names an erased customer', async () => {
    jar.token = tokens.officeToken;
    const kept = await insertCustomer({ firstName: 'Ana', lastName: 'Ruiz', email: `ana.${unique()}@example.com`, phone: '905 555 0166', city: 'Grimsby' });
    const erased = await insertCustomer({ firstName: 'Luis', lastName: 'Ruiz', email: `luis.${unique()}@example.com`, phone: '905-555-0166', city: 'Grimsby' });
    expect((await matchesFor('9055550166')).total).toBe(2);
    await eraseCustomerData(erased, { staff: { staffUserId: 1, username: 'admin' } });
    expect(await matchesFor('9055550166')).toEqual({ matches: [{ id: kept, name: 'Ana Ruiz', city: 'Grimsby' }], total: 1 });
    // Not by the phone blanked, either: an erased row keeping a number is still left out.
    await (await getDb()).update(customers).set({ phone: '905-555-0166' }).where(eq(customers.id, erased));
    expect((await matchesFor('9055550166')).total).toBe(1);
  });

  it('is the office\'s: 401 signed out, 403 for a technician', async () => {
    jar.token = undefined;
    expect((await post(postPhoneMatches, '/api/admin/customers/phone-matches', { phone: '9055550101' })).status).toBe(401);
    jar.token = tokens.technicianToken;
    expect((await post(postPhoneMatches, '/api/admin/customers/phone-matches', { phone: '9055550101' })).status).toBe(403);
  });

  it('uses the phone index, not a read of every customer', async () => {
    const { lookup } = await explainWithoutSeqScans((tx) => ({
      lookup: tx.select({ id: customers.id }).from(customers).where(and(eq(customers.phoneKey, '9055550101'), isNull(customers.erasedAt))),
    }));
    expect(lookup).toContain('customers_phone_key_idx');
  });
});

describe('"Email a booking link" (0105)', () => {
  it('queues one email in the customer\'s language with a link that fills the booking form from their record, and the branch\'s phone', async () => {
    jar.token = tokens.officeToken;
    const email = `bernd.${unique()}@example.com`;
    const id = await insertCustomer({ firstName: 'Bernd', lastName: 'Krüger', email, phone: '905-555-0188', address: '12 King St E', city: 'Stoney Creek', postalCode: 'L8G 1K1', locale: 'de' });
    const res = await sendLink(id, 0);
    expect(res.status, await res.clone().text()).toBe(201);
    expect(await res.json()).toEqual({ sent: 1, locale: 'de' });

    const [mail, ...more] = await invitesTo(id);
    expect(more).toHaveLength(0);
    expect(mail).toMatchObject({ toAddress: email, locale: 'de', status: 'pending', subject: 'Buchen Sie Ihren Besuch online bei Escarpment Mosquito & Tick' });
    expect(mail!.text).toContain('Hallo Bernd,');
    expect(mail!.text).toContain('(905) 555-0134');
    // The link: the German booking page with a token, and no personal data in it.
    const url = new URL(/https?:\/\/\S+\/de\/book\?invite=\S+/.exec(mail!.text)![0]);
    const token = url.searchParams.get('invite')!;
    expect([...url.searchParams.keys()]).toEqual(['invite']);
    for (const personal of ['Bernd', 'Krüger', email, '0188', 'King', 'L8G']) expect(url.toString()).not.toContain(personal);
    expect(readBookingInviteToken(token, new Date())).toBe(id);
    expect(await loadBookingInvitePrefill(token, new Date())).toEqual({
      firstName: 'Bernd', lastName: 'Krüger', email, phone: '905-555-0188', address: '12 King St E', city: 'Stoney Creek', zipCode: 'L8G 1K1',
    });
    // A month on it opens the form empty; a token altered by a digit, never.
    expect(await loadBookingInvitePrefill(token, new Date(Date.now() + 32 * 86_400_000))).toBeNull();
    expect(await loadBookingInvitePrefill(token.replace(/^[0-9a-z]+/, (n) => (parseInt(n, 36) + 1).toString(36)), new Date())).toBeNull();
  });

  it('writes each language\'s email', async () => {
    jar.token = tokens.adminToken;
    const subjects = { en: 'Book your visit online with', es: 'Reserve su visita en línea con', fr: 'Réservez votre visite en ligne avec', de: 'Buchen Sie Ihren Besuch online bei' };
    for (const [locale, subject] of Object.entries(subjects)) {
      const id = await insertCustomer({ email: `lang.${locale}.${unique()}@example.com`, locale });
      expect((await sendLink(id, 0)).status).toBe(201);
      const [mail] = await invitesTo(id);
      expect(mail!.subject).toContain(subject);
      expect(mail!.text).toContain(`${locale === 'en' ? '' : `/${locale}`}/book?invite=`);
    }
  });

  it('sends one email for one press: two presses naming the same count send one, a stale screen is told in its language', async () => {
    jar.token = tokens.officeToken;
    const id = await insertCustomer({ email: `twice.${unique()}@example.com`, locale: 'es' });
    const both = await whileOutboxHeld(() => Promise.all([sendLink(id, 0), sendLink(id, 0)]));
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    const refused = both.find((r) => r.status === 409)!;
    expect(await refused.json()).toMatchObject({ reason: 'sent_meanwhile', sent: 1 });
    expect(await invitesTo(id)).toHaveLength(1);

    const stale = await sendLink(id, 0, 'fr');
    expect(stale.status).toBe(409);
    expect((await stale.json()).message).toBe('Le lien de réservation vient d’être envoyé, depuis cet écran ou un autre\u00a0: le client le recevra. Ce clic n’a rien envoyé de plus.');
    // The page reloaded names the new count: that press sends again.
    expect((await sendLink(id, 1)).status).toBe(201);
    expect(await invitesTo(id)).toHaveLength(2);
    // No count is a 400, nothing sent.
    expect((await sendLink(id, undefined)).status).toBe(400);
    expect(await invitesTo(id)).toHaveLength(2);
  });

  it('refuses an erased customer (404) and anyone but the office', async () => {
    const id = await insertCustomer({ email: `gone.${unique()}@example.com` });
    await eraseCustomerData(id, { staff: { staffUserId: 1, username: 'admin' } });
    jar.token = tokens.officeToken;
    expect((await sendLink(id, 0)).status).toBe(404);
    const other = await insertCustomer({ email: `other.${unique()}@example.com` });
    jar.token = tokens.technicianToken;
    expect((await sendLink(other, 0)).status).toBe(403);
    jar.token = undefined;
    expect((await sendLink(other, 0)).status).toBe(401);
    expect(await invitesTo(id)).toHaveLength(0);
    expect(await invitesTo(other)).toHaveLength(0);
  });
});

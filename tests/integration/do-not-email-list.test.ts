/**
 * The do-not-email list (docs/decisions/0074), on a real database: an unsubscribe withdraws every
 * promotional email waiting for its address and nothing else; the outbox asks again just before it
 * sends one; the office lists, searches and downloads the list, records an unsubscribe asked by
 * phone and takes an address off it only on consent given again, with who, when and how; a
 * customer the office gives an unsubscribed address gets no promotional email.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { customers, unsubscribedAddresses } from '@/db/schema/customers';
import { emailOutbox } from '@/db/schema/messages';
import { deliverDueEmails, enqueueEmail, type EnqueueEmailInput } from '@/features/email/outbox.service';
import type { MailMessage } from '@/features/email/mail-transport';
import { loadConsentStatus, unsubscribeByToken } from '@/features/marketing-email/consent.service';
import { seasonOpenerTopic } from '@/features/marketing-email/season';
import { createAddressUnsubscribeToken, createUnsubscribeToken } from '@/features/marketing-email/unsubscribe-token';
import type { Handler } from '../support/handlers';
import { insertCustomer } from '../support/records';
import { signInAdminAndTechnician } from '../support/staff-sessions';

const jar = vi.hoisted(() => ({ token: undefined as string | undefined }));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (jar.token ? { name, value: jar.token } : undefined) }),
}));

const { GET: listRoute, POST: recordRoute } = (await import('@/app/api/admin/unsubscribed-addresses/route')) as unknown as { GET: Handler; POST: Handler };
const { POST: consentRoute } = (await import('@/app/api/admin/unsubscribed-addresses/consent/route')) as unknown as { POST: Handler };
const { GET: csvRoute } = (await import('@/app/api/admin/exports/unsubscribed-addresses/route')) as unknown as { GET: Handler };
const { POST: unsubscribeRoute } = (await import('@/app/api/unsubscribe/[token]/route')) as unknown as { POST: Handler };
const { PATCH: patchCustomer } = (await import('@/app/api/admin/customers/[id]/route')) as unknown as { PATCH: Handler };
const { GET: seasonOpenerRoute } = (await import('@/app/api/admin/season-opener/route')) as unknown as { GET: Handler };

const DAY = 24 * 3_600_000;
let adminToken = '';

beforeAll(async () => {
  ({ adminToken } = await signInAdminAndTechnician());
});

/** A staff API call as the office's admin, in `locale`. */
function asOffice(handler: Handler, method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown, locale = 'en', params: Record<string, string> = {}) {
  jar.token = adminToken;
  return handler(new Request(`http://localhost${url}`, {
    method,
    headers: { cookie: `NEXT_LOCALE=${locale}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  }), { params: Promise.resolve(params) });
}

/** RFC 8058's POST from a mail provider, or the unsubscribe page's button (`page`). */
function unsubscribe(token: string, from: 'one-click' | 'page' = 'one-click') {
  return unsubscribeRoute(new Request(`http://localhost/api/unsubscribe/${token}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site', origin: 'https://mail.example.net' },
    body: from === 'page' ? 'source=page&locale=en' : 'List-Unsubscribe=One-Click',
  }), { params: Promise.resolve({ token }) });
}

/** Queues one email as its feature would, with made-up content. */
async function queue(input: Partial<EnqueueEmailInput> & Pick<EnqueueEmailInput, 'kind' | 'to'>): Promise<number> {
  const { id } = await enqueueEmail(await getDb(), { locale: 'en', subject: `${input.kind} for ${input.to}`, html: '<p>Hi</p>', text: 'Hi', ...input });
  return id;
}

const statusOf = async (ids: number[]) => Object.fromEntries((await (await getDb()).select({ id: emailOutbox.id, status: emailOutbox.status })
  .from(emailOutbox).where(inArray(emailOutbox.id, ids))).map((r) => [r.id, r.status]));

/** Sends what is due through a mail server that keeps each message; `during` runs as the first message is handed over. */
async function deliver(during?: () => Promise<void>): Promise<MailMessage[]> {
  const sent: MailMessage[] = [];
  let first = true;
  await deliverDueEmails({
    batchSize: 500,
    transport: {
      send: async (message) => {
        if (first && during) {
          first = false;
          await during();
        }
        sent.push(message);
        return { messageId: String(sent.length) };
      },
    },
  });
  return sent;
}

const entry = async (address: string) => (await (await getDb()).select().from(unsubscribedAddresses).where(eq(unsubscribedAddresses.address, address)))[0] ?? null;
const customer = async (id: number) => (await (await getDb()).select().from(customers).where(eq(customers.id, id)))[0]!;
const openerRecipients = async () => ((await (await asOffice(seasonOpenerRoute, 'GET', '/api/admin/season-opener')).json()) as { recipients: number }).recipients;
const consented = (daysAgo: number) => ({ marketingConsentAt: new Date(Date.now() - daysAgo * DAY), marketingConsentText: 'Email me seasonal reminders and offers.' });

type ListAnswer = {
  entries: { address: string; unsubscribedAt: string; source: string | null; recordedByName: string | null; note: string | null; customerId: number | null; customerName: string | null }[];
  total: number;
  consentedAgain: { address: string; consentByName: string | null; consentNote: string }[];
};
const readList = async (q = '') => (await (await asOffice(listRoute, 'GET', `/api/admin/unsubscribed-addresses${q ? `?q=${encodeURIComponent(q)}` : ''}`)).json()) as ListAnswer;

describe('an unsubscribe withdraws the promotional emails waiting for its address, and only those', () => {
  it('a quote email\'s one-click withdraws the follow-up and the season opener, pending or failed; the quote, booking, receipt and reply still go', async () => {
    const address = 'wait.list@example.com';
    const customerId = await insertCustomer({ firstName: 'Wanda', email: address, ...consented(30) });
    const followUp = await queue({ kind: 'quote-follow-up', to: 'Wait.List@Example.com', relatedType: 'quote', relatedId: 1 });
    const opener = await queue({ kind: 'season-opener', to: address, relatedType: 'customer', relatedId: customerId, topic: seasonOpenerTopic(2099, customerId) });
    const failedFollowUp = await queue({ kind: 'quote-follow-up', to: address, relatedType: 'quote', relatedId: 2 });
    await (await getDb()).update(emailOutbox).set({ status: 'failed' }).where(eq(emailOutbox.id, failedFollowUp));
    const service = await Promise.all((['quote', 'booking-received', 'receipt', 'message-reply'] as const).map((kind) => queue({ kind, to: address })));
    // Someone else's follow-up is not this address's business.
    const otherFollowUp = await queue({ kind: 'quote-follow-up', to: 'someone.else@example.com', relatedType: 'quote', relatedId: 3 });

    expect((await unsubscribe(createAddressUnsubscribeToken(address))).status).toBe(200);

    expect(await statusOf([followUp, opener, failedFollowUp, otherFollowUp, ...service])).toEqual({
      [followUp]: 'withdrawn', [opener]: 'withdrawn', [failedFollowUp]: 'withdrawn', [otherFollowUp]: 'pending',
      ...Object.fromEntries(service.map((id) => [id, 'pending'])),
    });
    const sent = (await deliver()).filter((m) => m.to.toLowerCase() === address);
    expect(sent.map((m) => m.subject).sort()).toEqual(['booking-received', 'message-reply', 'quote', 'receipt'].map((kind) => `${kind} for ${address}`));
    expect(await entry(address)).toMatchObject({ source: 'one-click', recordedById: null, note: null });
  });

  it('a customer\'s season opener link puts their address on the list too (the page\'s button), withdrawing a quote follow-up to it', async () => {
    const address = 'opener.link@example.com';
    const customerId = await insertCustomer({ firstName: 'Omar', email: 'Opener.Link@example.com', ...consented(30) });
    const followUp = await queue({ kind: 'quote-follow-up', to: address, relatedType: 'quote', relatedId: 4 });
    const receipt = await queue({ kind: 'receipt', to: address });

    expect((await unsubscribe(createUnsubscribeToken(customerId), 'page')).status).toBe(303);

    expect(await statusOf([followUp, receipt])).toEqual({ [followUp]: 'withdrawn', [receipt]: 'pending' });
    const listed = await entry(address);
    expect(listed).toMatchObject({ source: 'link' });
    expect(listed!.unsubscribedAt).toEqual((await customer(customerId)).marketingUnsubscribedAt);
  });

  it('the outbox asks again just before sending: one claimed before the unsubscribe committed is withdrawn, not sent; the receipt in the same batch goes', async () => {
    const address = 'race@example.com';
    const customerId = await insertCustomer({ firstName: 'Rae', email: address, ...consented(30) });
    const receipt = await queue({ kind: 'receipt', to: address });
    const followUp = await queue({ kind: 'quote-follow-up', to: address, relatedType: 'quote', relatedId: 5 });
    const opener = await queue({ kind: 'season-opener', to: 'race.old@example.com', relatedType: 'customer', relatedId: customerId, topic: 'season-opener:test' });

    // Every due email is claimed before the first is sent; the click lands while the first is handed over.
    const sent = await deliver(async () => {
      expect((await unsubscribe(createAddressUnsubscribeToken(address))).status).toBe(200);
    });

    expect(sent.filter((m) => m.to.startsWith('race')).map((m) => m.subject)).toEqual([`receipt for ${address}`]);
    // Both were claimed ('sending') when the unsubscribe ran, so it could not withdraw them; the check before sending did.
    // The opener went to the customer's old address: the customer row (unsubscribed with the address) refused it.
    expect(await statusOf([receipt, followUp, opener])).toEqual({ [receipt]: 'sent', [followUp]: 'withdrawn', [opener]: 'withdrawn' });
  });

  it('one queued for an address already on the list (a failed one sent again, an old queue) is withdrawn at delivery', async () => {
    const address = 'late.queue@example.com';
    expect((await unsubscribe(createAddressUnsubscribeToken(address))).status).toBe(200);
    const followUp = await queue({ kind: 'quote-follow-up', to: address, relatedType: 'quote', relatedId: 6 });
    const quote = await queue({ kind: 'quote', to: address, relatedType: 'quote', relatedId: 6 });
    const sent = (await deliver()).filter((m) => m.to === address);
    expect(sent.map((m) => m.subject)).toEqual([`quote for ${address}`]);
    expect(await statusOf([followUp, quote])).toEqual({ [followUp]: 'withdrawn', [quote]: 'sent' });
  });
});

describe('the office\'s list (/unsubscribed)', () => {
  it('records an unsubscribe asked by phone, with who and the note; the customer with it is unsubscribed; a second one is refused with the date', async () => {
    const customerId = await insertCustomer({ firstName: 'Phoebe', email: 'phoebe.phone@example.com', ...consented(20) });
    const opener = await queue({ kind: 'season-opener', to: 'phoebe.phone@example.com', relatedType: 'customer', relatedId: customerId, topic: 'season-opener:phone' });
    const recipientsBefore = await openerRecipients();

    const res = await asOffice(recordRoute, 'POST', '/api/admin/unsubscribed-addresses', { email: '  Phoebe.Phone@Example.com ', note: 'Called on Monday: no more offers.' });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ address: 'phoebe.phone@example.com', source: 'office', customers: 1, withdrawn: 1 });
    const listed = await entry('phoebe.phone@example.com');
    expect(listed).toMatchObject({ source: 'office', note: 'Called on Monday: no more offers.', consentAt: null });
    expect(listed!.recordedById).toEqual(expect.any(Number));
    expect((await customer(customerId)).marketingUnsubscribedAt).toEqual(listed!.unsubscribedAt);
    expect(await statusOf([opener])).toEqual({ [opener]: 'withdrawn' });
    expect(await openerRecipients()).toBe(recipientsBefore - 1);

    const again = await asOffice(recordRoute, 'POST', '/api/admin/unsubscribed-addresses', { email: 'phoebe.phone@example.com', note: '' }, 'fr');
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toMatch(/^Cette adresse est déjà sur la liste, depuis le /);
    expect((await entry('phoebe.phone@example.com'))!.unsubscribedAt).toEqual(listed!.unsubscribedAt);
  });

  it('refuses an address that is not one with a translated message beside the field, writing nothing', async () => {
    const res = await asOffice(recordRoute, 'POST', '/api/admin/unsubscribed-addresses', { email: 'not an address', note: 'x' }, 'de');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { fields: Record<string, string> }).fields.email).toBe('Bitte geben Sie eine gültige E-Mail-Adresse ein, z. B. name@beispiel.de.');
    const tooLong = await asOffice(recordRoute, 'POST', '/api/admin/unsubscribed-addresses', { email: 'long.note@example.com', note: 'x'.repeat(501) });
    expect(tooLong.status).toBe(400);
    expect(await entry('long.note@example.com')).toBeNull();
  });

  it('lists the addresses that stand, newest first, with how and the customer; searches any case with wildcards taken literally; downloads the CSV', async () => {
    const db = await getDb();
    const base = Date.now() - 10 * DAY;
    await db.insert(unsubscribedAddresses).values([
      { address: 'list_a@search.test', unsubscribedAt: new Date(base), source: 'link' },
      { address: 'listxa@search.test', unsubscribedAt: new Date(base + DAY), source: 'one-click' },
      { address: 'old.row@search.test', unsubscribedAt: new Date(base + 2 * DAY), source: null },
      // Outranked by a later booking consent of the customer with it: not on the list any more.
      { address: 'booked.again@search.test', unsubscribedAt: new Date(base + 3 * DAY), source: 'link' },
    ]);
    const customerId = await insertCustomer({ firstName: 'Lisa', lastName: 'Xu', email: 'ListXA@search.test' });
    await insertCustomer({ firstName: 'Ben', email: 'booked.again@search.test', ...consented(1) });

    const all = await readList('SEARCH.TEST');
    expect(all.entries.map((e) => e.address)).toEqual(['old.row@search.test', 'listxa@search.test', 'list_a@search.test']);
    expect(all.total).toBe(3);
    expect(all.entries[1]).toMatchObject({ source: 'one-click', customerId, customerName: 'Lisa Xu' });
    // "_" is a character here, not LIKE's any-one-character: "listxa" does not match "list_a".
    expect((await readList('list_a')).entries.map((e) => e.address)).toEqual(['list_a@search.test']);

    const csv = await asOffice(csvRoute, 'GET', '/api/admin/exports/unsubscribed-addresses');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="unsubscribed-addresses-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (await csv.text()).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Email address,Date unsubscribed,Time,How,Recorded by,Note,Customer');
    expect(lines.some((l) => l.startsWith('listxa@search.test,') && l.endsWith(',One-click button in their mail program,,,Lisa Xu'))).toBe(true);
    expect(lines.some((l) => l.startsWith('old.row@search.test,') && l.includes('Link in an email (recorded before the way was kept)'))).toBe(true);
    expect(lines.some((l) => l.startsWith('booked.again@'))).toBe(false);
  });

  it('takes an address off the list only on consent given again, with a required note: who, when and how kept; the customer agrees again', async () => {
    const address = 'comes.back@example.com';
    const customerId = await insertCustomer({ firstName: 'Carla', email: address, ...consented(60) });
    expect((await unsubscribe(createAddressUnsubscribeToken(address), 'page')).status).toBe(303);
    const recipientsBefore = await openerRecipients();

    // No note, or a word, is no record of consent: refused beside the field, nothing changes.
    for (const note of [undefined, 'ok']) {
      const refused = await asOffice(consentRoute, 'POST', '/api/admin/unsubscribed-addresses/consent', { email: address, note }, 'es');
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { fields: Record<string, string> }).fields.note).toBe('Indique cómo y cuándo volvió a dar su consentimiento (al menos 10 caracteres).');
    }
    expect((await readList(address)).total).toBe(1);

    const note = 'Her email of March 3 asks for the season opener again.';
    const res = await asOffice(consentRoute, 'POST', '/api/admin/unsubscribed-addresses/consent', { email: 'Comes.Back@example.com', note });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ address, customers: 1 });
    const kept = await entry(address);
    expect(kept).toMatchObject({ source: 'link', consentNote: note });
    expect(kept!.consentAt!.getTime()).toBeGreaterThan(kept!.unsubscribedAt.getTime());
    expect(kept!.consentById).toEqual(expect.any(Number));
    const back = await customer(customerId);
    expect(back.marketingConsentAt).toEqual(kept!.consentAt);
    expect(back.marketingConsentText).toBe(`Consent given again to the office, recorded by Administrator: ${note}`);
    expect(await openerRecipients()).toBe(recipientsBefore + 1);

    const list = await readList(address);
    expect(list.total).toBe(0);
    expect(list.consentedAgain).toEqual([{ address, unsubscribedAt: kept!.unsubscribedAt.toISOString(), consentAt: kept!.consentAt!.toISOString(), consentByName: 'Administrator', consentNote: note }]);
    // A promotional email to it goes again.
    const followUp = await queue({ kind: 'quote-follow-up', to: address, relatedType: 'quote', relatedId: 7 });
    expect((await deliver()).some((m) => m.to === address)).toBe(true);
    expect(await statusOf([followUp])).toEqual({ [followUp]: 'sent' });

    // Not on the list (any more): 404, translated.
    const twice = await asOffice(consentRoute, 'POST', '/api/admin/unsubscribed-addresses/consent', { email: address, note });
    expect(twice.status).toBe(404);
    expect(((await twice.json()) as { message: string }).message).toBe('This address is not on the list: it may have been taken off already.');

    // Unsubscribing again later puts it back, with its new date and how; the consent stays as history.
    const again = await unsubscribeByToken(createAddressUnsubscribeToken(address), new Date(Date.now() + 1000), 'one-click');
    expect(again?.changed).toBe(true);
    expect(await entry(address)).toMatchObject({ source: 'one-click', consentNote: note });
    expect((await readList(address)).total).toBe(1);
  });
});

describe('a customer the office gives an address on the list', () => {
  it('is marked unsubscribed, even with a consent newer than the address\'s unsubscribe, and the customer page says the address is on the list', async () => {
    const listedAddress = 'moved.in@example.com';
    expect((await unsubscribe(createAddressUnsubscribeToken(listedAddress))).status).toBe(200);
    // This customer agreed after that unsubscribe, while they had another address.
    const customerId = await insertCustomer({ firstName: 'Nadia', email: 'nadia.before@example.com', ...consented(0) });
    const opener = await queue({ kind: 'season-opener', to: 'nadia.before@example.com', relatedType: 'customer', relatedId: customerId, topic: seasonOpenerTopic(new Date().getFullYear(), customerId) });
    const recipientsBefore = await openerRecipients();
    expect((await loadConsentStatus(customerId))!.listed).toBeNull();

    const res = await asOffice(patchCustomer, 'PATCH', `/api/admin/customers/${customerId}`, {
      firstName: 'Nadia', lastName: 'Tremblay', email: 'Moved.In@Example.com', phone: '905-555-0134', address: '71 Main St W', city: 'Hamilton', postalCode: 'L8P 4Y5',
    }, 'en', { id: String(customerId) });
    expect(res.status, await res.clone().text()).toBe(200);

    expect((await customer(customerId)).marketingUnsubscribedAt).toBeInstanceOf(Date);
    expect(await openerRecipients()).toBe(recipientsBefore - 1);
    expect(await statusOf([opener])).toEqual({ [opener]: 'withdrawn' });
    const status = await loadConsentStatus(customerId);
    expect(status!.status.status).toBe('unsubscribed');
    expect(status!.listed).toMatchObject({ address: listedAddress, source: 'one-click' });
    expect(status!.listed!.since).toEqual((await entry(listedAddress))!.unsubscribedAt);
    // Still on the list: the customer's older consent does not take it off.
    expect((await readList(listedAddress)).total).toBe(1);
    // Service email to the new address still goes; a promotional one is withdrawn at delivery.
    const receipt = await queue({ kind: 'receipt', to: 'moved.in@example.com' });
    const lateOpener = await queue({ kind: 'season-opener', to: 'moved.in@example.com', relatedType: 'customer', relatedId: customerId, topic: 'season-opener:late' });
    await deliver();
    expect(await statusOf([receipt, lateOpener])).toEqual({ [receipt]: 'sent', [lateOpener]: 'withdrawn' });
  });

  it('is left out of the season opener when its address was listed without marking it (rows from before 0074)', async () => {
    const customerId = await insertCustomer({ firstName: 'Ida', email: 'Ida.Before@example.com', ...consented(30) });
    const recipientsBefore = await openerRecipients();
    await (await getDb()).insert(unsubscribedAddresses).values({ address: 'ida.before@example.com', unsubscribedAt: new Date(Date.now() - DAY) });
    expect(await openerRecipients()).toBe(recipientsBefore - 1);
    expect((await customer(customerId)).marketingUnsubscribedAt).toBeNull();
    // A later tick of the box, with this address, outranks it.
    await (await getDb()).update(customers).set({ marketingConsentAt: new Date() }).where(eq(customers.id, customerId));
    expect(await openerRecipients()).toBe(recipientsBefore);
  });

  it('leaves a customer alone whose new address is not on the list', async () => {
    const customerId = await insertCustomer({ firstName: 'Theo', email: 'theo.before@example.com', ...consented(5) });
    const res = await asOffice(patchCustomer, 'PATCH', `/api/admin/customers/${customerId}`, {
      firstName: 'Theo', lastName: 'Tremblay', email: 'theo.after@example.com', phone: '905-555-0134', address: '71 Main St W', city: 'Hamilton', postalCode: 'L8P 4Y5',
    }, 'en', { id: String(customerId) });
    expect(res.status).toBe(200);
    expect((await customer(customerId)).marketingUnsubscribedAt).toBeNull();
    expect((await loadConsentStatus(customerId))!.status.status).toBe('given');
  });
});

describe('migration 0033\'s data step', () => {
  it('puts the address of a customer unsubscribed before 0074 on the list, with its date, and nobody else\'s', async () => {
    const db = await getDb();
    const unsubscribedAt = new Date(Date.now() - 40 * DAY);
    await insertCustomer({ firstName: 'Old', email: ' Old.Opener@Example.com', marketingConsentAt: new Date(Date.now() - 90 * DAY), marketingUnsubscribedAt: unsubscribedAt });
    await insertCustomer({ firstName: 'Again', email: 'agreed.again@example.com', marketingConsentAt: new Date(Date.now() - DAY), marketingUnsubscribedAt: unsubscribedAt });
    const statements = readFileSync(path.resolve(__dirname, '../../drizzle/0033_do_not_email_list.sql'), 'utf8').split('--> statement-breakpoint');
    await db.execute(sql.raw(statements[statements.length - 1]!));
    expect(await entry('old.opener@example.com')).toMatchObject({ unsubscribedAt, source: null });
    expect(await entry('agreed.again@example.com')).toBeNull();
    // Run twice (or over rows already there), it changes nothing.
    await db.execute(sql.raw(statements[statements.length - 1]!));
    expect(await entry('old.opener@example.com')).toMatchObject({ unsubscribedAt });
  });
});

/**
 * The business details screen's API on a real database.
 * 0044: an admin sets the legal name and GST/HST number (stored in the printed form); a technician
 * or an anonymous caller is refused and nothing changes; a malformed number is a translated 400
 * beside its field; blank fields clear both.
 * 0076: the phone (stored E.164, shown formatted), email and mailing address are set there too,
 * each refusal beside its field with nothing stored; each save that changes something is recorded
 * (who, when, before and after); what the public site reads, the next email queued and its
 * calendar file show the new details at once; a receipt issued before keeps the seller it was
 * issued with, one issued after prints the new one.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { branchDetailChanges } from '@/db/schema/branch-changes';
import { branches } from '@/db/schema/branches';
import { payments } from '@/db/schema/payments';
import { getBranch, getPublicBranchInfo } from '@/features/branch/branch.service';
import { TEST_CARDS } from '@/features/payments/test-cards';
import { loadStaffReceipt } from '@/features/receipts/receipt.service';
import { getAvailableDates } from '@/features/scheduling/available-dates.service';
import { cancelBookingAsStaff } from '../support/cancellations';
import { type Handler, jsonPoster, noParams } from '../support/handlers';
import type { MailMessage } from '@/features/email/mail-transport';
import { deliverDueEmails } from '@/features/email/outbox.service';
import { deliverAllDue, emailsTo } from '../support/outbox';
import { signInAdminAndTechnician } from '../support/staff-sessions';

// The staff route reads its session cookie through next/headers; outside Next the test holds the jar.
const jar = vi.hoisted(() => ({ token: undefined as string | undefined }));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (jar.token ? { name, value: jar.token } : undefined) }),
}));

const { GET, PUT } = (await import('@/app/api/admin/business/route')) as unknown as { GET: Handler; PUT: Handler };
const { POST: createAppointment } = (await import('@/app/api/appointments/route')) as unknown as { POST: Handler };
const { POST: createIntent } = (await import('@/app/api/create-payment-intent/route')) as unknown as { POST: Handler };
const { POST: confirmCard } = (await import('@/app/api/test-gateway/confirm/route')) as unknown as { POST: Handler };
const { POST: messagesRoute } = (await import('@/app/api/messages/route')) as unknown as { POST: Handler };
const { POST: resendRoute } = (await import('@/app/api/admin/payments/[id]/receipt/resend/route')) as unknown as { POST: Handler };
const { POST: cancelRoute } = (await import('@/app/api/admin/bookings/[bookingRef]/cancel/route')) as unknown as { POST: Handler };

const post = jsonPoster(44);
let adminToken = '';
let technicianToken = '';

/** The whole screen as base data holds it: what the form sends when only some fields are changed. */
const SEEDED = {
  legalName: '', hstNumber: '', phone: '(905) 555-0134', email: 'hello@escarpmentmosquito.ca',
  address: '1 Hunter St E', city: 'Hamilton', province: 'ON', postalCode: 'L8N 3W1',
};

function put(body: unknown, locale = 'en') {
  return PUT(new Request('http://localhost/api/admin/business', {
    method: 'PUT', headers: { 'content-type': 'application/json', 'accept-language': locale }, body: JSON.stringify(body),
  }), noParams);
}

async function show() {
  return (await (await GET(new Request('http://localhost/api/admin/business'), noParams)).json()) as {
    details: Record<string, string>;
    changes: { changedBy: string | null; changedAt: string; changes: { field: string; from: string | null; to: string | null }[] }[];
  };
}

async function storedBranch() {
  const [row] = await (await getDb()).select({
    legalName: branches.legalName, hstNumber: branches.hstNumber, phone: branches.phone, email: branches.email,
    address: branches.address, city: branches.city, province: branches.province, postalCode: branches.postalCode,
  }).from(branches).where(eq(branches.id, 1));
  return row!;
}

async function countChanges() {
  return (await (await getDb()).select({ id: branchDetailChanges.id }).from(branchDetailChanges)).length;
}

/** Books and pays a one-time treatment with the test gateway's card: the payment a receipt is built for. */
async function payOneVisit(email = `business-${randomUUID().slice(0, 8)}@example.com`): Promise<{ paymentId: number; bookingRef: string; email: string }> {
  const [date] = await getAvailableDates({ now: new Date(), stopsNeeded: 2 });
  const created = await post(createAppointment, '/api/appointments', {
    serviceType: 'onetime', propertySize: 0.25, firstName: 'Ruth', lastName: 'Okafor', email,
    phone: '905-555-0144', address: '40 James St S', city: 'Hamilton', postalCode: 'L8P 2X9', date, status: 'pending-payment', locale: 'en',
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const { appointmentId, bookingRef } = (await created.json()) as { appointmentId: number; bookingRef: string };
  const intent = (await (await post(createIntent, '/api/create-payment-intent', { appointmentId, bookingRef })).json()) as { paymentIntentId: string; clientSecret: string };
  expect((await post(confirmCard, '/api/test-gateway/confirm', { ...intent, number: TEST_CARDS.success, expiry: '12/34', cvc: '123' })).status).toBe(200);
  const [row] = await (await getDb()).select({ id: payments.id }).from(payments).where(eq(payments.paymentIntentId, intent.paymentIntentId));
  return { paymentId: row!.id, bookingRef, email };
}

beforeAll(async () => {
  ({ adminToken, technicianToken } = await signInAdminAndTechnician());
});

describe('PUT /api/admin/business: the receipt identity (0044)', () => {
  it('starts as base data holds it, and refuses a technician (403) and an anonymous caller (401) without storing anything', async () => {
    jar.token = adminToken;
    const shown = await show();
    expect(shown.details).toEqual({ ...SEEDED, displayName: 'Escarpment Mosquito & Tick' });
    expect(shown.changes).toEqual([]);

    jar.token = technicianToken;
    expect((await put({ ...SEEDED, legalName: 'Not Theirs Ltd.', phone: '905-555-0000' })).status).toBe(403);
    expect((await GET(new Request('http://localhost/api/admin/business'), noParams)).status).toBe(403);
    jar.token = undefined;
    expect((await put({ ...SEEDED, legalName: 'Not Theirs Ltd.', phone: '905-555-0000' })).status).toBe(401);
    expect(await storedBranch()).toMatchObject({ legalName: null, hstNumber: null, phone: '+19055550134' });
    expect(await countChanges()).toBe(0);
  });

  it('answers a malformed number with a translated 400 beside the field, and stores nothing', async () => {
    jar.token = adminToken;
    const before = await storedBranch();
    const res = await put({ ...SEEDED, legalName: 'Someone Else Inc.', hstNumber: '12345678 RT0001' });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { fields: Record<string, string> };
    expect(body.fields).toEqual({ hstNumber: expect.stringContaining('This is not a GST/HST number') });

    const french = (await (await put({ ...SEEDED, hstNumber: '123456789 RC0001' }, 'fr')).json()) as { fields: Record<string, string> };
    expect(french.fields.hstNumber).toContain('Ce n’est pas un numéro de TPS/TVH');
    expect(await storedBranch()).toEqual(before);
  });
});

describe('PUT /api/admin/business: the public contact details (0076)', () => {
  it('refuses a bad phone, a phone with an extension, a missing street and a postal code of another province, each beside its field, in the caller’s language, storing nothing', async () => {
    jar.token = adminToken;
    const before = await storedBranch();
    const res = await put({ ...SEEDED, phone: '555-0199', address: ' ', province: 'QC', email: 'office at example.ca' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { fields: Record<string, string> }).fields).toEqual({
      phone: 'Enter a North American phone number, for example 905-555-0134.',
      email: 'Enter an email address, for example hello@example.ca.',
      address: 'Enter the street address: every email ends with it.',
      postalCode: 'This postal code is in another province or territory: check the first letter, or the province chosen.',
    });
    const german = (await (await put({ ...SEEDED, phone: '905-555-0199 x12', postalCode: '90210' }, 'de')).json()) as { fields: Record<string, string> };
    expect(german.fields).toEqual({
      phone: 'Lassen Sie die Durchwahl weg: Besucher tippen auf diese Nummer, um anzurufen.',
      postalCode: 'Geben Sie eine kanadische Postleitzahl ein, z. B. L8N 3W1.',
    });
    expect(await storedBranch()).toEqual(before);
    expect(await countChanges()).toBe(0);
  });

  it('keeps a receipt issued before a change as it was issued, and the next one prints the new seller', async () => {
    jar.token = adminToken;
    const earlier = await payOneVisit();
    const issued = (await loadStaffReceipt(earlier.paymentId, 'en'))!.receipt.seller;
    expect(issued).toMatchObject({ name: 'Escarpment Mosquito & Tick', address: '1 Hunter St E, Hamilton, ON L8N 3W1', hstNumber: null });

    const res = await put({
      ...SEEDED, legalName: '  Escarpment   Mosquito & Tick Inc. ', hstNumber: '123456789rt 0001',
      address: '200 King St W', city: 'Hamilton', province: 'on', postalCode: 'l8p4r5',
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await storedBranch()).toMatchObject({ legalName: 'Escarpment Mosquito & Tick Inc.', hstNumber: '123456789 RT0001', address: '200 King St W', province: 'ON', postalCode: 'L8P 4R5' });

    // The receipt already issued, on its page and on a copy sent again, names the seller as it was.
    expect((await loadStaffReceipt(earlier.paymentId, 'en'))!.receipt.seller).toEqual(issued);
    const resent = await resendRoute(new Request(`http://localhost/api/admin/payments/${earlier.paymentId}/receipt/resend`, { method: 'POST' }), { params: Promise.resolve({ id: String(earlier.paymentId) }) });
    expect(resent.status, await resent.clone().text()).toBe(200);
    const copy = (await emailsTo(earlier.email, 'receipt')).at(-1)!;
    expect(copy.text).toContain('Sold by:\nEscarpment Mosquito & Tick\n1 Hunter St E, Hamilton, ON L8N 3W1\n');
    expect(copy.text).not.toContain('RT0001');
    // The copy itself is written today: it ends with today's address.
    expect(copy.text).toContain('Escarpment Mosquito & Tick, 200 King St W, Hamilton, ON L8P 4R5\n(905) 555-0134');

    // A payment made after the change prints the new seller.
    const later = await payOneVisit();
    expect((await loadStaffReceipt(later.paymentId, 'en'))!.receipt.seller).toMatchObject({
      name: 'Escarpment Mosquito & Tick Inc.',
      operatingAs: 'Operating as Escarpment Mosquito & Tick',
      address: '200 King St W, Hamilton, ON L8P 4R5',
      hstNumber: { label: 'GST/HST registration number', value: '123456789 RT0001' },
    });
  });

  it('stores the phone as E.164 and shows it formatted; the site, the next email and its calendar file show the new details at once; the change is recorded', async () => {
    jar.token = adminToken;
    const paid = await payOneVisit();
    // What the site's layout, footer, contact section and town pages read, as they read it before the change (cached).
    expect((await getPublicBranchInfo()).phone).toBe('(905) 555-0134');
    const waiting = `waiting-${randomUUID().slice(0, 8)}@example.com`;
    expect((await post(messagesRoute, '/api/messages', { name: 'Anna Roy', email: waiting, subject: 'question', message: 'Do you treat on the Mountain?' })).status).toBe(200);
    const before = await show();

    const res = await put({
      ...before.details, phone: '289 555 7788', email: ' Office@Escarpment.example ', address: '77 James St N', city: 'Hamilton', province: 'ON', postalCode: 'L8R 2K3',
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const saved = (await res.json()) as Awaited<ReturnType<typeof show>>;
    expect(saved.details).toMatchObject({ phone: '(289) 555-7788', email: 'office@escarpment.example', address: '77 James St N', postalCode: 'L8R 2K3' });
    expect(await storedBranch()).toMatchObject({ phone: '+12895557788', email: 'office@escarpment.example' });

    // Who changed what, and when: the newest first, each field before and after, the phone as shown.
    const [latest] = saved.changes;
    expect(latest!.changedBy).toBe('Administrator');
    expect(Date.now() - Date.parse(latest!.changedAt)).toBeLessThan(60_000);
    expect(latest!.changes).toEqual([
      { field: 'phone', from: '(905) 555-0134', to: '(289) 555-7788' },
      { field: 'email', from: 'hello@escarpmentmosquito.ca', to: 'office@escarpment.example' },
      { field: 'address', from: '200 King St W', to: '77 James St N' },
      { field: 'postalCode', from: 'L8P 4R5', to: 'L8R 2K3' },
    ]);
    expect(saved.changes).toHaveLength(2);

    // The public site reads the new details on its next page, with no wait for the cache.
    expect(await getPublicBranchInfo()).toMatchObject({
      phone: '(289) 555-7788', email: 'office@escarpment.example', mailingAddress: '77 James St N, Hamilton, ON L8R 2K3',
    });
    expect((await getBranch()).phone).toBe('(289) 555-7788');

    // The next email queued ends with them; one already waiting keeps what it was written with.
    const visitor = `visitor-${randomUUID().slice(0, 8)}@example.com`;
    expect((await post(messagesRoute, '/api/messages', { name: 'Omar Haddad', email: visitor, subject: 'question', message: 'Can you come on a Friday in June?' })).status).toBe(200);
    const [ack] = await emailsTo(visitor, 'contact-ack');
    expect(ack!.text).toContain('Escarpment Mosquito & Tick, 77 James St N, Hamilton, ON L8R 2K3\n(289) 555-7788 · office@escarpment.example');
    expect(ack!.html).toContain('(289) 555-7788 · <a href="mailto:office@escarpment.example"');
    const [earlier] = await emailsTo(waiting, 'contact-ack');
    expect(earlier!.text).toContain('(905) 555-0134 · hello@escarpmentmosquito.ca');

    // The office cancels a paid booking: the email and its calendar file name the business as it is now.
    const cancelled = await cancelBookingAsStaff(cancelRoute, paid.bookingRef, { reason: 'Customer is moving' });
    expect(cancelled.status, await cancelled.clone().text()).toBe(200);
    const [cancellation] = await emailsTo(paid.email, 'booking-cancelled');
    expect(cancellation!.text).toContain('77 James St N, Hamilton, ON L8R 2K3\n(289) 555-7788');
    expect(cancellation!.attachments![0]!.content.replace(/\r?\n[ \t]/g, '')).toContain(':MAILTO:office@escarpment.example');

    // A save that changes nothing records nothing.
    expect((await put(saved.details)).status).toBe(200);
    expect(await countChanges()).toBe(2);
  });

  it('sends a waiting email with the phone, email and address of the moment it goes out; its body, the customer\'s words and the receipt\'s seller stay as written (0099)', async () => {
    jar.token = adminToken;
    await deliverAllDue();
    const then = await getBranch();
    const paid = await payOneVisit();
    const visitor = `asks-${randomUUID().slice(0, 8)}@example.com`;
    const words = `I tried ${then.phone} yesterday; is that still your number?`;
    expect((await post(messagesRoute, '/api/messages', { name: 'Lena Fischer', email: visitor, subject: 'question', message: words })).status).toBe(200);
    const [queuedReceipt] = await emailsTo(paid.email, 'receipt');
    const sellerThen = queuedReceipt!.text.slice(queuedReceipt!.text.indexOf('Sold by:'), queuedReceipt!.text.indexOf('Billed to:'));
    expect(sellerThen).toContain(`${then.address}, ${then.city}`);

    // The owner changes the details before the mail server takes the emails.
    const before = await show();
    const res = await put({ ...before.details, phone: '(365) 555-0123', email: 'desk@escarpment.example', address: '9 Bay St N', postalCode: 'L8R 2P1' });
    expect(res.status, await res.clone().text()).toBe(200);
    const sent = await deliverAllDue();

    const receipt = sent.find((m) => m.to === paid.email && m.text.includes('Sold by:')) ?? expect.fail('the receipt was not sent');
    expect(receipt.text).toMatch(/\n--\nQuestions\? Call us at \(365\) 555-0123 or reply to this email\.\nEscarpment Mosquito & Tick, 9 Bay St N, Hamilton, ON L8R 2P1\n\(365\) 555-0123 · desk@escarpment\.example\n$/);
    expect(receipt.html).toContain('Escarpment Mosquito &amp; Tick, 9 Bay St N, Hamilton, ON L8R 2P1<br>(365) 555-0123 · <a href="mailto:desk@escarpment.example"');
    expect(receipt.text).not.toContain(then.phone);
    // The receipt is a record of the sale: its seller is the one at the payment.
    expect(receipt.text).toContain(sellerThen);
    // The outbox keeps what went out.
    const [storedReceipt] = await emailsTo(paid.email, 'receipt');
    expect(storedReceipt).toMatchObject({ status: 'sent', text: receipt.text, html: receipt.html });

    const ack = sent.find((m) => m.to === visitor) ?? expect.fail('the acknowledgement was not sent');
    expect(ack.text).toContain(words);
    expect(ack.text.endsWith('(365) 555-0123 · desk@escarpment.example\n')).toBe(true);
    // Back as they were, for the test after this one.
    expect((await put(before.details)).status).toBe(200);
  });

  it('sends a waiting email as written when the contact details cannot be read at send time (0099)', async () => {
    await deliverAllDue();
    const visitor = `unread-${randomUUID().slice(0, 8)}@example.com`;
    expect((await post(messagesRoute, '/api/messages', { name: 'Ines Roth', email: visitor, subject: 'question', message: 'Do you spray near ponds?' })).status).toBe(200);
    const [queued] = await emailsTo(visitor, 'contact-ack');
    const handed: MailMessage[] = [];
    const transport = { send: async (message: MailMessage) => { handed.push(message); return { messageId: String(handed.length) }; } };
    const report = await deliverDueEmails({ transport, contact: () => Promise.reject(new Error('database unreachable')) });
    expect(report.sent).toBeGreaterThan(0);
    expect(handed.find((m) => m.to === visitor)).toMatchObject({ text: queued!.text, html: queued!.html });
    expect((await emailsTo(visitor, 'contact-ack'))[0]).toMatchObject({ status: 'sent', text: queued!.text });
  });

  it('clears the legal name and number with blank fields: the next receipt names the display name alone and prints no number', async () => {
    jar.token = adminToken;
    const details = (await show()).details;
    expect((await put({ ...details, legalName: ' ', hstNumber: '' })).status).toBe(200);
    expect(await storedBranch()).toMatchObject({ legalName: null, hstNumber: null });
    const { paymentId } = await payOneVisit();
    const { receipt } = (await loadStaffReceipt(paymentId, 'en'))!;
    expect(receipt.seller).toMatchObject({ name: 'Escarpment Mosquito & Tick', operatingAs: null, hstNumber: null, address: '77 James St N, Hamilton, ON L8R 2K3' });
  });
});


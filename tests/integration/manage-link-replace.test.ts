/**
 * The office replaces a customer's "Manage your booking" link (docs/decisions/0050), through the
 * route handlers on a real database: the links sent before (0032's format and the new one) stop
 * opening the booking everywhere a token is read, the new link works and is emailed in the
 * booking's language, later emails print it, and only an admin may do it.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { appointments } from '@/db/schema/appointments';
import { customers } from '@/db/schema/customers';
import { emailOutbox } from '@/db/schema/messages';
import { payments } from '@/db/schema/payments';
import { staffUsers } from '@/db/schema/staff';
import { enqueueEmail, resendFailedEmail } from '@/features/email/outbox.service';
import { findChangeCutoff } from '@/features/manage-booking/change-cutoff';
import { createManageToken, readManageToken } from '@/features/manage-booking/manage-link';
import { loadManagedBooking } from '@/features/manage-booking/manage-booking.service';
import { TEST_CARDS } from '@/features/payments/test-cards';
import { listBookingReceipts, loadCustomerReceipt, resendReceipt } from '@/features/receipts/receipt.service';
import { getAvailableDates } from '@/features/scheduling/available-dates.service';
import { isAppError } from '@/lib/errors';
import { type Handler, jsonPoster, noParams } from '../support/handlers';
import { sealVersionOneToken } from '../support/manage-links';
import { deliverAllDue, emailsTo } from '../support/outbox';
import { signInAdminAndTechnician } from '../support/staff-sessions';

// Staff handlers read the session cookie through next/headers; outside Next the test holds the jar.
const jar = vi.hoisted(() => ({ token: undefined as string | undefined }));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (jar.token ? { name, value: jar.token } : undefined) }),
}));

const { POST: replaceRoute } = (await import('@/app/api/admin/bookings/[bookingRef]/manage-link/route')) as unknown as { POST: Handler };
const { GET: lookupRoute } = (await import('@/app/api/manage-booking/[token]/route')) as unknown as { GET: Handler };
const { GET: datesRoute } = (await import('@/app/api/manage-booking/[token]/visits/[visitId]/dates/route')) as unknown as { GET: Handler };
const { POST: moveRoute } = (await import('@/app/api/manage-booking/[token]/visits/[visitId]/move/route')) as unknown as { POST: Handler };
const { GET: previewRoute, POST: cancelRoute } = (await import('@/app/api/manage-booking/[token]/cancel/route')) as unknown as { GET: Handler; POST: Handler };
const { POST: retreatmentRoute } = (await import('@/app/api/manage-booking/[token]/retreatment/route')) as unknown as { POST: Handler };
const { POST: requestLink } = (await import('@/app/api/manage-booking/request-link/route')) as unknown as { POST: Handler };
const { POST: createAppointment } = (await import('@/app/api/appointments/route')) as unknown as { POST: Handler };
const { POST: createIntent } = (await import('@/app/api/create-payment-intent/route')) as unknown as { POST: Handler };
const { POST: confirmCard } = (await import('@/app/api/test-gateway/confirm/route')) as unknown as { POST: Handler };

const post = jsonPoster(151);
let sent = 0;
/** A request to the customer's API, each from its own address (the lookup limit is per address). */
function call(handler: Handler, path: string, params: Record<string, string>, init: { method?: string; body?: unknown } = {}) {
  sent += 1;
  return handler(new Request(`http://localhost${path}`, {
    method: init.method ?? 'GET',
    headers: { 'x-forwarded-for': `10.152.${Math.floor(sent / 200)}.${sent % 200}`, ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  }), { params: Promise.resolve(params) });
}
const lookup = (token: string) => call(lookupRoute, `/api/manage-booking/${token}`, { token });
const moveDates = (token: string, visitId: number) => call(datesRoute, `/api/manage-booking/${token}/visits/${visitId}/dates`, { token, visitId: String(visitId) });
const move = (token: string, visitId: number, date: string) =>
  call(moveRoute, `/api/manage-booking/${token}/visits/${visitId}/move`, { token, visitId: String(visitId) }, { method: 'POST', body: { date } });
const previewCancel = (token: string) => call(previewRoute, `/api/manage-booking/${token}/cancel`, { token });
const cancel = (token: string) => call(cancelRoute, `/api/manage-booking/${token}/cancel`, { token }, { method: 'POST' });
const askRetreatment = (token: string) => call(retreatmentRoute, `/api/manage-booking/${token}/retreatment`, { token }, { method: 'POST', body: { reason: 'pests-back', note: '' } });

/** The office's "Replace the customer's link", as whoever holds `session` (none: anonymous). */
function replaceLink(bookingRef: string, session: string | undefined) {
  jar.token = session;
  return replaceRoute(new Request(`http://localhost/api/admin/bookings/${bookingRef}/manage-link`, { method: 'POST', headers: { cookie: 'NEXT_LOCALE=en' } }), {
    params: Promise.resolve({ bookingRef }),
  });
}

/** The page's data loader: the booking, or the page's "link not valid" (the loader's 404). */
async function openPage(token: string): Promise<string> {
  try {
    return (await loadManagedBooking(token, 'en')).bookingRef;
  } catch (error) {
    if (isAppError(error) && error.code === 'not_found') return 'link not valid';
    throw error;
  }
}

let fridays: string[] = [];
let next = 0;
const takeFriday = () => fridays[next++]!;

/** Books a one-time treatment online in `locale` and pays it with the test gateway's 4242 card: confirmed, receipt queued. */
async function bookAndPay(locale: string) {
  const date = takeFriday();
  const email = `replace-${randomUUID().slice(0, 8)}@example.com`;
  const created = await post(createAppointment, '/api/appointments', {
    serviceType: 'onetime', propertySize: 0.25, firstName: 'Léa', lastName: 'Gagnon', email, phone: '905-555-0177',
    address: '20 Bay St S', city: 'Hamilton', postalCode: 'L8P 3H6', date, status: 'pending-payment', locale,
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const { appointmentId, bookingRef, appointments: visits } = (await created.json()) as { appointmentId: number; bookingRef: string; appointments: { id: number }[] };
  const intent = (await (await post(createIntent, '/api/create-payment-intent', { appointmentId, bookingRef })).json()) as { paymentIntentId: string; clientSecret: string };
  expect((await post(confirmCard, '/api/test-gateway/confirm', { ...intent, number: TEST_CARDS.success, expiry: '12/34', cvc: '123' })).status).toBe(200);
  const [payment] = await (await getDb()).select({ id: payments.id }).from(payments).where(eq(payments.bookingRef, bookingRef));
  return { bookingRef, visitId: visits[0]!.id, email, date, paymentId: payment!.id };
}

/** The token of the link in `text` (an email). */
const tokenIn = (text: string) => /\/manage-booking\/([\w-]+)/.exec(text)?.[1];

let adminToken = '';
let technicianToken = '';

beforeAll(async () => {
  ({ adminToken, technicianToken } = await signInAdminAndTechnician());
  // Fridays far enough ahead that their cut-off (the Wednesday before, 8:00 AM) is still to come.
  const now = new Date();
  fridays = (await getAvailableDates({ now, stopsNeeded: 2 })).filter((d) => findChangeCutoff(d, 'America/Toronto').getTime() > now.getTime());
  expect(fridays.length).toBeGreaterThan(8);
});

describe('replacing a booking\'s link', () => {
  it('cuts off every link sent before, on the page and in every API, and emails the new one in the booking\'s language', async () => {
    const booking = await bookAndPay('fr');
    // The receipt's link (the new format, generation 0) and a link emailed before 0050 (0032's format) both open it.
    const [receipt] = await emailsTo(booking.email, 'receipt');
    const receiptToken = tokenIn(receipt!.text)!;
    expect(readManageToken(receiptToken)).toEqual({ bookingRef: booking.bookingRef, generation: 0 });
    const sentBefore0050 = sealVersionOneToken(booking.bookingRef);
    for (const token of [receiptToken, sentBefore0050]) {
      expect(await openPage(token)).toBe(booking.bookingRef);
      expect((await lookup(token)).status).toBe(200);
    }

    const res = await replaceLink(booking.bookingRef, adminToken);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ bookingRef: booking.bookingRef, to: booking.email });

    // One statement raised every visit of the booking, with who and when.
    const [admin] = await (await getDb()).select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.username, 'office'));
    const rows = await (await getDb()).select({ generation: appointments.manageLinkGeneration, at: appointments.manageLinkReplacedAt, by: appointments.manageLinkReplacedById })
      .from(appointments).where(eq(appointments.bookingRef, booking.bookingRef));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row).toEqual({ generation: 1, at: expect.any(Date), by: admin!.id });

    // The old links open nothing anywhere: the same "link not valid" as a bad token.
    for (const token of [receiptToken, sentBefore0050]) {
      expect(await openPage(token)).toBe('link not valid');
      const refused = await lookup(token);
      expect(refused.status).toBe(404);
      expect(await refused.json()).toMatchObject({ code: 'not_found' });
      expect((await moveDates(token, booking.visitId)).status).toBe(404);
      expect((await move(token, booking.visitId, takeFriday())).status).toBe(404);
      expect((await previewCancel(token)).status).toBe(404);
      expect((await cancel(token)).status).toBe(404);
      expect((await askRetreatment(token)).status).toBe(404);
      await expect(loadCustomerReceipt(token, booking.paymentId, 'en')).rejects.toMatchObject({ code: 'not_found' });
      expect(await listBookingReceipts(token, 'en', 'America/Toronto')).toEqual([]);
    }
    const [visit] = await (await getDb()).select({ status: appointments.status, date: appointments.date }).from(appointments).where(eq(appointments.id, booking.visitId));
    expect(visit).toEqual({ status: 'confirmed', date: booking.date });

    // The customer's email, in the booking's language, with the new link.
    const [mail, ...more] = await emailsTo(booking.email, 'manage-link-replaced');
    expect(more).toHaveLength(0);
    expect(mail!.locale).toBe('fr');
    expect(mail!.subject).toBe('Votre nouveau lien de réservation');
    expect(mail!.text).toContain('Bonjour Léa,');
    expect(mail!.text).toContain(`Réservation\u00a0: ${booking.bookingRef}`);
    const fresh = createManageToken({ bookingRef: booking.bookingRef, generation: 1 });
    expect(mail!.text).toContain(`http://localhost:3000/fr/manage-booking/${fresh}`);
    expect(mail!.html).toContain(`href="http://localhost:3000/fr/manage-booking/${fresh}"`);

    // The new link opens the booking, its receipt, and its actions.
    expect(await openPage(fresh)).toBe(booking.bookingRef);
    expect((await lookup(fresh)).status).toBe(200);
    expect((await loadCustomerReceipt(fresh, booking.paymentId, 'en')).bookingRef).toBe(booking.bookingRef);
    const [receiptLink] = await listBookingReceipts(fresh, 'fr', 'America/Toronto');
    expect(receiptLink!.path).toBe(`/fr/manage-booking/${fresh}/receipt/${booking.paymentId}`);
    expect((await previewCancel(fresh)).status).toBe(200);
    // Nothing carried out yet: the guarantee's answer, not the link's 404.
    expect((await askRetreatment(fresh)).status).toBe(409);
    const friday = takeFriday();
    const moved = await move(fresh, booking.visitId, friday);
    expect(moved.status, await moved.clone().text()).toBe(200);

    // Emails after the replacement print the new link: the visit-moved email, the office's copy of the receipt.
    const [movedMail] = await emailsTo(booking.email, 'visit-moved');
    expect(tokenIn(movedMail!.text)).toBe(fresh);
    await resendReceipt(booking.paymentId);
    const receiptCopy = (await emailsTo(booking.email, 'receipt')).at(-1)!;
    expect(receiptCopy.text).toContain(`/fr/manage-booking/${fresh}/receipt/${booking.paymentId}`);
    expect((await cancel(fresh)).status).toBe(200);
  });

  it('replaces it again: the first replacement\'s link is refused in its turn; "email me my link" sends the current one', async () => {
    const booking = await bookAndPay('es');
    expect((await replaceLink(booking.bookingRef, adminToken)).status).toBe(200);
    // The first replacement's email goes out before the second (one still waiting would be given the second link, 0056).
    await deliverAllDue();
    expect((await replaceLink(booking.bookingRef, adminToken)).status).toBe(200);
    const mails = await emailsTo(booking.email, 'manage-link-replaced');
    expect(mails.map((m) => [m.locale, m.subject])).toEqual([['es', 'El nuevo enlace de su reserva'], ['es', 'El nuevo enlace de su reserva']]);
    const [first, second] = mails.map((m) => tokenIn(m.text)!);
    expect([first, second].map((t) => readManageToken(t!)?.generation)).toEqual([1, 2]);
    expect(await openPage(first!)).toBe('link not valid');
    expect(await openPage(second!)).toBe(booking.bookingRef);

    // The customer's own request for their link (0032) sends the current generation.
    const asked = await requestLink(new Request('http://localhost/api/manage-booking/request-link', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'es', 'x-forwarded-for': '10.153.0.1' },
      body: JSON.stringify({ email: booking.email, website: '', locale: 'es' }),
    }), noParams);
    expect(asked.status).toBe(200);
    const [requested] = await emailsTo(booking.email, 'manage-link');
    expect(tokenIn(requested!.text)).toBe(second);
  });

  it('is for admins only: 401 without a session, 403 for a technician, and nothing changes', async () => {
    const booking = await bookAndPay('en');
    const anonymous = await replaceLink(booking.bookingRef, undefined);
    expect(anonymous.status).toBe(401);
    const technician = await replaceLink(booking.bookingRef, technicianToken);
    expect(technician.status).toBe(403);
    const rows = await (await getDb()).select({ generation: appointments.manageLinkGeneration }).from(appointments).where(eq(appointments.bookingRef, booking.bookingRef));
    expect(rows.every((r) => r.generation === 0)).toBe(true);
    expect(await emailsTo(booking.email, 'manage-link-replaced')).toHaveLength(0);
    expect(await openPage(createManageToken({ bookingRef: booking.bookingRef, generation: 0 }))).toBe(booking.bookingRef);
  });

  it('answers 404 for an unknown booking and 409 once the customer\'s data was erased, changing nothing', async () => {
    const unknown = await replaceLink('BK-ZZZZZZZZ', adminToken);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: 'not_found', message: 'This booking no longer exists.' });

    const booking = await bookAndPay('en');
    const db = await getDb();
    const [visit] = await db.select({ customerId: appointments.customerId }).from(appointments).where(eq(appointments.id, booking.visitId));
    await db.update(customers).set({ erasedAt: new Date(), erasureReason: 'request' }).where(eq(customers.id, visit!.customerId));
    const erased = await replaceLink(booking.bookingRef, adminToken);
    expect(erased.status).toBe(409);
    const rows = await db.select({ generation: appointments.manageLinkGeneration }).from(appointments).where(eq(appointments.bookingRef, booking.bookingRef));
    expect(rows.every((r) => r.generation === 0)).toBe(true);
    expect(await emailsTo(booking.email, 'manage-link-replaced')).toHaveLength(0);
  });
});

/** The customer's own "Find your booking" request (0032): the link emailed to the address on file. */
async function askForLink(email: string, locale: string) {
  sent += 1;
  const res = await requestLink(new Request('http://localhost/api/manage-booking/request-link', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.154.0.${sent % 200}` },
    body: JSON.stringify({ email, website: '', locale }),
  }), noParams);
  expect(res.status).toBe(200);
}

describe('emails still waiting when the link is replaced (0056)', () => {
  it('go out with the new link, which opens the booking; an email already sent is left as it went', async () => {
    const booking = await bookAndPay('fr');
    const db = await getDb();
    const [visit] = await db.select({ customerId: appointments.customerId }).from(appointments).where(eq(appointments.id, booking.visitId));
    // The receipt goes out before the replacement, with the first link.
    const [receipt] = await emailsTo(booking.email, 'receipt');
    const firstLink = tokenIn((await deliverAllDue()).find((m) => m.to === booking.email && m.subject === receipt!.subject)!.text)!;
    expect(readManageToken(firstLink)).toEqual({ bookingRef: booking.bookingRef, generation: 0 });
    const [receiptRow] = await emailsTo(booking.email, 'receipt');
    expect(receiptRow!.status).toBe('sent');

    // Waiting when the office replaces the link: the customer's "Find your booking" email (pending),
    // the office's copy of the receipt that gave up (failed), and an email queued before 0050 with
    // 0032's link format.
    await askForLink(booking.email, 'fr');
    await resendReceipt(booking.paymentId);
    const copy = (await emailsTo(booking.email, 'receipt')).at(-1)!;
    await db.update(emailOutbox).set({ status: 'failed' }).where(eq(emailOutbox.id, copy.id));
    const before0050 = `https://example.ca/manage-booking/${sealVersionOneToken(booking.bookingRef)}`;
    const { id: oldFormatId } = await enqueueEmail(db, {
      kind: 'manage-link', to: booking.email, locale: 'fr', subject: 'Votre lien', text: `Lien : ${before0050}`, html: `<a href="${before0050}">Lien</a>`,
      relatedType: 'customer', relatedId: visit!.customerId,
    });
    expect((await emailsTo(booking.email, 'manage-link')).map((m) => tokenIn(m.text))).toEqual([firstLink, sealVersionOneToken(booking.bookingRef)]);
    expect(tokenIn(copy.text)).toBe(firstLink);

    expect((await replaceLink(booking.bookingRef, adminToken)).status).toBe(200);
    const fresh = createManageToken({ bookingRef: booking.bookingRef, generation: 1 });

    // In the outbox: the waiting ones carry the new link (status and address kept); the sent receipt is as it went.
    const waiting = await db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, booking.email), eq(emailOutbox.kind, 'manage-link')));
    expect(waiting.map((m) => [m.status, tokenIn(m.text), tokenIn(m.html)])).toEqual([['pending', fresh, fresh], ['pending', fresh, fresh]]);
    expect(waiting.find((m) => m.id === oldFormatId)!.text).toBe(`Lien : https://example.ca/manage-booking/${fresh}`);
    const [copyNow] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, copy.id));
    expect(copyNow).toMatchObject({ status: 'failed', toAddress: booking.email, subject: copy.subject, locale: 'fr' });
    expect(copyNow!.text).toBe(copy.text.replaceAll(firstLink, fresh));
    expect(copyNow!.html).toBe(copy.html.replaceAll(firstLink, fresh));
    const [receiptNow] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, receiptRow!.id));
    expect(receiptNow).toEqual(receiptRow);
    expect(tokenIn(receiptNow!.text)).toBe(firstLink);

    // Delivered by the worker (the failed copy sent again by staff): every link in them opens the booking.
    await resendFailedEmail(copy.id);
    const after = (await deliverAllDue()).filter((m) => m.to === booking.email);
    expect(after).toHaveLength(4); // "Find your booking", the 0032-format one, the receipt's copy, the replacement email
    for (const message of after) {
      const tokens = [...`${message.text}\n${message.html}`.matchAll(/\/manage-booking\/([\w-]+)/g)].map((m) => m[1]!);
      expect(tokens.length).toBeGreaterThan(0);
      for (const token of new Set(tokens)) expect(await openPage(token)).toBe(booking.bookingRef);
    }
    const delivered = after.find((m) => m.subject === copy.subject)!;
    expect(delivered.text).toContain(`/fr/manage-booking/${fresh}/receipt/${booking.paymentId}`);
    expect((await loadCustomerReceipt(fresh, booking.paymentId, 'fr')).bookingRef).toBe(booking.bookingRef);
  });

  it('leave alone an email to an address the office has corrected since, and other bookings\' links', async () => {
    const booking = await bookAndPay('en');
    const db = await getDb();
    await deliverAllDue();
    const [visit] = await db.select({ customerId: appointments.customerId }).from(appointments).where(eq(appointments.id, booking.visitId));
    await askForLink(booking.email, 'en');
    const [wrongAddress] = await emailsTo(booking.email, 'manage-link');
    // The address on file was someone else's: the office corrects it, then replaces the link.
    const corrected = `right-${randomUUID().slice(0, 8)}@example.com`;
    await db.update(customers).set({ email: corrected }).where(eq(customers.id, visit!.customerId));
    const other = createManageToken({ bookingRef: 'BK-OTHER123', generation: 0 });
    const { id: otherId } = await enqueueEmail(db, {
      kind: 'manage-link', to: corrected, locale: 'en', subject: 'Another booking', text: `https://example.ca/manage-booking/${other}`, html: '<p>x</p>',
    });

    expect((await replaceLink(booking.bookingRef, adminToken)).status).toBe(200);
    const [stillWrong] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, wrongAddress!.id));
    expect(stillWrong).toEqual(wrongAddress);
    const [otherNow] = await db.select({ text: emailOutbox.text }).from(emailOutbox).where(eq(emailOutbox.id, otherId));
    expect(otherNow!.text).toBe(`https://example.ca/manage-booking/${other}`);
    const [replaced] = await emailsTo(corrected, 'manage-link-replaced');
    expect(tokenIn(replaced!.text)).toBe(createManageToken({ bookingRef: booking.bookingRef, generation: 1 }));
  });
});

/**
 * "Find your booking" (docs/decisions/0032): a customer who lost their emails asks for their
 * "Manage your booking" links again by the address they booked with. Through the route handler on
 * a real database: the one email with working links, the same answer for an address without
 * bookings (nothing queued), past-only bookings, the honeypot and the rate limits.
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { appointments } from '@/db/schema/appointments';
import { emailOutbox } from '@/db/schema/messages';
import { readManageToken } from '@/features/manage-booking/manage-link';
import { TEST_CARDS } from '@/features/payments/test-cards';
import { getAvailableDates } from '@/features/scheduling/available-dates.service';
import { type Handler, jsonPoster, noParams } from '../support/handlers';
import { emailsTo } from '../support/outbox';

const { POST: requestLink } = (await import('@/app/api/manage-booking/request-link/route')) as unknown as { POST: Handler };
const { POST: createAppointment } = (await import('@/app/api/appointments/route')) as unknown as { POST: Handler };
const { POST: createIntent } = (await import('@/app/api/create-payment-intent/route')) as unknown as { POST: Handler };
const { POST: confirmCard } = (await import('@/app/api/test-gateway/confirm/route')) as unknown as { POST: Handler };

const post = jsonPoster(57);
let sent = 0;
/** The form's request, each from its own client address unless told (the per-address limit). */
function ask(body: Record<string, unknown>, init: { ip?: string; locale?: string } = {}) {
  sent += 1;
  return requestLink(new Request('http://localhost/api/manage-booking/request-link', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': init.locale ?? 'en', 'x-forwarded-for': init.ip ?? `10.58.${Math.floor(sent / 200)}.${sent % 200}` },
    body: JSON.stringify(body),
  }), noParams);
}
const SAME_ANSWER = { ok: true, message: 'If we have a booking for this address, we have emailed its link. Check your inbox (and spam folder) in a few minutes.' };

let fridays: string[] = [];
let next = 0;

/** Books a one-time treatment online and pays it with the test gateway's 4242 card: a confirmed visit to come. */
async function bookAndPay(email: string, locale = 'en') {
  const date = fridays[next++]!;
  const created = await post(createAppointment, '/api/appointments', {
    serviceType: 'onetime', propertySize: 0.25, firstName: 'Maëlle', lastName: 'Tremblay', email, phone: '905-555-0121',
    address: '8 James St N', city: 'Hamilton', postalCode: 'L8R 2J9', date, status: 'pending-payment', locale,
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const { appointmentId, bookingRef, appointments: visits } = (await created.json()) as { appointmentId: number; bookingRef: string; appointments: { id: number }[] };
  const intent = (await (await post(createIntent, '/api/create-payment-intent', { appointmentId, bookingRef })).json()) as { paymentIntentId: string; clientSecret: string };
  expect((await post(confirmCard, '/api/test-gateway/confirm', { ...intent, number: TEST_CARDS.success, expiry: '12/34', cvc: '123' })).status).toBe(200);
  return { bookingRef, ids: visits.map((v) => v.id), date };
}
const newAddress = () => `find-${randomUUID().slice(0, 8)}@example.com`;
const allLinkEmails = async () => (await getDb()).select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.kind, 'manage-link'));

beforeAll(async () => {
  fridays = await getAvailableDates({ now: new Date(), stopsNeeded: 2 });
  expect(fridays.length).toBeGreaterThan(6);
});

describe('Find your booking', () => {
  it('emails one message with each upcoming booking\'s reference, Fridays and working link, in the page\'s language', async () => {
    const email = newAddress();
    const first = await bookAndPay(email);
    const second = await bookAndPay(email);
    // Typed with capitals and spaces: the same customer.
    const res = await ask({ email: `  ${email.toUpperCase()} `, website: '', locale: 'fr' }, { locale: 'fr' });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toEqual({ ok: true, message: 'Si nous avons une réservation à cette adresse, nous lui avons envoyé son lien. Consultez votre boîte de réception (et vos courriels indésirables) d’ici quelques minutes.' });

    const mails = await emailsTo(email, 'manage-link');
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.locale).toBe('fr');
    expect(mail!.subject).toBe('Votre lien de réservation');
    expect(mail!.text).toContain('Bonjour Maëlle,');
    expect(mail!.text).toContain(`Réservation\u00a0: ${first.bookingRef}`);
    expect(mail!.text).toContain(`Réservation\u00a0: ${second.bookingRef}`);
    const tokens = [...mail!.text.matchAll(/http:\/\/localhost:3000\/fr\/manage-booking\/([\w-]+)/g)].map((m) => m[1]!);
    expect(tokens.map((t) => readManageToken(t)?.bookingRef).sort()).toEqual([first.bookingRef, second.bookingRef].sort());
    expect(mail!.html).toContain(`href="http://localhost:3000/fr/manage-booking/${tokens[0]}"`);
    // Each booking's Friday, as the emails write dates.
    const friday = new Intl.DateTimeFormat('fr-CA', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${first.date}T12:00:00Z`));
    expect(mail!.text.toLowerCase()).toContain(friday.toLowerCase());
  });

  it('answers the same for an address with no booking, and queues nothing', async () => {
    const before = (await allLinkEmails()).length;
    const res = await ask({ email: newAddress(), website: '' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(SAME_ANSWER);
    expect(await allLinkEmails()).toHaveLength(before);
  });

  it('queues nothing when the address\'s visits are all past or cancelled', async () => {
    const email = newAddress();
    const past = await bookAndPay(email);
    const cancelled = await bookAndPay(email);
    const db = await getDb();
    await db.update(appointments).set({ date: '2025-06-06' }).where(inArray(appointments.id, past.ids));
    await db.update(appointments).set({ status: 'cancelled' }).where(inArray(appointments.id, cancelled.ids));
    const res = await ask({ email, website: '' });
    expect(await res.json()).toEqual(SAME_ANSWER);
    expect(await emailsTo(email, 'manage-link')).toHaveLength(0);
  });

  it('gives a filled honeypot the same answer and queues nothing', async () => {
    const email = newAddress();
    await bookAndPay(email);
    const res = await ask({ email, website: 'https://spam.example' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(SAME_ANSWER);
    expect(await emailsTo(email, 'manage-link')).toHaveLength(0);
  });

  it('refuses a missing or malformed address with a translated message on the field', async () => {
    const res = await ask({ email: 'not an address', website: '' }, { locale: 'de' });
    expect(res.status).toBe(400);
    expect((await res.json()).fields).toEqual({ email: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.' });
    const empty = await ask({ website: '' }, { locale: 'es' });
    expect((await empty.json()).fields).toEqual({ email: 'Escriba el correo electrónico con el que reservó.' });
  });

  it('limits requests per email address (3 a day, from any client) and per client address (5 an hour)', async () => {
    const email = newAddress();
    await bookAndPay(email);
    for (let i = 0; i < 3; i += 1) expect((await ask({ email, website: '' })).status).toBe(200);
    const limited = await ask({ email: email.toUpperCase(), website: '' }, { locale: 'fr' });
    expect(limited.status).toBe(429);
    expect((await limited.json()).code).toBe('rate_limited');
    expect(await emailsTo(email, 'manage-link')).toHaveLength(3);

    const ip = '10.59.0.1';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await ask({ email: newAddress(), website: '' }, { ip })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

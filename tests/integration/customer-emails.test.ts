/**
 * The emails a customer gets, read from the outbox as queued by the real flows (decision 0029):
 * the booking email's link back to its checkout (absolute, language prefix, and it pays that
 * booking), the arrival window in the receipt's and the cancellation's calendar events, the
 * business's identity at the foot of every email, the quote email's CASL lines, and the office's
 * notice of a contact message.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { emailOutbox } from '@/db/schema/messages';
import { getAvailableDates } from '@/features/scheduling/available-dates.service';
import { type Handler, jsonPoster } from '../support/handlers';
import { cancelBookingAsStaff } from '../support/cancellations';
import { signInAdminAndTechnician } from '../support/staff-sessions';
import { calendarEvents, emailsTo } from '../support/outbox';

const jar = vi.hoisted(() => ({ token: undefined as string | undefined }));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (jar.token ? { name, value: jar.token } : undefined) }),
}));

const { POST: createAppointment } = (await import('@/app/api/appointments/route')) as unknown as { POST: Handler };
const { POST: createIntent } = (await import('@/app/api/create-payment-intent/route')) as unknown as { POST: Handler };
const { POST: confirmCard } = (await import('@/app/api/test-gateway/confirm/route')) as unknown as { POST: Handler };
const { POST: cancelRoute } = (await import('@/app/api/admin/bookings/[bookingRef]/cancel/route')) as unknown as { POST: Handler };
const { POST: sendQuoteRoute } = (await import('@/app/api/send-quote/route')) as unknown as { POST: Handler };
const { POST: messagesRoute } = (await import('@/app/api/messages/route')) as unknown as { POST: Handler };

const post = jsonPoster(31);
let ip = 0;
/** A public form post in the visitor's language (the NEXT_LOCALE cookie). */
const postIn = (handler: Handler, path: string, body: unknown, locale: string) => handler(new Request(`http://localhost${path}`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.31.200.${++ip}`, cookie: `NEXT_LOCALE=${locale}` },
  body: JSON.stringify(body),
}), { params: Promise.resolve({}) });

const IDENTITY = 'Escarpment Mosquito & Tick, 1 Hunter St E, Hamilton, ON L8N 3W1\n(905) 555-0134 · hello@escarpmentmosquito.ca';
let fridays: string[] = [];

beforeAll(async () => {
  jar.token = (await signInAdminAndTechnician()).adminToken;
  fridays = [...(await getAvailableDates({ now: new Date(), stopsNeeded: 2 }))].reverse();
});

describe('the booking, receipt and cancellation emails', () => {
  it('link a customer who left the payment page back to the checkout that pays this booking', async () => {
    const email = `fr-${randomUUID().slice(0, 8)}@example.com`;
    const created = await post(createAppointment, '/api/appointments', {
      serviceType: 'onetime', propertySize: 0.25, firstName: 'Camille', lastName: 'Roy', email, phone: '905-555-0101',
      address: '12 King St W', city: 'Hamilton', postalCode: 'L8P 1A1', date: fridays.shift(), status: 'pending-payment', locale: 'fr',
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const booking = (await created.json()) as { appointmentId: number; bookingRef: string };

    const [received] = await emailsTo(email, 'booking-received');
    const link = `http://localhost:3000/fr/checkout/${booking.appointmentId}?ref=${booking.bookingRef}`;
    expect(received!.text).toContain(`Terminer le paiement\u00a0: ${link}`);
    expect(received!.html).toContain(`href="${link}"`);
    expect(received!.text).toContain('Adresse du service\u00a0: 12 King St W, Hamilton, L8P 1A1');
    expect(received!.text).toContain('Heure d’arrivée\u00a0: entre 8\u00a0h\u00a000 et 18\u00a0h\u00a000');
    expect(received!.text).toContain(IDENTITY);

    // What /checkout/{id}?ref= does with the link's two values: an intent for this booking, which pays it.
    const url = new URL(link);
    const intentRes = await post(createIntent, '/api/create-payment-intent', { appointmentId: Number(url.pathname.split('/').at(-1)), bookingRef: url.searchParams.get('ref') });
    expect(intentRes.status, await intentRes.clone().text()).toBe(200);
    const intent = (await intentRes.json()) as { paymentIntentId: string; clientSecret: string; amount: number };
    expect(intent.amount).toBe(11187);
    const paid = await post(confirmCard, '/api/test-gateway/confirm', { ...intent, number: '4242424242424242', expiry: '12/34', cvc: '123' });
    expect(paid.status).toBe(200);

    const [receipt] = await emailsTo(email, 'receipt');
    const [event] = calendarEvents(receipt!.attachments);
    // The arrival window the site promises (08:00 to 18:00 in Toronto), not a 09:00 slot.
    expect(event!.start).toMatch(/^\d{8}T1[12]0000Z$/);
    expect(event!.duration).toBe('PT10H');
    expect(event!.description).toContain('entre 8\u00a0h\u00a000 et 18\u00a0h\u00a000');
    // The receipt's body says the same window and who sent it.
    expect(receipt!.text).toContain('Heure d’arrivée\u00a0: entre 8\u00a0h\u00a000 et 18\u00a0h\u00a000');
    expect(receipt!.text).toContain(IDENTITY);

    const cancelled = await cancelBookingAsStaff(cancelRoute, booking.bookingRef, { reason: 'Customer is moving' });
    expect(cancelled.status, await cancelled.clone().text()).toBe(200);
    const [mail] = await emailsTo(email, 'booking-cancelled');
    const [cancelEvent] = calendarEvents(mail!.attachments);
    expect(cancelEvent).toMatchObject({ uid: event!.uid, start: event!.start, duration: event!.duration });
    expect(mail!.text.split('Des questions\u00a0? Appelez-nous').length - 1).toBe(1);
    expect(mail!.text).toContain(IDENTITY);
  });
});

describe('the quote email and the contact notice', () => {
  it('tells the quote customer why the email came, how to stop more, and who sent it', async () => {
    const email = `quote-${randomUUID().slice(0, 8)}@example.com`;
    const res = await postIn(sendQuoteRoute, '/api/send-quote', {
      email, name: 'Marie Tremblay', phone: '905-555-0199',
      quoteDetails: { serviceType: 'seasonal', propertySize: 0.25, includeTick: false, includeTargetedInsects: false, address: '12 King St W, Hamilton', city: 'Hamilton', postalCode: 'L8P 1A1' },
    }, 'de');
    expect(res.status, await res.clone().text()).toBe(200);
    const [quote] = await emailsTo(email, 'quote');
    for (const part of [quote!.text, quote!.html]) {
      expect(part).toContain('weil Sie dieses Angebot auf unserer Website angefordert haben');
      // How to stop more: a link of its own since 0066, no longer a reply.
      expect(part).toContain('können Sie sich jederzeit abmelden');
      expect(part).toMatch(/\/de\/unsubscribe\/e\.[\w-]+\.[\w-]+/);
      expect(part).not.toContain('antworten Sie mit „Abmelden“');
    }
    expect(quote!.text).toContain(IDENTITY);
  });

  it('names the visitor\'s language to the office', async () => {
    const email = `contact-${randomUUID().slice(0, 8)}@example.com`;
    const res = await postIn(messagesRoute, '/api/messages', { name: 'Jean Dupuis', email, subject: 'question', message: 'Pouvez-vous traiter mon terrain vendredi ?' }, 'fr');
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as { id: number };
    const [notice] = await (await getDb()).select().from(emailOutbox).where(and(eq(emailOutbox.kind, 'staff-notification'), eq(emailOutbox.relatedType, 'message'), eq(emailOutbox.relatedId, id)));
    expect(notice!.text).toContain('Language: French');
    const [ack] = await emailsTo(email, 'contact-ack');
    expect(ack!.text).toContain(IDENTITY);
  });
});

/**
 * The office's CSV exports (docs/decisions/0036) through their route handlers on a real database:
 * admins only, the payments export's range rule, the rows and amounts of payments made through the
 * booking, payment and cancellation services, the Toronto day a payment near midnight belongs to,
 * and the customer list.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { appointments } from '@/db/schema/appointments';
import { cancelBooking } from '@/features/cancellations/cancellation.service';
import { insertPayment, markPaymentRowSucceeded } from '@/features/payments/payment.repository';
import { confirmTestPayment, createPaymentIntentForBooking } from '@/features/payments/payment.service';
import { TEST_CARDS } from '@/features/payments/test-cards';
import { getAvailableDates } from '@/features/scheduling/available-dates.service';
import { type Handler, jsonPoster, noParams } from '../support/handlers';
import { signInAdminAndTechnician } from '../support/staff-sessions';

const jar = vi.hoisted(() => ({ token: undefined as string | undefined }));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (jar.token ? { name, value: jar.token } : undefined) }),
}));

const { GET: paymentsExport } = (await import('@/app/api/admin/exports/payments/route')) as unknown as { GET: Handler };
const { GET: customersExport } = (await import('@/app/api/admin/exports/customers/route')) as unknown as { GET: Handler };
const { POST: createAppointment } = (await import('@/app/api/appointments/route')) as unknown as { POST: Handler };

const post = jsonPoster(36);
const BOM = '\uFEFF';
let adminToken = '';
let technicianToken = '';
let fridays: string[] = [];

function exportPayments(query: string, headers: Record<string, string> = {}) {
  return paymentsExport(new Request(`http://localhost/api/admin/exports/payments${query}`, { headers }), noParams);
}

/** The file's lines without the byte order mark (checked separately) and without the final line end. */
async function csvLines(res: Response): Promise<string[]> {
  expect(res.status, await res.clone().text()).toBe(200);
  // Response.text() drops a leading byte order mark; the bytes are read as they were sent.
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
  expect(text.startsWith(BOM)).toBe(true);
  expect(text.endsWith('\r\n')).toBe(true);
  return text.slice(BOM.length, -2).split('\r\n');
}

let booked = 0;
/** A booking made through POST /api/appointments, paid at `paidAt` with the test gateway's card. */
async function bookAndPay(customer: { firstName: string; lastName: string; email: string }, options: { paidAt: Date | null; serviceType?: string; discountCode?: string; card?: string }) {
  booked += 1;
  const res = await post(createAppointment, '/api/appointments', {
    serviceType: options.serviceType ?? 'onetime', propertySize: 0.25, ...customer, phone: '905-555-0101',
    address: '12 King St W', city: 'Hamilton', postalCode: 'L8P 1A1', date: fridays[booked % fridays.length], status: 'pending-payment',
    ...(options.discountCode ? { discountCode: options.discountCode } : {}),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const booking = (await res.json()) as { appointmentId: number; customerId: number; bookingRef: string };
  const intent = await createPaymentIntentForBooking({ appointmentId: booking.appointmentId, bookingRef: booking.bookingRef }, { isStaff: false, locale: 'en' });
  if (options.paidAt) {
    const paid = await confirmTestPayment(
      { paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret, number: options.card ?? TEST_CARDS.success, expiry: '12/34', cvc: '123' },
      { now: options.paidAt },
    );
    expect(paid.status).toBe('succeeded');
  }
  return { ...booking, paymentIntentId: intent.paymentIntentId };
}

const olivia = { firstName: 'Olivia', lastName: 'Tremblay', email: 'olivia.exports@example.com' };
const zoe = { firstName: 'Zoë', lastName: 'Müller', email: 'zoe.exports@example.com' };
const mallory = { firstName: '=HYPERLINK("http://evil.example")', lastName: 'Smith', email: 'mallory.exports@example.com' };
let oneTime: Awaited<ReturnType<typeof bookAndPay>>;
let seasonal: Awaited<ReturnType<typeof bookAndPay>>;
let refundRefused: Awaited<ReturnType<typeof bookAndPay>>;
let beforeMidnight: Awaited<ReturnType<typeof bookAndPay>>;
let atMidnight: Awaited<ReturnType<typeof bookAndPay>>;
let legacyIntentId = '';
let otto: Awaited<ReturnType<typeof bookAndPay>>;

beforeAll(async () => {
  ({ adminToken, technicianToken } = await signInAdminAndTechnician());
  fridays = await getAvailableDates({ now: new Date(), serviceType: 'seasonal' });
  expect(fridays.length).toBeGreaterThan(3);

  oneTime = await bookAndPay(olivia, { paidAt: new Date('2026-11-02T15:00:00Z') });
  // Seasonal 0.25 acre with MIDSEASON: 286.00 + 37.18 HST = 323.18; staff later refund 144.64 of it.
  seasonal = await bookAndPay(zoe, { paidAt: new Date('2026-11-05T15:00:00Z'), serviceType: 'seasonal', discountCode: 'MIDSEASON' });
  // Refunded the day it was paid, inside every range the tests export (a refund made after a range's end belongs to a later period, 0075).
  await cancelBooking(seasonal.bookingRef, { refundCents: 14464, reason: 'Customer moved away' }, { staffUserId: null, now: new Date('2026-11-05T20:00:00Z') });
  // Paid with the card whose refunds fail: the refund is written but no money came back.
  refundRefused = await bookAndPay(mallory, { paidAt: new Date('2026-11-06T15:00:00Z'), card: TEST_CARDS.refundFails });
  await cancelBooking(refundRefused.bookingRef, { refundCents: 11187, reason: 'Customer cancelled' }, { staffUserId: null, now: new Date('2026-11-10T15:00:00Z') });

  // A payment written before payments kept their tax split (no metadata), through the repository.
  const db = await getDb();
  legacyIntentId = `pi_legacy_${randomUUID().slice(0, 8)}`;
  const legacyId = await insertPayment(db, {
    customerId: oneTime.customerId, provider: 'test', paymentIntentId: legacyIntentId, idempotencyKey: `legacy:${legacyIntentId}`, amount: 5000, currency: 'cad', status: 'processing',
  });
  await markPaymentRowSucceeded(db, legacyId, new Date('2026-11-07T15:00:00Z'), null);

  // Not payments received: the office's payment test page, a checkout left unpaid.
  const officeTest = await createPaymentIntentForBooking({ amount: 129, customerId: oneTime.customerId }, { isStaff: true, locale: 'en' });
  await confirmTestPayment({ paymentIntentId: officeTest.paymentIntentId, clientSecret: officeTest.clientSecret, number: TEST_CARDS.success, expiry: '12/34', cvc: '123' }, { now: new Date('2026-11-08T15:00:00Z') });
  await bookAndPay({ firstName: 'Una', lastName: 'Paid', email: 'una.exports@example.com' }, { paidAt: null });
  // Paid on 31 October (11:00 in Toronto): before the range.
  otto = await bookAndPay({ firstName: 'Otto', lastName: 'October', email: 'otto.exports@example.com' }, { paidAt: new Date('2026-10-31T15:00:00Z') });
  // 23:59:30 on Friday 20 November in Toronto (EST, UTC−5) is 04:59:30 on the 21st in UTC; the second one is paid at midnight.
  beforeMidnight = await bookAndPay({ firstName: 'Nina', lastName: 'Late', email: 'nina.exports@example.com' }, { paidAt: new Date('2026-11-21T04:59:30Z') });
  atMidnight = await bookAndPay({ firstName: 'Mo', lastName: 'Midnight', email: 'mo.exports@example.com' }, { paidAt: new Date('2026-11-21T05:00:00Z') });
});

describe('who may export', () => {
  it('answers 401 without a session and 403 to a technician, for both exports', async () => {
    for (const [token, status] of [[undefined, 401], [technicianToken, 403]] as const) {
      jar.token = token;
      const payments = await exportPayments('?from=2026-11-01&to=2026-11-20');
      expect(payments.status).toBe(status);
      expect(payments.headers.get('content-type')).toMatch(/^application\/json/);
      expect((await customersExport(new Request('http://localhost/api/admin/exports/customers'), noParams)).status).toBe(status);
    }
  });
});

describe('GET /api/admin/exports/payments', () => {
  beforeAll(() => {
    jar.token = adminToken;
  });

  it.each([
    ['', 'Enter both dates as YYYY-MM-DD.'],
    ['?from=2026-11-01', 'Enter both dates as YYYY-MM-DD.'],
    ['?from=2026-02-30&to=2026-03-31', 'Enter both dates as YYYY-MM-DD.'],
    ['?from=2026-11-20&to=2026-11-01', 'The start date must be on or before the end date.'],
    ['?from=2025-11-01&to=2026-11-02', 'Choose at most 366 days at a time.'], // 367 days
  ])('refuses %j with a 400 and a message the office can read', async (query, message) => {
    const res = await exportPayments(query);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'bad_request', message });
  });

  it('refuses in the staff member\'s language', async () => {
    const res = await exportPayments('?from=2025-01-01&to=2026-11-20', { cookie: 'NEXT_LOCALE=fr' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: 'Choisissez au plus 366 jours à la fois.' });
  });

  it('accepts a whole year of 366 days', async () => {
    const res = await exportPayments('?from=2025-11-20&to=2026-11-20');
    expect(res.status).toBe(200);
  });

  it('sends a CSV download named after the range, not kept by any cache', async () => {
    const res = await exportPayments('?from=2026-11-01&to=2026-11-20');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="payments-2026-11-01-to-2026-11-20.csv"');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect([...new Uint8Array(await res.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('lists each payment received in the range, in the order paid, with its tax split, refunds and net', async () => {
    const lines = await csvLines(await exportPayments('?from=2026-11-01&to=2026-11-20'));
    expect(lines).toEqual([
      'Date paid,Booking reference,Customer,Email,Plan,Amount before tax,HST,Total,Refunded,HST refunded,Net,Status,Gateway payment ID,Payment method,Payment reference',
      `2026-11-02,${oneTime.bookingRef},Olivia Tremblay,olivia.exports@example.com,One-Time Treatment,99.00,12.87,111.87,0.00,0.00,111.87,Paid,${oneTime.paymentIntentId},Card,`,
      `2026-11-05,${seasonal.bookingRef},Zoë Müller,zoe.exports@example.com,Seasonal Mosquito Protection,286.00,37.18,323.18,144.64,16.64,178.54,Partly refunded,${seasonal.paymentIntentId},Card,`,
      // The refund the provider refused is no money back; the typed formula is written as text.
      `2026-11-06,${refundRefused.bookingRef},"'=HYPERLINK(""http://evil.example"") Smith",mallory.exports@example.com,One-Time Treatment,99.00,12.87,111.87,0.00,0.00,111.87,Paid,${refundRefused.paymentIntentId},Card,`,
      // No split stored: 50.00 split at the branch's 13 %.
      `2026-11-07,,Olivia Tremblay,olivia.exports@example.com,,44.25,5.75,50.00,0.00,0.00,50.00,Paid,${legacyIntentId},Card,`,
      `2026-11-20,${beforeMidnight.bookingRef},Nina Late,nina.exports@example.com,One-Time Treatment,99.00,12.87,111.87,0.00,0.00,111.87,Paid,${beforeMidnight.paymentIntentId},Card,`,
    ]);

    // What the accountant adds up for the HST return.
    const rows = lines.slice(1).map((line) => line.split(',').slice(-10, -4).map((cell) => Math.round(Number(cell) * 100)));
    const sum = (column: number) => rows.reduce((total, row) => total + row[column]!, 0);
    expect({ subtotal: sum(0), hst: sum(1), total: sum(2), refunded: sum(3), hstRefunded: sum(4), net: sum(5) })
      .toEqual({
        subtotal: 9900 + 28600 + 9900 + 4425 + 9900, hst: 1287 + 3718 + 1287 + 575 + 1287, total: 11187 + 32318 + 11187 + 5000 + 11187,
        // The HST inside the $144.64 given back, as the customer's receipt states it.
        refunded: 14464, hstRefunded: 1664, net: 11187 + 17854 + 11187 + 5000 + 11187,
      });
  });

  it('puts a payment made just before midnight in Toronto on that day, and one made at midnight on the next', async () => {
    const friday = await csvLines(await exportPayments('?from=2026-11-20&to=2026-11-20'));
    expect(friday.slice(1).map((line) => line.split(',').at(-3))).toEqual([beforeMidnight.paymentIntentId]);
    expect(friday[1]!.startsWith('2026-11-20,')).toBe(true);

    const saturday = await csvLines(await exportPayments('?from=2026-11-21&to=2026-11-21'));
    expect(saturday.slice(1).map((line) => line.split(',').at(-3))).toEqual([atMidnight.paymentIntentId]);
    expect(saturday[1]!.startsWith('2026-11-21,')).toBe(true);
  });

  it('writes the headers, plans and statuses in the staff member\'s language', async () => {
    const lines = await csvLines(await exportPayments('?from=2026-11-05&to=2026-11-05', { cookie: 'NEXT_LOCALE=de' }));
    expect(lines).toEqual([
      'Bezahlt am,Buchungsnummer,Kunde,E-Mail,Gebuchte Leistung,Betrag vor Steuern,HST,Gesamtbetrag,Erstattet,Erstattete HST,Netto,Zahlungsstatus,Zahlungs-ID beim Zahlungsanbieter,Zahlungsart,Zahlungsreferenz',
      `2026-11-05,${seasonal.bookingRef},Zoë Müller,zoe.exports@example.com,Saisonaler Mückenschutz,286.00,37.18,323.18,144.64,16.64,178.54,Teilweise erstattet,${seasonal.paymentIntentId},Karte,`,
    ]);
  });

  it('answers an empty range with the headers alone', async () => {
    expect(await csvLines(await exportPayments('?from=2026-01-01&to=2026-01-31'))).toHaveLength(1);
  });
});

describe('GET /api/admin/exports/customers', () => {
  beforeAll(() => {
    jar.token = adminToken;
  });

  it('lists every customer, oldest first, with bookings and what they have paid less refunds', async () => {
    const res = await customersExport(new Request('http://localhost/api/admin/exports/customers'), noParams);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="customers-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [header, ...rows] = await csvLines(res);
    expect(header).toBe('Name,Email,Phone,Address,City,Postal code,Created,Bookings,Total paid,Last visit,Next visit,Seasonal emails,Agreed on,Unsubscribed on,Address unsubscribed on');
    // Created is today's date in Toronto; the rest is checked cell by cell.
    const byEmail = new Map(rows.map((line) => {
      const cells = line.split(',');
      expect(cells[6]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      return [cells[1], [cells[0], cells[4], cells[5], cells[7], cells[8]]];
    }));
    expect([...byEmail.keys()]).toEqual([
      'olivia.exports@example.com', 'zoe.exports@example.com', 'mallory.exports@example.com', 'una.exports@example.com',
      'otto.exports@example.com', 'nina.exports@example.com', 'mo.exports@example.com',
    ]);
    // Olivia: her booking and the older payment without one; the office's test payment in her name is no sale.
    expect(byEmail.get('olivia.exports@example.com')).toEqual(['Olivia Tremblay', 'Hamilton', 'L8P 1A1', '1', '161.87']);
    expect(byEmail.get('zoe.exports@example.com')).toEqual(['Zoë Müller', 'Hamilton', 'L8P 1A1', '1', '178.54']);
    expect(byEmail.get('mallory.exports@example.com')).toEqual(['"\'=HYPERLINK(""http://evil.example"") Smith"', 'Hamilton', 'L8P 1A1', '1', '111.87']);
    expect(byEmail.get('una.exports@example.com')).toEqual(['Una Paid', 'Hamilton', 'L8P 1A1', '1', '0.00']);
  });

  it('gives each customer\'s last visit done and next visit booked, so the year-end can find who has nothing booked (0095)', async () => {
    // Otto's October treatment was done on a Friday last summer; nothing of his is booked since.
    const db = await getDb();
    await db.update(appointments).set({ date: '2026-08-14', status: 'completed' }).where(eq(appointments.customerId, otto.customerId));
    const [header, ...rows] = await csvLines(await customersExport(new Request('http://localhost/api/admin/exports/customers'), noParams));
    const names = header!.split(',');
    const [last, next] = [names.indexOf('Last visit'), names.indexOf('Next visit')];
    const visits = new Map(rows.map((line) => {
      const cells = line.split(',');
      return [cells[1], [cells[last], cells[next]]];
    }));
    expect(visits.get('olivia.exports@example.com')).toEqual(['', fridays[1]]);
    // Zoë's plan was cancelled and refunded; Una never paid, so her Friday was never confirmed.
    expect(visits.get('zoe.exports@example.com')).toEqual(['', '']);
    expect(visits.get('una.exports@example.com')).toEqual(['', '']);
    expect(visits.get('otto.exports@example.com')).toEqual(['2026-08-14', '']);
  });

  it('writes the headers in the staff member\'s language', async () => {
    const res = await customersExport(new Request('http://localhost/api/admin/exports/customers', { headers: { cookie: 'NEXT_LOCALE=fr' } }), noParams);
    expect((await csvLines(res))[0]).toBe('Nom,Courriel,Téléphone,Adresse,Ville,Code postal,Créé le,Réservations,Total payé,Dernière visite,Prochaine visite,Courriels saisonniers,Accepté le,Désabonné le,Adresse désabonnée le');
  });
});

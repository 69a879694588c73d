/**
 * Refunds in the period they were made (docs/decisions/0075), on a real database through the route
 * handlers and the booking, payment and cancellation services: the refunds CSV lists each refund
 * made on its own Toronto day with its HST, the receipt number and date of its payment; the
 * payments CSV counts only the refunds made by the end of its range, so a closed month reads the
 * same later; payments less refunds over any range is the period's net and adds up to the
 * dashboard's Total Revenue; the Payments tab and the customer page say how much came back with its
 * HST, as the receipt does; the customer CSV says each customer's consent to seasonal emails.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { payments } from '@/db/schema/payments';
import { refunds } from '@/db/schema/refunds';
import { cancelBooking, loadCustomerBookings } from '@/features/cancellations/cancellation.service';
import { insertRefundOnce } from '@/features/cancellations/cancellation.repository';
import { unsubscribeByToken } from '@/features/marketing-email/consent.service';
import { createAddressUnsubscribeToken, createUnsubscribeToken } from '@/features/marketing-email/unsubscribe-token';
import { confirmTestPayment, createPaymentIntentForBooking } from '@/features/payments/payment.service';
import { TEST_CARDS } from '@/features/payments/test-cards';
import { loadStaffReceipt } from '@/features/receipts/receipt.service';
import { getAvailableDates } from '@/features/scheduling/available-dates.service';
import { type Handler, jsonPoster, noParams } from '../support/handlers';
import { signInAdminAndTechnician } from '../support/staff-sessions';

const jar = vi.hoisted(() => ({ token: undefined as string | undefined }));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (jar.token ? { name, value: jar.token } : undefined) }),
}));

const { GET: paymentsExport } = (await import('@/app/api/admin/exports/payments/route')) as unknown as { GET: Handler };
const { GET: refundsExport } = (await import('@/app/api/admin/exports/refunds/route')) as unknown as { GET: Handler };
const { GET: periodTotals } = (await import('@/app/api/admin/exports/totals/route')) as unknown as { GET: Handler };
const { GET: customersExport } = (await import('@/app/api/admin/exports/customers/route')) as unknown as { GET: Handler };
const { GET: paymentsTab } = (await import('@/app/api/admin/payments/route')) as unknown as { GET: Handler };
const { GET: dashboardRoute } = (await import('@/app/api/admin/dashboard/route')) as unknown as { GET: Handler };
const { POST: createAppointment } = (await import('@/app/api/appointments/route')) as unknown as { POST: Handler };

const post = jsonPoster(75);
let adminToken = '';
let technicianToken = '';
let fridays: string[] = [];

const get = (handler: Handler, path: string, headers: Record<string, string> = {}) => handler(new Request(`http://localhost${path}`, { headers }), noParams);

/** The file's lines without the byte order mark and the final line end. */
async function csvLines(res: Response): Promise<string[]> {
  expect(res.status, await res.clone().text()).toBe(200);
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
  expect(text.startsWith('\uFEFF')).toBe(true);
  return text.slice(1, -2).split('\r\n');
}

/** The cents of the named columns of a file, summed. */
function sumColumns(lines: string[], columns: string[]): Record<string, number> {
  const [header, ...rows] = lines;
  const names = header!.split(',');
  return Object.fromEntries(columns.map((column) => {
    const index = names.indexOf(column);
    expect(index, column).toBeGreaterThanOrEqual(0);
    return [column, rows.reduce((sum, row) => sum + Math.round(Number(row.split(',')[index]) * 100), 0)];
  }));
}

let booked = 0;
type Booking = { bookingRef: string; customerId: number; paymentIntentId: string; paymentId: number; email: string };
/** A one-time booking made through POST /api/appointments and paid at `paidAt` with the test gateway's card. */
async function bookAndPay(person: { firstName: string; lastName: string; email: string }, options: { paidAt: Date; city?: string; postalCode?: string; card?: string; consent?: boolean }): Promise<Booking> {
  booked += 1;
  const res = await post(createAppointment, '/api/appointments', {
    serviceType: 'onetime', propertySize: 0.25, ...person, phone: '905-555-0175', address: `${booked} Main St`,
    city: options.city ?? 'Hamilton', postalCode: options.postalCode ?? 'L8P 1A1', date: fridays[booked % fridays.length], status: 'pending-payment',
    ...(options.consent ? { marketingConsent: true } : {}),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const booking = (await res.json()) as { appointmentId: number; customerId: number; bookingRef: string };
  const intent = await createPaymentIntentForBooking({ appointmentId: booking.appointmentId, bookingRef: booking.bookingRef }, { isStaff: false, locale: 'en' });
  const paid = await confirmTestPayment(
    { paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret, number: options.card ?? TEST_CARDS.success, expiry: '12/34', cvc: '123' },
    { now: options.paidAt },
  );
  expect(paid.status).toBe('succeeded');
  const [row] = await (await getDb()).select({ id: payments.id }).from(payments).where(eq(payments.paymentIntentId, intent.paymentIntentId));
  return { ...booking, paymentIntentId: intent.paymentIntentId, paymentId: row!.id, email: person.email };
}

async function providerRefundIds(paymentId: number): Promise<string[]> {
  const rows = await (await getDb()).select({ id: refunds.providerRefundId }).from(refunds).where(eq(refunds.paymentId, paymentId)).orderBy(refunds.id);
  return rows.map((r) => r.id ?? '');
}

// Paid in June in Ancaster (premium area): 109.00 + 14.17 = 123.17; $100.00 refunded in November.
let june: Booking;
// Paid in October; half refunded in October, the rest in November (written as the provider reported them).
let october: Booking;
// Paid in November: one refunded in December, one at 23:30 on 30 November in Toronto, one whose refund the card refused.
let refundedInDecember: Booking;
let refundedLateNovember: Booking;
let refundRefused: Booking;

beforeAll(async () => {
  ({ adminToken, technicianToken } = await signInAdminAndTechnician());
  fridays = await getAvailableDates({ now: new Date(), serviceType: 'onetime' });
  expect(fridays.length).toBeGreaterThan(3);

  // An address that unsubscribed from a quote email before its owner ever booked (0066).
  await unsubscribeByToken(createAddressUnsubscribeToken('Eloise.Octobre@Example.com'), new Date('2026-10-01T16:15:00Z'));

  june = await bookAndPay({ firstName: 'Amélie', lastName: 'Gagnon', email: 'amelie.refunds@example.com' }, { paidAt: new Date('2026-06-12T14:00:00Z'), city: 'Ancaster', postalCode: 'L9G 1A1', consent: true });
  await cancelBooking(june.bookingRef, { refundCents: 10000, reason: 'Customer moved away' }, { staffUserId: null, now: new Date('2026-11-10T15:00:00Z') });

  october = await bookAndPay({ firstName: 'Éloïse', lastName: 'Octobre', email: 'eloise.octobre@example.com' }, { paidAt: new Date('2026-10-20T15:00:00Z') });
  const db = await getDb();
  for (const [cents, at] of [[5000, '2026-10-25T16:00:00Z'], [6187, '2026-11-03T16:00:00Z']] as const) {
    await insertRefundOnce(db, {
      paymentId: october.paymentId, bookingRef: october.bookingRef, amountCents: cents, status: 'succeeded', provider: 'test', providerRefundId: `re_test_oct_${cents}`,
      reason: 'Partial refund', idempotencyKey: `refund-exports:${october.paymentId}:${cents}`, refundedAt: new Date(at), createdAt: new Date(at), updatedAt: new Date(at),
    });
  }

  refundedInDecember = await bookAndPay({ firstName: 'Benoît', lastName: 'Roy', email: 'benoit.refunds@example.com' }, { paidAt: new Date('2026-11-05T15:00:00Z'), consent: true });
  await cancelBooking(refundedInDecember.bookingRef, { refundCents: 11187, reason: 'Customer cancelled' }, { staffUserId: null, now: new Date('2026-12-02T15:00:00Z') });
  // Benoît later unsubscribes from the season opener's link (after he agreed, whatever day the test runs): 12:05 in Toronto.
  await unsubscribeByToken(createUnsubscribeToken(refundedInDecember.customerId), new Date('2030-01-15T17:05:00Z'));

  refundedLateNovember = await bookAndPay({ firstName: 'Chloé', lastName: 'Tardif', email: 'chloe.refunds@example.com' }, { paidAt: new Date('2026-11-06T15:00:00Z') });
  // 23:30 on Monday 30 November in Toronto (EST) is 04:30 on 1 December in UTC.
  await cancelBooking(refundedLateNovember.bookingRef, { refundCents: 11187, reason: 'Customer cancelled' }, { staffUserId: null, now: new Date('2026-12-01T04:30:00Z') });
  // Chloé's address unsubscribes from a quote email's link: the customer with it is unsubscribed too.
  await unsubscribeByToken(createAddressUnsubscribeToken('chloe.refunds@example.com'), new Date('2026-11-21T14:30:00Z'));

  refundRefused = await bookAndPay({ firstName: 'Dario', lastName: 'Refus', email: 'dario.refunds@example.com' }, { paidAt: new Date('2026-11-07T15:00:00Z'), card: TEST_CARDS.refundFails });
  await cancelBooking(refundRefused.bookingRef, { refundCents: 11187, reason: 'Customer cancelled' }, { staffUserId: null, now: new Date('2026-11-08T15:00:00Z') });
});

describe('GET /api/admin/exports/refunds', () => {
  it('answers 401 without a session and 403 to a technician', async () => {
    for (const [token, status] of [[undefined, 401], [technicianToken, 403]] as const) {
      jar.token = token;
      expect((await get(refundsExport, '/api/admin/exports/refunds?from=2026-11-01&to=2026-11-30')).status).toBe(status);
    }
  });

  it('refuses a bad range with the payments export\'s rule, in the staff member\'s language', async () => {
    jar.token = adminToken;
    const res = await get(refundsExport, '/api/admin/exports/refunds?from=2026-11-30&to=2026-11-01', { cookie: 'NEXT_LOCALE=es' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'bad_request', field: 'to', message: 'La fecha de inicio debe ser anterior o igual a la fecha de fin.' });
  });

  it('lists each refund made in November on its own Toronto day, whenever its payment was, with its HST, receipt number and date paid', async () => {
    jar.token = adminToken;
    const res = await get(refundsExport, '/api/admin/exports/refunds?from=2026-11-01&to=2026-11-30');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="refunds-2026-11-01-to-2026-11-30.csv"');
    const [juneRefund] = await providerRefundIds(june.paymentId);
    const [lateRefund] = await providerRefundIds(refundedLateNovember.paymentId);
    expect(await csvLines(res)).toEqual([
      'Date refunded,Receipt number,Date paid,Booking reference,Customer,Email,Plan,Refund before tax,HST refunded,Refund total,Gateway refund ID,Gateway payment ID,Refund method,Refund reference',
      // The rest of October's payment: everything paid is back, so its HST is the rest, 12.87 − 5.75.
      `2026-11-03,${october.bookingRef}-${october.paymentId},2026-10-20,${october.bookingRef},Éloïse Octobre,eloise.octobre@example.com,One-Time Treatment,54.75,7.12,61.87,re_test_oct_6187,${october.paymentIntentId},Card,`,
      // June's payment: the receipt's "HST refunded −$11.50".
      `2026-11-10,${june.bookingRef}-${june.paymentId},2026-06-12,${june.bookingRef},Amélie Gagnon,amelie.refunds@example.com,One-Time Treatment,88.50,11.50,100.00,${juneRefund},${june.paymentIntentId},Card,`,
      `2026-11-30,${refundedLateNovember.bookingRef}-${refundedLateNovember.paymentId},2026-11-06,${refundedLateNovember.bookingRef},Chloé Tardif,chloe.refunds@example.com,One-Time Treatment,99.00,12.87,111.87,${lateRefund},${refundedLateNovember.paymentIntentId},Card,`,
    ]);
  });

  it('puts October\'s part refund in October and Benoît\'s December refund in December; a refused refund nowhere', async () => {
    jar.token = adminToken;
    const octoberRefunds = await csvLines(await get(refundsExport, '/api/admin/exports/refunds?from=2026-10-01&to=2026-10-31'));
    expect(octoberRefunds.slice(1).map((line) => line.split(',').filter((_, i) => [0, 2, 7, 8, 9].includes(i)))).toEqual([['2026-10-25', '2026-10-20', '44.25', '5.75', '50.00']]);
    const december = await csvLines(await get(refundsExport, '/api/admin/exports/refunds?from=2026-12-01&to=2026-12-31'));
    expect(december.slice(1).map((line) => line.split(',').filter((_, i) => [0, 2, 3, 9].includes(i)))).toEqual([['2026-12-02', '2026-11-05', refundedInDecember.bookingRef, '111.87']]);
    const everything = await csvLines(await get(refundsExport, '/api/admin/exports/refunds?from=2026-06-01&to=2026-12-31'));
    expect(everything.join('\n')).not.toContain(refundRefused.bookingRef);
  });

  it('writes the headers in the staff member\'s language', async () => {
    jar.token = adminToken;
    const [header, first] = await csvLines(await get(refundsExport, '/api/admin/exports/refunds?from=2026-10-01&to=2026-10-31', { cookie: 'NEXT_LOCALE=de' }));
    expect(header).toBe('Erstattet am,Belegnummer,Bezahlt am,Buchungsnummer,Kunde,E-Mail,Gebuchte Leistung,Erstattung vor Steuern,Erstattete HST,Erstattung gesamt,Erstattungs-ID beim Zahlungsanbieter,Zahlungs-ID beim Zahlungsanbieter,Art der Erstattung,Erstattungsreferenz');
    expect(first).toContain(',Einmalige Behandlung,44.25,5.75,50.00,');
  });
});

describe('the payments CSV counts the refunds made by the end of its range', () => {
  it('shows November\'s payments with what had come back by 30 November, the same after a December refund', async () => {
    jar.token = adminToken;
    const lines = await csvLines(await get(paymentsExport, '/api/admin/exports/payments?from=2026-11-01&to=2026-11-30'));
    expect(lines.slice(1).map((line) => line.split(',').filter((_, i) => [0, 1, 7, 8, 9, 10, 11].includes(i)))).toEqual([
      // Benoît's refund was made on 2 December: not November's.
      ['2026-11-05', refundedInDecember.bookingRef, '111.87', '0.00', '0.00', '111.87', 'Paid'],
      ['2026-11-06', refundedLateNovember.bookingRef, '111.87', '111.87', '12.87', '0.00', 'Refunded'],
      ['2026-11-07', refundRefused.bookingRef, '111.87', '0.00', '0.00', '111.87', 'Paid'],
    ]);
    // June's file, exported now, still says what June's books said.
    const juneLines = await csvLines(await get(paymentsExport, '/api/admin/exports/payments?from=2026-06-01&to=2026-06-30'));
    expect(juneLines.slice(1).map((line) => line.split(',').slice(7, 12))).toEqual([['123.17', '0.00', '0.00', '123.17', 'Paid']]);
  });
});

describe('payments received less refunds made is the period\'s net', () => {
  async function period(from: string, to: string) {
    const received = sumColumns(await csvLines(await get(paymentsExport, `/api/admin/exports/payments?from=${from}&to=${to}`)), ['HST', 'Total', 'Net']);
    const refunded = sumColumns(await csvLines(await get(refundsExport, `/api/admin/exports/refunds?from=${from}&to=${to}`)), ['HST refunded', 'Refund total']);
    return { total: received.Total!, hst: received.HST!, paymentsNet: received.Net!, refunds: refunded['Refund total']!, hstRefunded: refunded['HST refunded']! };
  }

  it('closes November to the cent', async () => {
    jar.token = adminToken;
    expect(await period('2026-11-01', '2026-11-30')).toEqual({
      total: 3 * 11187, hst: 3 * 1287,
      // The payments file's own net counts only refunds of November's payments.
      paymentsNet: 11187 + 0 + 11187,
      refunds: 6187 + 10000 + 11187, hstRefunded: 712 + 1150 + 1287,
    });
  });

  it('adds up, month by month, to the whole period and to the dashboard\'s Total Revenue and the customers\' total paid', async () => {
    jar.token = adminToken;
    const months = [['2026-06-01', '2026-06-30'], ['2026-07-01', '2026-09-30'], ['2026-10-01', '2026-10-31'], ['2026-11-01', '2026-11-30'], ['2026-12-01', '2026-12-31']];
    const each = await Promise.all(months.map(([from, to]) => period(from!, to!)));
    const whole = await period('2026-06-01', '2026-12-31');
    const net = (p: { total: number; refunds: number }) => p.total - p.refunds;
    expect(each.reduce((sum, p) => sum + net(p), 0)).toBe(net(whole));
    expect(each.reduce((sum, p) => sum + p.hst - p.hstRefunded, 0)).toBe(whole.hst - whole.hstRefunded);
    // Every refund of the period's payments was made inside it: the payments file's net agrees.
    expect(whole.paymentsNet).toBe(net(whole));
    // Paid 123.17 + 4 × 111.87; back 100.00 + 50.00 + 61.87 + 111.87 + 111.87.
    expect(net(whole)).toBe(12317 + 4 * 11187 - (10000 + 5000 + 6187 + 11187 + 11187));

    const dashboard = (await (await get(dashboardRoute, '/api/admin/dashboard')).json()) as { totals: { revenueCents: number } };
    expect(dashboard.totals.revenueCents).toBe(net(whole));
    const customers = sumColumns(await csvLines(await get(customersExport, '/api/admin/exports/customers')), ['Total paid']);
    expect(customers['Total paid']).toBe(net(whole));
    // The HST kept is what the receipts say was paid after refunds.
    const kept = await Promise.all([june, october, refundedInDecember, refundedLateNovember, refundRefused].map(async (b) => {
      const { receipt } = (await loadStaffReceipt(b.paymentId, 'en'))!;
      return receipt.cents.tax - receipt.cents.refundedTax;
    }));
    expect(kept.reduce((a, b) => a + b, 0)).toBe(whole.hst - whole.hstRefunded);
  });
});

describe('GET /api/admin/exports/totals: the year-end figures on screen (0095)', () => {
  type Sums = { count: number; subtotalCents: number; taxCents: number; totalCents: number };
  type Totals = { range: { from: string; to: string }; payments: Sums; refunds: Sums; net: Omit<Sums, 'count'> };
  /** The two files over one range, their amount columns summed as a spreadsheet would. */
  async function filesSummed(from: string, to: string) {
    const paid = await csvLines(await get(paymentsExport, `/api/admin/exports/payments?from=${from}&to=${to}`));
    const back = await csvLines(await get(refundsExport, `/api/admin/exports/refunds?from=${from}&to=${to}`));
    const p = sumColumns(paid, ['Amount before tax', 'HST', 'Total']);
    const r = sumColumns(back, ['Refund before tax', 'HST refunded', 'Refund total']);
    return {
      payments: { count: paid.length - 1, subtotalCents: p['Amount before tax']!, taxCents: p.HST!, totalCents: p.Total! },
      refunds: { count: back.length - 1, subtotalCents: r['Refund before tax']!, taxCents: r['HST refunded']!, totalCents: r['Refund total']! },
    };
  }

  it('answers 401 without a session and 403 to a technician, and refuses a reversed range', async () => {
    for (const [token, status] of [[undefined, 401], [technicianToken, 403]] as const) {
      jar.token = token;
      expect((await get(periodTotals, '/api/admin/exports/totals?from=2026-01-01&to=2026-12-31')).status).toBe(status);
    }
    jar.token = adminToken;
    const res = await get(periodTotals, '/api/admin/exports/totals?from=2026-12-31&to=2026-01-01');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'bad_request', field: 'to' });
  });

  it.each([['2026-01-01', '2026-12-31'], ['2026-11-01', '2026-11-30'], ['2026-10-01', '2026-10-31'], ['2026-12-01', '2026-12-31']])(
    'gives, from %s to %s, the payments file\'s and the refunds file\'s columns summed, and their difference',
    async (from, to) => {
      jar.token = adminToken;
      const res = await get(periodTotals, `/api/admin/exports/totals?from=${from}&to=${to}`);
      expect(res.status, await res.clone().text()).toBe(200);
      const totals = (await res.json()) as Totals;
      const files = await filesSummed(from, to);
      expect(totals).toEqual({
        range: { from, to },
        ...files,
        net: {
          subtotalCents: files.payments.subtotalCents - files.refunds.subtotalCents,
          taxCents: files.payments.taxCents - files.refunds.taxCents,
          totalCents: files.payments.totalCents - files.refunds.totalCents,
        },
      });
    },
  );

  it('closes the year to the cent: sales before tax and HST collected, less what went back', async () => {
    jar.token = adminToken;
    const totals = (await (await get(periodTotals, '/api/admin/exports/totals?from=2026-01-01&to=2026-12-31')).json()) as Totals;
    // Paid 109.00 + 14.17 (June, Ancaster) and 4 × (99.00 + 12.87); back 100.00, 50.00, 61.87 and 2 × 111.87.
    expect(totals.payments).toEqual({ count: 5, subtotalCents: 10900 + 4 * 9900, taxCents: 1417 + 4 * 1287, totalCents: 12317 + 4 * 11187 });
    expect(totals.refunds).toEqual({ count: 5, subtotalCents: 8850 + 4425 + 5475 + 2 * 9900, taxCents: 1150 + 575 + 712 + 2 * 1287, totalCents: 10000 + 5000 + 6187 + 2 * 11187 });
    expect(totals.net.totalCents).toBe(totals.net.subtotalCents + totals.net.taxCents);
    const dashboard = (await (await get(dashboardRoute, '/api/admin/dashboard')).json()) as { totals: { revenueCents: number } };
    expect(totals.net.totalCents).toBe(dashboard.totals.revenueCents);
  });
});

describe('the Payments tab and the customer page say how much came back, with its HST, as the receipt does', () => {
  it('gives June\'s part refund as $100.00 with $11.50 HST, and a whole refund with all its HST', async () => {
    jar.token = adminToken;
    const res = await get(paymentsTab, '/api/admin/payments?limit=50');
    expect(res.status).toBe(200);
    const rows = new Map(((await res.json()) as { payments: { paymentIntentId: string; refundedCents: number; refundedTaxCents: number }[] }).payments.map((p) => [p.paymentIntentId, p]));
    expect(rows.get(june.paymentIntentId)).toMatchObject({ refundedCents: 10000, refundedTaxCents: 1150 });
    expect(rows.get(october.paymentIntentId)).toMatchObject({ refundedCents: 11187, refundedTaxCents: 1287 });
    expect(rows.get(refundRefused.paymentIntentId)).toMatchObject({ refundedCents: 0, refundedTaxCents: 0 });

    const { receipt } = (await loadStaffReceipt(june.paymentId, 'en'))!;
    expect(receipt.refunds.map((r) => r.hst)).toEqual(['\u2212$11.50']);
    expect(receipt.cents.refundedTax).toBe(1150);

    const { payments: onPage } = await loadCustomerBookings(june.customerId);
    expect(onPage).toEqual([expect.objectContaining({ listStatus: 'partly-refunded', refundedCents: 10000, refundedTaxCents: 1150, refunds: [expect.objectContaining({ amountCents: 10000, taxCents: 1150 })] })]);
    const { payments: octoberOnPage } = await loadCustomerBookings(october.customerId);
    expect(octoberOnPage[0]!.refunds.map((r) => [r.amountCents, r.taxCents])).toEqual([[5000, 575], [6187, 712]]);
  });
});

describe('the customer CSV says each customer\'s consent to seasonal emails', () => {
  it('gives the state in words and when consent was given, withdrawn, or the address unsubscribed, in Toronto time', async () => {
    jar.token = adminToken;
    const [header, ...rows] = await csvLines(await get(customersExport, '/api/admin/exports/customers'));
    expect(header).toBe('Name,Email,Phone,Address,City,Postal code,Created,Bookings,Total paid,Last visit,Next visit,Seasonal emails,Agreed on,Unsubscribed on,Address unsubscribed on');
    const consent = new Map(rows.map((line) => [line.split(',')[1], line.split(',').slice(-4)]));
    expect(consent.get('amelie.refunds@example.com')).toEqual(['Agreed', expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/), '', '']);
    // Unsubscribed from a season opener's link: the address joins the do-not-email list at the same instant (0074).
    expect(consent.get('benoit.refunds@example.com')).toEqual(['Unsubscribed', expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/), '2030-01-15 12:05', '2030-01-15 12:05']);
    expect(consent.get('chloe.refunds@example.com')).toEqual(['Unsubscribed', '', '2026-11-21 09:30', '2026-11-21 09:30']);
    expect(consent.get('dario.refunds@example.com')).toEqual(['Not agreed', '', '', '']);
    // The address unsubscribed before this customer existed: their row carries no unsubscribe, the list shows the address's.
    expect(consent.get('eloise.octobre@example.com')).toEqual(['Not agreed', '', '', '2026-10-01 12:15']);
  });

  it('writes the consent in the staff member\'s language', async () => {
    jar.token = adminToken;
    const [header, ...rows] = await csvLines(await get(customersExport, '/api/admin/exports/customers', { cookie: 'NEXT_LOCALE=fr' }));
    expect(header!.split(',').slice(-4)).toEqual(['Courriels saisonniers', 'Accepté le', 'Désabonné le', 'Adresse désabonnée le']);
    const states = new Map(rows.map((line) => [line.split(',')[1], line.split(',').at(-4)]));
    expect([states.get('amelie.refunds@example.com'), states.get('benoit.refunds@example.com'), states.get('dario.refunds@example.com')]).toEqual(['Accepté', 'Désabonné', 'Non accepté']);
  });
});

describe('a refund made keeps the instant it was made', () => {
  it('refuses a refund marked succeeded without one', async () => {
    const db = await getDb();
    await expect(insertRefundOnce(db, {
      paymentId: refundRefused.paymentId, amountCents: 100, status: 'succeeded', provider: 'test', reason: 'No date', idempotencyKey: 'refund-exports:no-date',
    })).rejects.toThrow();
    expect(await db.select({ id: refunds.id }).from(refunds).where(eq(refunds.idempotencyKey, 'refund-exports:no-date'))).toEqual([]);
  });
});

describe('the customer page dates a refund as the receipt does (0081)', () => {
  it('dates a refund made by when the money went back, and still says when it was asked for', async () => {
    const db = await getDb();
    // Asked for at 23:30 on Friday 27 November in Toronto (04:30 UTC the 28th), made on 2 December.
    await insertRefundOnce(db, {
      paymentId: june.paymentId, bookingRef: june.bookingRef, amountCents: 1000, status: 'succeeded', provider: 'test', providerRefundId: 're_test_june_late',
      reason: 'Goodwill', idempotencyKey: 'refund-exports:june-late', createdAt: new Date('2026-11-28T04:30:00Z'), refundedAt: new Date('2026-12-02T16:00:00Z'), updatedAt: new Date('2026-12-02T16:00:00Z'),
    });
    const { receipt } = (await loadStaffReceipt(june.paymentId, 'en'))!;
    expect(receipt.refunds.map((r) => r.label)).toContain('Refunded on December 2, 2026');
    const { payments: onPage } = await loadCustomerBookings(june.customerId);
    const late = onPage[0]!.refunds.find((r) => r.providerRefundId === 're_test_june_late')!;
    expect(late.datedAt).toEqual(new Date('2026-12-02T16:00:00Z'));
    expect(late.createdAt).toEqual(new Date('2026-11-28T04:30:00Z'));
    // The refund made the day it was asked for is dated by that day either way.
    const first = onPage[0]!.refunds.find((r) => r.amountCents === 10000)!;
    expect(first.datedAt).toEqual(first.refundedAt);
  });
});

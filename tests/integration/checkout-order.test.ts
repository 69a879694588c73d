/**
 * A checkout the server refuses leaves no customer record behind (0079). /checkout-new and the
 * quote email's order path send the customer's details with the order to POST /api/appointments,
 * which makes the customer, the visits and their hold in one transaction; they used to create the
 * customer first (POST /api/customers), so a well-formed code outside the service area, a changed
 * price or any other refusal left a customer with no booking. The browser code runs here as it
 * runs on the page: its fetch is answered by the route handlers themselves.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { GET as getAvailableDates } from '@/app/api/appointments/available-dates/route';
import { POST as postAppointment } from '@/app/api/appointments/route';
import { POST as postCustomer } from '@/app/api/customers/route';
import { getDb } from '@/db/client';
import { appointments } from '@/db/schema/appointments';
import { customers } from '@/db/schema/customers';
import { runOrderFlow } from '@/features/booking/booking-client';
import { prepareOrderCustomer } from '@/features/booking/booking.schema';
import { bookCheckoutNewOrder, type CheckoutNewBookingRequest } from '@/features/payments/components/checkout-new-booking';
import { ApiError } from '@/features/payments/components/payment-client';
import { DEFAULT_SCHEDULE_RULES, findAvailableDates } from '@/features/scheduling/available-dates';

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
/** The routes the pages call, by path; anything else is a test mistake. */
const ROUTES: Record<string, Handler> = {
  '/api/appointments': postAppointment as Handler,
  '/api/appointments/available-dates': getAvailableDates as Handler,
  '/api/customers': postCustomer as Handler,
};
let ip = 0;

beforeAll(() => {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const handler = ROUTES[url.pathname];
    if (!handler) throw new Error(`no route for ${url.pathname}`);
    ip += 1;
    const headers = { ...(init?.headers as Record<string, string> | undefined), 'x-forwarded-for': `10.79.0.${ip}` };
    return handler(new Request(url, { ...init, headers }), { params: Promise.resolve({}) });
  });
});
afterAll(() => vi.unstubAllGlobals());

beforeEach(async () => {
  const db = await getDb();
  await db.delete(appointments);
  await db.delete(customers);
});

async function count() {
  const db = await getDb();
  const [c] = await db.select({ n: sql<number>`count(*)::int` }).from(customers);
  const [a] = await db.select({ n: sql<number>`count(*)::int` }).from(appointments);
  return { customers: c!.n, appointments: a!.n };
}

const firstFriday = () => findAvailableDates({ ...DEFAULT_SCHEDULE_RULES, now: new Date(), bookedStops: new Map(), serviceType: 'onetime', visitsFor: () => 1 })[1]!;

function checkoutNew(overrides: Partial<CheckoutNewBookingRequest['contact']> = {}, request: Partial<CheckoutNewBookingRequest> = {}): CheckoutNewBookingRequest {
  return {
    order: { serviceType: 'onetime', propertySize: 0.25, includeTick: false, includeStandingWater: false, address: '12 King St W' },
    contact: { firstName: 'Jordan', lastName: 'Reyes', email: 'jordan.reyes@example.com', phone: '905-555-0142', city: 'Hamilton', postalCode: 'L8P 4R5', ...overrides },
    date: firstFriday(), notes: null, confirmedTotalCents: null, locale: 'en', marketingConsent: false,
    ...request,
  };
}

async function refusal(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('/checkout-new books the customer and the order together', () => {
  it('a well-formed postal code outside the service area is refused and leaves no customer record', async () => {
    const error = await refusal(bookCheckoutNewOrder(checkoutNew({ postalCode: 'K1A 0B1', city: 'Ottawa' })));
    expect(error.status).toBe(400);
    expect(error.message).toBe("We're sorry, but we don't currently service the K1A 0B1 area. Please contact us for alternatives.");
    expect((error.body?.fields as Record<string, string>).postalCode).toBeTruthy();
    expect(await count()).toEqual({ customers: 0, appointments: 0 });
  });

  it('a changed price is refused with the current total and leaves no customer record; the confirmed retry books once', async () => {
    const error = await refusal(bookCheckoutNewOrder(checkoutNew({}, { confirmedTotalCents: 100 })));
    expect(error.status).toBe(409);
    // DECISIONS §1: one-time 0.25 acre, Hamilton: 99.00 + 12.87 HST.
    expect(error.body?.currentTotalCents).toBe(11187);
    expect(await count()).toEqual({ customers: 0, appointments: 0 });

    const booked = await bookCheckoutNewOrder(checkoutNew({}, { confirmedTotalCents: 11187 }));
    expect(booked.totalCents).toBe(11187);
    expect(await count()).toEqual({ customers: 1, appointments: 1 });
    const db = await getDb();
    const [customer] = await db.select().from(customers);
    expect(customer).toMatchObject({ firstName: 'Jordan', lastName: 'Reyes', email: 'jordan.reyes@example.com', phone: '905-555-0142', postalCode: 'L8P 4R5', locale: 'en' });
    const [visit] = await db.select().from(appointments).where(eq(appointments.id, booked.appointmentId));
    expect(visit).toMatchObject({ customerId: customer!.id, status: 'pending-payment', phone: '905-555-0142', bookingRef: booked.bookingRef });
    expect(visit!.holdExpiresAt).not.toBeNull();
  });

  it('an order for a known customer books against their record and changes nothing on it', async () => {
    await bookCheckoutNewOrder(checkoutNew());
    const again = await bookCheckoutNewOrder(checkoutNew({ phone: '905-555-0199', firstName: 'J.' }, { order: { ...checkoutNew().order, address: '40 Bay St S' } }));
    expect(await count()).toEqual({ customers: 1, appointments: 2 });
    const db = await getDb();
    const [customer] = await db.select().from(customers);
    expect(customer).toMatchObject({ firstName: 'Jordan', phone: '905-555-0142' });
    const [visit] = await db.select().from(appointments).where(eq(appointments.id, again.appointmentId));
    expect(visit).toMatchObject({ customerId: customer!.id, address: '40 Bay St S', phone: '905-555-0199' });
  });
});

describe("the quote email's order path books the customer and the order together", () => {
  const order = { name: 'Sam Okafor', email: 'sam.okafor@example.com', phone: '905-555-0177', address: '5 Main St', city: 'Hamilton', serviceType: 'onetime', propertySize: 0.25 };

  it('a code outside the service area is refused and leaves no customer record', async () => {
    const outcome = await runOrderFlow({ ...order, postalCode: 'M5V 2T6', city: 'Toronto' }, prepareOrderCustomer, 'en');
    expect(outcome).toMatchObject({ ok: false, reason: 'api', error: { kind: 'validation' } });
    expect(await count()).toEqual({ customers: 0, appointments: 0 });
  });

  it('an order inside the area makes the customer with the booking, with the phone given', async () => {
    const outcome = await runOrderFlow({ ...order, postalCode: 'L8P 4R5' }, prepareOrderCustomer, 'en');
    expect(outcome.ok).toBe(true);
    expect(await count()).toEqual({ customers: 1, appointments: 1 });
    const [customer] = await (await getDb()).select().from(customers);
    expect(customer).toMatchObject({ firstName: 'Sam', lastName: 'Okafor', phone: '905-555-0177' });
  });
});

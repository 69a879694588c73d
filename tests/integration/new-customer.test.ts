import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { customers, unsubscribedAddresses } from '@/db/schema/customers';
import { staffUsers } from '@/db/schema/staff';
import { getBranch } from '@/features/branch/branch.service';
import { loadConsentStatus, renderConsentText } from '@/features/marketing-email/consent.service';
import { loadCustomerDetails } from '@/features/staff-dashboard/dashboard.service';
import { DEFAULT_SCHEDULE_RULES, findAvailableDates } from '@/features/scheduling/available-dates';
import { staffJsonPost, type Handler } from '../support/handlers';
import { insertCustomer } from '../support/records';
import { signInEveryRole } from '../support/staff-sessions';

// Route handlers read the session cookie through next/headers; outside Next the test holds the jar.
const jar = vi.hoisted(() => ({ token: undefined as string | undefined }));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (name === 'staff_session' && jar.token ? { name, value: jar.token } : undefined) }),
}));

const { POST: postCustomer } = (await import('@/app/api/admin/customers/route')) as unknown as { POST: Handler };
const { POST: postBooking } = (await import('@/app/api/admin/customers/[id]/bookings/route')) as unknown as { POST: Handler };

const post = staffJsonPost;
const addCustomer = (body: unknown, locale = 'en') => post(postCustomer, '/api/admin/customers', body, {}, locale);

const caller = (values: Record<string, unknown> = {}) => ({
  firstName: 'Amélie', lastName: 'Gagnon', email: `amelie.${randomUUID().slice(0, 8)}@example.com`, phone: '(905) 555-0142',
  address: '45 Wilson St W', city: 'Ancaster', postalCode: 'l9g1n1', locale: 'fr', marketingConsent: false, ...values,
});
const customerRow = async (id: number) => (await (await getDb()).select().from(customers).where(eq(customers.id, id)))[0]!;
const countWithEmail = async (email: string) => (await (await getDb()).select({ id: customers.id }).from(customers).where(eq(customers.email, email.toLowerCase()))).length;

let tokens = { adminToken: '', technicianToken: '', officeToken: '' };
beforeAll(async () => {
  tokens = await signInEveryRole('frontdesk');
});

describe('POST /api/admin/customers (the office adds a first-time caller)', () => {
  it('adds the caller as typed, records which staff member did, and "New booking" then books them', async () => {
    jar.token = tokens.officeToken;
    const input = caller({ email: `  Amelie.${randomUUID().slice(0, 8)}@Example.COM ` });
    const res = await addCustomer(input);
    expect(res.status, await res.clone().text()).toBe(201);
    const { id } = await res.json() as { id: number };

    const row = await customerRow(id);
    expect(row).toMatchObject({
      firstName: 'Amélie', lastName: 'Gagnon', email: input.email.trim().toLowerCase(), phone: '(905) 555-0142',
      address: '45 Wilson St W', city: 'Ancaster', postalCode: 'L9G 1N1', locale: 'fr',
      marketingConsentAt: null, marketingConsentText: null,
    });
    // Placed for the route planner, as a booking's customer is.
    expect(row.latitude).toEqual(expect.any(Number));
    expect(row.longitude).toEqual(expect.any(Number));
    // The customer page says who added them.
    const details = await loadCustomerDetails(id);
    const [clerk] = await (await getDb()).select({ id: staffUsers.id, displayName: staffUsers.displayName }).from(staffUsers).where(eq(staffUsers.username, 'frontdesk'));
    expect(row.createdById).toBe(clerk!.id);
    expect(details?.customer.createdByName).toBe(clerk!.displayName);

    // The page's "New booking" works for them at once, in their language.
    const friday = findAvailableDates({ ...DEFAULT_SCHEDULE_RULES, now: new Date(), bookedStops: new Map(), serviceType: 'onetime', visitsFor: () => 1 })[3]!;
    const booked = await post(postBooking, `/api/admin/customers/${id}/bookings`, {
      serviceType: 'onetime', propertySize: 0.25, date: friday, address: row.address, city: row.city, postalCode: row.postalCode,
    }, { id: String(id) });
    expect(booked.status, await booked.clone().text()).toBe(201);
    expect(await booked.json()).toMatchObject({ emailLocale: 'fr' });
  });

  it('records consent to seasonal email only when the customer said yes on the call, in their language, naming the clerk', async () => {
    jar.token = tokens.adminToken;
    const res = await addCustomer(caller({ marketingConsent: true, locale: 'es' }));
    expect(res.status, await res.clone().text()).toBe(201);
    const { id } = await res.json() as { id: number };
    const consent = await loadConsentStatus(id);
    expect(consent?.status).toMatchObject({ status: 'given' });
    const text = consent?.status.status === 'given' ? consent.status.text : null;
    // The words the booking forms' box shows, in the customer's language (the sentence the clerk read).
    const words = renderConsentText('es', (await getBranch()).displayName);
    expect(text).toBe(`Aceptado por teléfono, registrado por Administrator: «${words}»`);
    expect(words).toMatch(/^Quiero recibir/);
  });

  it('refuses a second customer with a known email in any case, and names the one to open', async () => {
    const email = `olivia.${randomUUID().slice(0, 8)}@example.com`;
    const existingId = await insertCustomer({ email, firstName: 'Olivia', lastName: 'Tremblay' });
    jar.token = tokens.officeToken;
    const res = await addCustomer(caller({ email: ` ${email.toUpperCase()}` }), 'de');
    expect(res.status).toBe(409);
    const body = await res.json() as { message: string; fields: Record<string, string>; existingCustomer: { id: number; name: string } };
    expect(body.existingCustomer).toEqual({ id: existingId, name: 'Olivia Tremblay' });
    expect(body.fields.email).toBe('Es gibt schon einen Kunden mit dieser E-Mail-Adresse.');
    expect(body.message).toContain('Olivia Tremblay');
    expect(await countWithEmail(email)).toBe(1);
    // The record already there is not touched.
    expect(await customerRow(existingId)).toMatchObject({ firstName: 'Olivia', address: '71 Main St W' });
  });

  it('refuses a postal code the branch does not serve, in the clerk\'s language, and stores nothing', async () => {
    jar.token = tokens.officeToken;
    const input = caller({ postalCode: 'M5V 2T6', city: 'Toronto', address: '290 Bremner Blvd' });
    const res = await addCustomer(input, 'fr');
    expect(res.status).toBe(400);
    const body = await res.json() as { message: string; fields: Record<string, string> };
    expect(body.fields.postalCode).toEqual(expect.any(String));
    expect(body.message).toContain('M5V 2T6');
    expect(body.message).not.toBe('booking.errors.outsideArea');
    expect(await countWithEmail(input.email)).toBe(0);

    const malformed = await addCustomer(caller({ postalCode: '90210' }));
    expect(malformed.status).toBe(400);
    expect((await malformed.json() as { fields: Record<string, string> }).fields.postalCode).toBe('Enter a Canadian postal code, like L8P 4R5.');
  });

  it('does not let the box take an address off the do-not-email list; unticked, the customer starts unsubscribed', async () => {
    const email = `listed.${randomUUID().slice(0, 8)}@example.com`;
    await (await getDb()).insert(unsubscribedAddresses).values({ address: email, unsubscribedAt: new Date(Date.now() - 86_400_000), source: 'link' });
    jar.token = tokens.officeToken;
    const ticked = await addCustomer(caller({ email, marketingConsent: true }));
    expect(ticked.status).toBe(409);
    expect((await ticked.json() as { fields: Record<string, string> }).fields.marketingConsent).toBe('This address is on the list of unsubscribed addresses.');
    expect(await countWithEmail(email)).toBe(0);

    const res = await addCustomer(caller({ email }));
    expect(res.status).toBe(201);
    const { id } = await res.json() as { id: number };
    expect((await loadConsentStatus(id))?.status.status).toBe('unsubscribed');
  });

  it('answers 401 signed out and 403 to a technician, and creates nothing', async () => {
    const input = caller();
    jar.token = undefined;
    expect((await addCustomer(input)).status).toBe(401);
    jar.token = tokens.technicianToken;
    const refused = await addCustomer(input, 'es');
    expect(refused.status).toBe(403);
    expect((await refused.json() as { message: string }).message).not.toBe('errors.forbidden');
    expect(await countWithEmail(input.email)).toBe(0);
  });

  it('keeps what was typed wrong out of the database, with a message per field', async () => {
    jar.token = tokens.officeToken;
    const res = await addCustomer({ ...caller(), firstName: '', phone: '12', marketingConsent: 'yes' });
    expect(res.status).toBe(400);
    const { fields } = await res.json() as { fields: Record<string, string> };
    expect(Object.keys(fields).sort()).toEqual(['firstName', 'marketingConsent', 'phone']);
    expect(fields.firstName).toBe('Enter the first name.');
  });
});

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { appointments } from '@/db/schema/appointments';
import { customers } from '@/db/schema/customers';
import { insertCustomer } from '../support/records';
import { signInAdminAndTechnician } from '../support/staff-sessions';

// Route handlers read the session cookie through next/headers; outside Next the test holds the jar.
const jar = vi.hoisted(() => ({ token: undefined as string | undefined }));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (jar.token ? { name, value: jar.token } : undefined) }),
}));

type Handler = (req: Request, segment: { params: Promise<Record<string, string>> }) => Promise<Response>;
const { PATCH: patchCustomer } = (await import('@/app/api/admin/customers/[id]/route')) as unknown as { PATCH: Handler };

const edit = (id: number | string, body: unknown, locale = 'en') => patchCustomer(
  new Request(`http://localhost/api/admin/customers/${id}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', cookie: `NEXT_LOCALE=${locale}` },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  }),
  { params: Promise.resolve({ id: String(id) }) },
);

const readCustomer = async (id: number) => (await (await getDb()).select().from(customers).where(eq(customers.id, id)))[0]!;

const contact = {
  firstName: 'Olivia', lastName: 'Tremblay-Roy', email: 'Olivia.Roy@Example.com', phone: '(905) 555-0188 x12',
  address: '45 Wilson St W', city: 'Ancaster', postalCode: 'l9g1n1',
};

let adminToken = '';
let technicianToken = '';

beforeAll(async () => {
  ({ adminToken, technicianToken } = await signInAdminAndTechnician());
});

describe('PATCH /api/admin/customers/[id] (staff correct a customer\'s contact details)', () => {
  it('saves the details, stores the email as bookings look it up, locates the new address, and leaves booked visits alone', async () => {
    const id = await insertCustomer({ email: `olivia.${randomUUID()}@example.com`, latitude: 1, longitude: 2 });
    const [visit] = await (await getDb()).insert(appointments)
      .values({ customerId: id, bookingRef: randomUUID(), serviceType: 'onetime', date: '2027-05-07', status: 'confirmed', address: '71 Main St W', city: 'Hamilton' })
      .returning({ id: appointments.id });
    jar.token = adminToken;

    const res = await edit(id, contact);
    expect(res.status, await res.clone().text()).toBe(200);
    const saved = await readCustomer(id);
    expect(saved).toMatchObject({
      firstName: 'Olivia', lastName: 'Tremblay-Roy', email: 'olivia.roy@example.com', phone: '(905) 555-0188 x12',
      address: '45 Wilson St W', city: 'Ancaster', postalCode: 'L9G 1N1',
    });
    // Located again for the route planner: the old coordinates were somewhere else entirely.
    expect(saved.latitude).not.toBeNull();
    expect([saved.latitude, saved.longitude]).not.toEqual([1, 2]);
    expect(saved.latitude!).toBeGreaterThan(42);
    expect(saved.latitude!).toBeLessThan(45);
    // The visit keeps the address it was booked for.
    const [kept] = await (await getDb()).select({ address: appointments.address, city: appointments.city }).from(appointments).where(eq(appointments.id, visit!.id));
    expect(kept).toEqual({ address: '71 Main St W', city: 'Hamilton' });

    // A change of phone only keeps the coordinates as they are.
    const located = [saved.latitude, saved.longitude];
    expect((await edit(id, { ...contact, phone: '289-555-0101' })).status).toBe(200);
    const again = await readCustomer(id);
    expect(again.phone).toBe('289-555-0101');
    expect([again.latitude, again.longitude]).toEqual(located);

    // Address fields may be emptied: the record then has none.
    expect((await edit(id, { ...contact, address: '', city: '', postalCode: '' })).status).toBe(200);
    expect(await readCustomer(id)).toMatchObject({ address: null, city: null, postalCode: null, latitude: null, longitude: null });
  });

  it('refuses an email another customer has (in any case) under the email field, and changes nothing', async () => {
    const taken = `noah.${randomUUID()}@example.com`;
    await insertCustomer({ firstName: 'Noah', email: taken });
    const id = await insertCustomer({ email: `emma.${randomUUID()}@example.com` });
    jar.token = adminToken;
    const before = await readCustomer(id);

    const res = await edit(id, { ...contact, email: taken.toUpperCase() }, 'fr');
    expect(res.status).toBe(409);
    expect((await res.json()).fields).toEqual({ email: 'Un autre client utilise déjà cette adresse courriel.' });
    expect(await readCustomer(id)).toEqual(before);

    // Its own email, in another case, is not a conflict.
    expect((await edit(id, { ...contact, email: before.email.toUpperCase() })).status).toBe(200);
    expect((await readCustomer(id)).email).toBe(before.email);
  });

  it('refuses bad fields with translated messages under each field', async () => {
    const id = await insertCustomer({ email: `liam.${randomUUID()}@example.com` });
    jar.token = adminToken;
    const before = await readCustomer(id);
    const res = await edit(id, { ...contact, firstName: ' ', email: 'not-an-email', phone: 'call me maybe', postalCode: '12345', city: 'x'.repeat(101) }, 'es');
    expect(res.status).toBe(400);
    const { fields } = await res.json();
    expect(Object.keys(fields).sort()).toEqual(['city', 'email', 'firstName', 'phone', 'postalCode']);
    expect(fields.firstName).toBe('Introduzca el nombre.');
    expect(fields.postalCode).toBe('Introduzca un código postal canadiense, por ejemplo L8P 1A1.');
    expect(await readCustomer(id)).toEqual(before);
    expect((await edit(id, '{')).status).toBe(400);
  });

  it('answers 404 for a customer that does not exist, and is for the office only', async () => {
    jar.token = adminToken;
    for (const unknown of ['999999', 'abc', '0']) expect((await edit(unknown, contact)).status, unknown).toBe(404);
    const id = await insertCustomer({ email: `ava.${randomUUID()}@example.com` });
    jar.token = technicianToken;
    expect((await edit(id, contact)).status).toBe(403);
    jar.token = undefined;
    expect((await edit(id, contact)).status).toBe(401);
  });
});

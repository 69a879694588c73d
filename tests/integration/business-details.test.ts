/**
 * The business details screen's API (docs/decisions/0044) on a real database: an admin sets the
 * legal name and GST/HST number (stored in the printed form) and the next receipt prints them; a
 * technician or an anonymous caller is refused and nothing changes; a malformed number is a
 * translated 400 beside its field and nothing is stored; blank fields clear both.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { branches } from '@/db/schema/branches';
import { payments } from '@/db/schema/payments';
import { TEST_CARDS } from '@/features/payments/test-cards';
import { loadStaffReceipt } from '@/features/receipts/receipt.service';
import { getAvailableDates } from '@/features/scheduling/available-dates.service';
import { type Handler, jsonPoster, noParams } from '../support/handlers';
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

const post = jsonPoster(44);
let adminToken = '';
let technicianToken = '';

function put(body: unknown, locale = 'en') {
  return PUT(new Request('http://localhost/api/admin/business', {
    method: 'PUT', headers: { 'content-type': 'application/json', 'accept-language': locale }, body: JSON.stringify(body),
  }), noParams);
}

async function storedIdentity() {
  const [row] = await (await getDb()).select({ legalName: branches.legalName, hstNumber: branches.hstNumber }).from(branches).where(eq(branches.id, 1));
  return row!;
}

/** Books and pays a one-time treatment with the test gateway's card: the payment id a receipt is built for. */
async function payOneVisit(): Promise<number> {
  const [date] = await getAvailableDates({ now: new Date(), stopsNeeded: 2 });
  const created = await post(createAppointment, '/api/appointments', {
    serviceType: 'onetime', propertySize: 0.25, firstName: 'Ruth', lastName: 'Okafor', email: `business-${randomUUID().slice(0, 8)}@example.com`,
    phone: '905-555-0144', address: '40 James St S', city: 'Hamilton', postalCode: 'L8P 2X9', date, status: 'pending-payment', locale: 'en',
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const { appointmentId, bookingRef } = (await created.json()) as { appointmentId: number; bookingRef: string };
  const intent = (await (await post(createIntent, '/api/create-payment-intent', { appointmentId, bookingRef })).json()) as { paymentIntentId: string; clientSecret: string };
  expect((await post(confirmCard, '/api/test-gateway/confirm', { ...intent, number: TEST_CARDS.success, expiry: '12/34', cvc: '123' })).status).toBe(200);
  const [row] = await (await getDb()).select({ id: payments.id }).from(payments).where(eq(payments.paymentIntentId, intent.paymentIntentId));
  return row!.id;
}

beforeAll(async () => {
  ({ adminToken, technicianToken } = await signInAdminAndTechnician());
});

describe('PUT /api/admin/business', () => {
  it('starts blank on base data, and refuses a technician (403) and an anonymous caller (401) without storing anything', async () => {
    jar.token = adminToken;
    const shown = (await (await GET(new Request('http://localhost/api/admin/business'), noParams)).json()) as { details: Record<string, unknown> };
    expect(shown.details).toMatchObject({ legalName: '', hstNumber: '', displayName: 'Escarpment Mosquito & Tick', address: '1 Hunter St E' });

    jar.token = technicianToken;
    expect((await put({ legalName: 'Not Theirs Ltd.', hstNumber: '123456789 RT0001' })).status).toBe(403);
    expect((await GET(new Request('http://localhost/api/admin/business'), noParams)).status).toBe(403);
    jar.token = undefined;
    expect((await put({ legalName: 'Not Theirs Ltd.', hstNumber: '123456789 RT0001' })).status).toBe(401);
    expect(await storedIdentity()).toEqual({ legalName: null, hstNumber: null });
  });

  it('lets an admin save the number in any spacing, stores it as printed, and the next receipt prints it', async () => {
    const paymentId = await payOneVisit();
    jar.token = adminToken;
    const before = await loadStaffReceipt(paymentId, 'en');
    expect(before!.receipt.seller.hstNumber).toBeNull();

    const res = await put({ legalName: '  Escarpment   Mosquito & Tick Inc. ', hstNumber: '123456789rt 0001' });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(((await res.json()) as { details: Record<string, unknown> }).details).toMatchObject({ legalName: 'Escarpment Mosquito & Tick Inc.', hstNumber: '123456789 RT0001' });
    expect(await storedIdentity()).toEqual({ legalName: 'Escarpment Mosquito & Tick Inc.', hstNumber: '123456789 RT0001' });

    const after = await loadStaffReceipt(paymentId, 'en');
    expect(after!.receipt.seller).toMatchObject({
      name: 'Escarpment Mosquito & Tick Inc.',
      operatingAs: 'Operating as Escarpment Mosquito & Tick',
      hstNumber: { label: 'GST/HST registration number', value: '123456789 RT0001' },
    });
  });

  it('answers a malformed number with a translated 400 beside the field, and stores nothing', async () => {
    jar.token = adminToken;
    const before = await storedIdentity();
    const res = await put({ legalName: 'Someone Else Inc.', hstNumber: '12345678 RT0001' });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { fields: Record<string, string> };
    expect(body.fields).toEqual({ hstNumber: expect.stringContaining('This is not a GST/HST number') });

    const french = (await (await put({ legalName: '', hstNumber: '123456789 RC0001' }, 'fr')).json()) as { fields: Record<string, string> };
    expect(french.fields.hstNumber).toContain('Ce n’est pas un numéro de TPS/TVH');
    expect(await storedIdentity()).toEqual(before);
  });

  it('clears both with blank fields: the receipt names the display name alone and prints no number', async () => {
    const paymentId = await payOneVisit();
    jar.token = adminToken;
    expect((await put({ legalName: ' ', hstNumber: '' })).status).toBe(200);
    expect(await storedIdentity()).toEqual({ legalName: null, hstNumber: null });
    const { receipt } = (await loadStaffReceipt(paymentId, 'en'))!;
    expect(receipt.seller).toMatchObject({ name: 'Escarpment Mosquito & Tick', operatingAs: null, hstNumber: null });
  });
});

/**
 * A served prefix marked not served (docs/decisions/0088), on a real database. The owner switches
 * Vineland, Jordan Station, Smithville and Wellandport off at /business (PATCH
 * /api/admin/service-area); the office and technicians are refused and nothing changes. From the
 * switch on, those codes get the out-of-area message in the caller's language from the postal-code
 * check, quotes and bookings, while the rest of L0R stays served. A booking made before stands,
 * and the customer's page says it is outside the current service area. Every switch is recorded.
 */
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { appointments } from '@/db/schema/appointments';
import { servedPrefixChanges } from '@/db/schema/branch-changes';
import { branchSettings } from '@/db/schema/branches';
import { clearBranchCache } from '@/features/branch/branch.service';
import { getAvailableDates } from '@/features/scheduling/available-dates.service';
import { DEFAULT_SERVED_PREFIXES } from '@/features/service-area/postal-code';
import { loadCustomerDetails } from '@/features/staff-dashboard/dashboard.service';
import { getTranslator } from '@/i18n/messages';
import type { Handler } from '../support/handlers';
import { signInAdminAndTechnician, signInOffice } from '../support/staff-sessions';

// The staff route reads its session cookie through next/headers; outside Next the test holds the jar.
const jar = vi.hoisted(() => ({ token: undefined as string | undefined }));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (jar.token ? { name, value: jar.token } : undefined) }),
}));

const { GET, PATCH } = (await import('@/app/api/admin/service-area/route')) as unknown as { GET: Handler; PATCH: Handler };
const { GET: checkRoute } = (await import('@/app/api/service-area/check/[postalCode]/route')) as unknown as { GET: Handler };
const { POST: sendQuote } = (await import('@/app/api/send-quote/route')) as unknown as { POST: Handler };
const { POST: createAppointment } = (await import('@/app/api/appointments/route')) as unknown as { POST: Handler };

type Settings = {
  prefixes: { prefix: string; label: string; area: string; served: boolean; insideFsa: string | null }[];
  changes: { changedBy: string | null; label: string; area: string; served: boolean }[];
};

let adminToken = '';
let technicianToken = '';
let officeToken = '';
let sent = 0;

function call(handler: Handler, url: string, init: { method?: string; body?: unknown; locale?: string; params?: Record<string, string> } = {}) {
  sent += 1;
  return handler(new Request(`http://localhost${url}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { 'content-type': 'application/json', 'accept-language': init.locale ?? 'en', cookie: `NEXT_LOCALE=${init.locale ?? 'en'}`, 'x-forwarded-for': `10.88.${Math.floor(sent / 200)}.${sent % 200}` },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  }), { params: Promise.resolve(init.params ?? {}) });
}

const switchPrefix = (prefix: string, served: boolean, locale = 'en') => call(PATCH, '/api/admin/service-area', { method: 'PATCH', body: { prefix, served }, locale });

async function check(code: string, locale = 'fr') {
  const res = await call(checkRoute, `/api/service-area/check/${encodeURIComponent(code)}`, { locale, params: { postalCode: code } });
  return (await res.json()) as { inServiceArea?: boolean; area?: string | null; message?: string };
}

async function storedRow(prefix: string) {
  const [row] = await (await getDb()).select({ servedPrefixes: branchSettings.servedPrefixes }).from(branchSettings).where(eq(branchSettings.branchId, 1));
  return row!.servedPrefixes.find((r) => r.prefix === prefix);
}

const countSwitches = async () => (await (await getDb()).select({ id: servedPrefixChanges.id }).from(servedPrefixChanges)).length;

async function book(postalCode: string, email: string, locale = 'en') {
  const [date] = await getAvailableDates({ now: new Date(), stopsNeeded: 2 });
  return call(createAppointment, '/api/appointments', {
    locale,
    body: {
      serviceType: 'onetime', propertySize: 0.25, firstName: 'Léa', lastName: 'Girard', email,
      phone: '905-555-0188', address: '4100 Victoria Ave', postalCode, date, status: 'pending-payment', locale,
    },
  });
}

const LINCOLN = { L0R1S: 'Jordan Station', L0R2A: 'Smithville', L0R2C: 'Vineland', L0R2J: 'Wellandport' } as const;

beforeAll(async () => {
  ({ adminToken, technicianToken } = await signInAdminAndTechnician());
  officeToken = await signInOffice();
});

afterEach(async () => {
  await (await getDb()).update(branchSettings).set({ servedPrefixes: [...DEFAULT_SERVED_PREFIXES] }).where(eq(branchSettings.branchId, 1));
  clearBranchCache();
  jar.token = undefined;
});

describe('the owner switches a community between served and not served', () => {
  it('refuses the office (403), a technician (403) and an anonymous caller (401), and changes nothing', async () => {
    for (const token of [officeToken, technicianToken]) {
      jar.token = token;
      expect((await switchPrefix('L0R2C', false)).status).toBe(403);
      expect((await call(GET, '/api/admin/service-area')).status).toBe(403);
    }
    jar.token = undefined;
    expect((await switchPrefix('L0R2C', false)).status).toBe(401);
    expect(await storedRow('L0R2C')).toEqual({ prefix: 'L0R2C', area: 'Vineland' });
    expect(await countSwitches()).toBe(0);
    expect((await check('L0R 2C0')).inServiceArea).toBe(true);
  });

  it('lists every prefix with its state, switches one as typed, records who did it once, and switches it back', async () => {
    jar.token = adminToken;
    const before = (await (await call(GET, '/api/admin/service-area')).json()) as Settings;
    expect(before.prefixes).toHaveLength(DEFAULT_SERVED_PREFIXES.length);
    expect(before.prefixes.every((p) => p.served)).toBe(true);
    expect(before.prefixes.find((p) => p.prefix === 'L0R2C')).toEqual({ prefix: 'L0R2C', label: 'L0R 2C', area: 'Vineland', served: true, insideFsa: 'L0R' });
    expect(before.changes).toEqual([]);

    const res = await switchPrefix('l0r 2c', false);
    expect(res.status, await res.clone().text()).toBe(200);
    const after = (await res.json()) as Settings;
    expect(after.prefixes.find((p) => p.prefix === 'L0R2C')?.served).toBe(false);
    expect(after.prefixes.filter((p) => !p.served).map((p) => p.prefix)).toEqual(['L0R2C']);
    expect(after.changes).toEqual([expect.objectContaining({ changedBy: 'Administrator', label: 'L0R 2C', area: 'Vineland', served: false })]);
    expect(await storedRow('L0R2C')).toEqual({ prefix: 'L0R2C', area: 'Vineland', served: false });

    // The same switch again changes and records nothing.
    expect((await switchPrefix('L0R2C', false)).status).toBe(200);
    expect(await countSwitches()).toBe(1);

    const back = (await (await switchPrefix('L0R2C', true)).json()) as Settings;
    expect(back.prefixes.every((p) => p.served)).toBe(true);
    expect(back.changes.map((c) => c.served)).toEqual([true, false]);
    expect((await check('L0R 2C0')).inServiceArea).toBe(true);
  });

  it('answers a prefix the branch does not list with a translated 404, and a malformed switch with a 400', async () => {
    jar.token = adminToken;
    const switches = await countSwitches();
    const unknown = await switchPrefix('K1A', false, 'fr');
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { message: string }).message).toBe(getTranslator('fr', 'serviceAreaAdmin')('errors.unknownPrefix'));
    expect((await call(PATCH, '/api/admin/service-area', { method: 'PATCH', body: { prefix: 'L0R2C' } })).status).toBe(400);
    expect(await countSwitches()).toBe(switches);
  });
});

describe('every check follows the switch; the rest of L0R stays served', () => {
  it('refuses the Lincoln and West Lincoln communities in the check, quotes and bookings, in the caller\'s language', async () => {
    jar.token = adminToken;
    for (const prefix of Object.keys(LINCOLN)) expect((await switchPrefix(prefix, false)).status).toBe(200);
    jar.token = undefined;

    const outsideFr = getTranslator('fr', 'serviceArea');
    for (const [code, formatted] of [['L0R 2C0', 'L0R 2C0'], ['lor1s0', 'L0R 1S0'], ['L0R 2A0', 'L0R 2A0'], ['L0R 2J0', 'L0R 2J0']]) {
      expect(await check(code!), code).toEqual({ inServiceArea: false, area: null, postalCode: expect.any(String), message: outsideFr('outsideArea', { postalCode: formatted! }) });
    }
    expect(await check('L0R 1B7')).toMatchObject({ inServiceArea: true, area: 'Beamsville' });
    expect(await check('L0R 2E0')).toMatchObject({ inServiceArea: true, area: 'Vineland Station' });
    expect(await check('L0R 1A0')).toMatchObject({ inServiceArea: true, area: 'Flamborough' });
    expect(await check('L0R 2H1')).toMatchObject({ inServiceArea: true, area: 'Waterdown' });

    // A quote is refused with the branch's phone to call (0104).
    const outsideQuoteEs = getTranslator('es', 'quotes')('outsideAreaCall', { postalCode: 'L0R 2A0', phone: '(905) 555-0134' });
    const quote = await call(sendQuote, '/api/send-quote', {
      locale: 'es',
      body: {
        email: 'smithville@example.com', name: 'Ana Ruiz', firstName: 'Ana', lastName: 'Ruiz', phone: '905-555-0190',
        quoteDetails: { serviceType: 'onetime', propertySize: 0.25, includeTick: false, includeTargetedInsects: false, address: '1 Griffin St', postalCode: 'LOR 2A0', totalPrice: 0, lotSizeDisplay: 'Small' },
      },
    });
    expect(quote.status).toBe(400);
    expect(((await quote.json()) as { message: string }).message).toBe(outsideQuoteEs);

    const booking = await book('L0R 2J0', 'wellandport@example.com', 'de');
    expect(booking.status).toBe(400);
    expect(((await booking.json()) as { message: string }).message).toBe(getTranslator('de', 'booking')('errors.outsideArea', { postalCode: 'L0R 2J0' }));

    // Beamsville still books.
    expect((await book('L0R 1B7', 'beamsville-still@example.com')).status).toBe(201);
  });

  it('keeps a booking made before the switch and flags it on the customer\'s page until the community is served again', async () => {
    const made = await book('L0R 2C4', 'vineland-before@example.com');
    expect(made.status, await made.clone().text()).toBe(201);
    const { appointmentId } = (await made.json()) as { appointmentId: number };
    const [visit] = await (await getDb()).select({ customerId: appointments.customerId, status: appointments.status }).from(appointments).where(eq(appointments.id, appointmentId));
    expect((await loadCustomerDetails(visit!.customerId))?.outsideServiceArea).toEqual([]);

    jar.token = adminToken;
    expect((await switchPrefix('L0R2C', false)).status).toBe(200);

    const [still] = await (await getDb()).select({ status: appointments.status }).from(appointments).where(eq(appointments.id, appointmentId));
    expect(still!.status).toBe(visit!.status);
    expect((await loadCustomerDetails(visit!.customerId))?.outsideServiceArea).toEqual([{ postalCode: 'L0R 2C4', area: 'Vineland' }]);

    expect((await switchPrefix('L0R2C', true)).status).toBe(200);
    expect((await loadCustomerDetails(visit!.customerId))?.outsideServiceArea).toEqual([]);
  });
});

/**
 * Offers nobody can book at a postal code the owner stopped serving (docs/decisions/0104,
 * following 0088 and 0096), through the route handlers on a real database, with Vineland
 * (L0R 2C…) marked not served:
 * - "Send again" on a Vineland quote is refused (409, the clerk's language, the code and
 *   community), the preview says why, and nothing is queued or recorded; the code /book-quote would
 *   offer counts, so a quote that kept none but whose customer lives in Vineland is refused too;
 *   serving Vineland again lets it go;
 * - the office's "New booking" at a Vineland code is refused in words for the office, with nothing
 *   stored; Beamsville, in the same FSA, books.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { appointments } from '@/db/schema/appointments';
import { branchSettings } from '@/db/schema/branches';
import { emailOutbox } from '@/db/schema/messages';
import { quoteFollowUps, quotes } from '@/db/schema/quotes';
import { clearBranchCache } from '@/features/branch/branch.service';
import { DEFAULT_SCHEDULE_RULES, findAvailableDates } from '@/features/scheduling/available-dates';
import { DEFAULT_SERVED_PREFIXES } from '@/features/service-area/postal-code';
import type { Handler } from '../support/handlers';
import { insertCustomer } from '../support/records';
import { signInAdminAndTechnician, signInOffice } from '../support/staff-sessions';

// Staff handlers read the session cookie through next/headers; outside Next the test holds the jar.
const jar = vi.hoisted(() => ({ token: undefined as string | undefined }));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (jar.token ? { name, value: jar.token } : undefined) }),
}));

const { GET: previewRoute, POST: followUpRoute } = (await import('@/app/api/admin/quotes/[id]/follow-up/route')) as unknown as { GET: Handler; POST: Handler };
const { GET: listRoute } = (await import('@/app/api/admin/quotes/route')) as unknown as { GET: Handler };
const { POST: bookingRoute } = (await import('@/app/api/admin/customers/[id]/bookings/route')) as unknown as { POST: Handler };

const DAY = 24 * 3_600_000;
let adminToken = '';
let officeToken = '';

function call(handler: Handler, url: string, params: Record<string, string>, options: { method?: string; body?: unknown; locale?: string } = {}) {
  return handler(new Request(`http://localhost${url}`, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers: { cookie: `NEXT_LOCALE=${options.locale ?? 'en'}`, ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
  }), { params: Promise.resolve(params) });
}
const preview = (id: number, locale = 'en') => call(previewRoute, `/api/admin/quotes/${id}/follow-up`, { id: String(id) }, { locale });
const followUp = (id: number, expectedTotalCents: number, locale = 'en') =>
  call(followUpRoute, `/api/admin/quotes/${id}/follow-up`, { id: String(id) }, { method: 'POST', body: { expectedTotalCents }, locale });

async function setVinelandServed(served: boolean) {
  const prefixes = DEFAULT_SERVED_PREFIXES.map((row) => (row.prefix === 'L0R2C' && !served ? { ...row, served: false } : row));
  await (await getDb()).update(branchSettings).set({ servedPrefixes: prefixes }).where(eq(branchSettings.branchId, 1));
  clearBranchCache();
}

/** A priced one-time quote asked for three days ago (past the 24 hours between emails), in French. */
async function insertQuote(values: { email: string; address: string; postalCode: string | null; city: string }) {
  const createdAt = new Date(Date.now() - 3 * DAY);
  const [row] = await (await getDb()).insert(quotes).values({
    token: `quote-area-${randomUUID()}`, customerName: 'Marc Vigneron', customerEmail: values.email, customerPhone: '905-555-0104',
    serviceType: 'onetime', propertySize: 0.25, address: values.address, city: values.city, postalCode: values.postalCode,
    totalPrice: 99, subtotalCents: 9900, taxCents: 1287, totalCents: 11_187, status: 'sent', locale: 'fr', createdAt, updatedAt: createdAt,
  }).returning({ id: quotes.id });
  return row!.id;
}

const queuedFor = async (quoteId: number) => {
  const db = await getDb();
  const mails = await db.select({ kind: emailOutbox.kind }).from(emailOutbox).where(eq(emailOutbox.relatedId, quoteId));
  const recorded = await db.select({ id: quoteFollowUps.id }).from(quoteFollowUps).where(eq(quoteFollowUps.quoteId, quoteId));
  return { followUpEmails: mails.filter((m) => m.kind === 'quote-follow-up').length, recorded: recorded.length };
};

beforeAll(async () => {
  ({ adminToken } = await signInAdminAndTechnician());
  officeToken = await signInOffice('frontdesk');
});

afterAll(async () => {
  await setVinelandServed(true);
  jar.token = undefined;
});

describe('"Send again" for a quote whose postal code is no longer served (0104)', () => {
  it('is refused with the code and community in the clerk\'s language, says why in the preview, and sends and records nothing', async () => {
    jar.token = officeToken;
    const vineland = await insertQuote({ email: 'marc.vigneron@example.com', address: '4100 Victoria Ave', city: 'Vineland', postalCode: 'L0R 2C4' });
    const beamsville = await insertQuote({ email: 'bea.beam@example.com', address: '5 King St', city: 'Beamsville', postalCode: 'L0R 1B7' });
    await setVinelandServed(false);

    const seen = await preview(vineland, 'es');
    expect(seen.status, await seen.clone().text()).toBe(200);
    expect((await seen.json() as { refusal: unknown }).refusal).toEqual({
      reason: 'outside_area',
      message: 'L0R 2C4 ya no está en la zona atendida, así que el cliente no podría reservar esta cotización en línea. Llámelo en lugar de enviarla de nuevo.',
    });

    const refused = await followUp(vineland, 11_187, 'fr');
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      reason: 'outside_area', postalCode: 'L0R 2C4', area: 'Vineland',
      message: 'L0R 2C4 n’est plus desservi\u00a0: le client ne pourrait donc pas réserver cette soumission en ligne. Appelez-le plutôt que de la lui renvoyer.',
    });
    expect(await queuedFor(vineland)).toEqual({ followUpEmails: 0, recorded: 0 });

    // Beamsville, in the same FSA, is still served: its quote goes.
    const beamsvilleSeen = await (await preview(beamsville)).json() as { refusal: unknown; currentTotalCents: number };
    expect(beamsvilleSeen.refusal).toBeNull();
    expect((await followUp(beamsville, beamsvilleSeen.currentTotalCents)).status).toBe(200);
    expect(await queuedFor(beamsville)).toEqual({ followUpEmails: 1, recorded: 1 });

    // The card carries the customer's phone for the office's call.
    const list = await (await call(listRoute, `/api/admin/quotes?email=${encodeURIComponent('marc.vigneron@example.com')}`, {})).json() as { quotes: { id: number; customerPhone: string | null; outsideServiceArea: unknown }[] };
    expect(list.quotes).toEqual([expect.objectContaining({ id: vineland, customerPhone: '905-555-0104', outsideServiceArea: { postalCode: 'L0R 2C4', area: 'Vineland' } })]);

    // Served again: the follow-up goes.
    await setVinelandServed(true);
    const again = await (await preview(vineland)).json() as { refusal: unknown; currentTotalCents: number };
    expect(again.refusal).toBeNull();
    expect((await followUp(vineland, again.currentTotalCents)).status).toBe(200);
    expect(await queuedFor(vineland)).toEqual({ followUpEmails: 1, recorded: 1 });
  });

  it('judges the code /book-quote would book: a quote that kept none, for the street of a customer in Vineland, is refused', async () => {
    jar.token = adminToken;
    const email = `vineland.${randomUUID()}@example.com`;
    await insertCustomer({ firstName: 'Lise', lastName: 'Vigne', email, address: '4200 Victoria Ave', city: 'Vineland', postalCode: 'L0R 2C9' });
    const quoteId = await insertQuote({ email, address: '4200 Victoria Ave', city: 'Vineland', postalCode: null });
    await setVinelandServed(false);
    const refused = await followUp(quoteId, 11_187);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ reason: 'outside_area', postalCode: 'L0R 2C9', area: 'Vineland' });
    expect(await queuedFor(quoteId)).toEqual({ followUpEmails: 0, recorded: 0 });
    await setVinelandServed(true);
  });
});

describe('the office\'s "New booking" at a postal code no longer served (0104)', () => {
  const visitsFor = (type: string) => (type === 'seasonal' ? 5 : type === 'tick-seasonal' ? 3 : 1);
  const friday = () => findAvailableDates({ ...DEFAULT_SCHEDULE_RULES, now: new Date(), bookedStops: new Map(), serviceType: 'onetime', visitsFor })[3]!;
  const order = (postalCode: string, city: string) => ({
    serviceType: 'onetime', propertySize: 0.25, includeTick: false, includeTargetedInsects: false, extras: [], date: friday(),
    address: '4100 Victoria Ave', city, postalCode, notes: null,
  });

  it('is refused in words for the office, in the clerk\'s language, with nothing stored; Beamsville books', async () => {
    jar.token = officeToken;
    const customerId = await insertCustomer({ email: `phone.${randomUUID()}@example.com` });
    await setVinelandServed(false);
    const book = (body: unknown, locale: string) => call(bookingRoute, `/api/admin/customers/${customerId}/bookings`, { id: String(customerId) }, { method: 'POST', body, locale });

    const refused = await book(order('l0r2c4', 'Vineland'), 'fr');
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      reason: 'outside_area', postalCode: 'L0R 2C4', area: 'Vineland',
      message: 'L0R 2C4 n’est pas dans la zone de service actuelle\u00a0: il ne peut pas être réservé, même par le bureau. Les réservations déjà faites y sont maintenues\u00a0; le propriétaire peut desservir de nouveau le secteur dans Coordonnées de l’entreprise.',
      fields: { postalCode: 'Hors de la zone de service actuelle.' },
    });
    const db = await getDb();
    expect(await db.select({ id: appointments.id }).from(appointments).where(eq(appointments.customerId, customerId))).toEqual([]);

    const booked = await book(order('L0R 1B7', 'Beamsville'), 'en');
    expect(booked.status, await booked.clone().text()).toBe(201);
    await setVinelandServed(true);
  });
});

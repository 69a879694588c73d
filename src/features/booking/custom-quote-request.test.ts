/**
 * /request-service's "More than 2 acres (custom quote)" sends what the form holds, special requests
 * included (0084): the values the form's resolver (ServiceRequestSchema) hands to its submit go to
 * POST /api/send-quote as SendQuoteSchema reads them, and both schemas hold the requests to the
 * same limit.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SendQuoteSchema } from '@/features/quotes/quote.schema';
import { FIELD_LIMITS } from '@/lib/field-limits';
import { sendCustomQuoteRequest } from './booking-client';
import { ServiceRequestSchema } from './booking.schema';

const typed = {
  name: 'Gord Acreage', email: 'gord@example.ca', phone: '905-555-0142', address: '900 Ridge Rd', city: 'Stoney Creek', postalCode: 'L8J 2X5',
  propertySize: '999', serviceType: 'seasonal', includeTick: false, includeStandingWater: true,
};

/** What the form's submit sends for these typed special requests, as the API reads it. */
async function sent(specialRequests: string) {
  const values = ServiceRequestSchema.parse({ ...typed, specialRequests });
  const fetch = vi.fn(async () => new Response(JSON.stringify({ quoteId: 7 }), { status: 200 }));
  vi.stubGlobal('fetch', fetch);
  expect(await sendCustomQuoteRequest(values)).toEqual({ ok: true, data: { quoteId: 7 } });
  const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
  expect(url).toBe('/api/send-quote');
  return SendQuoteSchema.parse(JSON.parse(String(init.body)));
}

afterEach(() => vi.unstubAllGlobals());

describe('the custom-quote request from /request-service', () => {
  it('carries the special requests, trimmed, with the line breaks the customer typed', async () => {
    const request = await sent('  Gate code 4412.\nPlease look at the back field too.  ');
    expect(request.notes).toBe('Gate code 4412.\nPlease look at the back field too.');
    expect(request.quoteDetails).toMatchObject({ propertySize: 999, serviceType: 'seasonal', includeTargetedInsects: true });
  });

  it('sends none when the box is left empty or blank', async () => {
    expect((await sent('')).notes).toBeNull();
    expect((await sent('   ')).notes).toBeNull();
  });

  it('the form and the API take the same length of special requests and refuse one more with the same message', async () => {
    expect((await sent('x'.repeat(FIELD_LIMITS.notes))).notes).toHaveLength(FIELD_LIMITS.notes);
    const tooLong = 'x'.repeat(FIELD_LIMITS.notes + 1);
    const form = ServiceRequestSchema.safeParse({ ...typed, specialRequests: tooLong });
    const api = SendQuoteSchema.safeParse({ name: typed.name, email: typed.email, quoteDetails: { serviceType: 'seasonal', propertySize: 999, address: typed.address }, notes: tooLong });
    expect(form.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['specialRequests', 'errors.tooLong.notes']]);
    expect(api.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['notes', 'errors.tooLong.notes']]);
  });
});

import { describe, expect, inject, it } from 'vitest';

// The pricing, quote, scheduling, service-area and contact APIs through the real Next server
// (routing of dynamic segments, JSON bodies, locale cookie), as the browser calls them.
const url = (path: string) => new URL(path, inject('baseURL')).toString();
const postJson = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url(path), { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

describe('quote and scheduling APIs over HTTP', () => {
  it('prices a quote and lists Fridays', async () => {
    const quote = await postJson('/api/calculate-quote', { propertySize: 0.25, serviceType: 'onetime', includeTick: false, includeTargetedInsects: false, address: '' });
    expect(quote.status).toBe(200);
    expect(await quote.json()).toMatchObject({ totalPrice: 99, totalCents: 11187, lotSizeDisplay: 'Small' });

    const dates = await fetch(url('/api/appointments/available-dates?serviceType=seasonal'));
    expect(dates.status).toBe(200);
    const { dates: list } = (await dates.json()) as { dates: string[] };
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((d) => new Date(`${d}T12:00:00Z`).getUTCDay() === 5)).toBe(true);
  });

  it('checks a postal code, with 400 for a malformed one', async () => {
    const ok = await fetch(url('/api/service-area/check/L8P%204R5'));
    expect(await ok.json()).toMatchObject({ inServiceArea: true, postalCode: 'L8P4R5', area: 'Hamilton' });
    const bad = await fetch(url('/api/service-area/check/nope'), { headers: { cookie: 'NEXT_LOCALE=fr' } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toBe('Veuillez saisir un code postal valide, par exemple L8P 1A1.');
  });

  it('sends a quote, whose token opens it for /book-quote, and keeps staff lists private', async () => {
    const sent = await postJson('/api/send-quote', {
      email: 'e2e-quote@example.com', name: 'Eve Tester', phone: '9055550123',
      quoteDetails: { serviceType: 'seasonal', propertySize: 0.5, includeTick: true, includeTargetedInsects: false, address: '10 Main St, Hamilton', totalPrice: 0, lotSizeDisplay: 'Small' },
    }, { 'x-forwarded-for': '10.77.0.1' });
    expect(sent.status).toBe(200);
    expect(await sent.json()).toMatchObject({ ok: true, quoteId: expect.any(Number) });

    const invalid = await fetch(url('/api/quotes/by-token/not-a-real-token-value'));
    expect(invalid.status).toBe(404);
    for (const path of ['/api/quotes', '/api/messages', '/api/outbox', '/api/send-sample-email']) {
      expect((await fetch(url(path))).status, path).toBe(401);
    }
  });

  it('accepts a contact message and explains a bad one', async () => {
    const ok = await postJson('/api/messages', { name: 'Eve Tester', email: 'eve@example.com', subject: 'Question', message: 'Do you treat cedar hedges too?' }, { 'x-forwarded-for': '10.77.0.2' });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ ok: true, id: expect.any(Number) });
    const bad = await postJson('/api/messages', { name: '', email: 'x', message: '' }, { 'x-forwarded-for': '10.77.0.3' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).fields).toMatchObject({ name: 'Name is required', email: 'Invalid email address', message: 'Message should be at least 10 characters' });
  });
});

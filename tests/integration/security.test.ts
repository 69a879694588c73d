/**
 * An attacker's requests against the real handlers and database (docs/decisions/0022): another
 * site's page posting with the visitor's browser, oversized bodies, the session cookie in
 * production, a planted session token, replayed Stripe signatures and the free test amount.
 */
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { POST as login } from '@/app/api/auth/login/route';
import { PATCH as patchMessage } from '@/app/api/admin/messages/[id]/route';
import { POST as calculateQuote } from '@/app/api/calculate-quote/route';
import { POST as createIntent } from '@/app/api/create-payment-intent/route';
import { POST as postMessage } from '@/app/api/messages/route';
import { POST as stripeWebhook } from '@/app/api/webhooks/stripe/route';
import { getDb } from '@/db/client';
import { messages } from '@/db/schema/messages';
import { resetEnvCache } from '@/env';
import { resolveSession } from '@/features/staff-auth/session.service';
import { seedStaffAccount } from '@/server/bootstrap/seed';
import { deliverStripePayload, stripeEvent } from '../support/stripe-webhooks';
import type { Handler } from '../support/handlers';
import { signInAdminAndTechnician } from '../support/staff-sessions';

const jar = vi.hoisted(() => ({ token: undefined as string | undefined }));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (jar.token ? { name, value: jar.token } : undefined) }),
}));

let sent = 0;
function request(path: string, init: { method?: string; body?: BodyInit; headers?: Record<string, string> } = {}) {
  sent += 1;
  return new Request(`http://localhost${path}`, {
    method: init.method ?? 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.88.${Math.floor(sent / 200)}.${sent % 200}`, ...init.headers },
    body: init.body,
    ...(init.body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);
}
const call = (handler: Handler, req: Request, params: Record<string, string> = {}) => handler(req, { params: Promise.resolve(params) });

const contact = (message: string) => JSON.stringify({ name: 'Mallory Visitor', email: 'mallory@example.com', message });
const storedMessages = async (text: string) => (await (await getDb()).select({ id: messages.id }).from(messages).where(eq(messages.content, text))).length;

let adminToken = '';
let technicianToken = '';
beforeAll(async () => {
  ({ adminToken, technicianToken } = await signInAdminAndTechnician());
});

const STRIPE_ENV = ['APP_ENV', 'STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_BASE'];
afterEach(() => {
  jar.token = undefined;
  for (const key of STRIPE_ENV) delete process.env[key];
  resetEnvCache();
});

describe('a state change another site asks the browser for (CSRF)', () => {
  it('refuses a cross-site or same-site post, whatever the endpoint, and stores nothing', async () => {
    const text = 'Posted from another site without the visitor knowing.';
    const attempts: Record<string, string>[] = [{ 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }, { origin: 'https://evil.example' }, { origin: 'null' }];
    for (const headers of attempts) {
      const res = await call(postMessage as Handler, request('/api/messages', { headers: { 'content-type': 'text/plain', ...headers }, body: contact(text) }));
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect((await res.json()).message).toBe('This request came from another website, so it was not carried out. Please use the form on our own site.');
    }
    expect(await storedMessages(text)).toBe(0);
  });

  it('refuses a login posted by another site (it would sign the visitor in as the attacker)', async () => {
    await seedStaffAccount(await getDb(), 'mallory', 'mallory office password');
    const res = await call(login as Handler, request('/api/auth/login', {
      headers: { 'content-type': 'text/plain', 'sec-fetch-site': 'cross-site' },
      body: JSON.stringify({ username: 'mallory', password: 'mallory office password' }),
    }));
    expect(res.status).toBe(403);
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('refuses a staff change from a sibling site even with the admin\'s cookie, and lets the site itself through', async () => {
    jar.token = adminToken;
    const body = JSON.stringify({ status: 'read' });
    const sibling = await call(patchMessage as Handler, request('/api/admin/messages/999999', { method: 'PATCH', headers: { 'sec-fetch-site': 'same-site' }, body }), { id: '999999' });
    expect(sibling.status).toBe(403);
    // From the site's own page (a browser says same-origin) or with no browser headers: the handler answers (no such message).
    const ownSite: Record<string, string>[] = [{ 'sec-fetch-site': 'same-origin' }, { origin: 'http://localhost' }, {}];
    for (const headers of ownSite) {
      const res = await call(patchMessage as Handler, request('/api/admin/messages/999999', { method: 'PATCH', headers, body }), { id: '999999' });
      expect(res.status, JSON.stringify(headers)).toBe(404);
    }
  });

  it('lets the contact form of the site itself through', async () => {
    const text = 'A real question from the contact form on the site.';
    const res = await call(postMessage as Handler, request('/api/messages', { headers: { 'sec-fetch-site': 'same-origin', origin: 'http://localhost' }, body: contact(text) }));
    expect(res.status).toBe(200);
    expect(await storedMessages(text)).toBe(1);
  });
});

describe('request bodies are capped', () => {
  const huge = () => contact(`${'A long message. '.repeat(8_000)}`);

  it('answers 413 to a declared body over 64 KiB before reading it', async () => {
    const res = await call(calculateQuote as Handler, request('/api/calculate-quote', { headers: { 'content-length': String(200_000) }, body: huge() }));
    expect(res.status).toBe(413);
    expect((await res.json()).message).toBe('The request is too large to be read.');
  });

  it('stops reading a body sent in chunks at the limit, so a handler never holds it', async () => {
    let pulled = 0;
    const chunk = new TextEncoder().encode(`{"pad":"${'x'.repeat(16_000)}`);
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        if (pulled > 1_000) controller.close(); // 16 MB, if nobody stopped reading
        else controller.enqueue(chunk);
      },
    });
    const res = await call(calculateQuote as Handler, request('/api/calculate-quote', { body: endless }));
    expect(res.status).toBe(413);
    expect(pulled).toBeLessThan(10);
  });

  it('still reads an ordinary form', async () => {
    const res = await call(calculateQuote as Handler, request('/api/calculate-quote', { body: JSON.stringify({ propertySize: 0.25, serviceType: 'onetime', address: '71 Main St W, Hamilton' }) }));
    expect(res.status).toBe(200);
  });
});

describe('a NUL character in a form', () => {
  it('is a 400 on the field, not a database error (500)', async () => {
    const res = await call(postMessage as Handler, request('/api/messages', { body: JSON.stringify({ name: 'Ann\u0000e Visitor', email: 'nul@example.com', message: 'A question about ticks this season.' }) }));
    expect(res.status).toBe(400);
    expect((await res.json()).fields).toEqual({ name: 'This value is not valid.' });
    const quote = await call(calculateQuote as Handler, request('/api/calculate-quote', { body: JSON.stringify({ propertySize: 0.25, serviceType: 'onetime', address: '71 Main St W', discountCode: 'MID\u0000' }) }));
    expect(quote.status).toBe(400);
  });
});

describe('the staff session', () => {
  it('is a Secure cookie in production', async () => {
    process.env.APP_ENV = 'production';
    process.env.PUBLIC_SITE_URL = 'https://escarpmentmosquito.ca';
    resetEnvCache();
    try {
      await seedStaffAccount(await getDb(), 'prod.admin', 'production password 1');
      const res = await call(login as Handler, request('/api/auth/login', { body: JSON.stringify({ username: 'prod.admin', password: 'production password 1' }) }));
      expect(res.status).toBe(200);
      expect(res.headers.get('set-cookie')).toMatch(/staff_session=[\w-]{40,};.*Secure/i);
    } finally {
      delete process.env.PUBLIC_SITE_URL;
    }
  });

  it('never adopts a token the browser arrives with (no session fixation)', async () => {
    await seedStaffAccount(await getDb(), 'fixated', 'fixated office password');
    const planted = 'a'.repeat(43);
    const res = await call(login as Handler, request('/api/auth/login', {
      headers: { cookie: `staff_session=${planted}` },
      body: JSON.stringify({ username: 'fixated', password: 'fixated office password' }),
    }));
    const issued = /staff_session=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
    expect(issued).toBeDefined();
    expect(issued).not.toBe(planted);
    expect(await resolveSession(planted)).toBeNull();
    expect(await resolveSession(issued)).toMatchObject({ username: 'fixated' });
  });
});

describe('Stripe', () => {
  const secret = 'whsec_security_test';
  const useStripe = () => {
    // Nothing listens on port 9: a request that should have been refused fails instead of reaching Stripe.
    Object.assign(process.env, { STRIPE_SECRET_KEY: 'sk_test_security', STRIPE_PUBLISHABLE_KEY: 'pk_test_security', STRIPE_WEBHOOK_SECRET: secret, STRIPE_API_BASE: 'http://127.0.0.1:9' });
    resetEnvCache();
  };

  it('refuses a genuinely signed webhook replayed after the five-minute tolerance', async () => {
    useStripe();
    const payload = JSON.stringify(stripeEvent('evt_replayed', 'payment_intent.succeeded', { id: 'pi_replayed', object: 'payment_intent', status: 'succeeded' }));
    const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
    const res = await deliverStripePayload(stripeWebhook as never, payload, Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: tenMinutesAgo }));
    expect(res.status).toBe(400);
  });

  it('reads a signed event larger than a form (the webhook\'s own, larger body limit)', async () => {
    useStripe();
    const payload = JSON.stringify(stripeEvent('evt_large', 'customer.created', { id: 'cus_large', object: 'customer', description: 'x'.repeat(100_000) }));
    const res = await deliverStripePayload(stripeWebhook as never, payload, Stripe.webhooks.generateTestHeaderString({ payload, secret }));
    expect(res.status).toBe(200);
  });

  it('creates a free-amount intent (the payment test page) for no one but the office', async () => {
    useStripe();
    for (const token of [undefined, technicianToken]) {
      jar.token = token;
      const res = await call(createIntent as Handler, request('/api/create-payment-intent', { body: JSON.stringify({ amount: 500, purpose: 'payment-test' }) }));
      expect(res.status, token ? 'technician' : 'anonymous').toBe(403);
    }
  });
});

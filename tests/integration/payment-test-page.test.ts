/**
 * The office's payment test page (/stripe-test, SPEC "Payment test page", docs/decisions/0028):
 * each visit finds the test customer and asks for an intent, but opening the page again, switching
 * plans back and forth or two tabs at once must not leave a payments row per visit. The same
 * customer, plan and amount take their intent again while it can still be paid; a paid test
 * payment stays recorded and the next visit gets a fresh intent. Test gateway first, then Stripe
 * (a local stub that keeps intents and honours idempotency keys as Stripe does).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { payments } from '@/db/schema/payments';
import { resetEnvCache } from '@/env';
import { TEST_CARDS } from '@/features/payments/test-cards';
import { type Handler, jsonPoster } from '../support/handlers';
import { signInAdminAndTechnician } from '../support/staff-sessions';

const jar = vi.hoisted(() => ({ token: undefined as string | undefined }));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (jar.token ? { name, value: jar.token } : undefined) }),
}));

const { POST: createCustomer } = (await import('@/app/api/customers/route')) as unknown as { POST: Handler };
const { POST: createIntent } = (await import('@/app/api/create-payment-intent/route')) as unknown as { POST: Handler };
const { POST: confirmCard } = (await import('@/app/api/test-gateway/confirm/route')) as unknown as { POST: Handler };

const post = jsonPoster(41);
type Intent = { paymentIntentId: string; clientSecret: string; amount: number; provider: string };

/** The page's first call: the test customer, found by its email (created on the first visit). */
async function findTestCustomer(): Promise<number> {
  const customer = await post(createCustomer, '/api/customers', {
    firstName: 'Test', lastName: 'Customer', email: 'payment-test@escarpmentmosquito.ca', phone: '905-555-0134',
    address: '1 Hunter St E', city: 'Hamilton', postalCode: 'L8N 3W1', locale: 'en',
  });
  expect(customer.status, await customer.clone().text()).toBe(201);
  return ((await customer.json()) as { id: number }).id;
}

/** Its second: an intent for the chosen plan (SPEC's test amounts, in dollars). */
async function requestIntent(body: { amount: number; customerId: number; serviceType: string }) {
  return post(createIntent, '/api/create-payment-intent', { ...body, purpose: 'payment-test' });
}

/** One visit of the page, as it loads: the customer, then the plan's intent. */
async function visit(plan: 'onetime' | 'seasonal' = 'onetime', customerId?: number): Promise<Intent> {
  const res = await requestIntent({ amount: plan === 'onetime' ? 129 : 395, customerId: customerId ?? (await findTestCustomer()), serviceType: plan });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Intent;
}

/** The payment test page's rows, oldest first. */
async function testPageRows() {
  return (await getDb())
    .select({ id: payments.id, paymentIntentId: payments.paymentIntentId, status: payments.status, amount: payments.amount, customerId: payments.customerId, provider: payments.provider })
    .from(payments)
    .where(sql`${payments.metadata}->>'purpose' = 'payment-test'`)
    .orderBy(payments.id);
}

const pay = (intent: Intent, number: string) => post(confirmCard, '/api/test-gateway/confirm', {
  paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret, number, expiry: '12/34', cvc: '123',
});

beforeAll(async () => {
  ({ adminToken: jar.token } = await signInAdminAndTechnician());
});

describe('the payment test page with the built-in test gateway', () => {
  it('opening the page ten times leaves one row awaiting payment, with the same intent each time', async () => {
    const before = (await testPageRows()).length;
    const first = await visit();
    for (let i = 0; i < 9; i += 1) {
      const again = await visit();
      expect(again).toMatchObject({ paymentIntentId: first.paymentIntentId, clientSecret: first.clientSecret, amount: 12900, provider: 'test' });
    }
    const rows = await testPageRows();
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({ paymentIntentId: first.paymentIntentId, status: 'requires_payment_method', amount: 12900 });
  });

  it('switching plans back and forth keeps one intent per plan', async () => {
    const onetime = await visit('onetime');
    const seasonal = await visit('seasonal');
    expect(seasonal.amount).toBe(39500);
    expect(seasonal.paymentIntentId).not.toBe(onetime.paymentIntentId);
    for (let i = 0; i < 3; i += 1) {
      expect((await visit('onetime')).paymentIntentId).toBe(onetime.paymentIntentId);
      expect((await visit('seasonal')).paymentIntentId).toBe(seasonal.paymentIntentId);
    }
    const open = (await testPageRows()).filter((r) => r.status === 'requires_payment_method');
    expect(open.map((r) => r.amount).sort()).toEqual([12900, 39500]);
  });

  it('two tabs opened at once get one intent and one row', async () => {
    // An amount no other test uses, so no open intent is there to be found first.
    const customerId = await findTestCustomer();
    const before = (await testPageRows()).length;
    const body = { amount: 77, customerId, serviceType: 'onetime' };
    const answers = await Promise.all([requestIntent(body), requestIntent(body)]);
    const [a, b] = (await Promise.all(answers.map((r) => r.json()))) as Intent[];
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect(a!.paymentIntentId).toBe(b!.paymentIntentId);
    expect((await testPageRows()).length).toBe(before + 1);
  });

  it('a declined card leaves the intent open: the next visit takes it again', async () => {
    const intent = await visit();
    const declined = await pay(intent, TEST_CARDS.declined);
    expect(declined.status).toBe(402);
    expect((await visit()).paymentIntentId).toBe(intent.paymentIntentId);
  });

  it('a paid test payment stays recorded; the next visit gets a new intent, and the one after that the same again', async () => {
    const intent = await visit();
    const paid = await pay(intent, TEST_CARDS.success);
    expect(paid.status, await paid.clone().text()).toBe(200);
    const rowsAfterPaying = await testPageRows();
    expect(rowsAfterPaying.find((r) => r.paymentIntentId === intent.paymentIntentId)).toMatchObject({ status: 'succeeded', amount: 12900 });

    const next = await visit();
    expect(next.paymentIntentId).not.toBe(intent.paymentIntentId);
    expect((await visit()).paymentIntentId).toBe(next.paymentIntentId);
    const rows = await testPageRows();
    expect(rows).toHaveLength(rowsAfterPaying.length + 1);
    // Paying the new one works like the first: it is a real, open intent.
    expect((await pay(next, TEST_CARDS.success)).status).toBe(200);
  });

  it('a payment still processing at the bank is not offered again', async () => {
    const intent = await visit('seasonal');
    const processing = await pay(intent, TEST_CARDS.processingThenSucceeds);
    expect(await processing.json()).toMatchObject({ status: 'processing' });
    const next = await visit('seasonal');
    expect(next.paymentIntentId).not.toBe(intent.paymentIntentId);
    expect((await visit('seasonal')).paymentIntentId).toBe(next.paymentIntentId);
  });

  it('a customer id that does not exist still gets a test payment, once, without a customer', async () => {
    const first = await visit('onetime', 987_654);
    expect((await visit('onetime', 987_654)).paymentIntentId).toBe(first.paymentIntentId);
    const rows = (await testPageRows()).filter((r) => r.paymentIntentId === first.paymentIntentId);
    expect(rows).toEqual([expect.objectContaining({ customerId: null, status: 'requires_payment_method' })]);
  });
});

describe('the payment test page with Stripe', () => {
  const intents = new Map<string, Record<string, unknown>>();
  const byKey = new Map<string, string>();
  const calls: { method: string; url: string; key: string | undefined }[] = [];
  let server: Server;
  let created = 0;

  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => { raw += c.toString(); });
      req.on('end', () => {
        const key = req.headers['idempotency-key'] as string | undefined;
        calls.push({ method: req.method!, url: req.url!, key });
        res.setHeader('content-type', 'application/json');
        if (req.method === 'POST' && req.url === '/v1/payment_intents') {
          // Stripe answers a repeated idempotency key with the first request's intent.
          const known = key ? byKey.get(key) : undefined;
          if (known) { res.end(JSON.stringify(intents.get(known))); return; }
          const body = new URLSearchParams(raw);
          created += 1;
          const id = `pi_page_${created}`;
          const intent = { id, object: 'payment_intent', amount: Number(body.get('amount')), currency: 'cad', status: 'requires_payment_method', client_secret: `${id}_secret_stub`, metadata: {}, last_payment_error: null, payment_method: null };
          intents.set(id, intent);
          if (key) byKey.set(key, id);
          res.end(JSON.stringify(intent));
          return;
        }
        const match = /^\/v1\/payment_intents\/(\w+)$/.exec(req.url ?? '');
        if (req.method === 'GET' && match && intents.has(match[1]!)) { res.end(JSON.stringify(intents.get(match[1]!))); return; }
        res.statusCode = 404;
        res.end(JSON.stringify({ error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' } }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const { port } = server.address() as AddressInfo;
    Object.assign(process.env, { STRIPE_SECRET_KEY: 'sk_test_stub', STRIPE_PUBLISHABLE_KEY: 'pk_test_stub', STRIPE_WEBHOOK_SECRET: 'whsec_page', STRIPE_API_BASE: `http://127.0.0.1:${port}` });
    resetEnvCache();
  });

  afterAll(async () => {
    for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_BASE']) delete process.env[key];
    resetEnvCache();
    await new Promise((r) => server.close(r));
  });

  const creates = () => calls.filter((c) => c.method === 'POST' && c.url === '/v1/payment_intents');

  it('creates one Stripe intent for ten visits (the others only read it back), and never reuses the test gateway\'s', async () => {
    const first = await visit();
    expect(first).toMatchObject({ provider: 'stripe', amount: 12900 });
    for (let i = 0; i < 9; i += 1) expect((await visit()).paymentIntentId).toBe(first.paymentIntentId);
    expect(creates()).toHaveLength(1);
    expect(creates()[0]!.key).toMatch(/^payment-test:stripe:\d+:onetime:12900:after-\d+$/);
    expect((await testPageRows()).filter((r) => r.provider === 'stripe')).toHaveLength(1);
  });

  it('an intent Stripe has already taken payment for (webhook not here yet) is not offered again', async () => {
    const first = await visit();
    intents.set(first.paymentIntentId, { ...intents.get(first.paymentIntentId)!, status: 'succeeded' });
    const next = await visit();
    expect(next.paymentIntentId).not.toBe(first.paymentIntentId);
    expect((await visit()).paymentIntentId).toBe(next.paymentIntentId);
    expect((await testPageRows()).filter((r) => r.provider === 'stripe')).toHaveLength(2);
  });

  it('an intent Stripe no longer knows (other keys) is passed over for a new one', async () => {
    const current = await visit();
    intents.delete(current.paymentIntentId);
    const next = await visit();
    expect(next.paymentIntentId).not.toBe(current.paymentIntentId);
    expect((await visit()).paymentIntentId).toBe(next.paymentIntentId);
  });
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resetEnvCache } from '@/env';

/**
 * A local stand-in for Stripe's API, enough for a booking's payment: intents are created,
 * retrieved and cancelled, refunds succeed. `pay` marks an intent paid as Stripe would before its
 * webhook. `start` points the app's Stripe settings at it; `stop` puts the test gateway back.
 */
export function createStripeStub(webhookSecret: string) {
  const intents = new Map<string, Record<string, unknown>>();
  let server: Server | null = null;
  let counter = 0;

  const handle = (method: string, path: string, body: URLSearchParams): { status: number; body: unknown } => {
    if (method === 'POST' && path === '/v1/payment_intents') {
      const id = `pi_stub_${++counter}`;
      const intent = { id, object: 'payment_intent', amount: Number(body.get('amount')), currency: 'cad', status: 'requires_payment_method', client_secret: `${id}_secret_x`, metadata: {}, last_payment_error: null, payment_method: null };
      intents.set(id, intent);
      return { status: 200, body: intent };
    }
    const cancel = /^\/v1\/payment_intents\/(\w+)\/cancel$/.exec(path);
    if (method === 'POST' && cancel && intents.has(cancel[1]!)) {
      const intent = { ...intents.get(cancel[1]!)!, status: 'canceled' };
      intents.set(cancel[1]!, intent);
      return { status: 200, body: intent };
    }
    const get = /^\/v1\/payment_intents\/(\w+)$/.exec(path);
    if (method === 'GET' && get && intents.has(get[1]!)) return { status: 200, body: intents.get(get[1]!) };
    if (method === 'POST' && path === '/v1/refunds') {
      return { status: 200, body: { id: `re_stub_${++counter}`, object: 'refund', amount: Number(body.get('amount')), status: 'succeeded', payment_intent: body.get('payment_intent'), failure_reason: null } };
    }
    return { status: 404, body: { error: { type: 'invalid_request_error', message: 'No such resource' } } };
  };

  return {
    async start() {
      server = createServer((req, res) => {
        let raw = '';
        req.on('data', (chunk: Buffer) => { raw += chunk.toString(); });
        req.on('end', () => {
          const answer = handle(req.method ?? 'GET', req.url ?? '', new URLSearchParams(raw));
          res.statusCode = answer.status;
          res.setHeader('content-type', 'application/json');
          res.end(JSON.stringify(answer.body));
        });
      });
      await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      Object.assign(process.env, { STRIPE_SECRET_KEY: 'sk_test_stub', STRIPE_PUBLISHABLE_KEY: 'pk_test_stub', STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_BASE: base });
      resetEnvCache();
    },
    async stop() {
      for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_BASE']) delete process.env[key];
      resetEnvCache();
      await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    },
    /** The intent as Stripe holds it after the card went through (what the webhook carries). */
    pay(id: string) {
      const intent = { ...intents.get(id)!, status: 'succeeded', payment_method: 'pm_card_visa' };
      intents.set(id, intent);
      return intent;
    },
  };
}

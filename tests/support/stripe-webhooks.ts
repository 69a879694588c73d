import Stripe from 'stripe';
import { noParams } from './handlers';

/** The webhook route as tests call it (it has no path parameters). */
type WebhookRoute = (req: Request, segment: { params: Promise<Record<string, never>> }) => Promise<Response>;

/** A Stripe event around one object (a payment intent, a refund), as Stripe's webhooks send it. */
export function stripeEvent(id: string, type: string, object: Record<string, unknown>, created = Math.floor(Date.now() / 1000)) {
  return { id, object: 'event', type, created, api_version: '2026-10-28.endive', livemode: false, pending_webhooks: 1, request: null, data: { object } };
}

/** POSTs a raw payload to the Stripe webhook route with the given Stripe-Signature header. */
export function deliverStripePayload(webhookRoute: WebhookRoute, payload: string, signature: string) {
  return webhookRoute(new Request('http://localhost/api/webhooks/stripe', {
    method: 'POST',
    headers: { 'stripe-signature': signature, 'content-type': 'application/json' },
    body: payload,
  }), noParams);
}

/** Signs an event with the endpoint's secret, as Stripe does, and delivers it. */
export function sendSignedStripeEvent(webhookRoute: WebhookRoute, event: Record<string, unknown>, secret: string) {
  const payload = JSON.stringify(event);
  return deliverStripePayload(webhookRoute, payload, Stripe.webhooks.generateTestHeaderString({ payload, secret }));
}

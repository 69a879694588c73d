import { getPaymentGateway } from '@/features/payments/get-payment-gateway';
import { handleGatewayEvent } from '@/features/payments/payment.service';
import { AppError } from '@/lib/errors';
import { apiRoute } from '@/server/handler';

export const dynamic = 'force-dynamic';

/**
 * Stripe's webhook: the signature is checked on the raw body before anything is parsed. An event
 * is larger than a form, so its body may be up to 512 KiB (docs/decisions/0022).
 */
export const POST = apiRoute(async ({ req }) => {
  const gateway = getPaymentGateway();
  if (gateway.provider !== 'stripe') throw new AppError('not_found', 'errors.notFound');
  const rawBody = await req.text();
  const event = gateway.parseWebhook(rawBody, req.headers.get('stripe-signature'));
  return handleGatewayEvent(event);
}, { maxBodyBytes: 512 * 1024 });

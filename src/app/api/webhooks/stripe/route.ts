import { getPaymentGateway } from '@/features/payments/get-payment-gateway';
import { handleGatewayEvent } from '@/features/payments/payment.service';
import { fitPaidVisitsSafely } from '@/features/routing/late-visits.service';
import { AppError } from '@/lib/errors';
import { runAfterResponse } from '@/server/after-response';
import { apiRoute } from '@/server/handler';

export const dynamic = 'force-dynamic';

/**
 * Stripe's webhook: the signature is checked on the raw body before anything is parsed. An event
 * is larger than a form, so its body may be up to 512 KiB (docs/decisions/0022). Once a success is
 * answered, the booking's visits join their Fridays' planned routes where one has room (0041).
 */
export const POST = apiRoute(async ({ req }) => {
  const gateway = getPaymentGateway();
  if (gateway.provider !== 'stripe') throw new AppError('not_found', 'errors.notFound');
  const rawBody = await req.text();
  const event = gateway.parseWebhook(rawBody, req.headers.get('stripe-signature'));
  const answer = await handleGatewayEvent(event);
  const paid = event.type === 'payment_intent.succeeded' && answer.applied ? event.intent?.id : undefined;
  if (paid) await runAfterResponse(() => fitPaidVisitsSafely(paid));
  return answer;
}, { maxBodyBytes: 512 * 1024 });

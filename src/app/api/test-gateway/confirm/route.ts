import { confirmTestPayment } from '@/features/payments/payment.service';
import { TestCardConfirmSchema } from '@/features/payments/payment.schema';
import { apiRoute, parseJson } from '@/server/handler';
import { consumeRateLimit } from '@/server/rate-limit';
import { getClientIp } from '@/server/request-locale';

export const dynamic = 'force-dynamic';

/** The built-in test gateway's card confirmation (only when no Stripe keys are configured). */
export const POST = apiRoute(async ({ req }) => {
  await consumeRateLimit('test-gateway-confirm', getClientIp(req), { points: 60, durationSec: 600 });
  return confirmTestPayment(await parseJson(req, TestCardConfirmSchema));
});

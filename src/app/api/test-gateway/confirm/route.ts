import { confirmTestPayment } from '@/features/payments/payment.service';
import { TestCardConfirmSchema } from '@/features/payments/payment.schema';
import { fitPaidVisitsSafely } from '@/features/routing/late-visits.service';
import { runAfterResponse } from '@/server/after-response';
import { apiRoute, parseJson } from '@/server/handler';
import { consumeRateLimit } from '@/server/rate-limit';
import { getClientIp } from '@/server/request-locale';

export const dynamic = 'force-dynamic';

/** The built-in test gateway's card confirmation (only when no Stripe keys are configured). */
export const POST = apiRoute(async ({ req }) => {
  await consumeRateLimit('test-gateway-confirm', getClientIp(req), { points: 60, durationSec: 600 });
  const result = await confirmTestPayment(await parseJson(req, TestCardConfirmSchema));
  // Paid: the visits join their Fridays' planned routes where one has room (0041).
  if (result.status === 'succeeded') await runAfterResponse(() => fitPaidVisitsSafely(result.paymentIntentId));
  return result;
});

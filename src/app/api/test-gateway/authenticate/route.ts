import { completeTestAuthentication } from '@/features/payments/payment.service';
import { TestAuthenticationSchema } from '@/features/payments/payment.schema';
import { fitPaidVisitsSafely } from '@/features/routing/late-visits.service';
import { runAfterResponse } from '@/server/after-response';
import { apiRoute, parseJson } from '@/server/handler';

export const dynamic = 'force-dynamic';

/** Completes or fails the test gateway's 3-D Secure style step; paid visits then join their Fridays' planned routes where one has room (0041). */
export const POST = apiRoute(async ({ req }) => {
  const result = await completeTestAuthentication(await parseJson(req, TestAuthenticationSchema));
  if (result.redirectStatus === 'succeeded') await runAfterResponse(() => fitPaidVisitsSafely(result.paymentIntentId));
  return result;
});

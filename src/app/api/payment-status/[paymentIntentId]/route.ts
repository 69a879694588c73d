import { getPaymentStatus } from '@/features/payments/payment.service';
import { fitPaidVisitsSafely } from '@/features/routing/late-visits.service';
import { AppError } from '@/lib/errors';
import { runAfterResponse } from '@/server/after-response';
import { apiRoute } from '@/server/handler';

export const dynamic = 'force-dynamic';

export const GET = apiRoute<{ paymentIntentId: string }>(async ({ params, locale }) => {
  if (!/^pi_[A-Za-z0-9_]{6,100}$/.test(params.paymentIntentId)) throw new AppError('not_found', 'payments.errors.paymentNotFound');
  const status = await getPaymentStatus(params.paymentIntentId, { locale });
  // A success applied here (or already): the visits join their Fridays' planned routes where one has room (0041).
  if (status.success) await runAfterResponse(() => fitPaidVisitsSafely(params.paymentIntentId));
  return status;
});

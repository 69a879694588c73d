import { getPaymentStatus } from '@/features/payments/payment.service';
import { AppError } from '@/lib/errors';
import { apiRoute } from '@/server/handler';

export const dynamic = 'force-dynamic';

export const GET = apiRoute<{ paymentIntentId: string }>(async ({ params, locale }) => {
  if (!/^pi_[A-Za-z0-9_]{6,100}$/.test(params.paymentIntentId)) throw new AppError('not_found', 'payments.errors.paymentNotFound');
  return getPaymentStatus(params.paymentIntentId, { locale });
});

import { createPaymentIntentForBooking } from '@/features/payments/payment.service';
import { CreatePaymentIntentSchema } from '@/features/payments/payment.schema';
import { getStaffSession } from '@/features/staff-auth/require-staff';
import { apiRoute, parseJson } from '@/server/handler';
import { consumeRateLimit } from '@/server/rate-limit';
import { getClientIp } from '@/server/request-locale';
import { can } from '@/features/staff-auth/capabilities';

export const dynamic = 'force-dynamic';

export const POST = apiRoute(async ({ req, locale }) => {
  // Card-testing bots create intents in bulk; a customer needs a handful.
  await consumeRateLimit('create-payment-intent', getClientIp(req), { points: 40, durationSec: 600 });
  const input = await parseJson(req, CreatePaymentIntentSchema);
  // Only the payment test page's free amount depends on who is asking: the office (docs/decisions/0014).
  const isFreeAmount = !input.appointmentId && !input.bookingRef && !input.quoteId;
  const isStaff = isFreeAmount ? can((await getStaffSession().catch(() => null))?.role, 'paymentTest') : false;
  return createPaymentIntentForBooking(input, { isStaff, locale });
});

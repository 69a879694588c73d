import { recordBookingAnalytics } from '@/features/booking/booking-queries.service';
import { BookingAnalyticsSchema } from '@/features/booking/booking.schema';
import { isAppError } from '@/lib/errors';
import { apiRoute, parseWith } from '@/server/handler';
import { getLogger } from '@/server/logger';
import { consumeRateLimit } from '@/server/rate-limit';
import { getClientIp } from '@/server/request-locale';

/**
 * First-party funnel record (SPEC §3). The browser only logs failures, so this answers 202 even
 * when it drops a record (bad shape, over the rate limit): analytics never breaks a booking.
 */
export const POST = apiRoute(async ({ req }) => {
  try {
    await consumeRateLimit('booking-analytics-ip', getClientIp(req), { points: 60, durationSec: 60 * 60 });
    const record = parseWith(BookingAnalyticsSchema, await req.json());
    const id = await recordBookingAnalytics(record);
    return Response.json({ ok: true, id }, { status: 201 });
  } catch (err) {
    if (!isAppError(err) || err.code !== 'rate_limited') getLogger().warn({ err }, 'booking analytics record dropped');
    return Response.json({ ok: false }, { status: 202 });
  }
});

import { RainDayApplySchema, RainDayQuerySchema } from '@/features/rain-day/rain-day.schema';
import { applyRainDay, previewRainDay } from '@/features/rain-day/rain-day.service';
import { fitLateVisitsSafely } from '@/features/routing/late-visits.service';
import { readQuery } from '@/features/routing/route.schema';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { runAfterResponse } from '@/server/after-response';
import { apiRoute, parseJson, parseWith } from '@/server/handler';

/** GET (admins) `?date=YYYY-MM-DD&to=YYYY-MM-DD`: what moving the rained-out Friday `date` to `to` would do (0033). */
export const GET = apiRoute(async ({ req }) => {
  await requireStaff({ can: 'officeWork' });
  return previewRainDay(parseWith(RainDayQuerySchema, readQuery(req)));
});

/**
 * POST (admins) `{ date, to }`: closes the Friday to bookings and moves its confirmed visits, the
 * target first (0071); safe to send again. Once answered, the moved visits join their new Fridays' planned routes where one has room (0041).
 */
export const POST = apiRoute(async ({ req }) => {
  const session = await requireStaff({ can: 'officeWork' });
  const input = await parseJson(req, RainDayApplySchema);
  const result = await applyRainDay({ ...input, by: session.username, byId: session.staffUserId });
  if (result.moved.length > 0) await runAfterResponse(() => fitLateVisitsSafely(result.moved.map((d) => d.date), { reason: 'rain-day' }));
  return result;
});

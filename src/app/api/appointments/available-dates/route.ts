import { getAvailableDates } from '@/features/scheduling/available-dates.service';
import { apiRoute } from '@/server/handler';

/**
 * Bookable Fridays (DECISIONS §3), optionally for a plan and its standing-water add-on
 * (`includeTargetedInsects` or SPEC's `includeStandingWater`): `{ dates: ['YYYY-MM-DD', …] }`.
 */
export const GET = apiRoute(async ({ req }) => {
  const query = new URL(req.url).searchParams;
  const includeTargetedInsects = (query.get('includeTargetedInsects') ?? query.get('includeStandingWater')) === 'true';
  const dates = await getAvailableDates({ serviceType: query.get('serviceType'), includeTargetedInsects, now: new Date() });
  return { dates };
});

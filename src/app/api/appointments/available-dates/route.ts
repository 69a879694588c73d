import { getFridayOffer } from '@/features/scheduling/available-dates.service';
import { apiRoute } from '@/server/handler';

/**
 * Bookable Fridays (DECISIONS §3), optionally for a plan and its standing-water add-on
 * (`includeTargetedInsects` or SPEC's `includeStandingWater`): `{ dates: ['YYYY-MM-DD', …] }`, and
 * `earlierFull` / `earlierClosed` when earlier Fridays of the season, from today on, are full / closed (0092, 0099).
 */
export const GET = apiRoute(async ({ req }) => {
  const query = new URL(req.url).searchParams;
  const includeTargetedInsects = (query.get('includeTargetedInsects') ?? query.get('includeStandingWater')) === 'true';
  return getFridayOffer({ serviceType: query.get('serviceType'), includeTargetedInsects, now: new Date() });
});

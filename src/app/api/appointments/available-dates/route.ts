import { getAvailableDates } from '@/features/scheduling/available-dates.service';
import { apiRoute } from '@/server/handler';

/** Bookable Fridays (DECISIONS §3), optionally for a plan: `{ dates: ['YYYY-MM-DD', …] }`. */
export const GET = apiRoute(async ({ req }) => {
  const serviceType = new URL(req.url).searchParams.get('serviceType');
  const dates = await getAvailableDates({ serviceType, now: new Date() });
  return { dates };
});

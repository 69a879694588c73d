import { SeasonOpenerSendSchema } from '@/features/marketing-email/marketing-email.schema';
import { previewSeasonOpener, queueSeasonOpener } from '@/features/marketing-email/season-opener.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { apiRoute, parseJson } from '@/server/handler';

/** GET (admins): the coming season, its first Friday, and how many customers the opener would reach (0043). */
export const GET = apiRoute(async () => {
  await requireStaff({ can: 'seasonOpener' });
  return previewSeasonOpener(new Date());
});

/** POST (admins) `{ year }`: queues the season opener; each customer gets it once per season, however often this is sent. */
export const POST = apiRoute(async ({ req }) => {
  const session = await requireStaff({ can: 'seasonOpener' });
  const { year } = await parseJson(req, SeasonOpenerSendSchema);
  return queueSeasonOpener({ now: new Date(), year, by: session.username });
});
